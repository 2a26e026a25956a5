"""The battle sheet's data and the finished battle record's; the drawing is umpire.printing.battle_sheet's
and battle_record's. The sheet's figures are worked out by the AD69 engine: from the forces at the table
before any battle is opened on the console, for a table without a working tablet to fight from; once a
battle is opened, from its forces as they began, kept with it (BattleForce), never from the forces as
they are now, so a sheet printed after the battle shows it as fought."""

from collections import Counter
from dataclasses import dataclass

from django.utils import timezone

from regions.selectors import LINE_LABELS, units
from regions.services.engine import as_case_force, current_turn
from umpire.printing.battle_record import BattleRecord, RecordRound, RecordSide, battle_record_pdf
from umpire.printing.battle_sheet import BattleSheet, ForceLine, SideSheet, battle_sheet_pdf
from umpire.rules.ad69.battle_round import (
    BATTLE_RESULTS,
    DEFENDING,
    JOINED,
    OUTFLANKING,
    PUSHED_BACK,
    SideOrders,
    Stance,
    side_modifiers,
)
from umpire.rules.ad69.battle_round import Side as RulesSide
from umpire.rules.ad69.forces import TroopType, combat_value
from umpire.rules.ad69.losses import LOSER_DIVISOR, WINNER_DIVISOR

from .models.rounds import SIDES
from .selectors import get_sides, result_in_words, rules_force, verdict_in_words

# X. COMBAT RESOLUTION, quoted on the sheet so the table needs no handbook.
LOSSES = (
    f"Take the combat value of the winning army and divide it by {LOSER_DIVISOR}: the units the loser "
    f"loses. Take the combat value of the losing army and divide it by {WINNER_DIVISOR}: the units the "
    "winner loses. In the event of a draw, both sides take casualties as if they had won. Losses are "
    "divided proportionately among the troop types; in the case of a split, it is the owning player's "
    "choice."
)
VICTORY = (
    "If after four rounds a clear victor is not established, the umpires judge victory on 1. relative "
    "casualties, 2. tactical advantage, 3. combat value. The umpire's decision is final."
)
RISK = (
    "A commander who joins the battle in person dices each round he does so: a 1 on a d6 and he has "
    "fallen, and takes no further part. After the battle, dice again for the fallen: a 1 on 1d6 is fatal; "
    "otherwise he is wounded and may not take an active role in battles for 1d6 months."
)


@dataclass(frozen=True)
class ForceOnPaper:
    """A force as a sheet prints it: as it stands, on a blank sheet; as it began, on an opened battle's."""

    composition: dict  # its name, Aquila and units, as the engine takes them
    led_by: str = ""  # "legate Caecilius Simplex", or "" for none


@dataclass(frozen=True)
class SideOnPaper:
    """What the umpire says of a side before the sheet is printed."""

    commander: str
    forces: tuple[ForceOnPaper, ...]
    military_skill: int = 0
    force_marched: int = 0


def on_paper(forces):
    """Forces as they stand now (regions.models.Force, with their troops and legate)."""
    return tuple(
        ForceOnPaper(as_case_force(force), f"legate {force.legate}" if force.legate else "") for force in forces
    )


def side_sheet(label, side):
    """The side's forces valued by the engine, and the factors that stand all battle (its Aquilae, its
    combat value, its commander's skill, its forced marches): those that need no orders."""
    rules_forces = tuple(rules_force(force.composition) for force in side.forces)
    lines = tuple(
        ForceLine(force_label(force), units_on_paper(force.composition), combat_value(rules))
        for force, rules in zip(side.forces, rules_forces)
    )
    value = sum(line.combat_value for line in lines)
    rules_side = RulesSide(side.commander, rules_forces, side.military_skill, side.force_marched)
    standing = side_modifiers(rules_side, value, SideOrders(), Stance.ATTACK, joined=False, pushed_back=False)
    return SideSheet(label, side.commander, lines, value, tuple(standing))


def force_label(force):
    name = force.composition["name"]
    return f"{name}, {force.led_by}" if force.led_by else name


