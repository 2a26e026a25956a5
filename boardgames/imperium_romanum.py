"""Imperium Romanum's data tables, as the console holds them per event, its standard trackers and its round's name.

The rulebook (seeds/004) refers to tables it does not print, and is cut off inside its Morale Table (extraction
shared/rules/004_imperium_romanum.md §4, M-01 to M-09): the standard Land Combat Results Table, all but row -2 of
the Optional one, the Naval table past row 1, the end of the Morale Table, the Unified Tax-Rate Defense Strength
Table, the Annual Recruiting Limits, the situations, and the rows cut from the optional tables. Each is a table
Control fills in; the cells the text gives are pre-filled and marked given, with their rule and line. They are
read from the rules modules (umpire.rules.imperium_romanum), lazily.
"""

import importlib

from umpire.rules.errors import RulesError
from umpire.rules.registry import get_procedure
from umpire.rules.schema import parse

from .case_sources import register_case_source
from .registry import Given, register_data_table, register_standard_tracker
from .sequence import register_round_name

RULESET = "imperium_romanum"
EXTRACTION = "shared/rules/004_imperium_romanum.md"
SIDES = ("faction 1", "faction 2")  # 3.0: "two or more factions"; Control opens more by hand

# Cities the text names (5.8 treasure cities, 9.78 and 9.12 corn ports, the map errata), none with its tax or
# defence. Nicaea in Cisalpina is left out: L67 says it is not the Nicaea of the table.
NAMED_CITIES = (
    "Roma",
    "Byzantium/Constantinopolis",
    "Ctesiphon",
    "Phraaspa",
    "Alexandria",
    "Antiochus",
    "Carthago",
    "Hierosolyma",
    "Hispalis",
    "Ephesus",
    "Rhodus",
    "Caralis",
    "Syracusae",
    "Heraclea Chersonensus",
    "Londinium",
    "Singdunum",
    "Toletum",
    "Ancyra",
    "Nicaea (Asia)",
)
CORN_PORTS = {
    "Caralis": "9.78 L327",
    "Syracusae": "9.78 L327",
    "Roma": "9.78 L327",
    "Carthago": "9.78 L327",
    "Alexandria": "9.78 L327",
    "Byzantium/Constantinopolis": "9.12 L353",
    "Heraclea Chersonensus": "9.12 L353",
}
# 9.78 (L327): "Corn fleets always begin each situation at the same ports: Caralis, 1; Syracusae, 2; Roma, 2;
# Carthago, 3; Alexandria, 5"; 9.12 (L353), when Constantinople is the capital: "3 Corn fleets at Constantinople
# and 2 at Heraclea Chersonensus".
CORN_FLEETS = {
    "Caralis": 1,
    "Syracusae": 2,
    "Roma": 2,
    "Carthago": 3,
    "Alexandria": 5,
    "Byzantium/Constantinopolis": 3,
    "Heraclea Chersonensus": 2,
}
SITUATIONS = ("I", "II", *map(str, range(1, 33)))


def rules(module):
    return importlib.import_module(f"umpire.rules.{RULESET}.{module}")


def city_rows():
    return [
        (
            name,
            {"port": Given("yes", CORN_PORTS[name]), "corn_fleets": Given(CORN_FLEETS[name], CORN_PORTS[name])}
            if name in CORN_PORTS
            else {},
        )
        for name in NAMED_CITIES
    ]


def crt_rows(module, constant, rows, line):
    """A results table's rows by die-roll, its printed cells given (row key "-2", column key "1_3")."""

    def load():
        table = getattr(rules(module), constant)
        return [
            (
                str(roll),
                {
                    key.replace(":", "_"): Given(value, f"{table.source.split(' (')[0]} {line}")
                    for key, value in (table.rows.get(roll) or {}).items()
                    if value is not None
                },
            )
            for roll in rows
        ]

    return load


def morale_rows():
    morale = rules("morale")
    return [
        (
            event,
            {}
            if printed is None
            else {
                "points": Given(printed[0], f"Morale Table L{morale.LINES[event]}"),
                "times_tax_rate": Given("yes" if printed[1] else "no", f"Morale Table L{morale.LINES[event]}"),
            },
        )
        for event, printed in morale.MORALE_TABLE_GIVEN.items()
    ]


