"""Optimus Princeps' per-event data tables (the Action Costs Table, the Sacking Table's rows from 4 and the
Attrition Table's from -4, the map's Regions, Domitian's Reign events; each with the cells the text gives), its
case sources, its standard trackers (AP and Booty per side, POP), its round's name and its sequence of play, as
the console holds them."""

import io

import pytest
from pypdf import PdfReader

from boardgames.case_sources import fill_from_data_tables
from boardgames.models import DataCell, DataTable
from boardgames.registry import get_declarations, get_standard_trackers
from boardgames.selectors import get_data_cell
from boardgames.sequence import load_sequence
from boardgames.services.tables import do_prepare_data_tables, do_save_data_rows
from boardgames.services.trackers import do_open_standard_trackers
from umpire.models import Role
from umpire.printing.ruleset_reference import ruleset_reference_pdf
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure
from umpire.views.rules import reference_sheet


@pytest.fixture
def op_control(op, make_umpire):
    return make_umpire(op, Role.CONTROL, username="op-control")


@pytest.fixture
def tables(op, op_control):
    do_prepare_data_tables(op, actor=op_control)
    return {table.key: table for table in DataTable.objects.filter(event=op)}


def test_every_missing_table_is_a_data_table():
    assert [d.key for d in get_declarations("optimus_princeps")] == [
        "action_costs",
        "sacking_table",
        "attrition_table",
        "regions",
        "reign_events",
    ]


def test_the_tables_hold_the_cells_the_text_gives_and_nothing_rebuilt(op, tables):
    assert get_data_cell(op, "action_costs", "Bridge of Boats", "ap") == "6"
    bridge = DataCell.objects.get(row__table=tables["action_costs"], row__key="Bridge of Boats", column="ap")
    assert bridge.given and "L233" in bridge.source
    assert not DataCell.objects.filter(row__table=tables["action_costs"], row__key="Recruit").exists()
    assert not DataCell.objects.filter(
        row__table=tables["action_costs"], row__key="Activate a unit without a leader"
    ).exists()
    assert "Rebuilt by the extraction, not the text" in tables["action_costs"].source
    assert get_data_cell(op, "sacking_table", "3", "sp_21_up") == "4"
    assert not DataCell.objects.filter(row__table=tables["sacking_table"], row__key__in=["4", "5"]).exists()
    assert not DataCell.objects.filter(row__table=tables["attrition_table"]).exists()
    assert set(tables["attrition_table"].rows.values_list("key", flat=True)) >= {"-4", "-5", "-10"}


def test_a_cost_control_enters_fills_the_ap_ledger(op, tables, op_control):
    do_save_data_rows(tables["action_costs"], rows=[("Recruit", {"ap": "2"})], actor=op_control)
    case = {"side": "roman", "ap_left": 5, "action": {"action": "Recruit"}}
    filled, found = fill_from_data_tables(op, "optimus_princeps.spend_ap", case)
    assert filled["action"]["ap"] == 2 and "Recruit: ap 2" in found[0]
    assert run_procedure("optimus_princeps.spend_ap", filled, EnteredDice([])).outcome["ap_left"] == 3


def test_an_empty_row_still_stops_the_procedure_naming_it(op, tables):
    case = {
        "side": "barbarian",
        "season": "winter",
        "sp": 16,
        "moves_before": 1,
        "major_rivers": 1,
        "paths": 1,
        "lower_rows": [{"result": -4}],
    }
    filled, _ = fill_from_data_tables(op, "optimus_princeps.attrition", case)
    assert filled["lower_rows"][0].get("hdc") is None
    with pytest.raises(RulesError, match="no row for -4"):
        run_procedure("optimus_princeps.attrition", filled, EnteredDice([4]))