def units_on_paper(composition):
    """ "1 Aquila, 5 legionaries (2 veteran), 5 auxiliaries": a line per troop type, as the force's chart
    counts them, veterans said because they count for more."""
    held = Counter()
    for troops in composition["troops"]:
        held[troops["type"], troops["veteran"]] += troops["count"]
    parts = ["1 Aquila"] if composition["aquila"] else []
    for kind in LINE_LABELS:
        normal, veteran = held[kind.value, False], held[kind.value, True]
        if normal + veteran:
            parts.append(units(normal + veteran, kind.value) + (f" ({veteran} veteran)" if veteran else ""))
    return ", ".join(parts) or "no units"


def get_battle_sheet(province, *, place, side_a, side_b):
    """The sheet of forces as they stand, before any battle is opened."""
    event = province.event
    turn = current_turn(event)
    return sheet_of(province, place, (("Turn", str(turn)), ("Month", str(event.game_month(turn)))), side_a, side_b)


def get_opened_battle_sheet(battle):
    """An opened battle's sheet: its forces, commanders and standing factors as the battle began, kept with
    it when it was opened, whatever became of them after (losses, veterans, a new legate, a force gone)."""
    when = (
        ("Opened", f"turn {battle.turn}, {battle.event.game_month(battle.turn)}"),
        ("Forces", "as the battle began"),
    )
    return sheet_of(battle.province, battle.place, when, *(side_as_begun(battle, side) for side in SIDES))


def side_as_begun(battle, side):
    forces = battle.forces_of(side)
    return SideOnPaper(
        battle.side_name(side),
        tuple(ForceOnPaper(fought.composition, fought.legate_words) for fought in forces),
        battle.skill(side),
        sum(fought.force_marched for fought in forces),
    )


def sheet_of(province, place, when, side_a, side_b):
    return BattleSheet(
        title=f"Battle at {place}" if place else f"Battle in {province.name}",
        facts=(("Table", province.region.name), ("Province", province.name), ("Place", place or "")),
        when=(*when, ("Tactical advantage", "A or B (circle one)")),
        sides=(side_sheet("Side A", side_a), side_sheet("Side B", side_b)),
        round_factors=(
            ("Defending", DEFENDING),
            ("The commander has joined the battle in person (and dices for his risk)", JOINED),
            ("Outflanking the enemy by more than half its frontage", OUTFLANKING),
            ("Pushed back in the last round", PUSHED_BACK),
        ),
        results=tuple(band.label for band in BATTLE_RESULTS.bands),
        rules=(("Losses", LOSSES), ("Determining victory", VICTORY), ("Risk to player characters", RISK)),
    )


def battle_sheet(province, *, place, side_a, side_b, page_size="A4"):
    sheet = get_battle_sheet(province, place=place, side_a=side_a, side_b=side_b)
    return battle_sheet_pdf(sheet, event_name=province.event.name, page_size=page_size)


def opened_battle_sheet(battle, page_size="A4"):
    return battle_sheet_pdf(get_opened_battle_sheet(battle), event_name=battle.event.name, page_size=page_size)


# ---- the finished battle record ---------------------------------------------------------------


def get_battle_record(battle):
    """The record's data from a battle fetched by warfare.selectors.battles_of."""
    return BattleRecord(
        title=battle.title,
        facts=(
            ("Table", battle.region.name),
            ("Province", battle.province.name),
            ("Place", battle.place),
            ("Opened", f"turn {battle.turn}, {battle.event.game_month(battle.turn)}"),
            ("Choice to fight", choice_to_fight(battle)),
        ),
        standing=(
            ("State", battle.get_state_display()),
            ("Published", "yes" if battle.published_at else "a draft"),
            ("Tactical advantage", battle.side_name(battle.advantage) if battle.advantage else "not yet"),
            ("Confirmed by", confirmed_by(battle)),
        ),
        sides=tuple(record_side(battle, side) for side in get_sides(battle)),
        rounds=tuple(record_round(battle, fought) for fought in battle.round_list),
        overrides=tuple(
            (
                o.label,
                o.engine_value,
                o.umpire_value,
                f"{o.reason} ({o.by or 'unknown'}, {timezone.localtime(o.at):%H:%M})",
            )
            for o in battle.overrides.all()
        ),
        verdict=verdict_text(battle),
        losses=losses_lines(battle),
        losses_dice=dice_text(battle.losses_result["dice"], battle.losses_seed) if battle.losses_result else "",
        fates=fates_text(battle),
        outcome=battle.summary,
    )


