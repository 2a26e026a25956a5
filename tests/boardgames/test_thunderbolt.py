"""Thunderbolt's per-event data tables (with the cells its examples give), its case sources, its standard trackers,
its round's name and its sequence of play, as the console holds them."""

import pytest

from boardgames.case_sources import fill_from_data_tables
from boardgames.models import DataCell, DataTable
from boardgames.registry import get_declarations, get_standard_trackers
from boardgames.selectors import get_data_cell
from boardgames.sequence import load_sequence
from boardgames.services.tables import do_prepare_data_tables, do_save_data_rows
from boardgames.services.trackers import do_open_standard_trackers
from umpire.models import Event, Role
from umpire.rules.dice import EnteredDice
from umpire.rules.reference import get_tables
from umpire.rules.registry import run_procedure
from umpire.services.records import do_save_event


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
