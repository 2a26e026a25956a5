"""Hannibal Barkas (the rulebook in seeds/001), as pure procedures for umpire-assisted play.

Importing this package registers every procedure in umpire.rules.registry. What the rulebook
refers to but does not print (the map, most city, leader and event cards, the siege track's
flags, most Gallic tribes) comes in each case, entered by Control; a procedure that needs an
empty cell stops with a RulesError naming it.
"""

from . import (  # importing each module registers its procedures
    advanced,
    battle,
    battle_vp,
    cards,
    cities,
    contingents,
    economy,
    gauls,
    given,
    kernel,
    movement,
    multiplayer,
    naval,
    politics,
    pursuit,
    resupply,
    siege,
    turn,
    units,
    victory,
)

__all__ = [
    "units",
    "kernel",
    "battle",
    "battle_vp",
    "naval",
    "cards",
    "given",
    "cities",
    "siege",
    "politics",
    "gauls",
    "turn",
    "movement",
    "economy",
    "victory",
    "advanced",
    "resupply",
    "pursuit",
    "contingents",
    "multiplayer",
]
