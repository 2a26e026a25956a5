"""Thunderbolt's per-event data tables (with the cells its examples give), its case sources, its standard trackers
(with the NS levels a saved construction proposes), its round's name, its set-up and its sequence of play, as the
console holds them."""

import pytest

from boardgames.case_sources import fill_from_data_tables
from boardgames.models import DataCell, DataTable, Tracker, TrackerMove
from boardgames.registry import get_declarations, get_standard_trackers
from boardgames.selectors import get_data_cell, get_sequence_state
from boardgames.sequence import load_sequence
from boardgames.services.tables import do_prepare_data_tables, do_save_data_rows
from boardgames.services.trackers import (
    do_confirm_tracker_move,
    do_open_standard_trackers,
    do_open_tracker,
    do_propose_tracker_move,
)
from umpire.models import Event, Role
from umpire.rules.dice import EnteredDice
from umpire.rules.reference import get_tables
from umpire.rules.registry import run_procedure
from umpire.services.records import do_save_event
from umpire.services.rules import do_record_procedure_run


@pytest.fixture
def tb(db):
    """A Thunderbolt event; its length is the test's own (the scenario booklet is not in the text)."""
    return do_save_event(
        Event(
            slug="tb",
            name="Thunderbolt",
            ruleset=Event.Ruleset.THUNDERBOLT,
            start_year=218,
            start_month=3,
            number_of_turns=11,
        ),
        actor=None,
    )


@pytest.fixture
def tb_control(tb, make_umpire):
    return make_umpire(tb, Role.CONTROL, username="tb-control")


@pytest.fixture
def tables(tb, tb_control):
    do_prepare_data_tables(tb, actor=tb_control)
    return {table.key: table for table in DataTable.objects.filter(event=tb)}


def test_every_chart_the_procedures_need_is_a_data_table():
    keys = {declaration.key for declaration in get_declarations("thunderbolt")}
    assert keys == {
        "legion_request",
        "senate_permission",
        "censure",
        "family_modifiers",
        "family_table",
        "climate_modifiers",
        "climate_table",
        "disband_recall",
        "carthaginian_manpower",
        "province_information",
        "leader_loss",
        "attrition_results",
        "percentage_loss",
        "naval_transport",
        "ambassador",
        "macedonian_war",
        "battle_results",
        "siege_assault",
        "siege_attrition",
        "naval_distance",
        "naval_ratio",
        "naval_results",
        "ns_construction",
        "harbor_capacity",
        "augury_table",
        "conditional_events",
    }


def test_the_tables_are_made_with_the_cells_the_examples_give(tb, tables):
    assert get_data_cell(tb, "legion_request", "0-6: 8", "reinforcement_sp") == "12"
    assert get_data_cell(tb, "senate_permission", "Prorogued to the province", "drm") == "2"
    assert get_data_cell(tb, "family_table", "7", "family") == "barcid"
    assert get_data_cell(tb, "disband_recall", "Different/None 3", "disband") == "yes"
    assert get_data_cell(tb, "naval_results", "9", "rounding") == "up"
    cell = DataCell.objects.get(row__table=tables["percentage_loss"], row__key="10% of 42")
    assert (cell.value, cell.given, "L583" in cell.source) == ("5", True, True)
    assert not DataCell.objects.filter(row__table=tables["ambassador"]).exists()


def test_a_case_naming_chart_rows_is_filled_from_the_event_s_tables_and_runs(tb, tables):
    """TV-11 (4.66 L321) through the console: the umpire names the Senate Permission Chart's lines, the event's
    table gives their DRMs."""
    case = {
        "campaign_rating": 6,
        "purpose": "leave_theater",
        "chart": [{"row": "Proconsul"}, {"row": "Prorogued to the province"}],
    }
    filled, notes = fill_from_data_tables(tb, "thunderbolt.senate_permission", case)
    assert filled["chart"] == [{"row": "Proconsul", "drm": 1}, {"row": "Prorogued to the province", "drm": 2}]
    assert notes
    result = run_procedure("thunderbolt.senate_permission", filled, EnteredDice([6]))
    assert result.outcome["adjusted"] == 9 and result.outcome["granted"] is False


def test_an_empty_cell_stays_empty_and_the_procedure_names_it(tb, tables):
    case = {"leader": "Gracchus", "mortality": 7, "leader_loss": [{"row": "MR 7"}]}
    filled, _ = fill_from_data_tables(tb, "thunderbolt.visit_from_pluto", case)
    assert filled["leader_loss"] == [{"row": "MR 7"}]
    family = {
        "table": [{"row": "7"}],
        "modifiers": [{"row": "2nd Punic War"}, {"row": "Barcids in power the previous GT"}],
    }
    filled, _ = fill_from_data_tables(tb, "thunderbolt.family_in_power", family)
    result = run_procedure("thunderbolt.family_in_power", filled, EnteredDice([4]))
    assert result.outcome == {"adjusted": 7, "family": "barcid"}


