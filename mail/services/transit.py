"""Simulated transit: at each turn's end the letters due at their tables arrive in the trays,
all at once, in a few queries however many there are."""

from collections import Counter
from collections.abc import Sequence

from django.db.models import F
from django.utils import timezone

from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import Event
from umpire.services.audit import record_audit

from ..events import LettersArrived
from ..models import Letter, LetterStep


def release_due_letters(event: Event, turn: int) -> int:
    """The turn that ended leads into `turn + 1`: every letter due by then is in its tray. The
    rows are locked as they are read, so a letter ruled lost meanwhile is not set back."""
    starting = turn + 1
    due = list(
        Letter.objects.select_for_update()
        .filter(event=event, state=Letter.State.IN_TRANSIT, due_turn__lte=starting)
        .order_by("pk")
        .values_list("pk", "destination_id")
    )
    if not due:
        return 0
    now, month = timezone.now(), str(event.game_month(starting))
    for chunk in chunks([pk for pk, _ in due]):
        Letter.objects.filter(pk__in=chunk).update(state=Letter.State.ARRIVED, at_table=F("destination"), moved_at=now)
    LetterStep.objects.bulk_create(
        [
            LetterStep(letter_id=pk, what=LetterStep.What.ARRIVED, table_id=table, at=now, turn=starting, month=month)
            for pk, table in due
        ],
        batch_size=1000,
    )
    announce_arrivals(event, starting, [table for _, table in due])
    return len(due)


def chunks(ids: Sequence[int], size: int = 900) -> list[Sequence[int]]:
    """Under SQLite's oldest limit on a query's parameters."""
    return [ids[start : start + size] for start in range(0, len(ids), size)]


def announce_arrivals(event: Event, turn: int, tables: Sequence[int]) -> None:
    """One audit entry for the post's delivery round, and one message to each table and Control."""
    by_table = Counter(tables)
    record_audit(
        event=event,
        actor=None,
        action="letter.arrived_by_post",
        target=event,
        after={"turn": turn, "letters": len(tables), "tables": len(by_table)},
    )
    for table, count in sorted(by_table.items()):
        publish_on_commit([control_group(event.pk), table_group(table)], LettersArrived(table, count, turn))
