"""Hannibal Barkas' data tables, as the console holds them per event, and its round's name.

The rulebook refers to city cards, leader cards, event cards, the map, the siege track's flags
and the Gallic tribes' strengths, but prints almost none of them (extraction
shared/rules/001_hannibal_barkas.md §4, G1–G6). Each is a table Control fills in; the cells the
text gives are pre-filled and marked given, with their rule. They come from the rules modules'
*_GIVEN constants when those exist (umpire.rules.hannibal_barkas.cities, .gauls, .siege), read
lazily; until then from the extraction's §6.3–6.6, written below with the rule beside each.
The sequence of play is the rules' own (umpire.rules.hannibal_barkas.turn.SEQUENCE_OF_PLAY).
"""

import importlib

from .case_sources import register_case_source
from .registry import Given, register_data_table, register_standard_tracker
from .sequence import register_round_name

RULESET = "hannibal_barkas"
EXTRACTION = "shared/rules/001_hannibal_barkas.md"

# ---- the cells the rulebook gives (extraction §6.3–6.6) ---------------------------------------------

CITY_CARDS = [  # §6.3; a city named in the text with no data gets an empty row for Control
    (
        "Siga",
        {
            "income": Given(4, "§1.3.2 L198"),
            "defence": Given(4, "§1.3.2 L198"),
            "vp": Given(8, "§1.3.2 L198"),
            "port": Given("yes", "§1.3.2 L198"),
            "elephants": Given("yes", "§1.3.2 L198"),
        },
    ),
    ("Roma", {"income": Given(10, "§12.2 L869")}),
    ("Placentium", {"income": Given(1, "§9.3 Ex.14 L750")}),
    *(
        (name, {})
        for name in (
            "Carthago",
            "Syracusae",
            "Bononia",
            "Tarentum",
            "Croton",
            "Regium",
            "Brundisium",
            "Capua",
            "Genua",
            "Emporiae",
            "Panormus",
            "Pisae",
            "Ravenna",
            "Lilibaeum",
            "Melita",
            "Cirta",
            "Saguntum",
        )
    ),
]

LEADER_CARDS = [  # §6.4: Hannibal alone is complete; the others are named, with their nation
    (
        "Hannibal",
        {
            "nation": Given("Carthage", "§1.3.3 L220"),
            "command": Given(3, "§1.3.3 L220"),
            "vp": Given(8, "§1.3.3 L220"),
            "active": Given("yes", "§1.3.3 L220"),
        },
    ),
    # His card's text (L220) names no pursuit ability; the cell stays empty, which the battle reads as none.
    *(
        (name, {"nation": Given("Carthage", "scenarios")})
        for name in ("Cartalon", "Magon Barkas", "Hannon", "Maharbal", "Hasdrubal Barkas", "Hannon Magnus")
    ),
    ("Philip V", {"nation": Given("Macedonia", "Scen. IV")}),
    ("Ajostros", {"nation": Given("Syracuse", "§10.4")}),
    *((f"Consul {n}", {"nation": Given("Rome", "§3.2")}) for n in ("I", "II", "III", "IV", "V", "VI")),
    *((name, {"nation": Given("Rome", "§3.2, scenarios")}) for name in ("P. C. Scipio", "Scipio Africanus")),
    *((f"Praetor {n}", {"nation": Given("Rome", "scenarios")}) for n in ("I", "II", "III", "IV")),
]

EVENT_CARDS = [  # §6 G4: only the example card is printed (§1.3.1 L181); its number is not
    (
        "Hiero II dies",
        {
            "deck": Given("Carthage", "§1.3.1 L181"),
            "gold": Given(15, "§1.3.1 L181"),
            "ip": Given(6, "§1.3.1 L181"),
            "event": Given(
                "If Syracuse is allied with Rome, pay 10 Talents and 4 IP, and it becomes "
                "neutral. If not, move the state 2 fields on the political track.",
                "§1.3.1 L181",
            ),
            "effect": Given("Storm", "§1.3.1 L181"),
        },
    ),
]

GALLIC_TRIBES = [  # §6.5: strengths "inf-cav"
    ("Leponti", {"infantry": Given(4, "§VIII L654"), "cavalry": Given(1, "§VIII L654")}),
    ("Lingones", {"infantry": Given(6, "§8.3 Ex.13 L703"), "cavalry": Given(2, "§8.3 Ex.13 L703")}),
    *(
        (name, {})
        for name in ("Ligures", "Boii", "Insumbres", "Carnii", "Veneti", "Cenomani", "Taurini", "Volcae", "Celtiberi")
    ),
]

