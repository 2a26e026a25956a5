"""The gods of Rome (XI. GODS OF ROME): the pantheon, devotions and oaths.

Any seated umpire records what he saw at his table (a Region umpire sees players swear and
sacrifice); ruling an oath kept or broken is the gods' voice, given by Control or the Senate
umpire (Perm.RUN_SENATE), once, with the reason. What the gods then do is the umpires' word."""

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.db.transaction import atomic

from regions.models import Province, Spending, Venue
from regions.services.engine import current_turn
from umpire.events import publish_on_commit
from umpire.models import Character, Event
from umpire.models.base import InEvent
from umpire.services.audit import Actor, record_audit, snapshot

from ..events_gods import DevotionRecorded, OathChanged
from ..gods_selectors import get_characters_recorded_by
from ..models.gods import Devotion, God, Oath
from .rooms import senate_groups

PANTHEON_SOURCE = "XI. THE ROMAN EMPIRE, GODS OF ROME, The Pantheon"
# The handbook's pantheon, in its order and its words.
PANTHEON = (
    (
        "Jupiter",
        "The Best and Greatest, father of the Gods and Men. Jupiter is the most important god, and of all "
        "of them best represents the power and majesty of Rome.",
    ),
    ("Juno", "The wife of Jupiter and therefore also of great importance. Goddess of women and femininity."),
    ("Minerva", "Goddess of war, wisdom and crafts."),
    ("Mercury", "God of travellers, tradesmen and messenger of the gods. Also the god of frontiers."),
    ("Mars", "God of war, and a god much called upon by the legions."),
    ("Neptune", "God of the Seas (and something of a rival to Jupiter)."),
    (
        "Concordia",
        "Goddess of plenty, prosperity and peace. There has been a temple to Concordia in Rome for the "
        "last five hundred years.",
    ),
    (
        "The Imperial Cult",
        "The spirit of Rome is reflected in the Emperor. After death, Emperors are normally "
        "elevated to deities in their own right. In the provinces, the current living Emperor is "
        "revered also.",
    ),
)


def ensure_pantheon(event: Event, *, actor: Actor = None) -> QuerySet[God]:
    """The handbook's gods, created for `event` the first time they are needed; a god Control has
    renamed or added is left alone. Returns the event's gods."""
    with atomic():
        for position, (name, domain) in enumerate(PANTHEON):
            god, created = God.objects.get_or_create(
                event=event, name=name, defaults={"domain": domain, "position": position}
            )
            if created:
                record_audit(
                    event=event,
                    actor=actor,
                    action="gods.god_added",
                    target=god,
                    after=snapshot(god),
                    reason=PANTHEON_SOURCE,
                )
    return God.objects.filter(event=event)


def gods_groups(event: Event, *characters: Character | None) -> list[str]:
    """The gods of Rome are the Senate umpires' to voice; the tables where the characters are hear too."""
    return senate_groups(event, *(character.location_id for character in characters if character))


def is_user(actor: Actor) -> bool:
    return actor is not None and actor.is_authenticated


def check_may_record(event: Event, character: Character, actor: Actor) -> None:
    """An umpire records what he saw at his own tables; the console's own records (no umpire) pass."""
    if is_user(actor) and not get_characters_recorded_by(actor, event).filter(pk=character.pk).exists():
        where = f"at the {character.location} table" if character.location_id else "travelling"
        raise ValidationError({"character": f"{character} is {where}: record only what you saw at your own tables."})


def check_same_event(event: Event, **records: InEvent | None) -> None:
    for field, record in records.items():
        if record is not None and record.event_id != event.pk:
            raise ValidationError({field: f"{record} belongs to another event."})


# ---- devotions --------------------------------------------------------------------------------