def given_rows(module, constant, column_key, line):
    def load():
        table = getattr(rules(module), constant)
        return [
            (
                str(row),
                {
                    column_key(column): Given(value, f"{table.source.split(' (')[0]} {line}")
                    for column, value in cells.items()
                },
            )
            for row, cells in table.rows.items()
        ]

    return load


def situation_rows():
    optional = rules("optional")
    groups = {scenario: group for group, scenarios in optional.SCENARIO_GROUPS.items() for scenario in scenarios}
    words = {
        "automatic": "automatically does nothing",
        "ten_to_nineteen": "1-5 nothing, 6 declares",
        "thirteen_and_later": "1-3 nothing, 4 declares, 5-6 usurper",
    }
    return [
        (
            name,
            {
                "dont_trust": Given(
                    words[groups[name]]
                    + (" (Eastern Empire: automatically does nothing)" if name in optional.EASTERN_ONLY else ""),
                    "21.0 L909-917",
                )
            },
        )
        for name in SITUATIONS
    ]


def register():
    """Declare the tables (called from BoardgamesConfig.ready()), the trackers and what a round is called."""
    register_city_and_recruiting_tables()
    register_results_tables()
    register_data_table(
        RULESET,
        "morale_table",
        "Morale Table",
        [("points", "Morale points", "number"), ("times_tax_rate", "Times the Tax Rate", "yesno")],
        morale_rows,
        row_title="Event",
        source=f'Charts, Morale Table L1050-1065: the text ends inside the row "Port (not in '
        f'city), Loss of"; Control enters its points and any rows after it. '
        f"{EXTRACTION} M-07.",
    )
    register_data_table(
        RULESET,
        "situations",
        "Situations",
        [
            ("title", "Situation", "text"),
            ("turns", "Historical length (game-turns)", "number"),
            ("factions", "Factions", "text"),
            ("corn_index", "Corn Supply Index at start", "number"),
            ("persia_neutral", "Persia neutral (20.8)", "yesno"),
            ("dont_trust", "Don't Trust Anyone! table", "text"),
            ("imperator_replacement", "Imperator replacement provided (10.61)", "yesno"),
            ("light_infantry_cost", "Cost of a 4-12 Light Infantry: a fortification level (17.12)", "number"),
            ("legion_cost", "Cost of a 20-10/10-10 Legion: two bribes (18.51)", "number"),
        ],
        situation_rows,
        row_title="Situation",
        source=f"20.0-20.3: no situation outline is printed; 21.0 gives each one's disobedience table. 10.61 leaves "
        f"Imperator replacement, and 17.12 and 18.51 the costs, to the situation. {EXTRACTION} M-06.",
    )
    register_case_sources()
    register_odds_rows()
    register_trackers()
    register_round_name(RULESET, "Year")  # a game-turn is a month (4.0); the twelve months are the stages


def register_city_and_recruiting_tables():
    register_data_table(
        RULESET,
        "cities",
        "Unified Tax-Rate Defense Strength Table",
        [
            ("tax_rate", "Tax rate", "number"),
            ("defence", "Defence strength", "number"),
            ("port", "Port", "yesno"),
            ("city", "City (no: a port alone, strength 1 or 2)", "yesno"),
            ("corn_fleets", "Corn fleets at the start (9.78; 9.12 with Constantinople the capital)", "number"),
        ],
        city_rows,
        row_title="City or port",
        source=f"5.4, 15.62, 16.1: the table is not printed; the cities named in the text "
        f"are listed for Control. {EXTRACTION} M-04.",
    )
    register_data_table(
        RULESET,
        "recruiting_limits",
        "Annual Recruiting Limits",
        [
            ("area", "Area (province or group)", "text"),
            ("unit", "Unit", "text"),
            ("number", "Per year", "number"),
            ("cost", "Cost (Treasure Points)", "number"),
            ("cer", "Area CER (A, B or C)", "text"),
            ("militia", "Militia strength", "number"),
        ],
        row_title="Line",
        source=f"6.1, 6.2, 6.13, 15.5, 17.12, 18.51: per situation, not printed. {EXTRACTION} M-05.",
    )


