"""Hannibal Barkas' leader and event cards carry what a pursuit ability or effect does (§5.9 L505, L509), which
the rulebook never prints: Control fills the cells in, and a battle's pursuit takes them from there."""

import pytest

from boardgames.case_sources import fill_from_data_tables
from boardgames.models import DataTable
from boardgames.services.tables import do_prepare_data_tables, do_save_data_rows
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure

BATTLE = "hannibal_barkas.battle"
PURSUIT_CELLS = {"pursuit_joins", "pursuit_joins_number", "pursuit_modifier"}


@pytest.fixture
def tables(hb, hb_control):
    do_prepare_data_tables(hb, actor=hb_control)
    return {table.key: table for table in DataTable.objects.filter(event=hb)}


def battle_case(leader=None, effect=None):
    """Constructed, not from the text: A (1 cavalry, 2 heavy infantry) beats B (3 heavy infantry), who withdraws."""
    attacker = {
        "name": "A",
        "units": {"cavalry": 1, "heavy_infantry": 2},
        "leaders": [leader] if leader else [],
        "pursuit_effects": [effect] if effect else [],
    }
    return {"attacker": attacker, "defender": {"name": "B", "units": {"heavy_infantry": 3}, "withdraw_after_round": 1}}


def test_leader_and_event_cards_have_the_pursuit_columns(tables):
    leader_columns = {column["key"] for column in tables["leader_cards"].columns}
    event_columns = {column["key"] for column in tables["event_cards"].columns}
    assert PURSUIT_CELLS | {"pursuit_ability"} <= leader_columns and PURSUIT_CELLS <= event_columns


def test_a_pursuit_effect_control_entered_joins_units_to_the_pursuit(hb, tables, hb_control):
    """§5.9 L505: "Effects ... join other units to the pursuit"; the card's cells as Control entered them."""
    do_save_data_rows(
        tables["event_cards"],
        rows=[("Chase them down", {"pursuit_joins": "heavy_infantry", "pursuit_joins_number": "2"})],
        actor=hb_control,
    )
    case, notes = fill_from_data_tables(hb, BATTLE, battle_case(effect={"card": "Chase them down"}))
    assert case["attacker"]["pursuit_effects"] == [
        {"card": "Chase them down", "joins": "heavy_infantry", "joins_number": 2}
    ]
    result = run_procedure(BATTLE, case, EnteredDice([1] * 6 + [8, 7, 1]))
    assert result.outcome["defender"]["lost_in_pursuit"]["heavy_infantry"] == 2


def test_a_leader_s_pursuit_ability_control_entered_modifies_the_pursuit(hb, tables, hb_control):
    """§5.9 L509: "leaders who have special abilities that apply in a pursuit"."""
    do_save_data_rows(
        tables["leader_cards"],
        rows=[("Maharbal", {"command": "0", "pursuit_ability": "yes", "pursuit_modifier": "1"})],
        actor=hb_control,
    )
    case, _ = fill_from_data_tables(hb, BATTLE, battle_case(leader={"name": "Maharbal"}))
    assert case["attacker"]["leaders"][0]["pursuit_modifier"] == 1
    result = run_procedure(BATTLE, case, EnteredDice([1] * 6 + [7]))
    assert result.outcome["defender"]["lost_in_pursuit"]["heavy_infantry"] == 1


def test_a_named_pursuit_ability_with_no_entry_stops_naming_the_cell(hb, tables, hb_control):
    do_save_data_rows(
        tables["leader_cards"], rows=[("Maharbal", {"command": "0", "pursuit_ability": "yes"})], actor=hb_control
    )
    case, _ = fill_from_data_tables(hb, BATTLE, battle_case(leader={"name": "Maharbal"}))
    with pytest.raises(RulesError) as refusal:
        run_procedure(BATTLE, case, EnteredDice([1] * 6))
    assert refusal.value.field == "attacker.leaders.0.pursuit_modifier"
