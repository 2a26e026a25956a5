"""Running rules procedures for the console, and saving their results to the event's log."""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.db import transaction

from umpire.events import ProcedureRecorded, control_group, publish_on_commit, table_group
from umpire.models import Event, GameClock, ProcedureRun, Region
from umpire.models.rules import MOST_NOTE_CHARACTERS
from umpire.rules.dice import EnteredDice, SeededDice, check_seed
from umpire.rules.errors import RulesError
from umpire.rules.registry import get_procedure, run_procedure
from umpire.rules.working import Result

from .audit import Actor, record_audit
from .readings import with_event_readings

# prepare(event, key, case) -> (the case, notes in words of what it filled in)
CasePreparer = Callable[[Event, str, Any], tuple[Any, list[str]]]
# follow(run, *, actor) -> (what it did, notes in words of what it could not do)
RunFollower = Callable[..., tuple[Any, list[str]]]


def run_with_dice(
    key: str, case: Any, *, dice: Sequence[int] | None = None, seed: int | None = None
) -> tuple[Result, int | None]:
    """Run a procedure with the umpire's dice if given, else the console's, seeded.

    Returns the result and the seed (None for entered dice), so the run can be repeated.
    """
    if dice is not None:
        return run_entered(key, case, dice), None
    rolled = SeededDice(seed)
    return run_procedure(key, case, rolled), rolled.seed


def run_entered(key: str, case: Any, dice: Sequence[object]) -> Result:
    """Run with the umpire's dice, every one of them used: a longer list is refused, however long."""
    entered = EnteredDice(dice)
    result = run_procedure(key, case, entered)
    entered.check_all_used()
    return result


# what the apps put into an event's case before it runs (a board game's cells from its data tables)
CASE_PREPARERS: list[CasePreparer] = []


def register_case_preparer(prepare: CasePreparer) -> None:
    """`prepare(event, key, case)` is called, in registration order, on every case run for an event (a desk
    run, a saved run) after the event's readings; it returns (the case, notes in words of what it filled in).
    It never overwrites what the case gives, and leaves alone a case it cannot read, for the procedure's parse
    to refuse by name. The CLI and the event-less API know no event and call no preparer."""
    CASE_PREPARERS.append(prepare)


def prepare_case(event: Event, key: str, case: Any) -> tuple[Any, list[str]]:
    """The case as it runs for `event`: the event's readings, then each preparer's cells. Returns (case, notes)."""
    case, notes = with_event_readings(event, key, case), []
    for prepare in CASE_PREPARERS:
        case, filled = prepare(event, key, case)
        notes += filled
    return case, notes


def do_record_procedure_run(
    event: Event,
    *,
    key: str,
    case: Any,
    dice: Sequence[int],
    rolled_by_console: bool,
    seed: int | None = None,
    region: Region | None = None,
    note: str = "",
    actor: Actor,
) -> ProcedureRun:
    """Re-run the procedure from its input and dice, then save what the rules give.

    The case is prepared for the event (`prepare_case`), and the log keeps the case as run; what the
    preparers filled in is in `record.filled_notes`, for the umpire who saved it.
    """
    check_note(note)
    case, filled = prepare_case(event, key, case)
    result = run_entered(key, case, dice)
    seed = None if seed is None else check_seed(seed)
    proc = get_procedure(key)
    with transaction.atomic():
        record = ProcedureRun.objects.create(
            event=event,
            region=region,
            procedure=key,
            title=proc.title,
            source=proc.source,
            case=case,
            dice=[roll.as_dict() for roll in result.dice],
            rolled_by_console=rolled_by_console,
            seed=seed,
            outcome=result.outcome,
            working=[line.as_dict() for line in result.working],
            note=note,
            run_by=actor,
            game_turn=GameClock.objects.filter(event=event).values_list("turn", flat=True).first(),
        )
        record_audit(
            event=event,
            actor=actor,
            action="rules.record",
            target=record,
            after={"procedure": key, "outcome": result.outcome},
        )
        groups = [control_group(event.pk)] + ([table_group(region.pk)] if region else [])
        publish_on_commit(groups, ProcedureRecorded(record.pk, record.title, summarise(result.outcome)))
        record.filled_notes = filled
        record.follower_notes = [note for follow in RUN_FOLLOWERS for note in follow(record, actor=actor)[1]]
    return record


def check_note(note: object) -> None:
    if not isinstance(note, str):
        raise RulesError("note", "is the umpire's words: text, not a list or a number")
    if len(note) > MOST_NOTE_CHARACTERS:
        raise RulesError("note", f"is {len(note):,} characters long; a note is at most {MOST_NOTE_CHARACTERS:,}")


# what the apps do with a saved run, in the same transaction (a board game's trackers propose moves)
RUN_FOLLOWERS: list[RunFollower] = []


def register_run_follower(follow: RunFollower) -> None:
    """`follow(run, *, actor)` is called for every run saved at the desk, and returns (what it did, notes
    in words of what it could not do), the notes for the umpire who saved it; apps register in ready()."""
    RUN_FOLLOWERS.append(follow)


def summarise(outcome: Mapping[str, object]) -> str:
    """A one-line account of an outcome for lists and messages."""
    return "; ".join(
        f"{key.replace('_', ' ')}: {value}" for key, value in outcome.items() if isinstance(value, (str, int, bool))
    )[:200]
