"""The odds of an Imperium Romanum combat at the rules desk, beside the combat itself: the umpire types the combat,
and every row of the column its die can reach is read from the event's results table as Control entered it; a row
still empty stops the odds, naming it."""

import pytest

from boardgames.imperium_romanum import odds_rows
from boardgames.models import DataTable
from boardgames.services.tables import do_prepare_data_tables, do_save_data_rows
from umpire.models import Role
from umpire.rules.errors import RulesError
from umpire.services.readings import do_set_readings, get_procedures_with_readings
from umpire.services.rules import prepare_case

LAND_ODDS = "imperium_romanum.land_combat_odds"
NAVAL_ODDS = "imperium_romanum.naval_combat_odds"
# DV-16: 15 class C against 10 class A with a +2 leader in rough; the die, modified by -5, reaches rows -2 to 1.
DV_16 = {
    "attacker": {"units": [{"strength": 15, "cer": "C"}]},
    "defender": {"units": [{"strength": 10, "cer": "A"}], "leader": 2},
    "rough": True,
}
DV_16_ON_THE_DESK = {
    "attacker.units": "0",
    "defender.units": "0",
    "attacker.units.0.strength": "15",
    "attacker.units.0.cer": "C",
    "defender.units.0.strength": "10",
    "defender.units.0.cer": "A",
    "defender.leader": "2",
    "rough": "on",
    "dice_mode": "console",
    "step": "run",
}


@pytest.fixture
def ir_umpire(ir, make_umpire):
    return make_umpire(ir, Role.CONTROL, username="ir-umpire")


@pytest.fixture
def tables(ir, ir_control):
    do_prepare_data_tables(ir, actor=ir_control)
    return {table.key: table for table in DataTable.objects.filter(event=ir)}


@pytest.fixture
def column_3_2(tables, ir_control):
    """Control enters rows -1 to 1 of the Optional table's 3:2 column (the rulebook prints only row -2 whole)."""
    rows = [("-1", {"3_2": "hE/½A"}), ("0", {"3_2": "hE/¼A"}), ("1", {"3_2": "N/N"})]
    do_save_data_rows(tables["optional_land_crt"], rows=rows, actor=ir_control)


def desk_run(client, user, key, case):
    client.force_login(user)
    return client.post(f"/events/ir/rules/{key}/run", case, content_type="application/json")


def test_the_odds_read_every_row_the_die_reaches_from_the_events_table(client, column_3_2, ir_umpire):
    reply = desk_run(client, ir_umpire, LAND_ODDS, DV_16)
    assert reply.status_code == 200, reply.json()
    outcome = reply.json()["outcome"]
    assert [(row["row"], row["chance"], row["result"]) for row in outcome["rows"]] == [
        (-2, "1/2", "E/¼A"),
        (-1, "1/6", "hE/½A"),
        (0, "1/6", "hE/¼A"),
        (1, "1/6", "N/N"),
    ]
    assert outcome["winner"] == {"attacker": "0", "defender": "5/6", "neither": "1/6"}
    filled = reply.json()["filled"]  # each row whole, as a row the umpire lists is filled
    assert [note.split(":")[0] for note in filled] == ["-2", "-1", "0", "1"]
    assert "at 3 2 E/¼A (the rulebook's)" in filled[0] and "at 3 2 hE/½A, from the event's Optional" in filled[1]


def test_a_row_the_die_reaches_and_control_has_not_entered_stops_the_odds_naming_it(client, tables, ir_umpire):
    reply = desk_run(client, ir_umpire, LAND_ODDS, DV_16)
    assert reply.status_code == 400
    assert reply.json()["error"] == {
        "field": "crt",
        "message": "the Optional Land Combat Results Table has no result for die-rolls -1, 0, 1 at 3:2, which the "
        "die can reach: Control enters them on the data tables page",
    }


def test_a_row_the_umpire_typed_is_kept_and_only_the_missing_rows_are_added(ir, column_3_2):
    case = {**DV_16, "crt": [{"roll": 0, "at_3_2": "N/N"}]}
    prepared, _ = prepare_case(ir, LAND_ODDS, case)
    assert [row["roll"] for row in prepared["crt"]] == [0, -2, -1, 1]
    assert prepared["crt"][0] == {"roll": 0, "at_3_2": "N/N"}


