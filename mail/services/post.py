"""What every step of the post shares: the post office, the game date, a letter locked for a
step, and the step recorded in the letter's history, the audit and the live news."""

from collections.abc import Collection, Iterator
from contextlib import contextmanager

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import Event, GameClock, Region, Route
from umpire.services.audit import Actor, Snapshot, record_audit, snapshot

from ..events import LetterMoved
from ..models import Letter, LetterStep, PostingTime, PostOffice
from ..transit import Link, Posting, quickest


def post_office(event: Event) -> PostOffice:
    """The event's post, with the default settings until Control changes them."""
    office, _ = PostOffice.objects.get_or_create(event=event)
    return office


def post_office_settings(event: Event) -> PostOffice:
    """The post's settings to read: its row, or the defaults, unsaved, until Control changes them. A page
    shown, or a form refused, writes nothing."""
    return PostOffice.objects.filter(event=event).first() or PostOffice(event=event)


def game_date(event: Event) -> tuple[int, str]:
    turn = GameClock.objects.filter(event=event).values_list("turn", flat=True).get()
    return turn, str(event.game_month(turn))


def letter_state(letter: Letter) -> Snapshot:
    """The letter and the steps of its history, for the audit's before and after: undoing a step puts
    the letter back and takes the step out of its history (mail.undo)."""
    return {**snapshot(letter), "steps": sorted(letter.steps.values_list("pk", flat=True))}


@contextmanager
def stepping(letter: Letter, *, states: Collection[str], doing: str) -> Iterator[Letter]:
    """One step of a letter: locked, and refused unless it is in one of `states`; `take_step` saves it."""
    with transaction.atomic():
        letter = (
            Letter.objects.select_for_update(of=("self",))
            .select_related(
                "event", "sender", "addressee", "destination", "at_table", "courier", "office_province", "office_legion"
            )
            .get(pk=letter.pk)
        )
        if letter.state not in states:
            raise ValidationError(
                {"letter": f"{letter.shown_code} is {letter.get_state_display().lower()}: it cannot be {doing}."}
            )
        yield letter


def take_step(
    letter: Letter, what: str, *, actor: Actor, table: Region | None = None, note: str = "", **details: object
) -> LetterStep:
    """Save the letter, write the step into its history and the audit, and tell Control and the tables
    it concerns, on commit. The letter as it stood is read back before the save (a posting has none)."""
    turn, month = game_date(letter.event)
    stood = Letter.objects.filter(pk=letter.pk).first() if what != LetterStep.What.POSTED else None
    before = letter_state(stood) if stood is not None else None
    letter.moved_at = timezone.now()
    letter.save()
    step = LetterStep.objects.create(
        letter=letter,
        what=what,
        table=table,
        note=note,
        by=user_or_none(actor),
        at=letter.moved_at,
        turn=turn,
        month=month,
        **details,
    )
    record_audit(
        event=letter.event,
        actor=actor,
        action=f"letter.{what}",
        target=letter,
        before=before,
        after=letter_state(letter),
        reason=note,
    )
    tables = sorted(
        pk for pk in {letter.at_table_id, letter.destination_id, getattr(table, "pk", None)} if pk is not None
    )
    groups = [control_group(letter.event_id)] + [table_group(pk) for pk in tables]
    publish_on_commit(groups, LetterMoved(what, letter.pk, letter.shown_code, letter.state))
    return step


def user_or_none(actor: Actor) -> User | None:
    return actor if actor is not None and actor.is_authenticated else None


# ---- sending it on its way ----------------------------------------------------------------


def send_on(letter: Letter, *, from_table: Region, to_table: Region, turn: int) -> None:
    """From `from_table` towards `to_table`: into the tray for a courier, or (simulated) in
    transit until the posting time has run; straight to hand out if it is there already."""
    letter.destination = to_table
    letter.courier, letter.runner = None, ""
    if from_table.pk == to_table.pk:
        letter.state, letter.at_table, letter.due_turn = Letter.State.ARRIVED, to_table, None
    elif post_office(letter.event).simulated:
        letter.state, letter.at_table = Letter.State.IN_TRANSIT, None
        letter.due_turn = posting(letter.event, from_table, to_table, turn).arrives(turn)
    else:
        letter.state, letter.at_table, letter.due_turn = Letter.State.IN_TRAY, from_table, None


def posting(event: Event, from_table: Region, to_table: Region, turn: int) -> Posting:
    """The quickest posting between two tables by the links Control has timed, or a refusal."""
    links = [
        Link(time.route.one_id, time.route.other_id, time.turns, time.winter_turns, time.route.kind == Route.Kind.SEA)
        for time in PostingTime.objects.filter(route__event=event).select_related("route")
    ]
    tables = {table.pk: table for table in event.regions.all()}
    found = quickest(
        links,
        from_table.pk,
        to_table.pk,
        turn,
        lambda table, when: tables[table].in_winter(event.game_month(when), at_sea=True),
    )
    if found is None:
        raise ValidationError(
            {
                "destination": f"No timed links join {from_table} to {to_table}: Control must set "
                "the posting time of the links between them."
            }
        )
    return found
