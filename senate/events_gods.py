"""The gods' typed events; sent with umpire.events.publish_on_commit to Control, the Senate room
and the table where the character is. What a man offered or swore is the umpires' record for
when "the gods are real", told to the players in the gods' own way, so nothing goes to the
whole event."""

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class DevotionRecorded:
    """An offering, sacrifice, festival or temple dedication was recorded."""

    type: ClassVar[str] = "gods.devotion_recorded"
    devotion_id: int
    kind: str
    god: str
    character: str
    talents: int | None
    turn: int


@dataclass(frozen=True)
class OathChanged:
    """An oath was sworn (`action` "sworn"), or ruled kept or broken ("ruled")."""

    type: ClassVar[str] = "gods.oath_changed"
    action: str
    oath_id: int
    character: str
    degree: int
    god: str
    state: str
    turn: int
