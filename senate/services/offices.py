"""Appointments and careers in Rome (XI. THE ORGANISATION IN AD69; SOCIAL CLASS).

Every province's governor and procurator are "Appointed by the Emperor in the Imperial Provinces.
Appointed by the Senate in Senatorial Provinces"; a legionary legate is "Appointed by the Emperor";
Rome's Praetorian and Urban Cohorts are commanded by Equestrians ("must be from Equitates"). The
handbook does not say who appoints those two commanders, so either may, and the record says which.
An appointment changes the province's or legion's own field, so the tax turn hands the revenue to
the new procurator (VIII. PROVINCIAL GOVERNMENT & TAXATION) with no further step.
"""

from typing import TypeAlias

from django.core.exceptions import ValidationError
from django.db.transaction import atomic

from regions.models import Force, Province
from regions.services.engine import current_turn
from umpire.events import publish_on_commit
from umpire.models import CareerRank, Character, Event
from umpire.models.character import SocialClass
from umpire.services.audit import Actor, record_audit, snapshot, steps_of

from ..events_offices import OfficeFilled, SenateEntered
from ..models.offices import PROVINCE_OFFICES, ROME_OFFICES, Appointer, Appointment, Office, RomanOffice
from .rooms import senate_groups

# the row holding an office: a province (governor, procurator), a legion (legate), or one of Rome's
Seat: TypeAlias = Province | Force | RomanOffice

ORGANISATION = "XI. THE ORGANISATION IN AD69"
SOCIAL_CLASS = "XI. SOCIAL CLASS"


def is_user(actor: Actor) -> bool:
    return actor is not None and actor.is_authenticated


# ---- who may appoint whom -------------------------------------------------------------------


def appointer_of(office: str, *, province: Province | None = None) -> Appointer | None:
    """Who appoints to `office`: None where the handbook leaves it open (Rome's commands)."""
    if office == Office.LEGATE:
        return Appointer.EMPEROR
    if office in PROVINCE_OFFICES:
        assert province is not None  # a province's officers: who appoints them depends on the province
        return Appointer.SENATE if province.province_type == Province.Type.SENATORIAL else Appointer.EMPEROR
    return None


def check_appointer(office: str, by: str, *, province: Province | None = None) -> None:
    needed = appointer_of(office, province=province)
    if needed is None or needed == by:
        return
    if office == Office.LEGATE:
        raise ValidationError(
            {"by": f"A legionary legate is appointed by the Emperor, not {Appointer(by).label} ({ORGANISATION})."}
        )
    assert province is not None  # appointer_of: the office left is a province's
    raise ValidationError(
        {
            "by": f"{province} ({province.get_province_type_display()}): its "
            f"{Office(office).label.lower()} is appointed by {needed.label}, not "
            f"{Appointer(by).label} ({ORGANISATION})."
        }
    )


def check_candidate(event: Event, office: str, character: Character) -> None:
    if character.event_id != event.pk:
        raise ValidationError({"character": f"{character} belongs to another event."})
    if character.died_turn is not None:
        raise ValidationError({"character": f"{character} fell on turn {character.died_turn}: he holds no office."})
    if office in ROME_OFFICES and character.social_class != SocialClass.EQUESTRIAN:
        raise ValidationError(
            {
                "character": f"{character} is a {character.get_social_class_display()}: the "
                f"{Office(office).label} must be from the Equitates ({ORGANISATION})."
            }
        )


def check_province(event: Event, office: str, province: Province | None) -> Province:
    """The province whose officer is appointed, or a refusal naming why it has none."""
    if province is None:
        raise ValidationError({"province": f"Name the province for its {Office(office).label.lower()}."})
    if province.event_id != event.pk:
        raise ValidationError({"province": f"{province} belongs to another event."})
    if province.province_type == Province.Type.NONE:
        run_from = f"run from {province.controlled_from}" if province.controlled_from_id else "no Roman province"
        raise ValidationError({"province": f"{province} is {run_from}: it has no officers of its own."})
    if office == Office.GOVERNOR and province.governed_by_senate:
        raise ValidationError({"province": f"{province} is governed by the Senate: it has no governor of its own."})
    return province


def check_legion(event: Event, force: Force | None) -> Force:
    """The legion whose legate is appointed, or a refusal naming why it has none."""
    if force is None:
        raise ValidationError({"force": "Name the legion for its legate."})
    if force.event_id != event.pk:
        raise ValidationError({"force": f"{force} belongs to another event."})
    if force.kind != Force.Kind.LEGION:
        raise ValidationError(
            {
                "force": f"{force} is not a legion ({force.get_kind_display()}): only a legion has a "
                "legate appointed by the Emperor."
            }
        )
    return force


# ---- appointing -----------------------------------------------------------------------------


