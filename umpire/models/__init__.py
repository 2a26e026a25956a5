"""The console's core models: the event, its clock and tables, the people, the audit."""

from .access import AccessCode
from .audit import AuditEntry, GroupSequence
from .briefing import Briefing
from .browser_session import BrowserSession
from .character import CareerRank, Character, SocialClass
from .clock import Announcement, GameClock, TurnEnd, TurnEndHookRun
from .event import Event, TurnPhase
from .followups import FollowUp
from .player import Player
from .region import Region, Route
from .rules import ProcedureReadings, ProcedureRun
from .rulings import Ruling
from .seat import Role, UmpireSeat

__all__ = [
    "AccessCode",
    "Announcement",
    "TurnEnd",
    "TurnEndHookRun",
    "TurnPhase",
    "AuditEntry",
    "Briefing",
    "BrowserSession",
    "CareerRank",
    "Character",
    "Event",
    "FollowUp",
    "GameClock",
    "GroupSequence",
    "Player",
    "ProcedureReadings",
    "ProcedureRun",
    "Region",
    "Role",
    "Route",
    "Ruling",
    "SocialClass",
    "UmpireSeat",
]
