"""The siege sheet's and the siege record's data, from the siege and its months as the engine gave
them; the drawing is umpire.printing.siege_sheet's. The sheet is printed for a table whose tablet
has died, so every figure it needs is worked out here by the AD69 engine: the sides as they stand
now for the months to come, and each month's work with the sides as they stood when it was
adjudicated, kept with the month (SiegeMonth.sides), never read from the forces as they are now."""

from django.core.exceptions import ValidationError

from regions.services.engine import as_case_force, current_turn
from umpire.printing.battle_sheet import ForceLine
from umpire.printing.siege_sheet import (
    MonthOnRecord,
    MonthOnSheet,
    SideOnSheet,
    SidesAsTheyStood,
    SiegeRecord,
    SiegeSheet,
    siege_record_pdf,
    siege_sheet_pdf,
)
from umpire.rules.ad69.forces import TroopType, combat_value
from umpire.rules.ad69.siege import FORTIFICATIONS, SIEGE_RESULTS, SiegeSide, assault_value, garrison_value
from umpire.rules.working import Working

from .models import SiegeMonth
from .printing import ForceOnPaper, force_label, units_on_paper
from .selectors import rules_force
from .services.sieges import military_skill
from .siege_selectors import engines_needed, losses_in_words

EMPTY_MONTHS = 6
EITHER = "+2 or 0"  # written in at the table, month by month
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
        ForceLine(
            force_label(force),
            units_on_paper(force.composition),
            combat_value(rules_force(force.composition), exclude=exclude),
        )
        for force in forces
    )


def skill_factor(forces, side):
    """The Army Commander's Military Skill, as the service will count it; unknown is written in."""
    try:
        return f"{military_skill(forces, side):+d}"
    except ValidationError as refusal:
        return f"to be set: {' '.join(refusal.messages)}"


def besiegers_side(label, forces, skill, in_person=EITHER):
    value = assault_value(SiegeSide(forces=tuple(rules_force(f.composition) for f in forces)), Working())
    return SideOnSheet(
        label,
        force_lines(forces, NOT_ASSAULTING),
        "Combat value (raw levies do not assault)",
        value,
        (
            ("+1 per 10 points of combat value", f"{value // 10:+d}"),
            ("Military Skill of the Army Commander", skill),
            ("+2 Legionary Commander in person", in_person),
        ),
    )


def garrison_side(label, forces, multiplier, skill, in_person=EITHER):
    value = garrison_value(SiegeSide(forces=tuple(rules_force(f.composition) for f in forces)), Working())
    defence = value * multiplier
    return SideOnSheet(
        label,
        force_lines(forces),
        f"Defence Combat Value: {value} × {multiplier}",
        defence,
        (
            ("+1 per 10 of Defence Combat Value", f"{defence // 10:+d}"),
            ("Military Skill of the Army Commander", skill),
            ("+2 its commander in person", in_person),
        ),
    )


def sides_now(siege):
    """The sides as they stand, for the months still to come: their forces by name alone, for the sheet
    stays one page (the months worked name each force's legate)."""
    besiegers, garrison = (
        list(side.select_related("legate", "army_commander").prefetch_related("troops"))
        for side in (siege.besiegers, siege.garrison)
    )
    return (
        besiegers_side("Besiegers now", by_name(besiegers), skill_factor(besiegers, "besiegers")),
        garrison_side("Garrison now", by_name(garrison), siege.multiplier, skill_factor(garrison, "garrison")),
    )


def by_name(forces):
    return tuple(ForceOnPaper(as_case_force(force)) for force in forces)


# ---- a month's sides, as they stood ------------------------------------------------------------------


def as_they_stood(month):
    """Both sides as the month's work found them, kept with it (SiegeMonth.sides), whatever became of
    the forces after; a month adjudicated before the console kept them says so."""
    stood = month.sides
    if stood is None:
        return SidesAsTheyStood(
            "The sides were not recorded: this month was adjudicated before the console kept them.", None
        )
    engines = stood["engine_sets"]
    return SidesAsTheyStood(
        f"As they stood when the month's work was adjudicated: multiplier {stood['multiplier']}, "
        f"{engines} set{'' if engines == 1 else 's'} of siege engines built before it.",
        (
            besiegers_side(
                "Besiegers",
                stood_forces(stood["besiegers"]),
                skill_then(stood["besiegers"]),
                in_person(month, "attackers"),
            ),
            garrison_side(
                "Garrison",
                stood_forces(stood["garrison"]),
                stood["multiplier"],
                skill_then(stood["garrison"]),
                in_person(month, "defenders"),
            ),
        ),
    )


def stood_forces(side):
    return tuple(
        ForceOnPaper(force, f"legate {force['legate']}" if force["legate"] else "") for force in side["forces"]
    )


def skill_then(side):
    skill = side["military_skill"]
    return f"unknown then: {side['skill_unknown']}" if skill is None else f"{skill:+d}"


def in_person(month, engine_side):
    """An assault says whether the side's commander joined it in person; other work has no assault."""
    if month.action != SiegeMonth.Action.ASSAULT:
        return EITHER
    return "+2" if month.case[engine_side]["commander_in_person"] else "+0"


def month_result(month):
    """The month's work in a line, for the sheet."""
    if month.action == SiegeMonth.Action.BUILD_ENGINES:
        return "A set of siege engines built."
    if month.action == SiegeMonth.Action.REDUCE_DEFENCES:
        return (
            f"The multiplier reduced from {month.outcome['multiplier_before']} to {month.outcome['multiplier_after']}."
        )
    outcome = month.outcome
    return f"Difference {outcome['difference']:+d}: {outcome['result'].replace('_', ' ')}."


def months_of(siege):
    return siege.months.select_related("legion").order_by("turn", "pk")


def get_siege_sheet(siege):
    turn = current_turn(siege.event)
    return SiegeSheet(
        title=f"Siege of {siege.place}",
        facts=place_facts(siege),
        state=siege_state(siege, turn),
        sides=sides_now(siege),
        results=tuple(band.label for band in SIEGE_RESULTS.bands),
        rules=(("Losses", LOSSES), ("Reducing defences", REDUCTION), ("Building siege engines", ENGINES)),
        empty_months=EMPTY_MONTHS,
        months=tuple(
            MonthOnSheet(
                month_heading(siege, month), as_they_stood(month), (month_result(month), *losses_in_words(month))
            )
            for month in months_of(siege)
        ),
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
        as_they_stood(month),
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
    months = months_of(siege)
    return SiegeRecord(
        title=f"Siege of {siege.place}",
        facts=place_facts(siege),
        state=siege_state(siege, current_turn(siege.event)),
        months=tuple(month_on_record(siege, month) for month in months),
        end=end_text(siege),
    )


def siege_record(siege, *, page_size="A4"):
    return siege_record_pdf(get_siege_record(siege), event_name=siege.event.name, page_size=page_size)
