"""The console's core models: the event, its clock and tables, the people, the audit."""
from .audit import AuditEntry, GroupSequence
from .character import CareerRank, Character, SocialClass
from .event import Event, GameClock
from .region import Region, Route
from .seat import Role, UmpireSeat

__all__ = [
    "AuditEntry",
    "CareerRank",
    "Character",
    "Event",
    "GameClock",
    "GroupSequence",
    "Region",
    "Role",
    "Route",
    "SocialClass",
    "UmpireSeat",
]
