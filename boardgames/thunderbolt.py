"""Thunderbolt's data tables, as the console holds them per event, its standard trackers, and its round's name.

The rulebook (seeds/000) layers on the Ancient World (AW) rulebook and on Player Aid Cards, neither of which it
prints (extraction shared/rules/000_thunderbolt.md §4.1-4.2). Each chart a procedure needs is a table Control
fills in; the cells the text's examples give are pre-filled and marked given, with their rule and seed line. The
sequence of play is the rules' own (umpire.rules.thunderbolt.turn.SEQUENCE_OF_PLAY).
"""

from django.core.exceptions import ValidationError

from .case_sources import register_case_source
from .registry import Given, register_data_table, register_standard_tracker
from .sequence import register_round_name

RULESET = "thunderbolt"
EXTRACTION = "shared/rules/000_thunderbolt.md"

# ---- the cells the rulebook's examples give -----------------------------------------------------------------

LEADER_LOSS = [  # AW 8.61; the 4.58 example (L295): a second roll of 6 wounds Gracchus
    ("DR 6", {"result": Given("Leader Wounded", "4.58 L295")}),
]
LEGION_REQUEST = [  # 5.22 example (L390): the "0-6" column, adjusted 8, gives [12] SP
    ("0-6: 8", {"reinforcement_sp": Given(12, "5.22 L390")}),
]
SENATE_PERMISSION = [  # the 4.66 example (L321): "+1 he is a Proconsul, +2 he was prorogued to the province"
    ("Proconsul", {"drm": Given(1, "4.66 L321")}),
    ("Prorogued to the province", {"drm": Given(2, "4.66 L321")}),
    ("No Dictator in play", {"drm": Given(0, "4.66 L321")}),
]
CENSURE = [("Successful battle", {"drm": Given(-1, "4.68 L325")})]  # the 4.68 example
FAMILY_MODIFIERS = [  # the 6.21 example (L426)
    ("Barcids in power the previous GT", {"drm": Given(1, "6.21 L426")}),
    ("2nd Punic War", {"drm": Given(2, "6.21 L426")}),
]
FAMILY_TABLE = [("7", {"family": Given("barcid", "6.21 L426")})]
CLIMATE_MODIFIERS = [  # the 6.21 example (L426)
    ("No enemy force with a leader in Africa", {"drm": Given(-1, "6.21 L426")}),
    ("No Roman force with a leader in Hispania", {"drm": Given(-1, "6.21 L426")}),
    ("Carthage suffered a Major loss in battle in the prior GT", {"drm": Given(1, "6.21 L426")}),
]
CLIMATE_TABLE = [("6", {"climate": Given("interested", "6.21 L426")})]
DISBAND_RECALL = [  # the 6.34 (L445) and 6.47 (L468) examples, both in the Different/None row
    ("Different/None 3", {"disband": Given("yes", "6.34 L445")}),
    ("Different/None 5", {"disband": Given("no", "6.34 L445")}),
    ("Different/None 6", {"recall": Given("yes", "6.47 L468")}),
]
MANPOWER = [  # the 7.21 example (L529): 20 infantry and 15 cavalry in all, so the Libyans gave no cavalry
    ("Libyan 3", {"infantry": Given(10, "7.21 L529"), "cavalry": Given(0, "7.21 L529")}),
    ("Numidian 4", {"infantry": Given(5, "7.21 L529"), "cavalry": Given(10, "7.21 L529")}),
    ("Carthaginian -2", {"infantry": Given(5, "7.21 L529"), "cavalry": Given(5, "7.21 L529")}),
]
ROMAN_ITALY = ("Apulia", "Calabria", "Campania", "Etruria", "Lucania", "Picenum", "Sabinus", "Samnium", "Umbria")
PROVINCES: list[tuple[str, dict[str, Given]]] = [
    (name, {}) for name in ROMAN_ITALY
]  # 7.27 L544: Lucania and Apulia give 3 SP together, split unsaid
ATTRITION = [  # the 2.1 example (L77): the rows "7-9" and "13-16", two apart
    ("7-9", {"low": Given(7, "2.1 L77"), "high": Given(9, "2.1 L77")}),
    ("13-16", {"low": Given(13, "2.1 L77"), "high": Given(16, "2.1 L77")}),
]
PERCENTAGE_LOSS = [  # the examples' percentages of SP
    ("10% of 42", {"sp": Given(5, "9.16 L583")}),
    ("5% of 130", {"sp": Given(7, "9.16 L583")}),
    ("10% of 12", {"sp": Given(1, "9.23 L598")}),
    ("20% of 30", {"sp": Given(6, "9.5 L635")}),
    ("20% of 10", {"sp": Given(2, "9.5 L635")}),
    ("25% of 12", {"sp": Given(3, "5.24 L396")}),
    ("50% of 10", {"sp": Given(5, "7.24 L534")}),
    ("50% of 5", {"sp": Given(2, "7.24 L534")}),
]
NAVAL_TRANSPORT = [  # AW PAC #2: the 5.24 (L396) and 7.24 (L534) examples
    ("3", {"loss_percent": Given(25, "5.24 L396")}),
    ("1", {"loss_percent": Given(50, "7.24 L534")}),
]
NAVAL_DISTANCE = [("2", {"effect": Given("No Effect", "13.44 L780")})]
NAVAL_RATIO = [  # 13.54 (L819, L831) and 13.63 (L837)
    ("2:1", {"drm": Given(-2, "13.54 L819"), "raid_drm": Given(-2, "13.63 L837")}),
    ("1:3", {"drm": Given(3, "13.54 L819")}),
    ("1:1", {"drm": Given(0, "13.57 L831")}),
    ("1:2", {"drm": Given(1, "13.57 L831")}),
]
NAVAL_RESULTS = [  # the naval battle example (L831)
    ("5", {"percent": Given(20, "13.57 L831"), "rounding": Given("down", "13.57 L831")}),
    ("9", {"percent": Given(25, "13.57 L831"), "rounding": Given("up", "13.57 L831")}),
]
BATTLE_RESULTS = [  # the 9.16 example (L583): "-3 on the BRT, for a 20/5 result. This is a Major Victory for the
    # Carthaginians", who were defending
    (
        "-3",
        {
            "attacker_loss": Given(20, "9.16 L583"),
            "defender_loss": Given(5, "9.16 L583"),
            "attacker_outcome": Given("major_defeat", "9.16 L583"),
        },
    ),
]
# 13.17 (L740) names the ports where squadrons are built, 13.81 (L852) Drepanum as a Secondary Port with a larger
# harbor; the capacities are the ANS PAC's.
HARBORS: list[tuple[str, dict[str, Given]]] = [
    (port, {}) for port in ("Ostia", "Neapolis", "Lilybaeum", "Carthago", "Drepanum")
]
MACEDONIAN = [("Legion in the box", {"result": Given("2", "11.31 L708")}), ("Empty box", {}), ("D", {})]
# 8.11: one NS level a Naval Zone, + Rome, - Carthage; the zones whose levels the text's examples give. The map
# names the rest: Control opens each as "NS Level: <zone>".
NAVAL_ZONES = (
    ("Mare Ligusticum", "5.24 L396"),
    ("Mare Gallicum", "5.24 L396"),
    ("Mare Hispanum North", "5.24 L396"),
    ("Mare Africum", "8.12 L563"),
    ("Mare Africum West", "7.24 L534"),
    ("Mare Ionium", "5.51 L408"),
)
NS_LEVEL = "NS Level: {zone}"
NS_CONSTRUCTED = "NS levels constructed this GT: {side}"
SIDES = {"roman": "Rome", "carthaginian": "Carthage"}
CONTINGENTS = (
    "Carthaginian",
    "Libyan",
    "Numidian",
    "Mauretanian",
    "Gallic",
    "Iberian",
    "Celtiberian",
    "Lusitanian",
    "Ligurian",
)