def do_appoint(
    event: Event,
    *,
    office: str,
    character: Character,
    by: str,
    authority: str,
    province: Province | None = None,
    force: Force | None = None,
    reason: str = "",
    actor: Actor,
) -> Appointment:
    """Appoint `character` to `office` (a province's governor or procurator, a legion's legate, or
    one of Rome's commands) by the Senate or the Emperor, as `authority` (their vote or edict)
    records. Refused, naming the rule, if the wrong one appoints or the candidate may not hold it."""
    if office not in Office.values:
        raise ValidationError({"office": f"{office!r} is not an office of Rome."})
    if by not in Appointer.values:
        raise ValidationError({"by": "An appointment is made by the Senate or by the Emperor."})
    if not (authority or "").strip():
        raise ValidationError({"authority": "Name the Senate's vote or the Emperor's edict that makes it."})
    check_candidate(event, office, character)
    with atomic():
        seat, field = locked_seat(event, office, province=province, force=force)
        check_appointer(office, by, province=seat if isinstance(seat, Province) else None)
        previous = getattr(seat, field)
        if previous is not None and previous.pk == character.pk:
            raise ValidationError({"character": f"{character} is already {post_of(office, seat)}."})
        before = snapshot(seat)
        setattr(seat, field, character)
        seat.full_clean()
        seat.save(update_fields=[field])
        appointment = Appointment(
            event=event,
            office=office,
            character=character,
            previous=previous,
            by=by,
            province=seat if isinstance(seat, Province) else None,
            force=seat if isinstance(seat, Force) else None,
            authority=authority.strip(),
            reason=(reason or "").strip(),
            turn=current_turn(event),
            recorded_by=actor if is_user(actor) else None,
        )
        appointment.full_clean()
        why = f"{appointment}: {appointment.authority}. {appointment.reason}".strip()
        entry = record_audit(
            event=event,
            actor=actor,
            action="senate.appointed",
            target=seat,
            before=before,
            after=snapshot(seat),
            reason=why,
        )
        appointment.save()
        with steps_of(entry):  # the appointments' record goes with the seat, if the appointment is undone
            record_audit(
                event=event,
                actor=actor,
                action="senate.appointment_recorded",
                target=appointment,
                after=snapshot(appointment),
            )
        publish_on_commit(
            senate_groups(event, table_of(seat)),
            OfficeFilled(
                appointment_id=appointment.pk,
                office=office,
                post=appointment.post,
                holder=str(character),
                previous=str(previous or ""),
                by=by,
            ),
        )
    return appointment


def locked_seat(event: Event, office: str, *, province: Province | None, force: Force | None) -> tuple[Seat, str]:
    """The row holding the office, locked, and the field naming its holder."""
    if office in PROVINCE_OFFICES:
        province = check_province(event, office, province)
        return Province.objects.select_for_update().get(pk=province.pk), office
    if office == Office.LEGATE:
        force = check_legion(event, force)
        return Force.objects.select_for_update(of=("self",)).select_related("province").get(pk=force.pk), "legate"
    RomanOffice.objects.get_or_create(event=event, office=office)
    return RomanOffice.objects.select_for_update().get(event=event, office=office), "holder"


def table_of(seat: Seat) -> int | None:
    if isinstance(seat, Province):
        return seat.region_id
    if isinstance(seat, Force):
        return seat.province.region_id
    return None


def post_of(office: str, seat: Seat) -> str:
    where = seat if isinstance(seat, (Province, Force)) else None
    return f"{Office(office).label} of {where}" if where else Office(office).label


# ---- careers --------------------------------------------------------------------------------


def bottom_of_the_senate() -> CareerRank | None:
    return CareerRank.objects.filter(social_class=SocialClass.SENATOR).order_by("step").first()


def do_enter_senate(
    character: Character,
    *,
    by_imperial_decree: bool = False,
    rank: CareerRank | None = None,
    reason: str = "",
    actor: Actor,
) -> Character:
    """XI. SOCIAL CLASS: "movement from the Equitates class to the Senatorial class, placed the
    incomer at the bottom of the Senatorial progression. There were exceptions to this, but usually
    only by Imperial decree": an Equestrian enters at the bottom rung, or at `rank` by decree."""
    if rank is not None and not by_imperial_decree:
        raise ValidationError(
            {
                "rank": "Only an Imperial decree places an incomer above the bottom of the "
                f"Senators' ladder ({SOCIAL_CLASS})."
            }
        )
    if by_imperial_decree and rank is None:
        raise ValidationError({"rank": "Name the rank the Imperial decree gives him."})
    if rank is not None and rank.social_class != SocialClass.SENATOR:
        raise ValidationError({"rank": f"{rank} is not a rung of the Senators' ladder."})
    with atomic():
        character = Character.objects.select_for_update(of=("self",)).select_related("event").get(pk=character.pk)
        check_equestrian(character)
        before = snapshot(character)
        character.social_class = SocialClass.SENATOR
        character.career_rank = rank or bottom_of_the_senate()
        character.full_clean()
        character.save(update_fields=["social_class", "career_rank"])
        how = "by Imperial decree" if by_imperial_decree else "at the bottom of the Senatorial progression"
        record_audit(
            event=character.event,
            actor=actor,
            action="senate.entered",
            target=character,
            before=before,
            after=snapshot(character),
            reason=f"{character} enters the Senate {how}. {reason or ''}".strip(),
        )
        publish_on_commit(
            senate_groups(character.event, character.location_id),
            SenateEntered(
                character_id=character.pk,
                character=str(character),
                rank=str(character.career_rank or ""),
                by_imperial_decree=by_imperial_decree,
            ),
        )
    return character


def check_equestrian(character: Character) -> None:
    if character.died_turn is not None:
        raise ValidationError({"character": f"{character} fell on turn {character.died_turn}."})
    if character.social_class != SocialClass.EQUESTRIAN:
        raise ValidationError(
            {
                "character": f"{character} is a {character.get_social_class_display()}, not an "
                "Equestrian: only an Equestrian enters the Senate."
            }
        )
