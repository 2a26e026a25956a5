"""Thunderbolt: The Ancient World, Vol. III (the rulebook in seeds/000), as pure procedures for umpire-assisted
play.

The rulebook layers on the Ancient World (AW) rulebook, which we do not have, and on Player Aid Cards it does not
print. Importing this package registers every procedure in umpire.rules.registry. A chart the text does not print
(the AW Battle Results, Leader Loss, Attrition and Percentage Loss tables, the PACs' tables, the scenario's
Province Information Chart) is per-event data Control fills in; a procedure that needs an empty cell stops with a
RulesError naming the chart, the cell and where the chart comes from.
"""

from . import (  # importing each module registers its procedures
    aer,
    allies,
    attrition,
    auguries,
    carthage,
    carthaginian_manpower,
    celts,
    combat,
    common,
    detachments,
    elections,
    fleets,
    gauls,
    naval,
    naval_battle,
    naval_superiority,
    pursuit,
    reinforcements,
    rollups,
    roman_manpower,
    roman_politics,
    senate,
    tribal_siege,
    turn,
)

__all__ = [
    "common",
    "roman_politics",
    "elections",
    "senate",
    "roman_manpower",
    "carthage",
    "detachments",
    "aer",
    "carthaginian_manpower",
    "celts",
    "gauls",
    "allies",
    "naval",
    "naval_battle",
    "naval_superiority",
    "attrition",
    "rollups",
    "reinforcements",
    "auguries",
    "turn",
    "fleets",
    "pursuit",
    "tribal_siege",
    "combat",
]