def given(rows):
    return lambda: rows


def register():
    """Declare the tables (called from BoardgamesConfig.ready()), the standard trackers, the round's name, and the
    follower that carries a saved NS Level construction to its trackers."""
    from umpire.services.rules import register_run_follower

    register_roman_tables()
    register_carthaginian_tables()
    register_aw_tables()
    register_naval_tables()
    register_case_sources()
    register_standard_trackers()
    register_round_name(RULESET, "Game Turn")  # 4.1 "each year/Game Turn"
    register_run_follower(propose_ns_levels)


def register_roman_tables():
    register_data_table(
        RULESET,
        "legion_request",
        "2nd Punic War Legion Request Table",
        [("legions", "Legions raised", "number"), ("reinforcement_sp", "[Reinforcement SP]", "number")],
        given(LEGION_REQUEST),
        row_title="Column: adjusted DR",
        source=f"5.13, 5.22: the Roman Charts & Tables PAC, not printed. {EXTRACTION} §4.2.",
    )
    register_data_table(
        RULESET,
        "senate_permission",
        "Senate Permission Chart",
        [("drm", "DRM", "number")],
        given(SENATE_PERMISSION),
        row_title="Line",
        source=f"4.66: the Roman Charts & Tables PAC, not printed. {EXTRACTION} §4.2.",
    )
    register_data_table(
        RULESET,
        "censure",
        "Censure Chart",
        [("drm", "DRM", "number")],
        given(CENSURE),
        row_title="Line",
        source="4.67: the Roman Charts & Tables PAC, not printed.",
    )