# §5.9 (L505, L509): what a pursuit ability or effect does, as the pursuit procedure takes it
# (umpire.rules.hannibal_barkas.pursuit): a kind of unit it joins (a unit type's value, as heavy_infantry),
# how many, and what it adds to each pursuing die.
PURSUIT_COLUMNS = (
    ("pursuit_joins", "Pursuit: kind of unit joining", "text"),
    ("pursuit_joins_number", "Pursuit: how many join", "number"),
    ("pursuit_modifier", "Pursuit: to-hit modifier", "number"),
)

SIEGE_TRACK_FLAGS = [  # §6.6: only field 3's flag is shown (the illustration at §6.2 L585)
    ("3", {"flag": Given(9, "§6.2 L585")}),
]


def given_from_rules(module, constant, fallback):
    """The rules module's constant when it is there, with the extraction's rows it lacks (the cities
    named without data), else the extraction's rows alone."""

    def load():
        try:
            found = getattr(importlib.import_module(f"umpire.rules.{RULESET}.{module}"), constant)
        except (ImportError, AttributeError):
            return fallback
        rows = read_given(found, f"umpire.rules.{RULESET}.{module}.{constant}")
        return rows + [(key, cells) for key, cells in fallback if key not in dict(rows)]

    return load


def read_given(found, where):
    """Rows from a rules constant {row: {column: value, "source": rule}}: a None value is not given."""
    try:
        return [
            (
                str(key),
                {
                    column: Given(value, str(values.get("source", where)))
                    for column, value in values.items()
                    if column != "source" and value is not None
                },
            )
            for key, values in found.items()
        ]
    except (TypeError, AttributeError):
        return []


def register():
    """Declare the tables (called from BoardgamesConfig.ready()) and what a round is called."""
    register_data_table(
        RULESET,
        "city_cards",
        "City cards",
        [
            ("income", "Income", "number"),
            ("defence", "Defence", "number"),
            ("vp", "VP", "number"),
            ("port", "Port", "yesno"),
            ("elephants", "Elephants", "yesno"),
        ],
        given_from_rules("cities", "CITY_CARDS_GIVEN", CITY_CARDS),
        row_title="City",
        source=f"§1.3.2. Only Siga is printed whole; Roma's and Placentium's income appear in the text; Clipea's "
        f"card is removed (errata L901). {EXTRACTION} §6.3, G2.",
    )
    register_data_table(
        RULESET,
        "leader_cards",
        "Leader cards",
        [
            ("nation", "Nation", "text"),
            ("command", "Command", "number"),
            ("vp", "VP", "number"),
            ("active", "Active (A)", "yesno"),
            ("pursuit_ability", "Ability in a pursuit (§5.9)", "yesno"),
            *PURSUIT_COLUMNS,
        ],
        lambda: LEADER_CARDS,
        row_title="Leader",
        source=f"§1.3.3. Only Hannibal is printed whole. §5.9 L509: some leaders have abilities that apply in a "
        f"pursuit, entered as the units they join to it and a to-hit modifier. {EXTRACTION} §6.4, G3.",
    )
    register_data_table(
        RULESET,
        "event_cards",
        "Event cards",
        [
            ("deck", "Deck", "text"),
            ("ip", "IP", "number"),
            ("gold", "Gold (Talents)", "number"),
            ("event", "Event", "text"),
            ("effect", "Effect", "text"),
            ("single_use", "Single use (*)", "yesno"),
            *PURSUIT_COLUMNS,
        ],
        lambda: EVENT_CARDS,
        row_title="Card",
        source=f"§1.3.1: six decks, one per nation; only the example card is printed. §5.9 L505: effects that join "
        f"units to a pursuit, entered as the units they join and a to-hit modifier. {EXTRACTION} G4.",
    )
    register_data_table(
        RULESET,
        "gallic_tribes",
        "Gallic tribes",
        [("infantry", "Infantry", "number"), ("cavalry", "Cavalry", "number")],
        given_from_rules("gauls", "GALLIC_TRIBES_GIVEN", GALLIC_TRIBES),
        row_title="Tribe",
        source=f'§VIII: each tribe\'s printed strength "inf-cav". {EXTRACTION} §6.5, G6.',
    )
    register_data_table(
        RULESET,
        "siege_track_flags",
        "Siege track flags",
        [("flag", "Flag (d10 at least)", "number")],
        given_from_rules("siege", "SIEGE_TRACK_FLAGS_GIVEN", SIEGE_TRACK_FLAGS),
        row_title="Field",
        source=f"§6.2: a city on a flagged field surrenders on a d10 at least the flag. {EXTRACTION} §6.6, G5.",
    )
    register_map_tables()
    register_case_sources()
    register_standard_trackers()
    register_round_name(RULESET, "Year")  # §3.2: six stages a year; the stages come from the rules' turn.py


