"""The fights' typed events; sent with umpire.events.publish_on_commit.

A draft battle is told only to its table and to Control; once published, to the whole
event as well (the players' side, and the projector's news if Control chose it).
"""

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class BattleChanged:
    """A battle was opened, claimed, released or taken over, fought a round, had a figure
    overridden, got its verdict or its losses, or was confirmed. `claimed_by` is the username
    of the umpire running it now, or ""."""

    type: ClassVar[str] = "battle.changed"
    action: str
    battle_id: int
    title: str
    state: str
    claimed_by: str


@dataclass(frozen=True)
class BattlePublished:
    """A battle's result left the draft: the players may see it, and the projector if chosen."""

    type: ClassVar[str] = "battle.published"
    battle_id: int
    title: str
    summary: str
    to_projector: bool


@dataclass(frozen=True)
class SiegeChanged:
    """A siege was begun or lifted, or had its month's work: a legion built its siege engines,
    the defences were reduced, an assault was made (`result`: repulse, bloody_repulse or
    place_falls), or an owner placed the assault's losses. Told to its table and to Control."""

    type: ClassVar[str] = "siege.changed"
    action: str
    siege_id: int
    place: str
    state: str
    turn: int
    multiplier: int
    engine_sets: int
    result: str = ""