def register_results_tables():
    columns = [(f"{a}_{d}", f"{a}:{d}", "text") for a, d in rules("land_crt").COLUMNS]
    register_data_table(
        RULESET,
        "optional_land_crt",
        "Optional Land Combat Results Table",
        columns,
        crt_rows("land_crt", "OPTIONAL_LAND_CRT", range(-2, 10), "L1027"),
        row_title="Die-roll",
        source=f"L1024-1038: row -2 is printed; row -1 prints nine results for ten columns (L1028) and "
        f"rows 0-9 are missing. {EXTRACTION} M-02.",
    )
    register_data_table(
        RULESET,
        "standard_land_crt",
        "Land Combat Results Table (standard)",
        columns,
        lambda: [(str(roll), {}) for roll in range(-2, 10)],
        row_title="Die-roll",
        source=f'15.4 L697: "the original Land CRT" is not printed; its columns are taken to be the '
        f"Optional table's. {EXTRACTION} M-01.",
    )
    naval = [(f"{a}_{d}", f"{a}:{d}", "text") for a, d in rules("naval").NAVAL_COLUMNS]
    register_data_table(
        RULESET,
        "naval_crt",
        "Naval Combat Results Table",
        naval,
        crt_rows("naval", "NAVAL_CRT", range(-1, 7), "L1042-1044"),
        row_title="Die-roll",
        source=f"L1039-1048: rows -1 to 1 are printed; Control enters the others (more rows if "
        f"modifiers reach them). {EXTRACTION} M-03.",
    )
    sizes = [
        ("2_9", "Army 2-9", "text"),
        ("10_25", "10-25", "text"),
        ("26_50", "26-50", "text"),
        ("51_99", "51-99", "text"),
        ("100", "100+", "text"),
    ]
    register_data_table(
        RULESET,
        "cities_surrender",
        "Cities Surrender Table (optional)",
        sizes,
        lambda: given_rows("surrender", "CITIES_SURRENDER", size_key, "L769-772")() + [("5", {}), ("6", {})],
        row_title="Die-roll",
        source=f"16.7 L766-787: rows 5 and 6 are cut off. {EXTRACTION} M-08.",
    )
    percent = [
        ("50_or_less", "50% or less", "text"),
        ("51_65", "51-65%", "text"),
        ("66_75", "66-75%", "text"),
        ("76_or_more", "76% or more", "text"),
    ]
    register_data_table(
        RULESET,
        "power_dissolution",
        "Power Dissolution Table (optional)",
        percent,
        lambda: given_rows("optional", "POWER_DISSOLUTION", percent_key, "L938-942")() + [("5", {})],
        row_title="Die-roll",
        source=f"22.1 L933-949: row 5 is cut off. {EXTRACTION} M-09.",
    )


def size_key(column):
    return column.replace("-", "_").replace("+", "")


def percent_key(column):
    return column.replace("% or less", "_or_less").replace("% or more", "_or_more").replace("%", "").replace("-", "_")


def register_case_sources():
    """Where a case's empty cells are filled from: cities' tax rates and defences, recruits' costs and classes,
    the Morale Table's rows the text lacks, and the rows of the results tables, each by its row's name."""
    combat, crt, naval = rules("combat_input"), rules("land_crt"), rules("naval")
    register_case_source(combat.City, table="cities", row_from="name", cells={"defence": "defence"})
    register_case_source(rules("treasury").TaxCity, table="cities", row_from="name", cells={"tax_rate": "tax_rate"})
    register_case_source(
        rules("mobilization").Recruit,
        table="recruiting_limits",
        row_from="line",
        cells={"cost": "cost", "area_cer": "cer"},
    )
    register_case_source(
        rules("morale").MoraleEvent,
        table="morale_table",
        row_from="event",
        cells={"points": "points", "times_tax_rate": "times_tax_rate"},
    )
    crt_cells = {f"at_{a}_{d}": f"{a}_{d}" for a, d in crt.COLUMNS}
    register_case_source(crt.CrtRow, table="optional_land_crt", row_from="roll", cells=crt_cells)
    register_case_source(crt.StandardCrtRow, table="standard_land_crt", row_from="roll", cells=crt_cells)
    register_case_source(
        naval.NcrtRow,
        table="naval_crt",
        row_from="roll",
        cells={f"at_{a}_{d}": f"{a}_{d}" for a, d in naval.NAVAL_COLUMNS},
    )
    register_case_source(
        rules("surrender").SurrenderRow,
        table="cities_surrender",
        row_from="roll",
        cells={
            "size_2_9": "2_9",
            "size_10_25": "10_25",
            "size_26_50": "26_50",
            "size_51_99": "51_99",
            "size_100": "100",
        },
    )
    register_case_source(
        rules("optional").DissolutionRow,
        table="power_dissolution",
        row_from="roll",
        cells={f"at_{key}": key for key in ("50_or_less", "51_65", "66_75", "76_or_more")},
    )
    register_situation_sources()