def do_record_devotion(
    event: Event,
    *,
    character: Character,
    god: God,
    kind: str,
    what: str,
    talents: int | None = None,
    province: Province | None = None,
    temple: Venue | None = None,
    spending: Spending | None = None,
    turn: int | None = None,
    note: str = "",
    actor: Actor,
) -> Devotion:
    """XI. Making Offerings. Paid through the treasury, the spending gives the talents, the temple
    and the place where the umpire left them out."""
    check_same_event(event, character=character, god=god, spending=spending)
    check_may_record(event, character, actor)
    with atomic():
        if spending is not None:
            # locked, so one spending is recorded as one devotion however many umpires press at once
            spending = (
                Spending.objects.select_for_update(of=("self",)).select_related("venue", "province").get(pk=spending.pk)
            )
            talents = spending.talents if talents is None else talents
            temple = temple or (spending.venue if spending.venue and spending.venue.kind == Venue.Kind.TEMPLE else None)
            province = province or spending.province
        devotion = Devotion(
            event=event,
            character=character,
            god=god,
            kind=kind,
            what=(what or "").strip(),
            talents=talents,
            province=province or (temple.province if temple else None),
            temple=temple,
            spending=spending,
            turn=current_turn(event) if turn is None else turn,
            note=(note or "").strip(),
            recorded_by=actor if is_user(actor) else None,
        )
        devotion.full_clean()
        devotion.save()
        record_audit(
            event=event, actor=actor, action="gods.devotion_recorded", target=devotion, after=snapshot(devotion)
        )
        publish_on_commit(
            gods_groups(event, character),
            DevotionRecorded(
                devotion_id=devotion.pk,
                kind=devotion.kind,
                god=god.name,
                character=character.name,
                talents=devotion.talents,
                turn=devotion.turn,
            ),
        )
        return devotion


# ---- oaths ------------------------------------------------------------------------------------


def do_swear_oath(
    event: Event,
    *,
    character: Character,
    degree: int,
    sworn: str,
    god: God | None = None,
    temple: Venue | None = None,
    to_character: Character | None = None,
    to_whom: str = "",
    turn: int | None = None,
    actor: Actor,
) -> Oath:
    """XI. Swearing, by its degree: on his honour, in a god's name, or in a god's name in his temple."""
    check_same_event(event, character=character, god=god, temple=temple, to_character=to_character)
    check_may_record(event, character, actor)
    with atomic():
        oath = Oath(
            event=event,
            character=character,
            degree=degree,
            god=god,
            temple=temple,
            sworn=(sworn or "").strip(),
            to_character=to_character,
            to_whom=(to_whom or "").strip(),
            turn=current_turn(event) if turn is None else turn,
            recorded_by=actor if is_user(actor) else None,
        )
        oath.full_clean()
        oath.save()
        record_audit(event=event, actor=actor, action="gods.oath_sworn", target=oath, after=snapshot(oath))
        tell_oath(oath, "sworn")
        return oath


def do_rule_oath(oath: Oath, *, kept: bool, reason: str, actor: Actor) -> Oath:
    """The gods' voice: the oath was kept or broken. Ruled once, with the reason, and audited."""
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": "Give the reason for the ruling: what he did, and when."})
    with atomic():
        oath = Oath.objects.select_for_update(of=("self",)).select_related("event", "character", "god").get(pk=oath.pk)
        if oath.state != Oath.State.SWORN:
            raise ValidationError(
                {
                    "state": f"This oath was ruled {oath.get_state_display().lower()} on turn "
                    f"{oath.ruled_turn}: an oath is ruled once."
                }
            )
        before = snapshot(oath)
        oath.state = Oath.State.KEPT if kept else Oath.State.BROKEN
        oath.ruling_reason = reason
        oath.ruled_turn = current_turn(oath.event)
        oath.ruled_by = actor if is_user(actor) else None
        oath.full_clean()
        oath.save()
        record_audit(
            event=oath.event,
            actor=actor,
            action="gods.oath_ruled",
            target=oath,
            before=before,
            after=snapshot(oath),
            reason=reason,
        )
        tell_oath(oath, "ruled")
        return oath


def tell_oath(oath: Oath, action: str) -> None:
    publish_on_commit(
        gods_groups(oath.event, oath.character, oath.to_character),
        OathChanged(
            action=action,
            oath_id=oath.pk,
            character=oath.character.name,
            degree=oath.degree,
            god=oath.god.name if oath.god else "",
            state=oath.state,
            turn=oath.ruled_turn or oath.turn,
        ),
    )
