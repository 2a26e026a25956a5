"""The print shop's typed event, sent to Control alone: only Control prints batches."""

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class PrintProgress:
    """A batch print run moved on: `done` of `total` documents printed, in `state`."""

    type: ClassVar[str] = "print.progress"
    run_id: int
    state: str
    done: int
    total: int
