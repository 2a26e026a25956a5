"""The board-game app's typed events, sent with umpire.events.publish_on_commit.

A tracker's moves go to Control and to the table that shows it; a data table's edits to Control;
the sequence of play to every umpire (each table's console shows the stage's checklist)."""

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class TrackerMoved:
    """A tracker was opened, moved, or a proposed move was made, confirmed or rejected."""

    type: ClassVar[str] = "tracker.moved"
    action: str
    tracker_id: int
    name: str
    move_id: int
    change: int
    state: str
    value: int | None  # None: the tracker is not set


@dataclass(frozen=True)
class DataTableChanged:
    """Control prepared, edited or imported a data table."""

    type: ClassVar[str] = "datatable.changed"
    action: str
    key: str
    title: str


@dataclass(frozen=True)
class SequenceMoved:
    """The game moved on in its sequence of play, or an item of the checklist was ticked."""

    type: ClassVar[str] = "sequence.moved"
    action: str
    round: int
    stage: str
    phase: str
    title: str
