"""Imperium Romanum's per-event data tables (with the cells the text gives), its case sources, its standard
trackers, its round's name and its sequence of play, as the console holds them."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from boardgames.case_sources import fill_from_data_tables
from boardgames.models import DataCell, DataTable, Tracker
from boardgames.registry import get_declarations, get_standard_trackers
from boardgames.selectors import get_data_cell
from boardgames.sequence import load_sequence
from boardgames.services.tables import do_prepare_data_tables, do_save_data_rows
from boardgames.services.trackers import (
    do_add_tracker_feed,
    do_move_tracker,
    do_open_standard_trackers,
    do_propose_tracker_move,
)
from umpire.models import ProcedureRun
from umpire.printing.ruleset_reference import ruleset_reference_pdf
from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.combat import land_combat
from umpire.rules.imperium_romanum.combat_input import LandCombatInput
from umpire.rules.imperium_romanum.morale import MoraleInput, morale
from umpire.rules.registry import run_procedure
from umpire.rules.schema import parse
from umpire.services.rules import do_record_procedure_run
from umpire.views.rules import reference_sheet


@pytest.fixture
def tables(ir, ir_control):
    do_prepare_data_tables(ir, actor=ir_control)
    return {table.key: table for table in DataTable.objects.filter(event=ir)}


def test_every_missing_table_is_a_data_table():
    keys = {declaration.key for declaration in get_declarations("imperium_romanum")}
    assert keys == {
        "cities",
        "recruiting_limits",
        "optional_land_crt",
        "standard_land_crt",
        "naval_crt",
        "cities_surrender",
        "power_dissolution",
        "morale_table",
        "situations",
    }


def test_the_tables_are_made_with_the_cells_the_text_gives(ir, tables):
    assert get_data_cell(ir, "optional_land_crt", "-2", "3_2") == "E/¼A"
    assert get_data_cell(ir, "naval_crt", "0", "3_1") == "1/2"
    assert get_data_cell(ir, "morale_table", "Capital, Loss of through rebellion", "points") == "-3"
    assert get_data_cell(ir, "morale_table", "City, Capture of", "times_tax_rate") == "yes"
    assert get_data_cell(ir, "power_dissolution", "3", "50_or_less") == "D"
    assert get_data_cell(ir, "cities_surrender", "4", "100") == "S"
    assert get_data_cell(ir, "cities", "Caralis", "port") == "yes"
    cell = DataCell.objects.get(row__table=tables["situations"], row__key="11", column="dont_trust")
    assert (cell.value, cell.given, "L909" in cell.source) == ("1-5 nothing, 6 declares", True, True)
    assert not DataCell.objects.filter(row__table=tables["optional_land_crt"], row__key="-1").exists()
    assert not DataCell.objects.filter(
        row__table=tables["morale_table"], row__key="Port (not in city), Loss of"
    ).exists()
    empty = [tables["standard_land_crt"], tables["recruiting_limits"]]
    assert not DataCell.objects.filter(row__table__in=empty).exists()


def test_a_combat_takes_its_row_and_its_citys_defence_from_the_event(ir, tables, ir_control):
    do_save_data_rows(tables["optional_land_crt"], rows=[("3", {"2_1": "N/hE"})], actor=ir_control)
    do_save_data_rows(tables["cities"], rows=[("Roma", {"defence": "4"})], actor=ir_control)
    case = {
        "attacker": {"units": [{"strength": 60}]},
        "defender": {"units": [{"strength": 10, "in_city": True}]},
        "defence": "siege_assault",
        "city": {"name": "Roma"},
        "crt": [{"roll": 3}],
    }
    filled, notes = fill_from_data_tables(ir, "imperium_romanum.land_combat", case)
    assert filled["city"]["defence"] == 4 and filled["crt"] == [{"roll": 3, "at_2_1": "N/hE"}] and notes
    result = land_combat(parse(LandCombatInput, filled), EnteredDice([3]))
    assert (result.outcome["defence"], result.outcome["column"], result.outcome["defender_loses"]) == (24, "2:1", 5)


def test_tv_22_the_corn_fleets_start_at_their_ports():
    """9.78 L327: "Caralis, 1; Syracusae, 2; Roma, 2; Carthago, 3; Alexandria, 5"; 9.12 L353: "3 Corn fleets at
    Constantinople and 2 at Heraclea Chersonensus"."""
    cities = next(d for d in get_declarations("imperium_romanum") if d.key == "cities")
    fleets = {name: cells["corn_fleets"].value for name, cells in cities.given_rows() if "corn_fleets" in cells}
    assert fleets == {
        "Caralis": 1,
        "Syracusae": 2,
        "Roma": 2,
        "Carthago": 3,
        "Alexandria": 5,
        "Byzantium/Constantinopolis": 3,
        "Heraclea Chersonensus": 2,
    }
    assert sum(fleets[port] for port in ("Caralis", "Syracusae", "Roma", "Carthago", "Alexandria")) == 13