def register_carthaginian_tables():
    pac = "the Carthaginian Charts & Tables PAC, not printed"
    register_data_table(
        RULESET,
        "family_modifiers",
        "Family Power Determination Table: modifiers",
        [("drm", "DRM", "number")],
        given(FAMILY_MODIFIERS),
        row_title="Line",
        source=f"6.1: {pac}.",
    )
    register_data_table(
        RULESET,
        "family_table",
        "Family Power Determination Table",
        [("family", "Family in power (magonid/barcid)", "text")],
        given(FAMILY_TABLE),
        row_title="Adjusted DR",
        source=f"6.1: {pac}.",
    )
    register_data_table(
        RULESET,
        "climate_modifiers",
        "Political Climate Table: modifiers",
        [("drm", "DRM", "number")],
        given(CLIMATE_MODIFIERS),
        row_title="Line",
        source=f"6.21: {pac}.",
    )
    register_data_table(
        RULESET,
        "climate_table",
        "Political Climate Table",
        [("climate", "Climate (cautious/interested/alert/aggressive)", "text")],
        given(CLIMATE_TABLE),
        row_title="Adjusted DR",
        source=f"6.21: {pac}.",
    )
    register_data_table(
        RULESET,
        "disband_recall",
        "Army Disband and Commander Recall Table",
        [("disband", "In the Disband Army range", "yesno"), ("recall", "In the Recall Commander range", "yesno")],
        given(DISBAND_RECALL),
        row_title="Row and DR",
        source=f"6.31, 6.46: {pac}.",
    )
    register_data_table(
        RULESET,
        "carthaginian_manpower",
        "Carthaginian Manpower Table",
        [("infantry", "Infantry SP", "number"), ("cavalry", "Cavalry SP", "number")],
        given(MANPOWER),
        row_title="Contingent and adjusted DR",
        source=f"7.21: {pac}.",
    )
    register_data_table(
        RULESET,
        "province_information",
        "Province Information Chart: manpower",
        [("sp", "Manpower SP", "number")],
        given(PROVINCES),
        row_title="Province",
        source="7.27, 10.31: the scenario's PIC, not printed.",
    )


