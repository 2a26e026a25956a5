"""Imperium Romanum: The Clash of Legions (the rulebook in seeds/004), as pure procedures for umpire-assisted play.

Importing this package registers every procedure in umpire.rules.registry. What the rulebook refers to but
does not print (the standard land CRT, most of the Optional one and of the Naval one, the end of the Morale
Table, the Unified Tax-Rate Defense Strength Table, the Annual Recruiting Limits, the situations) comes in
each case, entered by Control; a procedure that needs an empty cell stops with a RulesError naming it.
"""
from . import (  # importing each module registers its procedures
    common, mug, weather, movement, cer, land_crt, combat_input, combat, retreat, naval, fleets, supply, control,
    treasury, morale, siege, corn, mobilization, forces, optional, victory, turn, shared_hex, pools, leaders, bribes,
    alliances, sieges, replacements, corn_fleets,
)

__all__ = [
    "common", "mug", "weather", "movement", "cer", "land_crt", "combat_input", "combat", "retreat", "naval",
    "fleets", "supply", "control", "treasury", "morale", "siege", "corn", "mobilization", "forces", "optional",
    "victory", "turn", "shared_hex", "pools", "leaders", "bribes", "alliances", "sieges", "replacements",
    "corn_fleets",
]