def test_the_situation_gives_the_fortification_and_bribe_costs_and_imperator_replacement(ir, tables, ir_control):
    """17.12, 18.51 and 10.61 leave these to the situation: Control enters them on its row of the Situations."""
    fort = {"legions": 1, "situation": "14"}
    filled, _ = fill_from_data_tables(ir, "imperium_romanum.fortification", fort)
    with pytest.raises(RulesError, match=r"Situations\[14/light_infantry_cost\]"):
        run_procedure("imperium_romanum.fortification", filled, EnteredDice([]))
    do_save_data_rows(
        tables["situations"],
        rows=[("14", {"light_infantry_cost": "3", "legion_cost": "10", "imperator_replacement": "yes"})],
        actor=ir_control,
    )
    filled, notes = fill_from_data_tables(ir, "imperium_romanum.fortification", fort)
    assert filled["light_infantry_cost"] == 3 and notes
    assert run_procedure("imperium_romanum.fortification", filled, EnteredDice([])).outcome["cost"] == 3
    bribe, _ = fill_from_data_tables(
        ir, "imperium_romanum.bribe", {"situation": "14", "bribes": [{"faction": "Otho", "bribes": 2}]}
    )
    assert run_procedure("imperium_romanum.bribe", bribe, EnteredDice([])).outcome["costs"] == {"Otho": 10}
    lost, _ = fill_from_data_tables(
        ir, "imperium_romanum.imperator_replacement", {"faction": "Otho", "situation": "14", "successor": True}
    )
    assert lost["replacement"] is True


def test_an_areas_militia_comes_from_its_recruiting_line(ir, tables, ir_control):
    do_save_data_rows(tables["recruiting_limits"], rows=[("Italia", {"militia": "12"})], actor=ir_control)
    filled, _ = fill_from_data_tables(
        ir, "imperium_romanum.militia", {"line": "Italia", "province": "Italia", "controller": "Otho"}
    )
    assert run_procedure("imperium_romanum.militia", filled, EnteredDice([])).outcome == {
        "controller": "Otho",
        "strength": 12,
        "cost": 0,
    }


def test_the_cut_off_morale_row_waits_for_control(ir, tables, ir_control):
    case = {"events": [{"event": "Port (not in city), Loss of"}]}
    filled, _ = fill_from_data_tables(ir, "imperium_romanum.morale", case)
    with pytest.raises(RulesError, match="Control enters it"):
        morale(parse(MoraleInput, filled), EnteredDice([]))
    do_save_data_rows(
        tables["morale_table"],
        rows=[("Port (not in city), Loss of", {"points": "-1", "times_tax_rate": "no"})],
        actor=ir_control,
    )
    filled, _ = fill_from_data_tables(ir, "imperium_romanum.morale", case)
    assert morale(parse(MoraleInput, filled), EnteredDice([])).outcome["change"] == -1


def test_the_standard_trackers(ir, ir_control):
    names = {tracker.name: tracker for tracker in get_standard_trackers("imperium_romanum")}
    assert {
        "Morale: faction 1",
        "Morale: faction 2",
        "Treasury: faction 1",
        "Treasury: faction 2",
        "Corn Supply Index: Roma",
        "Corn Supply Index: Constantinopolis",
    } == set(names)
    assert names["Morale: faction 1"].minimum is None  # 11.2: 0 or less dissolves, so it may go below 0
    assert names["Treasury: faction 2"].minimum == 0
    assert len(do_open_standard_trackers(ir, actor=ir_control)) == len(names)


def test_each_standard_tracker_opens_not_set_for_the_situations_figure(ir, ir_control):
    """11.0 (L439): "Each faction is assigned a morale rating in the situation outline at the start of play"; 20.2
    (L888): the outline gives "their initial treasury balances and morale status"; 9.8 (L329): "The amount of Corn on
    hand at the start of a situation is always indicated in the situation". No outline is printed, so each opens not
    set, never at 0, which for morale would be a dissolution at the turn's end (11.2)."""
    assert {standard.start for standard in get_standard_trackers("imperium_romanum")} == {None}
    opened = do_open_standard_trackers(ir, actor=ir_control)
    assert [tracker.value for tracker in opened] == [None] * 6
    assert not Tracker.objects.get(event=ir, name="Morale: faction 1").moves.exists()