def register_aw_tables():
    register_data_table(
        RULESET,
        "leader_loss",
        "Leader Loss Chart (AW 8.61)",
        [
            ("casualty_from", "(MR rows) lowest adjusted DR that is a casualty", "number"),
            ("result", "(DR rows) result", "text"),
        ],
        given(LEADER_LOSS),
        row_title="'MR 7' or 'DR 6'",
        source=f"4.44: the AW rulebook's chart, not printed. {EXTRACTION} §4.1.",
    )
    register_data_table(
        RULESET,
        "attrition_results",
        "Attrition Results Table (AW 6.4): rows",
        [("low", "Lowest AP", "number"), ("high", "Highest AP", "number")],
        given(ATTRITION),
        row_title="Row",
        source=f"2.1: the AW rulebook's table, not printed. {EXTRACTION} §4.2.",
    )
    register_data_table(
        RULESET,
        "percentage_loss",
        "Percentage Loss Chart (AW)",
        [("sp", "SP", "number")],
        given(PERCENTAGE_LOSS),
        row_title="'10% of 42'",
        source=f"6.75, 9.16, 9.23, 9.6: the AW chart; its rounding is not in the text. {EXTRACTION} §4.2.",
    )
    register_data_table(
        RULESET,
        "macedonian_war",
        "First Macedonian War Table",
        [("result", "Entry or DRM", "text")],
        given(MACEDONIAN),
        row_title="Adjusted DR, or the box's state",
        source="11.1, 11.4: the 2nd Punic War Scenarios PAC, not printed; 13.10 gives the ANS lines.",
    )
    register_data_table(
        RULESET,
        "battle_results",
        "Battle Results Table (AW 8.0)",
        [
            ("attacker_loss", "Attacker's loss (%)", "number"),
            ("defender_loss", "Defender's loss (%)", "number"),
            ("attacker_outcome", "Attacker's result (major_victory/victory/draw/defeat/major_defeat)", "text"),
        ],
        given(BATTLE_RESULTS),
        row_title="Adjusted Battle DR",
        source=f"9.16, 13.74: the AW rulebook's table, not printed. {EXTRACTION} §3.12.",
    )
    register_data_table(
        RULESET,
        "siege_assault",
        "Siege Assault Table (AW 9.0)",
        [("result", "Result", "text")],
        row_title="Adjusted DR",
        source=f"4.92, 9.19, 13.9: the AW rulebook's table, not printed. {EXTRACTION} §3.13.",
    )
    register_data_table(
        RULESET,
        "siege_attrition",
        "Siege Attrition Table (AW 9.0)",
        [("result", "Result", "text")],
        row_title="Adjusted DR (the besieged player's)",
        source=f"4.92, 13.9: the AW rulebook's table, not printed. {EXTRACTION} §3.13.",
    )
    register_data_table(
        RULESET,
        "naval_transport",
        "Naval Transport Table (AW PAC #2)",
        [("loss_percent", "SP loss (%)", "number")],
        given(NAVAL_TRANSPORT),
        row_title="Adjusted DR",
        source="5.24, 7.24: AW Player Aid Card #2, not printed.",
    )
    register_data_table(
        RULESET,
        "ambassador",
        "Ambassador Table (AW PAC #1)",
        [("result", "Boxes (or D)", "text")],
        row_title="'A 7'",
        source="10.21: AW PAC #1, not printed.",
    )


def register_naval_tables():
    register_data_table(
        RULESET,
        "ns_construction",
        "NS Level Construction Table",
        [("levels", "NS levels", "number")],
        row_title="Column and DR, as 'Roman 7'",
        source="8.11: the 2nd Punic War Scenarios PAC, not printed. The 8.12 example (L563) gives DR 7: 2 levels, "
        "for the Roman player, in a column it does not name.",
    )
    pac = "the Advanced Naval System PAC, not printed"
    register_data_table(
        RULESET,
        "naval_distance",
        "Naval Movement Distance Effects Table",
        [("effect", "Effect", "text")],
        given(NAVAL_DISTANCE),
        row_title="Adjusted DR",
        source=f"13.42-13.43: {pac}.",
    )
    register_data_table(
        RULESET,
        "naval_ratio",
        "Naval Combat Ratio Chart",
        [("drm", "Battle DRM", "number"), ("raid_drm", "Raid Defense DRM", "number")],
        given(NAVAL_RATIO),
        row_title="Ratio",
        source=f"13.54, 13.63: {pac}.",
    )
    register_data_table(
        RULESET,
        "naval_results",
        "Naval Battle Results Table",
        [("percent", "Squadrons lost (%)", "number"), ("rounding", "up or down", "text")],
        given(NAVAL_RESULTS),
        row_title="Adjusted DR (-2 to 11)",
        source=f"13.53: {pac}.",
    )
    register_data_table(
        RULESET,
        "harbor_capacity",
        "Port Harbor Capacity Chart",
        [("capacity", "Squadrons", "number")],
        given(HARBORS),
        row_title="Port",
        source=f"13.16, 13.45, 13.81: {pac}.",
    )
    register_data_table(
        RULESET,
        "augury_table",
        "Augury Table",
        [("event", "Event", "text"), ("conditional_event", "Conditional Event", "text")],
        row_title="Dice ('00'-'99'; one die '0'-'9')",
        source="3.0 E, 12.0: the scenario's table (2nd Punic War Auguries PAC), not printed.",
    )
    register_data_table(
        RULESET,
        "conditional_events",
        "Conditional Events Chart",
        [("prerequisites", "Prerequisites", "text"), ("effect", "Effect", "text")],
        row_title="Conditional Event",
        source="12.0: the 2nd Punic War Auguries PAC, not printed.",
    )


