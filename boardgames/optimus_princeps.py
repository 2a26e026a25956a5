"""Optimus Princeps' data tables, as the console holds them per event, its standard trackers, and its round's
name.

The rulebook sends the reader to an Action Costs Table "appended at the end of this translation" that is not
there (§3), prints the Sacking Table only to row 3 (§11.3 L520-529: row "4" empty, the rest absent) and the
Attrition Table only to -3 ("-4 | ...", §6.1 L252), and the map with every inhabited region's Defensive and
Garrison Values is not reproduced (§9.2). Each is a table Control fills in; the cells the text gives are
pre-filled and marked given, with their rule, read lazily from the rules modules' constants. Domitian's Reign
events are printed whole: their table is given, for Control to correct or extend for the event. Values the
extraction (shared/rules/002_optimus_princeps.md) rebuilt are not the text's: they are named in the table's
source note, never given. The sequence of play is the rules' own (umpire.rules.optimus_princeps.turn).
"""

import importlib

from .case_sources import register_case_source
from .registry import Given, register_data_table, register_standard_tracker
from .sequence import register_round_name

RULESET = "optimus_princeps"
EXTRACTION = "shared/rules/002_optimus_princeps.md"
RULES = f"umpire.rules.{RULESET}"
SACKING_COLUMNS = (
    ("sp_1_5", "1-5"),
    ("sp_6_10", "6-10"),
    ("sp_11_14", "11-14"),
    ("sp_15_20", "15-20"),
    ("sp_21_up", "21+"),
)
SACKING_ROWS_TO_ENTER = tuple(str(result) for result in range(4, 11))  # Control may add more
ATTRITION_ROWS_TO_ENTER = tuple(str(result) for result in range(-4, -11, -1))
SACKING_PRINTED_LINES = {"0 or less": "L524", "1": "L525", "2": "L526", "3": "L527"}
# The inhabited regions the text names (§5.2, §9, the scenarios, Domitian's Reign); the map gives the rest, and
# every region's two numbers, which Control enters. Tapae is left out: A33 reads it as a rural region.
NAMED_REGIONS = (
    "Sarmizegetusa",
    "Apulum",
    "Arcidava",
    "Desa",
    "Racari",
    "Romula Malva",
    "Lauracium",
    "Virunum",
    "Vindobona",
    "Carnutum",
    "Brigetio",
    "Aquincum",
    "Mursa",
    "Sirmium",
    "Salonae",
    "Singidunum",
    "Viminacium",
    "Drobeta",
    "Novae",
    "Durostorum",
    "Troesmis",
)
# Domitian's Reign, 92 Thaw (L1066): "Their Defense Value rises to 1 (as shown on the map)".
DEFENSIVE_VALUES_GIVEN = {
    "Brigetio": Given(1, "Domitian's Reign L1066"),
    "Aquincum": Given(1, "Domitian's Reign L1066"),
}


def rules(module):
    return importlib.import_module(f"{RULES}.{module}")


def action_costs():
    """Every cost the text states, with its rule; an action it names without a cost is a row for Control."""
    return [
        (action, {"ap": Given(cell["ap"], cell["source"])} if cell["ap"] is not None else {})
        for action, cell in rules("actions").ACTION_COSTS_GIVEN.items()
    ]


def sacking_rows():
    """Rows 0 to 3 as printed, row 4 printed empty (L528), and the rows after it, absent from the text."""
    printed = rules("booty").SACKING_TABLE.rows
    given = [
        (row, {column: Given(value, f"11.3 {SACKING_PRINTED_LINES[row]}") for column, value in cells.items()})
        for row, cells in printed.items()
    ]
    return given + [(row, {}) for row in SACKING_ROWS_TO_ENTER]


def attrition_rows():
    return [(row, {}) for row in ATTRITION_ROWS_TO_ENTER]


def regions():
    """The regions the text names, with the only map value it prints; the rest of the map is Control's."""
    return [
        (name, {"defensive_value": DEFENSIVE_VALUES_GIVEN[name]} if name in DEFENSIVE_VALUES_GIVEN else {})
        for name in NAMED_REGIONS
    ]


REIGN_COLUMNS = (
    ("date", "Date", "text"),
    ("occurs_on", "Occurs on (solitaire)", "number"),
    ("ap", "AP", "number"),
    ("player", "Bought by", "text"),
    ("pop", "POP", "number"),
)


def reign_events():
    """Every event and stratagem of Domitian's Reign as printed, each cell given with its line."""
    return [
        (
            name,
            {
                key: Given(row[key], f"Domitian's Reign {row['source']}")
                for key, *_ in REIGN_COLUMNS
                if row[key] is not None
            },
        )
        for name, row in rules("victory").REIGN_EVENTS.rows.items()
    ]


