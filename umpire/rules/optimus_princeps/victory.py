"""Victory: each scenario's conditions (S1.4, S2.3, S3.4, S4.3-4.4, S5, the optional automatic victory of
SN0.3), and the campaign's popularity score, Points Optimus Princeps (Domitian's Reign, Victory)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import Band, BandTable, KeyedTable
from ..working import Result, Working, words
from .common import OPTIONS_HELP, RULESET, Side

POP_RULE = "Domitian's Reign: Victory"
REIGN_RULE = "Domitian's Reign: Events and Stratagems"


def reign_event(
    date: str, player: str, ap: int, pop: int | None, line: int, occurs_on: int | None = None
) -> dict[str, Any]:
    return {"date": date, "occurs_on": occurs_on, "ap": ap, "player": player, "pop": pop, "source": f"L{line}"}


# Domitian's Reign, Events and Stratagems (L992-1072): each one bought with AP, as the text prints it; pop None:
# the text gives it no POP. The wars, which cost no AP, are scored by the victories and defeats above. "Self-
# proclaimed Consul" is printed each Thaw from 82 to 88 (L998-L1041); I Minervia is raised twice (A30).
REIGN_EVENTS = KeyedTable(
    "Domitian's Reign events",
    REIGN_RULE,
    {
        "Dominus": reign_event("81 Autumn", "Barbarian", 2, -5, 996, 3),
        "Self-proclaimed Consul": reign_event("82-88 Thaw", "Barbarian", 1, -1, 998, 3),
        "Mons Graupius": reign_event("83 Summer", "Roman", 4, 10, 1005, 3),
        "Discovery": reign_event("83 Autumn", "Roman", 2, 5, 1007, 3),
        "Domitia Longina divorced": reign_event("83 Winter", "Barbarian", 2, -10, 1009, 3),
        "Pay Raise": reign_event("83 Winter", "Roman", 4, None, 1010),
        "Family Scandal": reign_event("84 Thaw", "Barbarian", 2, -10, 1015, 3),
        "Exile of Dion of Pruse": reign_event("84 Thaw", "Barbarian", 1, -5, 1017, 4),
        "Raising of Legio I Minervia": reign_event("85 Spring", "Roman", 6, None, 1021),
        "Domitian is sole Consul": reign_event("85 Spring", "Barbarian", 1, -5, 1022, 3),
        "Devaluation of the Currency": reign_event("85 Spring", "Barbarian and Roman", 2, -10, 1023, 3),
        "Domitian, censor for life": reign_event("85 Winter", "Barbarian", 1, -5, 1027, 3),
        "Construction of the Flavian Palace": reign_event("86 Spring", "Roman", 2, 5, 1032),
        "Capitoline Games": reign_event("86 Spring", "Roman", 2, 10, 1033),
        "Division of Moesia": reign_event("86 Winter", "Roman", 4, None, 1035),
        "British Legion to Pannonia": reign_event("87 Thaw", "Roman", 2, None, 1038),
        "Centennial Games": reign_event("88 Thaw", "Roman", 2, 10, 1042),
        "The Rhine Floods": reign_event("88 Winter", "Roman", 4, None, 1046),
        "Reinforcement of the Agri Decumates": reign_event("89 Thaw", "Barbarian", 2, 5, 1048, 2),
        "Pannonia split and reinforced": reign_event("89 Summer", "Roman", 4, None, 1053),
        "Fierce Reprisals": reign_event("89 Summer", "Barbarian and Roman", 2, -10, 1054),
        "Creation of Legio I Minervia": reign_event("89 Winter", "Roman", 4, None, 1056),
        "Domitian takes back his wife": reign_event("90 Thaw", "Roman", 2, 5, 1058),
        "Domitian's Stadium": reign_event("90 Thaw", "Roman", 2, 5, 1059),
        "Domitian deifies Julia Titii": reign_event("91 Thaw", "Barbarian", 1, -5, 1061, 3),
        "Dalmati legion moves to Moesia": reign_event("91 Thaw", "Roman", 2, None, 1062),
        "Fiscus judaicus": reign_event("92 Thaw", "Roman", 2, 10, 1064),
        "Edict on vineyards": reign_event("92 Thaw", "Barbarian", 4, None, 1065, 3),
        "Fortified camps of Brigetio and Aquincum": reign_event("92 Thaw", "Roman", 4, 10, 1066),
    },
)
# Domitian's Reign, Victory (L948-968): POP per event.
POP_TABLE = KeyedTable(
    "Points Optimus Princeps (POP)",
    POP_RULE,
    {
        "booty_spent_by_barbarians": -1,  # per Booty taken from the Romans and spent at home by the barbarians
        "roman_leaders": -5,  # per Roman leader eliminated
        "roman_historic_leaders": -10,  # per historic leader eliminated
        "legions_destroyed": -10,
        "truces": -10,
        "roman_defeats": -30,
        "domitian_premature_death": -30,
        "rome_falls": -100,
        "booty_spent_by_romans": 1,  # per Booty taken from the barbarians and spent at home by the Romans
        "eagles_recovered": 5,
        "barbarian_leaders": 5,  # dummies do not count
        "barbarian_historical_leaders": 10,
        "partial_victories": 20,
        "total_victories": 40,
        "sarmizegetusa_captured": 50,
    },
)
# Domitian's Reign, Victory (L938-946): the bands; 0 to 49 has none (A29).
POP_BANDS = BandTable(
    "POP result",
    POP_RULE,
    (
        Band(200, None, "felicior augusto (happy as Augustus)", "200+"),
        Band(150, 199, "melior Traiano (better than Trajan)", "150-199"),
        Band(100, 149, "worthy of his father Vespasian", "100-149"),
        Band(50, 99, "a placeholder emperor", "50+"),
        Band(0, 49, "no band printed", "0-49"),
        Band(None, -1, "damnatio memoriae", "negative"),
    ),
)


@dataclass(frozen=True)
class PopOptions:
    historic_counts_twice: bool = spec(
        "A29, Domitian's Reign: a historic Roman leader eliminated costs -10 only (default) or also the -5 of any "
        "Roman leader",
        default=False,
    )


@dataclass(frozen=True)
class ReignEvent:
    name: str = spec("The event or stratagem, as on the Domitian's Reign events table (Mons Graupius)")
    pop: int | None = spec(
        "Its POP (empty: the event's Domitian's Reign events table, or the text's)", min=-100, max=100, default=None
    )
    times: int = spec("How many times it was played (Self-proclaimed Consul: once each Thaw)", min=1, max=20, default=1)


@dataclass(frozen=True)
class PopInput:
    booty_spent_by_romans: int = spec(
        "Booty taken from the barbarians and spent at home by the Romans", min=0, max=500, default=0
    )
    booty_spent_by_barbarians: int = spec(
        "Booty taken from the Romans and spent at home by the barbarians", min=0, max=500, default=0
    )
    roman_leaders: int = spec("Roman leaders eliminated (generic ones)", min=0, max=50, default=0)
    roman_historic_leaders: int = spec("Roman historic leaders eliminated", min=0, max=50, default=0)
    legions_destroyed: int = spec("Legions destroyed", min=0, max=30, default=0)
    truces: int = spec("Truces", min=0, max=10, default=0)
    roman_defeats: int = spec("Roman defeats (wars lost)", min=0, max=10, default=0)
    domitian_premature_death: bool = spec("Domitian died before his time (end of the game)", default=False)
    rome_falls: bool = spec("Rome fell", default=False)
    eagles_recovered: int = spec("Eagles recovered", min=0, max=30, default=0)
    barbarian_leaders: int = spec("Barbarian leaders eliminated (no dummies)", min=0, max=50, default=0)
    barbarian_historical_leaders: int = spec("Historical barbarian leaders eliminated", min=0, max=50, default=0)
    partial_victories: int = spec("Roman partial victories", min=0, max=10, default=0)
    total_victories: int = spec("Roman total victories", min=0, max=10, default=0)
    sarmizegetusa_captured: bool = spec("Sarmizegetusa captured", default=False)
    reign_events: tuple[ReignEvent, ...] = spec(
        "The reign's events and stratagems played, each by name", max_items=60, default=()
    )
    events: int = spec(
        "Other POP, summed, that no named event gives (Control's adjustments)", min=-500, max=500, default=0
    )
    options: PopOptions = spec(OPTIONS_HELP, default=PopOptions())


@procedure(RULESET, "pop", title="Points Optimus Princeps", source=POP_RULE, takes=PopInput)
def pop(case: PopInput, dice: Dice) -> Result:
    """Domitian's Reign: the campaign's POP total from its ledger, and the verdict on Domitian's reign."""
    working = Working()
    total = sum(reign_pop(event, i, working) for i, event in enumerate(case.reign_events)) + case.events
    if case.events:
        working.step(f"Other events and stratagems, summed: {case.events:+d} POP", POP_RULE, case.events)
    for key, each in POP_TABLE.rows.items():
        count = int(getattr(case, key))
        if key == "roman_leaders" and case.options.historic_counts_twice:
            count += case.roman_historic_leaders
        if count:
            working.table(POP_TABLE, f"{words(key)} × {count}", each * count)
            total += each * count
    working.note(
        "Reading A29: a historic Roman leader counts "
        + ("-10 and -5" if case.options.historic_counts_twice else "-10 only"),
        POP_RULE,
    )
    verdict = POP_BANDS.lookup(total, working)
    return Result.of("optimus_princeps.pop", {"pop": total, "verdict": verdict}, working, dice)


