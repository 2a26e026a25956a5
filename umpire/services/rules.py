"""Running rules procedures for the console, and saving their results to the event's log."""
from django.db import transaction

from umpire.events import ProcedureRecorded, control_group, publish_on_commit, table_group
from umpire.models import GameClock, ProcedureRun
from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.registry import get_procedure, run_procedure

from .audit import record_audit


def run_with_dice(key, case, *, dice=None, seed=None):
    """Run a procedure with the umpire's dice if given, else the console's, seeded.

    Returns the result and the seed (None for entered dice), so the run can be repeated.
    """
    if dice is not None:
        return run_procedure(key, case, EnteredDice(dice)), None
    rolled = SeededDice(seed)
    return run_procedure(key, case, rolled), rolled.seed


def do_record_procedure_run(event, *, key, case, dice, rolled_by_console, seed=None, region=None, note="", actor):
    """Re-run the procedure from its input and dice, then save what the rules give."""
    result = run_procedure(key, case, EnteredDice(dice))
    proc = get_procedure(key)
    with transaction.atomic():
        record = ProcedureRun.objects.create(
            event=event, region=region, procedure=key, title=proc.title, source=proc.source, case=case,
            dice=[roll.as_dict() for roll in result.dice], rolled_by_console=rolled_by_console, seed=seed,
            outcome=result.outcome, working=[line.as_dict() for line in result.working], note=note,
            run_by=actor, game_turn=GameClock.objects.filter(event=event).values_list("turn", flat=True).first(),
        )
        record_audit(event=event, actor=actor, action="rules.record", target=record,
                     after={"procedure": key, "outcome": result.outcome})
        groups = [control_group(event.pk)] + ([table_group(region.pk)] if region else [])
        publish_on_commit(groups, ProcedureRecorded(record.pk, record.title, summarise(result.outcome)))
    return record


def summarise(outcome):
    """A one-line account of an outcome for lists and messages."""
    return "; ".join(f"{key.replace('_', ' ')}: {value}" for key, value in outcome.items()
                     if isinstance(value, (str, int, bool)))[:200]