def test_tv30_the_brt_line_the_text_gives_reaches_the_battle(tb, tables):
    """TV-30, 9.16 (L583): the BRT's -3 line (20/5, a Major Victory for the defender) and 5% of 130 are the
    rulebook's cells; the umpire's case names the row, the event's tables give the rest."""
    assert get_data_cell(tb, "battle_results", "-3", "attacker_outcome") == "major_defeat"
    case = {
        "attacker": "roman",
        "defender_sp": 130,
        "table": [{"row": "-3"}],
        "percentage_loss": [{"row": "5% of 130"}],
        "entered": [{"text": "Odds 1:4", "drm": -4}, {"text": "Hannibal's Leader Tactical Ability", "drm": -4}],
    }
    filled, _ = fill_from_data_tables(tb, "thunderbolt.battle", case)
    result = run_procedure("thunderbolt.battle", filled, EnteredDice([5]))
    assert (result.outcome["defender_outcome"], result.outcome["defender_sp_lost"]) == ("major_victory", 7)


def test_the_harbor_capacity_comes_from_the_event_s_chart(tb, tb_control, tables):
    """13.16 (L737): the Port Harbor Capacity Chart lists the ports (the text names the building ports, 13.17
    L740, and Drepanum, 13.81 L852) with empty capacities; once Control fills Ostia's (the test's own 12), the
    construction reads it."""
    case = {"side": "roman", "squadrons_in_play": 20, "port": "Ostia", "squadrons_in_port": 10}
    filled, _ = fill_from_data_tables(tb, "thunderbolt.squadron_construction", case)
    assert "harbor_capacity" not in filled
    do_save_data_rows(tables["harbor_capacity"], rows=[("Ostia", {"capacity": "12"})], actor=tb_control)
    filled, notes = fill_from_data_tables(tb, "thunderbolt.squadron_construction", case)
    assert filled["harbor_capacity"] == 12 and notes
    result = run_procedure("thunderbolt.squadron_construction", filled, EnteredDice([5]))
    assert result.outcome["built"] == 2


def test_the_standard_trackers(tb, tb_control):
    names = {tracker.name: tracker for tracker in get_standard_trackers("thunderbolt")}
    assert names["Game Turn"].minimum == 1 and names["Game Turn"].start == 1
    lucania = names["Alliance: Lucania"]
    assert (lucania.minimum, lucania.maximum, lucania.start) == (-4, 4, 2)
    assert names["Carthaginian Citizen SP in play"].maximum == 50 and names["Praetors in play"].maximum == 6
    assert {f"Manpower pool: {c}" for c in ("Carthaginian", "Gallic", "Ligurian")} <= set(names)
    opened = do_open_standard_trackers(tb, actor=tb_control)
    assert len(opened) == len(names)


def test_the_round_is_a_game_turn_and_the_sequence_is_the_rules_own():
    sequence = load_sequence("thunderbolt")
    assert sequence.round_name == "Game Turn" and sequence.stages == ("Year",)
    assert [phase.key for phase in sequence.phases][:3] == ["upgrade", "roman_political", "carthaginian_political"]


def test_the_reference_sheet_prints_the_tables_the_text_gives():
    names = {table.name for table in get_tables("thunderbolt")}
    assert {
        "Command Efficiency Rating (Legions)",
        "Allowable Imperium (Legions)",
        "A newly raised Legion (SP)",
        "Armies allowed besides Hannibal's",
    } <= names


def test_the_printed_reference_sheet_holds_the_tables_and_the_sequence_of_play():
    import io

    from pypdf import PdfReader

    from umpire.printing.ruleset_reference import ruleset_reference_pdf
    from umpire.views.rules import reference_sheet

    pdf = ruleset_reference_pdf(reference_sheet("thunderbolt"), event_name="Thunderbolt")
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).lower()
    for words in (
        "command efficiency rating",
        "allowable imperium",
        "roman political segment",
        "b/1/c election of magistrates",
        "initiative determination",
    ):
        assert words in text, words


def ns_construction_run(event, actor, *zones, side="roman", roll=7):
    """A saved NS Level construction: the column is the test's own (the 8.12 example does not name it)."""
    column = {"roman": "Roman", "carthaginian": "Carthaginian"}[side]
    case = {
        "side": side,
        "column": column,
        "table": [{"row": f"{column} {roll}"}],
        "zones": [{"zone": zone, "levels": levels} for zone, levels in zones],
    }
    return do_record_procedure_run(
        event, key="thunderbolt.ns_construction", case=case, dice=[roll], rolled_by_console=False, actor=actor
    )


@pytest.fixture
def ns_table(tb, tb_control, tables):
    """Control's NS Level Construction Table: the 8.12 example's cell (DR 7: 2) under the test's column name."""
    do_save_data_rows(tables["ns_construction"], rows=[("Roman 7", {"levels": "2"})], actor=tb_control)
    do_open_standard_trackers(tb, actor=tb_control)
    return tables["ns_construction"]


