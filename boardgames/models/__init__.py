from .sequence import ChecklistTick, SequencePosition
from .tables import DataCell, DataRow, DataTable
from .trackers import Tracker, TrackerFeed, TrackerMove

__all__ = [
    "ChecklistTick",
    "DataCell",
    "DataRow",
    "DataTable",
    "SequencePosition",
    "Tracker",
    "TrackerFeed",
    "TrackerMove",
]
