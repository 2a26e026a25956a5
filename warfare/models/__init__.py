"""Fights at the tables: battles and sieges, from their opening to their locked record."""

from .battle import Battle, BattleForce
from .rounds import BattleOverride, BattleRound
from .siege import Siege, SiegeMonth

__all__ = ["Battle", "BattleForce", "BattleOverride", "BattleRound", "Siege", "SiegeMonth"]