def test_sacking_rows_control_enters_reach_the_procedure(op, tables, op_control):
    do_save_data_rows(tables["sacking_table"], rows=[("5", {"sp_11_14": "3"})], actor=op_control)
    case = {"occasion": "capture", "garrison_value": 12, "garrison_eliminated": True, "rows": [{"result": 5}]}
    filled, _ = fill_from_data_tables(op, "optimus_princeps.sacking", case)
    assert run_procedure("optimus_princeps.sacking", filled, EnteredDice([4])).outcome["booty"] == 3


def test_the_regions_table_gives_only_the_map_values_the_text_prints(op, tables):
    """9.2: DV and GV are printed on the map, not in the text; Domitian's Reign L1066 gives Brigetio and Aquincum
    DV 1 "as shown on the map"; nothing else is pre-filled, and Tapae is no inhabited region (A33)."""
    given = DataCell.objects.filter(row__table=tables["regions"])
    assert {(cell.row.key, cell.column, cell.value) for cell in given} == {
        ("Brigetio", "defensive_value", "1"),
        ("Aquincum", "defensive_value", "1"),
    }
    assert all(cell.given and "L1066" in cell.source for cell in given)
    assert "Tapae" not in set(tables["regions"].rows.values_list("key", flat=True))


def test_the_regions_control_enters_fill_the_siege_and_invasion_cases(op, tables, op_control):
    do_save_data_rows(
        tables["regions"], rows=[("Apulum", {"defensive_value": "3", "garrison_value": "16"})], actor=op_control
    )
    case = {"region": {"name": "Apulum"}, "sp": 20, "leader": True}
    filled, found = fill_from_data_tables(op, "optimus_princeps.invasion", case)
    assert filled["region"] == {"name": "Apulum", "defensive_value": 3, "garrison_value": 16} and found
    # 9.3's example (L389): 3 (D6) + 3 (DV) = 6 HDC; 14 SP is not more than 16
    assert run_procedure("optimus_princeps.invasion", filled, EnteredDice([3])).outcome["losses"] == 6
    siege = {"region": {"name": "Apulum"}, "marker": 0, "besieging_sp": 17, "peoples": ["roman"], "ap": 1}
    filled, _ = fill_from_data_tables(op, "optimus_princeps.siege_action", siege)
    assert run_procedure("optimus_princeps.siege_action", filled, EnteredDice([6])).outcome["result"] == 3


def test_a_region_control_has_not_entered_stops_the_assault_naming_the_cell(op, tables):
    case = {
        "region": {"name": "Desa"},
        "besieger": {
            "units": [{"name": "L", "kind": "infantry", "sp": 2}],
            "leaders": [{"name": "Legate", "strategic": 6}],
        },
        "defender": {"units": [{"name": "G", "kind": "infantry", "sp": 1}]},
    }
    filled, _ = fill_from_data_tables(op, "optimus_princeps.assault", case)
    with pytest.raises(RulesError, match="Regions table has no Defensive Value for Desa"):
        run_procedure("optimus_princeps.assault", filled, EnteredDice([]))


def test_the_reign_events_table_is_given_as_printed_and_feeds_pop(op, tables, op_control):
    assert get_data_cell(op, "reign_events", "Mons Graupius", "pop") == "10"
    graupius = DataCell.objects.get(row__table=tables["reign_events"], row__key="Mons Graupius", column="pop")
    assert graupius.given and "L1005" in graupius.source
    assert not DataCell.objects.filter(row__table=tables["reign_events"], row__key="Pay Raise", column="pop").exists()
    do_save_data_rows(tables["reign_events"], rows=[("Mons Graupius", {"pop": "12"})], actor=op_control)
    filled, _ = fill_from_data_tables(op, "optimus_princeps.pop", {"reign_events": [{"name": "Mons Graupius"}]})
    assert run_procedure("optimus_princeps.pop", filled, EnteredDice([])).outcome["pop"] == 12


