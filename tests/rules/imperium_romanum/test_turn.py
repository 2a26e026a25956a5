"""4.0 Sequence of Play as the clock's data, the printed reference sheet's tables, and the ruleset's procedures."""
from umpire.rules.reference import get_sequence, get_tables, table_rows
from umpire.rules.registry import get_procedure, get_procedures
from umpire.rules.imperium_romanum import turn

EXPECTED = {
    "activation", "activation_mug", "barbarian_dissolution", "chit_draw", "city_surrender", "combat_efficiency",
    "corn_consumption", "corn_production", "desertion", "dont_trust_anyone", "exterior_province", "force_march",
    "fortification", "furthest_faction", "interception", "joining_force", "land_combat", "land_movement_cost",
    "leader_replacement", "mobilization", "morale", "morale_halving", "naval_attrition", "naval_combat", "overrun",
    "persian_activation", "plunder", "power_dissolution", "retreat", "sea_movement_cost", "siege_attrition",
    "supply_limits", "supply_purchase", "taxation", "treasury_capture", "veteran_upgrade", "season",
    "province_control", "barbarian_province_control", "line_of_supply", "blockade", "naval_transport",
    "fleet_construction", "disband_fleet", "wrong_road", "imperator_victory", "barbarian_victory",
    "province_defection",
}


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
    assert {"Optional Land Combat Results Table", "Naval Combat Results Table", "Siege Attrition Table",
            "Supply Limitations Table", "Combat Efficiency Class Die-Roll Modification Matrix",
            "Terrain and Seasonal Effects Chart: land", "Chits removed"} <= names
    crt = next(t for t in get_tables("imperium_romanum") if t.name == "Optional Land Combat Results Table")
    header, rows = table_rows(crt)
    assert rows[0][0] == "-2" and "(Control enters it)" in rows[1]
    assert list(header[1:]) == [column.replace("_", " ") for column in next(iter(crt.rows.values()))]  # odds order