def register_case_sources():
    """Each chart's rows in a case are filled from its table: a case names the rows, Control's table holds them."""
    from umpire.rules.thunderbolt import (
        allies,
        attrition,
        auguries,
        carthage,
        carthaginian_manpower,
        combat,
        common,
        elections,
        fleets,
        naval,
        naval_battle,
        naval_superiority,
        reinforcements,
        roman_manpower,
        senate,
    )

    for kind, table, cells in (
        (elections.LeaderLossRow, "leader_loss", {"casualty_from": "casualty_from", "result": "result"}),
        (
            roman_manpower.LegionRequestRow,
            "legion_request",
            {"legions": "legions", "reinforcement_sp": "reinforcement_sp"},
        ),
        (senate.SenateModifier, "senate_permission", {"drm": "drm"}),
        (senate.CensureModifier, "censure", {"drm": "drm"}),
        (carthage.FamilyModifier, "family_modifiers", {"drm": "drm"}),
        (carthage.FamilyRow, "family_table", {"family": "family"}),
        (carthage.ClimateModifier, "climate_modifiers", {"drm": "drm"}),
        (carthage.ClimateRow, "climate_table", {"climate": "climate"}),
        (carthage.DisbandRecallRow, "disband_recall", {"disband": "disband", "recall": "recall"}),
        (carthaginian_manpower.ManpowerRow, "carthaginian_manpower", {"infantry": "infantry", "cavalry": "cavalry"}),
        (attrition.AttritionRow, "attrition_results", {"low": "low", "high": "high"}),
        (common.PercentageLossRow, "percentage_loss", {"sp": "sp"}),
        (allies.AmbassadorRow, "ambassador", {"result": "result"}),
        (reinforcements.TransportRow, "naval_transport", {"loss_percent": "loss_percent"}),
        (auguries.MacedonianRow, "macedonian_war", {"result": "result"}),
        (naval.DistanceRow, "naval_distance", {"effect": "effect"}),
        (naval.RatioRow, "naval_ratio", {"drm": "drm", "raid_drm": "raid_drm"}),
        (naval_battle.ResultRow, "naval_results", {"percent": "percent", "rounding": "rounding"}),
        (naval_superiority.ConstructionRow, "ns_construction", {"levels": "levels"}),
        (
            combat.BattleResultRow,
            "battle_results",
            {
                "attacker_loss": "attacker_loss",
                "defender_loss": "defender_loss",
                "attacker_outcome": "attacker_outcome",
            },
        ),
        (combat.SiegeAssaultRow, "siege_assault", {"result": "result"}),
        (combat.SiegeAttritionRow, "siege_attrition", {"result": "result"}),
        (auguries.AuguryRow, "augury_table", {"event": "event", "conditional_event": "conditional_event"}),
        (auguries.ConditionalRow, "conditional_events", {"prerequisites": "prerequisites", "effect": "effect"}),
    ):
        register_case_source(kind, table=table, row_from="row", cells=cells)
    for kind in (naval.ConstructionInput, fleets.PortEntryInput):
        register_case_source(kind, table="harbor_capacity", row_from="port", cells={"harbor_capacity": "capacity"})
    register_case_source(
        carthaginian_manpower.ProvinceManpower, table="province_information", row_from="province", cells={"sp": "sp"}
    )