def choice_to_fight(battle):
    """X. THE PROCESS OF BATTLE, step 1."""
    if battle.called_off_reason:
        return f"called off: {battle.called_off_reason}"
    return f"both fight, {timezone.localtime(battle.decided_at):%H:%M}" if battle.decided_at else "not yet"


def confirmed_by(battle):
    if not battle.confirmed_at:
        return "not yet"
    return f"{battle.confirmed_by or 'unknown'} at {timezone.localtime(battle.confirmed_at):%H:%M}"


def record_side(battle, side):
    """A side as the battle began: its forces, commander and the factors that stood all battle."""
    commander = side.commander.name if side.commander else "no player"
    return RecordSide(
        f"Side {side.key.upper()}: {side.name}",
        f"Commander: {commander}; Military Skill {side.skill}",
        tuple((deployed(fought), units, value) for fought, units, value in side.forces),
        side.combat_value,
        side_sheet("", side_as_begun(battle, side.key)).standing,
    )


def deployed(fought):
    """A force with its legate as the battle began, and its place in the order of battle (steps 3 and
    4), if one was recorded."""
    name = f"{fought.force_name}, {fought.legate_words}" if fought.legate_words else fought.force_name
    return f"{name}: {fought.deployment}" if fought.deployment else name


def record_round(battle, fought):
    result = fought.effective()
    totals = f"{result.totals['a']} to {result.totals['b']}: " if result.totals else ""
    overridden = " (as overridden by the umpire)" if result.overridden else ""
    return RecordRound(
        number=fought.number,
        orders=tuple(orders_text(battle.side_name(side), fought.orders[side]) for side in SIDES),
        dice=dice_text(fought.dice, fought.seed),
        working=tuple(
            (line["text"], line["rule"] or "", "" if line["value"] is None else str(line["value"]))
            for line in fought.working
        ),
        result=f"{totals}{result_in_words(battle, result)}{overridden}",
    )


def orders_text(name, orders):
    extras = [
        words
        for key, words in (
            ("joins", "commander in person"),
            ("outflanking", "outflanking"),
            ("withdraw", "withdraws if it pushes back"),
        )
        if orders[key]
    ]
    return f"{name}: {orders['stance']}{'; ' + ', '.join(extras) if extras else ''}"


def dice_text(dice, seed):
    if not dice:
        return "No dice were needed."
    by = f"rolled by the console, seed {seed}" if dice[0]["rolled_by"] == "console" else "entered at the table"
    return ", ".join(f"d{die['sides']} {die['purpose']}: {die['value']}" for die in dice) + f" ({by})"


def verdict_text(battle):
    if battle.victor_by_dice:
        return f"The dice decided it: {battle.ending}."
    if battle.verdict:
        reason = f": {battle.verdict_reason}" if battle.verdict_reason else ""
        return f"{verdict_in_words(battle)}, by {battle.verdict_by or 'the umpire'}{reason}."
    return "None given."


def losses_lines(battle):
    if not battle.losses:
        return ()
    return tuple(
        (
            f"{battle.side_name(side)}: {lost['force']}",
            lost_in_words(lost["lost"]),
            f"{lost['units_left']} unit(s)" + (", veterans" if battle.losses[side]["become_veterans"] else ""),
        )
        for side in SIDES
        for lost in battle.losses[side]["forces"]
    )


def lost_in_words(lines):
    return (
        ", ".join(
            f"{line['count']} {'veteran ' if line['veteran'] else ''}{TroopType(line['type']).label}" for line in lines
        )
        or "none"
    )


def fates_text(battle):
    fates = battle.fates
    if not fates:
        return ("No commander fell.",)
    return tuple(
        f"{battle.side_name(side)}: {fate['fate']}"
        + (f", {fate['months_wounded']} month(s)" if fate.get("months_wounded") else "")
        for side, fate in sorted(fates.items())
    )


def battle_record(battle, page_size="A4"):
    return battle_record_pdf(get_battle_record(battle), event_name=battle.event.name, page_size=page_size)