def reign_pop(event: ReignEvent, i: int, working: Working) -> int:
    """An event's POP: as the event's table or the umpire gives it, else as the text prints it."""
    if event.pop is not None:
        working.step(f"{event.name} × {event.times}: {event.pop:+d} POP each", REIGN_RULE, event.pop * event.times)
        return event.pop * event.times
    if event.name not in REIGN_EVENTS.rows:
        raise RulesError(
            f"reign_events.{i}.pop",
            f"the Domitian's Reign events table has no POP for {event.name!r}: "
            "Control enters it on the data tables page",
        )
    printed: int | None = REIGN_EVENTS.lookup(event.name, working)["pop"]
    if printed is None:
        working.step(f"{event.name}: the text gives it no POP", REIGN_RULE, 0)
        return 0
    working.step(f"{event.name} × {event.times}: {printed:+d} POP each", REIGN_RULE, printed * event.times)
    return printed * event.times


# ---- optimus_princeps.scenario_victory ----------------------------------------------------------------


class Scenario(Choice):
    S1 = "s1_first_dacian_war"
    S2 = "s2_dacian_jazyges_wars"
    S3 = "s3_second_dacian_war"
    S4 = "s4_roman_jazyges_war"
    S5 = "s5_dacian_revolt"


@dataclass(frozen=True)
class VictoryInput:
    scenario: Scenario = spec("The scenario")
    all_leaders_killed: Side | None = spec(
        "Optional automatic victory (SN0.3): the side all of whose leaders are killed (empty: neither)", default=None
    )
    dacian_regions_held: int = spec("S1: Dacian inhabited regions the Roman occupies", min=0, max=60, default=0)
    fortresses_held: int = spec("S1: of them, Sarmizegetusa fortresses", min=0, max=10, default=0)
    tapae_fortress_destroyed: bool = spec("S1: the Dacian fortress at Tapae destroyed", default=False)
    booty_brought_north: int = spec(
        "S1: Booty taken south of the Danube and brought back north", min=0, max=200, default=0
    )
    supreme_roman_dead: bool = spec("Trajan (S1, S3) or Hadrian as princeps (S5) is dead", default=False)
    decebalus_dead: bool = spec("S1, S3: Decebalus is dead", default=False)
    eagles_captured: int = spec("Legion eagles the barbarians hold", min=0, max=30, default=0)
    sarmizegetusa: Side = spec("Who holds Sarmizegetusa", default=Side.BARBARIAN)
    all_104_held_by_dacians: bool = spec("S2: the Dacians hold all the regions marked 104", default=False)
    roman_regions_103_104: int = spec(
        "S4: inhabited regions marked 103 or 104 the Roman occupies", min=0, max=60, default=0
    )
    jazyge_regions_103_104: int = spec("S4: those the Jazyges occupy", min=0, max=60, default=0)
    legions_in_dacia: int = spec(
        "S4: Roman legions in the Roman Dacian provinces at the end of a season", min=0, max=30, default=3
    )
    all_dacian_cities_held: bool = spec("S5: the Roman holds every Dacian city", default=False)
    no_princeps_at_thaw_118: bool = spec("S5: no princeps at the start of Thaw 118", default=False)
    colonist_sp_destroyed: int = spec("S5: Roman colonist SP destroyed", min=0, max=10, default=0)