def test_the_stone_limes_cost_control_enters_reaches_build_limes(op, tables, op_control):
    """9.10.3 does not price turning a limes to stone: Control's Action Costs Table does."""
    do_save_data_rows(tables["action_costs"], rows=[("Turn a wooden limes to stone", {"ap": "2"})], actor=op_control)
    case = {
        "side": "roman",
        "region": "Drobeta",
        "ap_left": 3,
        "limes": "wooden",
        "to_stone": {"action": "Turn a wooden limes to stone"},
    }
    filled, _ = fill_from_data_tables(op, "optimus_princeps.build_limes", case)
    assert run_procedure("optimus_princeps.build_limes", filled, EnteredDice([])).outcome["ap_left"] == 1


def test_the_standard_trackers_are_ap_and_booty_per_side_and_pop(op, op_control):
    trackers = {t.name: t for t in get_standard_trackers("optimus_princeps")}
    assert set(trackers) == {"AP: Roman", "AP: Barbarian", "Booty: Roman", "Booty: Barbarian", "POP (Domitian's Reign)"}
    assert (trackers["AP: Roman"].minimum, trackers["AP: Roman"].maximum) == (0, 9)
    assert trackers["Booty: Barbarian"].minimum == 0 and trackers["Booty: Barbarian"].maximum is None
    assert trackers["POP (Domitian's Reign)"].minimum is None
    assert len(do_open_standard_trackers(op, actor=op_control)) == 5


def test_the_sequence_is_a_year_of_five_seasons():
    sequence = load_sequence("optimus_princeps")
    assert sequence.round_name == "Year"
    assert sequence.stages == ("Thaw", "Spring", "Summer", "Autumn", "Winter")
    assert [phase.key for phase in sequence.phases_in(2)][:2] == ["start_of_season", "spring_reinforcements"]
    assert "spring_reinforcements" not in [phase.key for phase in sequence.phases_in(1)]
    assert sequence.setup is not None and sequence.setup.items


@pytest.mark.parametrize(
    "stage, line",
    [
        (1, "Thaw: roll a D6: 1-3 no effect; 4-6 marshes flooded"),
        (3, "Summer: roll a D6: 1-3 marshes are dry: plains; 4-6 no effect"),
        (4, "Autumn: roll a D6: 1 rivers are frozen; 2-5 no effect; 6 marshes flooded"),
        (5, "Winter: roll a D6: 1-3 watercourses are frozen; 4-6 no effect"),
    ],
)
def test_each_season_s_checklist_reads_its_own_weather(stage, line):
    """2 Sequence 1 (L126-134): each season but spring rolls on its own line, and the table's checklist in that
    season shows that line, not Thaw's."""
    sequence = load_sequence("optimus_princeps")
    weather = sequence.phases_in(stage)[1]
    assert weather.items[0].text.startswith(line)
    assert [phase.key for phase in sequence.phases_in(stage)].count(weather.key) == 1
    assert weather.key not in [
        phase.key for other in (1, 3, 4, 5) if other != stage for phase in sequence.phases_in(other)
    ]


def test_the_reference_sheet_prints_the_tables_and_the_seasons():
    """The printed reference sheet reads the rules package: the tables the text prints, each by its rule, and
    the five seasons with Sequences 1 to 6; a table the text leaves out is Control's, not printed as data."""
    sheet = reference_sheet("optimus_princeps")
    names = [table.name for table in sheet.tables]
    order = [
        names.index(name)
        for name in (
            "Action Points Table",
            "Movement Allowances Table",
            "Attrition Table",
            "Phase 4 Table",
            "Sacking Table",
        )
    ]
    assert order == sorted(order)
    assert "Sacking Table" in names and "Harvest Table" in names and "Stratagems Table" in names
    text = " ".join(
        page.extract_text()
        for page in PdfReader(io.BytesIO(ruleset_reference_pdf(sheet, event_name="Optimus Princeps"))).pages
    )
    for words in ("Phase 4 Table", "Sequence 5: Supply", "Winter", "Reinforcements Table", "felicior"):
        assert words.lower() in text.lower(), words
    assert "Stage Winter" not in text  # a season is named, not numbered
