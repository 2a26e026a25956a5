"""Optimus Princeps: Les Guerres Daciques (the rulebook in seeds/002), as pure procedures for umpire-assisted
play.

Importing this package registers every procedure in umpire.rules.registry. What the rulebook refers to but does
not print (the Action Costs Table, the Sacking Table's rows from 4, the Attrition Table's rows from -4, the map
with its regions' Defensive and Garrison Values, and the counters) comes in each case, entered by Control; a
procedure that needs an empty cell stops with a RulesError naming it.
"""

from . import (  # importing each module registers its procedures
    actions,
    armies,
    assault,
    attrition,
    battle,
    battle_type,
    booty,
    combat,
    common,
    engineering,
    interception,
    kingship,
    leaders,
    limes,
    movement,
    recruits,
    scenario_rules,
    stratagems,
    turn,
    victory,
)

__all__ = [
    "common",
    "combat",
    "armies",
    "leaders",
    "battle_type",
    "battle",
    "attrition",
    "movement",
    "interception",
    "engineering",
    "assault",
    "booty",
    "recruits",
    "stratagems",
    "actions",
    "victory",
    "turn",
    "kingship",
    "limes",
    "scenario_rules",
]