Condition = tuple[bool, str, str]  # met, the winner, the victory's name
Conditions = tuple[list[Condition], str, tuple[str, str]]  # in order, their rule, and (winner, words) if none is met


def optional_automatic(case: VictoryInput, working: Working) -> dict[str, str] | None:
    if case.all_leaders_killed is None:
        return None
    winner = "barbarian" if case.all_leaders_killed is Side.ROMAN else "roman"
    working.step(
        f"All the {case.all_leaders_killed.label} leaders are killed: automatic {winner} victory",
        "SN0.3 Automatic Victory (optional)",
        winner,
    )
    return {"winner": winner, "victory": "automatic"}


def first_met(conditions: Sequence[Condition], working: Working, rule: str) -> dict[str, str] | None:
    for met, winner, victory in conditions:
        if met:
            working.step(f"{victory}: {winner}", rule, winner)
            return {"winner": winner, "victory": victory}
    return None


def s1(case: VictoryInput) -> Conditions:
    return (
        [
            (case.supreme_roman_dead and case.eagles_captured >= 3, "barbarian", "Barbarian Automatic Victory"),
            (case.decebalus_dead and case.sarmizegetusa is Side.ROMAN, "roman", "Roman Automatic Victory"),
            (
                case.dacian_regions_held >= 6 and case.fortresses_held >= 3 and case.tapae_fortress_destroyed,
                "roman",
                "Historical Roman Victory",
            ),
            (case.booty_brought_north >= 15, "barbarian", "Almost Historical Barbarian Victory"),
        ],
        "S1.4 Victory",
        ("draw", "draw"),
    )