def register():
    """Declare the tables and trackers (called from BoardgamesConfig.ready()) and what a round is called."""
    register_data_table(
        RULESET,
        "action_costs",
        "Action Costs Table",
        [("ap", "AP", "number")],
        action_costs,
        row_title="Action",
        source=(
            '§3: "see the Action Costs Table, appended at the end of this translation"; it is not '
            "in the text. The costs the text states elsewhere are given with their rule; the others "
            f"are Control's. Rebuilt by the extraction, not the text ({EXTRACTION} §2 ⊕): activating "
            "a unit without a leader, 1 AP; an invasion not made on entering, 1 AP (from §9's "
            '"additional 1 AP" on entering).'
        ),
    )
    register_data_table(
        RULESET,
        "sacking_table",
        "Sacking Table",
        [(key, f"{title} SP or Garrison Value", "number") for key, title in SACKING_COLUMNS],
        sacking_rows,
        row_title="Modified D6",
        source=(
            '§11.3 L520-529: rows up to 3 are printed ("-" is 0 Booty); row 4 is printed with no values and the '
            "rows after it are absent: Control enters them. Rebuilt by the extraction, not the text "
            f"({EXTRACTION} §3.10 ⊕): rows 1-3 fit Booty = row + column number - 4, a pattern, not data."
        ),
    )
    register_data_table(
        RULESET,
        "attrition_table",
        "Attrition Table, lower rows",
        [("hdc", "SP Out of Action", "number")],
        attrition_rows,
        row_title="Modified D6",
        source=(
            '§6.1 L245-252: printed to -3 (3 SP); the row "-4" reads "..." and nothing follows: Control enters '
            f"the rows from -4 down. Rebuilt by the extraction, not the text ({EXTRACTION} §3.4 ⊕): -n gives n."
        ),
    )
    register_data_table(
        RULESET,
        "regions",
        "Regions",
        [
            ("defensive_value", "Defensive Value (0-3)", "number"),
            ("garrison_value", "Garrison Value (6-16)", "number"),
        ],
        regions,
        row_title="Inhabited region",
        source=(
            "§9.2.1-9.2.2: each inhabited region's Defensive Value (left-hand number) and Garrison Value (right-hand "
            "number) are printed on the map, which the text does not reproduce: Control enters them, and adds the "
            "regions the text does not name. Given: Brigetio and Aquincum DV 1 (Domitian's Reign L1066, \"as shown "
            "on the map\"). Not given as map values: Domitian's Reign starts Brigetio, Aquincum and Lauracium at DV 0 "
            "(L989), a scenario's state; Tapae is read as a rural region (A33). The Sarmizegetusa inset's fortresses "
            "(SN0.1) are rows Control adds."
        ),
    )
    register_data_table(
        RULESET,
        "reign_events",
        "Domitian's Reign events",
        REIGN_COLUMNS,
        reign_events,
        row_title="Event or stratagem",
        source=(
            "Domitian's Reign, Events and Stratagems (L992-1072), as printed; a POP left empty is "
            "one the text does not give. The wars, which cost no AP, are scored by their victories "
            "and defeats. Control may add or correct rows for the event."
        ),
    )
    register_trackers()
    register_case_sources()
    register_round_name(RULESET, "Year")  # §0.1: "A game turn represents a year, broken down into five seasons"


def register_trackers():
    """§2-§3: each side's AP for the season on its D10 (9 at most), and its Booty; the campaign's POP."""
    for side in ("Roman", "Barbarian"):
        register_standard_tracker(
            RULESET,
            f"AP: {side}",
            minimum=0,
            maximum=9,
            start=0,
            source="§2 Sequence 2 and §3: the season's Action Points on the D10, 9 at most",
        )
        register_standard_tracker(
            RULESET,
            f"Booty: {side}",
            minimum=0,
            start=0,
            source="§1.4 and §11: Booty markers, held by armies with a leader",
        )
    register_standard_tracker(
        RULESET, "POP (Domitian's Reign)", start=0, source="Domitian's Reign, Victory: Points Optimus Princeps"
    )


def register_case_sources():
    """The cells the procedures leave empty for Control (a field left out or null), each from its table."""
    actions, attrition, booty = rules("actions"), rules("attrition"), rules("booty")
    engineering, victory = rules("engineering"), rules("victory")
    register_case_source(actions.ActionCost, table="action_costs", row_from="action", cells={"ap": "ap"})
    register_case_source(
        booty.SackingRow, table="sacking_table", row_from="result", cells={key: key for key, _ in SACKING_COLUMNS}
    )
    register_case_source(attrition.AttritionRow, table="attrition_table", row_from="result", cells={"hdc": "hdc"})
    register_case_source(
        engineering.Region,
        table="regions",
        row_from="name",
        cells={"defensive_value": "defensive_value", "garrison_value": "garrison_value"},
    )
    register_case_source(victory.ReignEvent, table="reign_events", row_from="name", cells={"pop": "pop"})
