"""What the backups do at the end of every turn; registered in BackupsConfig.ready()."""

from django.db import transaction

from umpire.selectors import is_the_eve

from .services.snapshots import do_take_snapshot, is_snapshot_due


def snapshot_at_turn_end(event, turn):
    """At the end of a turn that is a multiple of Control's N, write the event's snapshot. The eve of the
    game, recorded as the clock starts, closes no turn and is not one.

    The file is written once the hook's transaction has committed, in a transaction of its own that reads
    one view of the database (backups.services.export.consistent_reads): the hall goes on writing while
    it is read. A snapshot that fails (a full disk) is logged and never stops the clock: robust."""
    if not is_snapshot_due(event, turn) or is_the_eve(event, turn):
        return

    def write_snapshot():  # named: a robust callback's failure is logged by its __qualname__
        do_take_snapshot(event, turn)

    transaction.on_commit(write_snapshot, robust=True)