def test_tv29_a_saved_construction_proposes_mare_africum_s_level_and_the_turn_s_constructed_levels(
    tb, tb_control, ns_table
):
    """TV-29, 8.12 example (L563): "where Carthage has a +2 NS Level [...] receives a 2 result [...] reducing
    Carthage's NS Level to 0 (removing the marker). However, he must apply a -4 DRM [...] for the remainder of the
    GT". The event's table gives the cell; the trackers get the moves, waiting for the umpire."""
    africum = Tracker.objects.get(event=tb, name="NS Level: Mare Africum")
    start = do_propose_tracker_move(africum, change=-2, reason="the example's start: Carthage +2", actor=tb_control)
    do_confirm_tracker_move(start, actor=tb_control)
    run = ns_construction_run(tb, tb_control, ("Mare Africum", 2))
    assert run.outcome["manpower_drm"] == -4 and run.filled_notes
    moves = {move.tracker.name: move for move in TrackerMove.objects.filter(from_run=run)}
    assert {name: move.change for name, move in moves.items()} == {
        "NS Level: Mare Africum": 2,
        "NS levels constructed this GT: Rome": 2,
    }
    assert all(move.state == TrackerMove.State.PROPOSED for move in moves.values()) and run.follower_notes == []
    do_confirm_tracker_move(moves["NS Level: Mare Africum"], actor=tb_control)
    assert Tracker.objects.get(pk=africum.pk).value == 0


def test_a_zone_the_event_keeps_no_tracker_for_is_named_and_the_rest_still_moves(tb, tb_control, ns_table):
    """8.11 "any Naval Zone(s)": the map's zones past those the text names are Control's to open."""
    run = ns_construction_run(tb, tb_control, ("Mare Tyrrhenum", 1), ("Mare Ionium", 1))
    assert run.follower_notes == [
        "NS Level: Mare Tyrrhenum is not one of the event's trackers: open it to keep that zone's level."
    ]
    changes = {move.tracker.name: move.change for move in TrackerMove.objects.filter(from_run=run)}
    assert changes == {"NS Level: Mare Ionium": 1, "NS levels constructed this GT: Rome": 2}


def test_a_move_its_tracker_refuses_is_a_note_and_the_run_is_still_saved(tb, tb_control, ns_table):
    """A bound Control set on a zone's tracker (its own; AW 7.0's range is not in the text) refuses the move by
    name; the run is kept and the other tracker still moves."""
    do_open_tracker(tb, name="NS Level: Mare Sardum", maximum=0, source="Control's bound", actor=tb_control)
    run = ns_construction_run(tb, tb_control, ("Mare Sardum", 1))
    (note,) = run.follower_notes
    assert note.startswith(
        f"NS Level: Mare Sardum was not moved by NS Level construction (B/3/a) (rules run #{run.pk})"
    )
    assert "above its maximum of 0" in note
    assert [move.tracker.name for move in TrackerMove.objects.filter(from_run=run)] == [
        "NS levels constructed this GT: Rome"
    ]


def test_the_constructed_levels_are_set_not_added_each_game_turn(tb, tb_control, ns_table):
    """8.12: the DRM counts the levels constructed this Game Turn; a second turn's construction sets the count."""
    first = ns_construction_run(tb, tb_control)
    constructed = TrackerMove.objects.get(from_run=first, tracker__name__startswith="NS levels constructed")
    do_confirm_tracker_move(constructed, actor=tb_control)
    again = ns_construction_run(tb, tb_control)
    assert not TrackerMove.objects.filter(from_run=again).exists() and again.follower_notes == []


def test_another_procedure_s_run_moves_no_ns_tracker(tb, tb_control, ns_table):
    run = do_record_procedure_run(
        tb,
        key="thunderbolt.squadron_construction",
        case={"side": "roman", "squadrons_in_play": 20, "port": "Ostia", "harbor_capacity": 10},
        dice=[5],
        rolled_by_console=False,
        actor=tb_control,
    )
    assert not TrackerMove.objects.filter(from_run=run).exists()


def test_the_ns_trackers_are_standard_each_zone_unbounded_from_the_scenario():
    """8.11: each Naval Zone's level, + Rome and - Carthage; its range is AW 7.0's, not in the text."""
    names = {tracker.name: tracker for tracker in get_standard_trackers("thunderbolt")}
    africum = names["NS Level: Mare Africum"]
    assert (africum.minimum, africum.maximum, africum.start) == (None, None, 0) and "L563" in africum.source
    assert {f"NS Level: {zone}" for zone in ("Mare Ionium", "Mare Hispanum North", "Mare Africum West")} <= set(names)
    assert names["NS levels constructed this GT: Carthage"].minimum == 0


def test_the_game_starts_in_its_set_up_each_step_citing_its_rule(tb):
    """The rulebook's set-up is scattered: "The scenarios state which Family starts in Power" (6.1), "These
    Holding Boxes are populated during the scenario setup" (7.32), "The scenario's Tribal Information Chart provides
    the at-start status for each tribe" (9.31). The event opens in that set-up, its checklist the rules' own."""
    from umpire.rules.thunderbolt.turn import SETUP_CHECKLIST

    state = get_sequence_state(tb)
    assert state.in_setup and state.phase.title == "Game set-up"
    assert len(state.checklist) == len(SETUP_CHECKLIST)
    sources = [item.source for item in load_sequence("thunderbolt").setup.items]
    assert all(sources) and {"6.71", "7.32", "10.11", "9.11; 9.31"} <= set(sources)