def register_standard_trackers():
    """2.3's tracks and the limits the rules keep count of. Starting values the scenario booklet sets (absent)
    open at 0 for Control to set; Lucania's is in the text."""
    register_standard_tracker(RULESET, "Game Turn", minimum=1, start=1, source="2.3; 3.0 G/4")
    for province in ROMAN_ITALY:
        start = 2 if province == "Lucania" else 0
        register_standard_tracker(
            RULESET,
            f"Alliance: {province}",
            minimum=-4,
            maximum=4,
            start=start,
            source="10.11: -4 Carthage Box 4 … +4 Rome Box 4; start from the scenario's PIC"
            + (" (10.11 L660: Lucania 2)" if province == "Lucania" else ""),
        )
    for contingent in CONTINGENTS:
        register_standard_tracker(
            RULESET,
            f"Manpower pool: {contingent}",
            minimum=0,
            start=0,
            source="7.32: the holding box's SP, set at scenario setup",
        )
    register_standard_tracker(RULESET, "Carthaginian Citizen SP in play", minimum=0, maximum=50, start=0, source="7.31")
    register_standard_tracker(RULESET, "Praetors in play", minimum=0, maximum=6, start=0, source="4.54")
    register_standard_tracker(RULESET, "Squadrons: Rome", minimum=0, maximum=28, start=0, source="13.17 (ANS)")
    register_standard_tracker(RULESET, "Squadrons: Carthage", minimum=0, maximum=20, start=0, source="13.17 (ANS)")
    register_naval_superiority_trackers()


def register_naval_superiority_trackers():
    """8.11-8.12: each Naval Zone's NS level (its range is AW 7.0's, not in the text, so unbounded; its start is
    the scenario's), and each side's levels constructed this Game Turn, whose double is its manpower DRM."""
    for zone, line in NAVAL_ZONES:
        register_standard_tracker(
            RULESET,
            NS_LEVEL.format(zone=zone),
            start=0,
            source=f"8.11; AW 7.0: + Rome, - Carthage; start from the scenario ({line})",
        )
    for side in SIDES.values():
        register_standard_tracker(
            RULESET,
            NS_CONSTRUCTED.format(side=side),
            minimum=0,
            start=0,
            source="8.12: twice it is the DRM on the Legion Request or Carthaginian Manpower Table this GT",
        )


def propose_ns_levels(run, *, actor):
    """A saved NS Level construction (8.11) proposes each zone's change on its "NS Level" tracker, and sets the
    side's "NS levels constructed this GT" (8.12); each move waits for the umpire. A zone the event keeps no
    tracker for, or a move a tracker refuses, is a note. Other procedures' runs are not its business."""
    if run.procedure != f"{RULESET}.ns_construction":
        return [], []
    from .models import Tracker
    from .services.trackers import because

    changes = {NS_LEVEL.format(zone=zone): change for zone, change in run.outcome["ns_levels"].items()}
    constructed = NS_CONSTRUCTED.format(side=SIDES[run.outcome["side"]])
    trackers = {t.name: t for t in Tracker.objects.filter(event_id=run.event_id, name__in=[*changes, constructed])}
    if constructed in trackers:  # set, not added: a second run this turn replaces the first's count
        changes[constructed] = run.outcome["constructed"] - (trackers[constructed].value or 0)
    proposals, notes = [], []
    for name, change in changes.items():
        if name not in trackers:
            notes.append(f"{name} is not one of the event's trackers: open it to keep that zone's level.")
            continue
        try:
            proposals += propose_ns_move(run, trackers[name], change, actor)
        except ValidationError as why:
            notes.append(f"{name} was not moved by {run.title} (rules run #{run.pk}): {because(why)}.")
    return proposals, notes


def propose_ns_move(run, tracker, change, actor):
    """The tracker's proposed move, none for no change; a ValidationError names a move the tracker refuses."""
    from .services.trackers import do_propose_tracker_move

    if not change:
        return []
    reason = f"from rules run #{run.pk}: {run.title}"
    return [
        do_propose_tracker_move(
            tracker, change=change, reason=reason, procedure=run.procedure, from_run=run, actor=actor
        )
    ]
