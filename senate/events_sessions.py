"""The Senate's sessions' typed events; sent with umpire.events.publish_on_commit.

A session, a vote, an edict or a change of Emperor is told to the Senate room and Control;
only what an umpire publishes is told to the whole event (the Acta Diurna and the projector).
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
    """A motion's result, an edict or a change of Emperor went into the Acta Diurna."""

    type: ClassVar[str] = "senate.published"
    kind: str
    record_id: int
    headline: str
    to_projector: bool
