"""4.0 Sequence of Play as the clock's data, the printed reference sheet's tables, and the ruleset's procedures."""

from umpire.rules.imperium_romanum import turn
from umpire.rules.reference import get_sequence, get_tables, table_rows
from umpire.rules.registry import get_procedure, get_procedures

# Each FULL or PARTIAL procedure of the extraction (shared/rules/004_imperium_romanum.md §3), by its section, with
# the procedures that carry it out. 3.34 is UMPIRE (its results are the land combat's, from Control's table cells).
BY_SECTION = {
    "3.1": {"activation_mug", "chit_draw", "activation"},
    "3.2": {"alliance", "allied_fleets"},
    "3.3": {"province_control", "barbarian_province_control"},
    "3.4": {"taxation"},
    "3.5": {"plunder", "scorched_earth"},
    "3.6": {"treasury_capture"},
    "3.7": {"treasure_city"},
    "3.8": {"mobilization", "pool_contention"},
    "3.9": {"veteran_upgrade"},
    "3.10": {"non_roman_replacement"},
    "3.11": {"fleet_construction"},
    "3.12": {"season"},
    "3.13": {"land_movement_cost", "joining_force"},
    "3.14": {"force_march"},
    "3.15": {"stack_view"},
    "3.16": {"line_of_supply"},
    "3.17": {"supply_limits", "shared_hex_elimination", "corn_defection"},
    "3.18": {"supply_purchase"},
    "3.19": {"blockade"},
    "3.20": {"corn_production", "corn_consumption", "corn_fleet", "corn_fleet_return"},
    "3.21": {"corn_consumption"},
    "3.22": {"leader_replacement", "leader_loss", "land_combat"},
    "3.23": {"desertion", "imperator_replacement"},
    "3.24": {"morale", "morale_halving"},
    "3.25": {"sea_movement_cost", "naval_attrition"},
    "3.26": {"naval_transport"},
    "3.27": {"interception"},
    "3.28": {"naval_combat", "naval_combat_odds"},
    "3.29": {"disband_fleet", "land_combat"},
    "3.30": {"combat_efficiency"},
    "3.31": {"retreat"},
    "3.32": {"land_combat"},
    "3.33": {"land_combat", "land_combat_odds"},
    "3.35": {"overrun"},
    "3.36": {"militia"},
    "3.37": {"stand_siege", "siege_relief"},
    "3.38": {"siege_attrition"},
    "3.39": {"city_surrender"},
    "3.40": {"fortification"},
    "3.41": {"furthest_faction"},
    "3.42": {"exterior_province"},
    "3.43": {"bribe"},
    "3.44": {"persian_activation"},
    "3.45": {"province_defection", "colour_control"},
    "3.46": {"imperator_victory", "barbarian_victory"},
    "3.47": {"dont_trust_anyone"},
    "3.48": {"power_dissolution", "barbarian_dissolution"},
    "3.50": {"land_movement_cost", "wrong_road"},
}
EXPECTED = set().union(*BY_SECTION.values())


def test_every_procedure_is_registered_with_its_rule_and_summary():
    assert {p.key.split(".")[1] for p in get_procedures("imperium_romanum")} == EXPECTED
    for name in EXPECTED:
        proc = get_procedure(f"imperium_romanum.{name}")
        assert proc.source and proc.title and proc.summary, name


def test_a_year_is_twelve_months_each_with_phases_a_to_d_in_order():
    """4.0 L117-133: A. Joint Taxation, B. Joint Mobilization, C. Activation, D. Joint Supply."""
    assert [plan["stage"] for plan in turn.SEQUENCE_OF_PLAY] == list(turn.MONTHS)
    for plan in turn.SEQUENCE_OF_PLAY:
        keys = [phase["key"] for phase in plan["phases"]]
        assert keys[-4:] == ["taxation", "mobilization", "activation", "supply"]
        assert all(step["rule"] for phase in plan["phases"] for step in phase["steps"])


def test_the_calendars_own_phases_fall_in_their_months():
    """6.1 and 11.4 (January), 7.2 (April; Aegyptus in October), 9.61 (May)."""
    months = {plan["number"]: [p["key"] for p in plan["phases"]] for plan in turn.SEQUENCE_OF_PLAY}
    assert [n for n, keys in months.items() if "new_year" in keys] == [1]
    assert [n for n, keys in months.items() if "rivers_flood" in keys] == [4]
    assert [n for n, keys in months.items() if "corn_harvest" in keys] == [5]
    assert [n for n, keys in months.items() if "nile_floods" in keys] == [10]


def test_the_reference_sheet_reads_the_sequence_and_the_tables():
    setup, stages = get_sequence("imperium_romanum")
    assert setup == turn.SETUP_CHECKLIST and len(stages) == 12
    names = {table.name for table in get_tables("imperium_romanum")}
    assert {
        "Optional Land Combat Results Table",
        "Naval Combat Results Table",
        "Siege Attrition Table",
        "Supply Limitations Table",
        "Combat Efficiency Class Die-Roll Modification Matrix",
        "Terrain and Seasonal Effects Chart: land",
        "Chits removed",
    } <= names
    crt = next(t for t in get_tables("imperium_romanum") if t.name == "Optional Land Combat Results Table")
    header, rows = table_rows(crt)
    assert rows[0][0] == "-2" and "(Control enters it)" in rows[1]
    assert list(header[1:]) == [column.replace("_", " ") for column in next(iter(crt.rows.values()))]  # odds order