@pytest.fixture
def morale_1(ir, ir_control):
    do_open_standard_trackers(ir, actor=ir_control)
    return Tracker.objects.get(event=ir, name="Morale: faction 1")


def test_an_unset_morale_refuses_a_move_proposed_from_it(morale_1, ir_control):
    """A proposal is a change from the tracker's figure: from a morale not set, it is refused, naming the tracker,
    and nothing is written."""
    with pytest.raises(ValidationError, match="Morale: faction 1 is not set: Control sets it first"):
        do_propose_tracker_move(morale_1, change=-2, reason="no attack this turn", actor=ir_control)
    assert morale_1.value is None and not morale_1.moves.exists()


def test_a_feed_from_the_morale_ledger_waits_for_control_to_set_it(ir, morale_1, ir_control):
    """A saved run of the Morale Table proposes nothing to an unset morale: the umpire is told it is not set."""
    do_add_tracker_feed(morale_1, procedure="imperium_romanum.morale", outcome_path="change", actor=ir_control)
    case = {"events": [{"event": "Attacks, Each Game-Turn none is made"}]}
    run = do_record_procedure_run(
        ir, key="imperium_romanum.morale", case=case, dice=[], rolled_by_console=False, actor=ir_control
    )
    assert morale_1.value is None and not morale_1.moves.exists()
    assert any("Morale: faction 1 is not set: Control sets it first" in note for note in run.follower_notes)


def test_controls_first_move_sets_the_morale_then_it_moves(morale_1, ir_control):
    """Control sets the morale from the situation outline (here a constructed 100); from then it moves as any
    tracker does."""
    setting = do_move_tracker(morale_1, change=100, reason="situation outline", actor=ir_control)
    assert setting.reason == "Set at 100: situation outline" and setting.value_after == 100 == morale_1.value
    assert do_move_tracker(morale_1, change=-2, reason="no attack", actor=ir_control).value_after == 98


def test_the_trackers_page_shows_an_unset_tracker_as_not_set(client, ir, morale_1, ir_control):
    client.force_login(ir_control)
    page = client.get(reverse("boardgames:trackers", args=[ir.slug])).content.decode()
    assert "not set" in page and "Set Morale: faction 1 at" in page


def test_the_round_is_a_year_of_monthly_game_turns():
    sequence = load_sequence("imperium_romanum")
    assert sequence.round_name == "Year" and sequence.stages[0] == "January" and len(sequence.stages) == 12
    assert [phase.key for phase in sequence.phases_in(5)] == [
        "start_of_turn",
        "corn_harvest",
        "taxation",
        "mobilization",
        "activation",
        "supply",
    ]
    assert sequence.setup is not None and sequence.setup.items[0].source == "20.1"


def test_the_printed_reference_sheet_holds_the_tables_and_the_sequence_of_play():
    pdf = ruleset_reference_pdf(reference_sheet("imperium_romanum"), event_name="Imperium Romanum")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).lower()
    for words in (
        "optional land combat results table",
        "siege attrition table",
        "supply limitations table",
        "combat efficiency class die-roll modification matrix",
        "joint taxation phase",
        "activation phase",
    ):
        assert words in text, words


def test_a_chit_draw_saved_at_the_desk_prints_as_a_procedure_record(client, ir, ir_control):
    """The hidden draw as the neutral party: the console rolls, the run keeps the seed, and the record prints it;
    the same mug and seed draw the same chit again."""
    client.force_login(ir_control)
    case = {"mug": [{"power": "Otho", "value": 3}, {"power": "Vitellius", "value": 0}]}
    ran = client.post(
        reverse("umpire:rules-run", args=["ir", "imperium_romanum.chit_draw"]), case, content_type="application/json"
    ).json()
    saved = client.post(
        "/events/ir/rules/imperium_romanum.chit_draw/save",
        {"case": case, "dice": [roll["value"] for roll in ran["dice"]], "rolled_by_console": True, "seed": ran["seed"]},
        content_type="application/json",
    )
    assert saved.status_code in (200, 201), saved.content
    run = ProcedureRun.objects.get(event=ir, procedure="imperium_romanum.chit_draw")
    assert run.rolled_by_console and run.seed is not None and run.outcome["drawn"] in case["mug"]
    again = run_procedure("imperium_romanum.chit_draw", case, SeededDice(run.seed))
    assert again.outcome == run.outcome
    pdf = client.post(reverse("umpire:rules-record-pdf", args=["ir", run.pk]))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert str(run.seed) in text