def test_a_case_the_rules_cannot_read_is_left_for_the_procedure_to_refuse(ir):
    case = {"attacker": {"units": [{"strength": "many"}]}}
    assert odds_rows(ir, LAND_ODDS, case) == (case, [])
    assert odds_rows(ir, "imperium_romanum.land_combat", DV_16) == (DV_16, [])


def test_the_naval_odds_take_the_rows_past_the_printed_ones_from_the_event(client, tables, ir_control, ir_umpire):
    rows = [("-3", {"3_2": "2/-"}), ("-2", {"3_2": "2/-"}), ("2", {"3_2": "-/1"})]
    do_save_data_rows(tables["naval_crt"], rows=rows, actor=ir_control)
    case = {"attacker": {"fleets": 15, "cer": "C"}, "defender": {"fleets": 8, "leader": 3}}
    reply = desk_run(client, ir_umpire, NAVAL_ODDS, case)
    assert reply.status_code == 200, reply.json()
    outcome = reply.json()["outcome"]
    assert outcome["loser"] == {"attacker": "2/3", "defender": "1/6", "both": "1/6"}
    assert outcome["expected_losses"] == {"attacker": "3", "defender": "1/3"}


def test_the_desk_offers_the_odds_beside_the_combat_and_shows_them_as_read_aloud(client, column_3_2, ir_umpire):
    client.force_login(ir_umpire)
    index = client.get("/events/ir/rules/").content.decode()
    assert index.index("/rules/imperium_romanum.land_combat/") < index.index(f"/rules/{LAND_ODDS}/")
    assert ">Land combat: the odds</a>" in index and ">Naval combat: the odds</a>" in index
    page = client.post(f"/events/ir/rules/{LAND_ODDS}/", DV_16_ON_THE_DESK)
    assert page.status_code == 200, page.content.decode()[:2000]
    html = page.content.decode()
    assert "The attacker wins on 0 of the 6 faces (0.0%), the defender on 5 of the 6 faces (83.3%)" in html
    assert "Faces 1 to 3, 3 in 6, modified by -5: die-roll -2 (-4 to -2, treated as -2)" in html


def test_the_odds_read_the_rules_as_the_event_reads_the_combat(ir, column_3_2, ir_control):
    do_set_readings(ir, procedure="imperium_romanum.land_combat", options={"cavalry_tripled": True}, actor=ir_control)
    prepared, _ = prepare_case(ir, LAND_ODDS, DV_16)
    assert prepared["options"] == {
        "plus_2_narrow_sea": "third",
        "cavalry_tripled": True,
        "lone_leader_class": "no_modifier",
    }


def test_the_odds_have_no_readings_of_their_own_to_set(ir, ir_control):
    with pytest.raises(RulesError, match="reads the rules as imperium_romanum.land_combat does"):
        do_set_readings(ir, procedure=LAND_ODDS, options={"cavalry_tripled": True}, actor=ir_control)
    assert LAND_ODDS not in {proc.key for proc in get_procedures_with_readings(ir)}
    assert "imperium_romanum.land_combat" in {proc.key for proc in get_procedures_with_readings(ir)}


def test_the_rows_the_die_reaches_are_filled_in_the_same_queries_however_many(
    ir, column_3_2, django_assert_num_queries
):
    """Modified by -7 the die reaches two rows, by DV-16's -5 four: two queries either way (the combat's readings,
    which the odds read, and the table's cells)."""
    steeper = {
        **DV_16,
        "defender": {**DV_16["defender"], "leader": 3, "morale": 100},
        "attacker": {**DV_16["attacker"], "morale": 50},
    }
    for case, reached in ((steeper, 2), (DV_16, 4)):
        with django_assert_num_queries(2):
            prepared, _ = prepare_case(ir, LAND_ODDS, case)
        assert len(prepared["crt"]) == reached