def register_standard_trackers():
    """The political track (§VII L615: seven fields, -3 alliance with Carthage, 0 neutral, +3 alliance with Rome)
    for each state on it, opened at Neutral for set-up step 5 to move per the scenario; and each main nation's
    VP (§XI), opened at 0 for the scenario's starting VP to be added."""
    for state in ("Massilia", "Numidia", "Macedonia", "Syracuse"):
        register_standard_tracker(
            RULESET,
            f"Political track: {state}",
            minimum=-3,
            maximum=3,
            start=0,
            source="§VII L615; §10.4 (Syracuse when no player holds it)",
        )
    for nation in ("Rome", "Carthage"):
        register_standard_tracker(RULESET, f"VP {nation}", minimum=0, start=0, source="§XI; §11.2")


def register_map_tables():
    """The map exists only as the board's art (G1): Control writes it in as three plain tables."""
    register_data_table(
        RULESET,
        "map_regions",
        "Map: regions and sea fields",
        [
            ("kind", "Land or sea", "text"),
            ("area", "Italy, Africa, Hispania…", "text"),
            ("coastal", "Coastal", "yesno"),
        ],
        row_title="Region",
        source=f"The board. {EXTRACTION} G1.",
    )
    register_data_table(
        RULESET,
        "map_adjacency",
        "Map: adjacent regions",
        [("one", "Region", "text"), ("other", "Adjacent region", "text")],
        row_title="Link",
        source=f"The board. {EXTRACTION} G1.",
    )
    register_data_table(
        RULESET,
        "alpine_crossings",
        "Map: Alpine crossings",
        [("one", "Region", "text"), ("other", "Across the Alps to", "text")],
        row_title="Crossing",
        source=f"§4.3 L365–371: the broken lines on the board. {EXTRACTION} G1.",
    )


def register_case_sources():
    """Where a procedure's cards, tribes and flags are filled in from: the cells the rules leave empty for
    Control (a field left out or null), each from its table's column. The siege track's flags come one by
    one (a flag with its field named); a whole track is never made up from the table, which cannot tell a
    field without a flag from one nobody has entered."""
    from umpire.rules.hannibal_barkas import battle, cities, economy, gauls, pursuit, siege

    register_case_source(cities.CityCard, table="city_cards", row_from="name", cells={"defence": "defence", "vp": "vp"})
    register_case_source(
        economy.City,
        table="city_cards",
        row_from="name",
        cells={"income": "income", "port": "port", "elephants": "elephants"},
    )
    register_case_source(
        battle.Leader,
        table="leader_cards",
        row_from="name",
        cells={
            "command": "command",
            "victory_points": "vp",
            "pursuit_ability": "pursuit_ability",
            "pursuit_joins": "pursuit_joins",
            "pursuit_joins_number": "pursuit_joins_number",
            "pursuit_modifier": "pursuit_modifier",
        },
    )
    register_case_source(
        pursuit.PursuitEffect,
        table="event_cards",
        row_from="card",
        cells={"joins": "pursuit_joins", "joins_number": "pursuit_joins_number", "modifier": "pursuit_modifier"},
    )
    register_case_source(cities.LeaderInside, table="leader_cards", row_from="name", cells={"vp": "vp"})
    for tribe in (gauls.Tribe, economy.Tribe):
        register_case_source(
            tribe, table="gallic_tribes", row_from="name", cells={"infantry": "infantry", "cavalry": "cavalry"}
        )
    register_case_source(siege.TrackFlag, table="siege_track_flags", row_from="field", cells={"needs": "flag"})
