"""The siege sheet's and the siege record's data, from the siege and its months as the engine gave
them; the drawing is umpire.printing.siege_sheet's. The sheet is printed for a table whose tablet
has died, so every figure it needs is worked out here by the AD69 engine."""

from django.core.exceptions import ValidationError

from regions.services.engine import as_rules_force, current_turn
from umpire.printing.battle_sheet import ForceLine
from umpire.printing.siege_sheet import (
    MonthOnRecord,
    SideOnSheet,
    SiegeRecord,
    SiegeSheet,
    siege_record_pdf,
    siege_sheet_pdf,
)
from umpire.rules.ad69.forces import TroopType, combat_value
from umpire.rules.ad69.siege import FORTIFICATIONS, SIEGE_RESULTS, SiegeSide, assault_value, garrison_value
from umpire.rules.working import Working

from .models import SiegeMonth
from .printing import units_in_words
from .services.sieges import military_skill
from .siege_selectors import engines_needed, losses_in_words

EMPTY_MONTHS = 6
NOT_ASSAULTING = (TroopType.RAW_LEVY,)  # X. SIEGE COMBAT RESULTS: "do not count raw levies"
# X. SIEGE COMBAT RESULTS and REDUCING DEFENCES, quoted on the sheet so the table needs no handbook.
LOSSES = (
    "Round down. Victorious (+8 or more): the place falls and the defenders are wiped out; the attackers "
    "lose the defenders' combat value ÷ 20. Bloody repulse (+4 to +7): the attackers lose the defenders' "
    "combat value ÷ 10, the defenders the attackers' ÷ 10. Repulse (+3 or less): the attackers lose the "
    "defenders' ÷ 20, the defenders nothing. The attackers' value counts no raw levies. Losses are divided "
    "proportionately among the troop types; on a split, the owning player chooses (X. LOSSES). There is "
    "only one round of combat a month in a siege."
)
REDUCTION = (
    "One month of reduction by an army with enough siege engines reduces the strength multiplier by "
    "one. Siege engines and equipment cannot be moved from place to place."
)
ENGINES = (
    "A legion of at least half strength, its Aquila present, working for one month and doing nothing "
    "else prepares a single set of siege engines; one set per legion."
)


# ---- the sheet -------------------------------------------------------------------------------------


def place_facts(siege):
    return (
        ("Table", siege.region.name),
        ("Province", siege.province.name),
        ("Kind of place", siege.get_place_type_display()),
        ("Begun", f"turn {siege.begun_turn}, {siege.event.game_month(siege.begun_turn)}"),
    )


def siege_state(siege, turn):
    row = FORTIFICATIONS.rows[siege.place_type]
    return (
        ("Turn now", f"{turn}, {siege.event.game_month(turn)}"),
        ("Multiplier", f"{siege.multiplier} now, {siege.starting_multiplier} at the start"),
        (
            "Engine sets",
            f"{siege.months.filter(action=SiegeMonth.Action.BUILD_ENGINES).count()} built, "
            f"{engines_needed(siege)} needed",
        ),
        ("Holds", f"{row['capacity']}; {row['max_assaulters']} may assault"),
    )


def force_lines(forces, exclude=()):
    return tuple(
        ForceLine(force.name, units_in_words(force), combat_value(as_rules_force(force), exclude=exclude))
        for force in forces
    )


def skill_factor(forces, side):
    """The Army Commander's Military Skill, as the service will count it; unknown is written in."""
    try:
        return f"{military_skill(forces, side):+d}"
    except ValidationError as refusal:
        return f"to be set: {' '.join(refusal.messages)}"


def besiegers_side(siege, forces):
    value = assault_value(SiegeSide(forces=tuple(as_rules_force(f) for f in forces)), Working())
    return SideOnSheet(
        "Besiegers",
        force_lines(forces, NOT_ASSAULTING),
        "Combat value (raw levies do not assault)",
        value,
        (
            ("+1 per 10 points of combat value", f"{value // 10:+d}"),
            ("Military Skill of the Army Commander", skill_factor(forces, "besiegers")),
            ("+2 Legionary Commander in person", "+2 or 0"),
        ),
    )


def garrison_side(siege, forces):
    value = garrison_value(SiegeSide(forces=tuple(as_rules_force(f) for f in forces)), Working())
    defence = value * siege.multiplier
    return SideOnSheet(
        "Garrison",
        force_lines(forces),
        f"Defence Combat Value: {value} × {siege.multiplier}",
        defence,
        (
            ("+1 per 10 of Defence Combat Value", f"{defence // 10:+d}"),
            ("Military Skill of the Army Commander", skill_factor(forces, "garrison")),
            ("+2 its commander in person", "+2 or 0"),
        ),
    )


def get_siege_sheet(siege):
    turn = current_turn(siege.event)
    besiegers, garrison = list(siege.besiegers.all()), list(siege.garrison.all())
    return SiegeSheet(
        title=f"Siege of {siege.place}",
        facts=place_facts(siege),
        state=siege_state(siege, turn),
        sides=(besiegers_side(siege, besiegers), garrison_side(siege, garrison)),
        results=tuple(band.label for band in SIEGE_RESULTS.bands),
        rules=(("Losses", LOSSES), ("Reducing defences", REDUCTION), ("Building siege engines", ENGINES)),
        empty_months=EMPTY_MONTHS,
    )


def siege_sheet(siege, *, page_size="A4"):
    return siege_sheet_pdf(get_siege_sheet(siege), event_name=siege.event.name, page_size=page_size)


# ---- the record ------------------------------------------------------------------------------------


def month_heading(siege, month):
    by = f" by {month.legion.name}" if month.legion else ""
    return f"Turn {month.turn}, {siege.event.game_month(month.turn)}: {month.get_action_display()}{by}"


def dice_text(month):
    if not month.dice:
        return "none"
    rolls = "; ".join(f"d{die['sides']} {die['value']} for {die['purpose']}" for die in month.dice)
    how = f"rolled by the console (seed {month.seed})" if month.rolled_by_console else "entered at the table"
    return f"{rolls}: {how}"


def working_value(value):
    return "" if value is None else str(value)


def month_on_record(siege, month):
    return MonthOnRecord(
        month_heading(siege, month),
        dice_text(month),
        tuple((line["text"], working_value(line["value"]), line["rule"]) for line in month.working),
        losses_in_words(month),
    )


def end_text(siege):
    if siege.state == siege.State.FALLEN:
        return f"{siege.place} fell to the assault in turn {siege.ended_turn}."
    if siege.state == siege.State.LIFTED:
        return f"The siege was lifted in turn {siege.ended_turn}: {siege.lifted_reason}"
    return f"{siege.place} is still under siege."


def get_siege_record(siege):
    months = siege.months.select_related("legion").order_by("turn", "pk")
    return SiegeRecord(
        title=f"Siege of {siege.place}",
        facts=place_facts(siege),
        state=siege_state(siege, current_turn(siege.event)),
        months=tuple(month_on_record(siege, month) for month in months),
        end=end_text(siege),
    )


def siege_record(siege, *, page_size="A4"):
    return siege_record_pdf(get_siege_record(siege), event_name=siege.event.name, page_size=page_size)
