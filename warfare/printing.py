"""The battle sheet's data, worked out by the AD69 engine from the forces at the table; the drawing
is umpire.printing.battle_sheet's. A sheet can be printed before any battle is opened on the
console: it is what a table without a working tablet fights from."""
from dataclasses import dataclass

from regions.selectors import get_unit_lines
from regions.services.engine import as_rules_force, current_turn
from umpire.printing.battle_sheet import BattleSheet, ForceLine, SideSheet, battle_sheet_pdf
from umpire.rules.ad69.battle_round import (
    BATTLE_RESULTS, DEFENDING, JOINED, OUTFLANKING, PUSHED_BACK, SideOrders, Stance, side_modifiers,
)
from umpire.rules.ad69.battle_round import Side as RulesSide
from umpire.rules.ad69.forces import combat_value
from umpire.rules.ad69.losses import LOSER_DIVISOR, WINNER_DIVISOR

# X. COMBAT RESOLUTION, quoted on the sheet so the table needs no handbook.
LOSSES = (f"Take the combat value of the winning army and divide it by {LOSER_DIVISOR}: the units the loser "
          f"loses. Take the combat value of the losing army and divide it by {WINNER_DIVISOR}: the units the "
          "winner loses. In the event of a draw, both sides take casualties as if they had won. Losses are "
          "divided proportionately among the troop types; in the case of a split, it is the owning player's "
          "choice.")
VICTORY = ("If after four rounds a clear victor is not established, the umpires judge victory on 1. relative "
           "casualties, 2. tactical advantage, 3. combat value. The umpire's decision is final.")
RISK = ("A commander who joins the battle in person dices each round he does so: a 1 on a d6 and he has "
        "fallen, and takes no further part. After the battle, dice again for the fallen: a 1 on 1d6 is fatal; "
        "otherwise he is wounded and may not take an active role in battles for 1d6 months.")


@dataclass(frozen=True)
class SideOnPaper:
    """What the umpire says of a side before the sheet is printed."""

    commander: str
    forces: tuple  # regions.models.Force, with their troops
    military_skill: int = 0
    force_marched: int = 0


def side_sheet(label, side):
    """The side's forces valued by the engine, and the factors that stand all battle (its Aquilae, its
    combat value, its commander's skill, its forced marches): those that need no orders."""
    rules_forces = tuple(as_rules_force(force) for force in side.forces)
    lines = tuple(ForceLine(force.name, units_in_words(force), combat_value(rules))
                  for force, rules in zip(side.forces, rules_forces))
    value = sum(line.combat_value for line in lines)
    rules_side = RulesSide(side.commander, rules_forces, side.military_skill, side.force_marched)
    standing = side_modifiers(rules_side, value, SideOrders(), Stance.ATTACK, joined=False, pushed_back=False)
    return SideSheet(label, side.commander, lines, value, tuple(standing))


def units_in_words(force):
    parts = [line.in_words for line in get_unit_lines(force) if line.normal + line.veteran]
    return ", ".join(parts) or "no units"


def get_battle_sheet(province, *, place, side_a, side_b):
    event = province.event
    turn = current_turn(event)
    title = f"Battle at {place}" if place else f"Battle in {province.name}"
    return BattleSheet(
        title=title,
        facts=(("Table", province.region.name), ("Province", province.name), ("Place", place or "")),
        when=(("Turn", str(turn)), ("Month", str(event.game_month(turn))),
              ("Tactical advantage", "Side A / Side B (circle one)")),
        sides=(side_sheet("Side A", side_a), side_sheet("Side B", side_b)),
        round_factors=(("Defending", DEFENDING), ("The commander has joined the battle in person (and dices "
                                                  "for his risk)", JOINED),
                       ("Outflanking the enemy by more than half its frontage", OUTFLANKING),
                       ("Pushed back in the last round", PUSHED_BACK)),
        results=tuple(band.label for band in BATTLE_RESULTS.bands),
        rules=(("Losses", LOSSES), ("Determining victory", VICTORY), ("Risk to player characters", RISK)),
    )


def battle_sheet(province, *, place, side_a, side_b, page_size="A4"):
    sheet = get_battle_sheet(province, place=place, side_a=side_a, side_b=side_b)
    return battle_sheet_pdf(sheet, event_name=province.event.name, page_size=page_size)