def s2(case: VictoryInput) -> Conditions:
    return (
        [(case.all_104_held_by_dacians, "dacian", "Dacian Historical Victory")],
        "S2.3 Victory",
        ("jazyge", "Jazyges victory"),
    )


def s3(case: VictoryInput) -> Conditions:
    return (
        [
            (case.supreme_roman_dead and case.eagles_captured >= 2, "barbarian", "Barbarian Automatic Victory"),
            (case.sarmizegetusa is Side.ROMAN and case.decebalus_dead, "roman", "Historical Roman Victory"),
            (case.sarmizegetusa is Side.BARBARIAN, "barbarian", "Barbarian Near-Historical Victory"),
        ],
        "S3.4 Victory",
        ("draw", "draw"),
    )


def s4(case: VictoryInput) -> Conditions:
    roman, jazyge = case.roman_regions_103_104, case.jazyge_regions_103_104
    return (
        [
            (case.legions_in_dacia < 3, "jazyge", "Recent Conquest: Dacia revolts, the Roman player loses (S4.3)"),
            (roman > jazyge, "roman", "Most inhabited regions marked 103 and 104"),
            (jazyge > roman, "jazyge", "Most inhabited regions marked 103 and 104"),
        ],
        "S4.4 Victory",
        ("tie", "equal counts: the text names no winner, the umpire decides"),
    )


def s5(case: VictoryInput) -> Conditions:
    automatic = (
        (case.supreme_roman_dead and case.eagles_captured >= 3)
        or case.no_princeps_at_thaw_118
        or case.colonist_sp_destroyed >= 3
    )
    return (
        [
            (automatic, "barbarian", "Barbarian Automatic Victory"),
            (case.all_dacian_cities_held, "roman", "Roman Victory"),
        ],
        "S5 Victory",
        ("barbarian", "Barbarian Victory"),
    )


CONDITIONS = {Scenario.S1: s1, Scenario.S2: s2, Scenario.S3: s3, Scenario.S4: s4, Scenario.S5: s5}


@procedure(RULESET, "scenario_victory", title="Scenario victory", source="Scenarios: Victory", takes=VictoryInput)
def scenario_victory(case: VictoryInput, dice: Dice) -> Result:
    """The scenario's victory conditions, automatic victories first; otherwise its default result."""
    working = Working()
    found = optional_automatic(case, working)
    if found is None:
        conditions, rule, (winner, words) = CONDITIONS[case.scenario](case)
        found = first_met(conditions, working, rule)
        if found is None:
            working.step(f"No condition met: {words}", rule, winner)
            found = {"winner": winner, "victory": words}
    return Result.of("optimus_princeps.scenario_victory", found, working, dice)
