"""The Senate's sessions' typed events; sent with umpire.events.publish_on_commit.

A session, a vote, an edict or a change of Emperor is told to the Senate room and Control;
only what an umpire publishes is told to the whole event (the Acta Diurna and the projector), from
this page or Rome's others (senate.services.acta).
"""

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class SessionChanged:
    """A session was opened or closed, a motion tabled, a vote cast or changed, or a motion counted."""

    type: ClassVar[str] = "senate.session"
    action: str
    session_id: int
    motion_id: int | None = None


@dataclass(frozen=True)
class EdictChanged:
    """The Emperor issued an edict, or the Senate ratified one."""

    type: ClassVar[str] = "senate.edict"
    action: str
    edict_id: int


@dataclass(frozen=True)
class EmperorChanged:
    """Someone was proclaimed Emperor, made a claim, or his reign or claim ended."""

    type: ClassVar[str] = "senate.emperor"
    action: str
    claim_id: int
    character: str
    is_emperor: bool


@dataclass(frozen=True)
class ActaPublished:
    """A motion's result, an edict, a change of Emperor, an appointment, the mob's mood or a sign of the gods
    went into the Acta Diurna (`kind`: motion, edict, emperor, appointment, mood, sign)."""

    type: ClassVar[str] = "senate.published"
    kind: str
    record_id: int
    headline: str
    to_projector: bool
