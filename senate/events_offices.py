"""The offices' typed events; sent with umpire.events.publish_on_commit to Control, the Senate
room and, for a province's or a legion's officer, the table it is at (its Region umpire hands the
revenue to the procurator). An appointment reaches the players through the Acta Diurna, which
the Senate umpire publishes, so nothing here goes to the whole event."""

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class OfficeFilled:
    """Someone was appointed to an office; `post` names it with its place."""

    type: ClassVar[str] = "offices.filled"
    appointment_id: int
    office: str
    post: str
    holder: str
    previous: str
    by: str


@dataclass(frozen=True)
class SenateEntered:
    """An Equestrian entered the Senate, at `rank`."""

    type: ClassVar[str] = "offices.senate_entered"
    character_id: int
    character: str
    rank: str
    by_imperial_decree: bool