def register_situation_sources():
    """What the situation decides: Imperator replacement (10.61), a fortification's price (17.12), a bribe's (18.51),
    and each area's militia, on its line of the Annual Recruiting Limits (15.5)."""
    register_case_source(
        rules("leaders").ImperatorLostInput,
        table="situations",
        row_from="situation",
        cells={"replacement": "imperator_replacement"},
    )
    register_case_source(
        rules("siege").FortInput,
        table="situations",
        row_from="situation",
        cells={"light_infantry_cost": "light_infantry_cost"},
    )
    register_case_source(
        rules("bribes").BribeInput, table="situations", row_from="situation", cells={"legion_cost": "legion_cost"}
    )
    register_case_source(
        rules("pools").MilitiaInput, table="recruiting_limits", row_from="line", cells={"strength": "militia"}
    )


def register_trackers():
    """Each faction's morale (11.0: on the Morale/Corn Supply index) and treasury (5.0), and the Corn Supply Index of
    each capital (9.8: the counters "Roma" and "Constantinopolis"). Each opens not set: its starting figure is the
    situation's, which the text does not print (11.0 L439: "Each faction is assigned a morale rating in the situation
    outline"; 20.2 L888: "their initial treasury balances and morale status"; 9.8 L329: "The amount of Corn on hand
    at the start of a situation is always indicated in the situation"), and Control sets it. A morale opened at 0
    would be a dissolution at the first turn's end (11.2). Morale has no floor: 0 or less then dissolves (11.2)."""
    for side in SIDES:
        register_standard_tracker(
            RULESET, f"Morale: {side}", start=None, source="11.0; 20.2: the situation outline's; 11.2; Morale Table"
        )
        register_standard_tracker(
            RULESET, f"Treasury: {side}", minimum=0, start=None, source="5.0; 20.2: the situation outline's"
        )
    for capital in ("Roma", "Constantinopolis"):
        register_standard_tracker(
            RULESET, f"Corn Supply Index: {capital}", minimum=0, start=None, source="9.8: the situation's; 9.9"
        )


# The odds of a combat: the function giving the case's field of the results table and the rows its die can reach.
ODDS_ROWS = {
    f"{RULESET}.land_combat_odds": "land_rows_wanted",
    f"{RULESET}.naval_combat_odds": "naval_rows_wanted",
}


def register_odds_rows():
    """The odds read every row of the column the die can reach, which the umpire cannot know to type: `odds_rows`
    adds those rows to the case, and fill_from_data_tables fills them from the event's results table. That preparer
    is registered after this one (BoardgamesConfig.ready registers the rulesets first), so it sees the rows."""
    from umpire.services.rules import register_case_preparer

    register_case_preparer(odds_rows)


def odds_rows(event, key, case):
    """A combat's odds case with a row, by its die-roll, for each row its die can reach that the case lacks; any other
    case, or one the rules cannot read, unchanged (the procedure refuses that by name)."""
    if key not in ODDS_ROWS or not isinstance(case, dict):
        return case, []
    try:
        parsed = parse(get_procedure(key).input_type, case)
        field, rolls = getattr(rules("combat_odds"), ODDS_ROWS[key])(parsed)
    except RulesError:
        return case, []
    given = case.get(field) or []
    typed = {row.get("roll") for row in given if isinstance(row, dict)}
    return {**case, field: [*given, *({"roll": roll} for roll in rolls if roll not in typed)]}, []
