"""The mob's typed events; sent with umpire.events.publish_on_commit to Control and the Senate
room. The mob's mood and a senator's support are the umpires' working, told to the players by
the Senate umpire in words, so nothing here goes to the whole event."""

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class MoodMoved:
    """A mood's history grew: a spending, the corn dole, or the umpire's ruling. `change` is 0
    when no effect is set and the umpire judges."""

    type: ClassVar[str] = "mob.mood_moved"
    mood_id: int
    place: str
    cause: str
    change: int
    value: int
    turn: int


@dataclass(frozen=True)
class MobEffectSet:
    """The umpire set (or cleared) how far one multiple of a kind of spending moves the mob."""

    type: ClassVar[str] = "mob.effect_set"
    cause: str
    points_per_multiple: int | None


@dataclass(frozen=True)
class SupportChanged:
    """A senator's support with the mob was changed, with the reason."""

    type: ClassVar[str] = "mob.support_changed"
    senator_id: int
    senator: str
    change: int
    support: int
