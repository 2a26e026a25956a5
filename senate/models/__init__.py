"""Rome (XI. THE ROMAN EMPIRE): the offices and careers, the Senate's sessions, the mob, the gods."""

from .acta import ActaItem
from .gods import Devotion, God, Oath
from .mob import MobEffect, Mood, MoodEntry, SupportChange
from .offices import Appointment, RomanOffice
from .sessions import Claimant, Edict, Motion, Session, Vote

__all__ = [
    "ActaItem",
    "Appointment",
    "Claimant",
    "Devotion",
    "Edict",
    "God",
    "MobEffect",
    "Mood",
    "MoodEntry",
    "Motion",
    "Oath",
    "RomanOffice",
    "Session",
    "SupportChange",
    "Vote",
]
