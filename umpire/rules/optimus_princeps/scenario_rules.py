"""The scenarios' special rules: who holds the dated regions (SN0.1 Dacian Control Table), the liberations of
S3 (Dacian Garrisons) and S5 (Barbarian Liberation), and the solitaire barbarians' tactic (Domitian's Reign)."""

from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .armies import Tactic
from .common import OPTIONS_HELP, RULESET, People, Season
from .victory import Scenario

CONTROL = "SN0.1 The map: Dacian Control Table"
S3_LIBERATION = "S3.3 Dacian Garrisons: Liberation"
S5_LIBERATION = "S5 Special Rules: Barbarian Liberation"
TACTICAL_CHOICE = "Domitian's Reign: Barbarian Tactical Choice"
FIRST_YEAR = 101

# SN0.1 Dacian Control Table (L618-625): the columns are years; 105-106 and 106-117 overlap at 106 (A28).
DACIAN_CONTROL_TABLE = KeyedTable(
    "Dacian Control Table",
    CONTROL,
    {
        "dacia": {"101-102": "Dacian", "103-104": "Dacian", "105-106": "Dacian", "106-117": "Roman", "118+": "Roman"},
        "103": {"101-102": "Dacian", "103-104": "Roman", "105-106": "Roman", "106-117": "Roman", "118+": "Jazyge"},
        "104": {"101-102": "Jazyge", "103-104": "Jazyge", "105-106": "Dacian", "106-117": "Roman", "118+": "Jazyge"},
        "118": {"101-102": "Dacian", "103-104": "Dacian", "105-106": "Dacian", "106-117": "Roman", "118+": "Roxolan"},
    },
)


class Area(Choice):
    DACIA = "dacia"
    REGIONS_103 = "103"
    REGIONS_104 = "104"
    REGIONS_118 = "118"


class Year106(Choice):
    """A28: which column the year 106 reads."""

    SPLIT = "split"  # default: 105-106 to Spring 106, when S3 ends and Dacia becomes Roman; 106-117 after
    EARLIER = "earlier"  # 105-106 the whole year
    LATER = "later"  # 106-117 the whole year


@dataclass(frozen=True)
class ControlOptions:
    year_106: Year106 = spec(
        "A28, SN0.1: the year 106, in both the 105-106 and 106-117 columns, reads 105-106 to Spring (S3's end) "
        "and 106-117 after (default), or one column the whole year",
        default=Year106.SPLIT,
    )


@dataclass(frozen=True)
class ControlInput:
    area: Area = spec("Dacia (the yellow regions) or the regions marked 103, 104 or 118")
    year: int = spec("The year (CE)", min=FIRST_YEAR, max=200)
    season: Season = spec("The season", default=Season.THAW)
    options: ControlOptions = spec(OPTIONS_HELP, default=ControlOptions())


def column(case: ControlInput, working: Working) -> str:
    if case.year != 106:
        return next(
            key
            for key, first, last in (
                ("101-102", 101, 102),
                ("103-104", 103, 104),
                ("105-106", 105, 105),
                ("106-117", 107, 117),
                ("118+", 118, 10_000),
            )
            if first <= case.year <= last
        )
    reading = case.options.year_106
    early = reading is Year106.EARLIER or (reading is Year106.SPLIT and case.season in (Season.THAW, Season.SPRING))
    working.note(
        f"Reading A28: 106 reads {'105-106' if early else '106-117'}"
        + (f" in {case.season.label} (S3 ends in Spring 106)" if reading is Year106.SPLIT else " the whole year"),
        CONTROL,
    )
    return "105-106" if early else "106-117"


@procedure(
    RULESET, "dacian_control", title="Who holds Dacia and the numbered regions", source=CONTROL, takes=ControlInput
)
def dacian_control(case: ControlInput, dice: Dice) -> Result:
    """SN0.1: the people that holds Dacia and the regions marked 103, 104 and 118 in a given year."""
    working = Working()
    holder = DACIAN_CONTROL_TABLE.lookup(case.area.value, working, column=column(case, working))
    return Result.of("optimus_princeps.dacian_control", {"holder": holder}, working, dice)


# ---- optimus_princeps.liberation ------------------------------------------------------------------------


class Place(Choice):
    """S5 Barbarian Liberation: what was captured, and where."""

    DACIAN_VILLAGE = "dacian_village"
    TRIBAL_SITE_104 = "tribal_site_104"
    VILLAGE_118 = "village_118"
    OTHER = "other"


LIBERATORS = {
    Place.DACIAN_VILLAGE: People.DACIAN,
    Place.TRIBAL_SITE_104: People.SARMATIAN,
    Place.VILLAGE_118: People.SARMATIAN,
}
LIBERATED_AS = {
    Place.DACIAN_VILLAGE: "a Dacian region",
    Place.TRIBAL_SITE_104: "a Jazyge region",
    Place.VILLAGE_118: "a Roxolan region",
}


@dataclass(frozen=True)
class LiberationInput:
    scenario: Scenario = spec("S3 (Dacian Garrisons) or S5 (Barbarian Liberation)")
    roman_setup_garrison: bool = spec(
        "S3: the Romans there were placed at the start, in a Dacian inhabited region", default=True
    )
    visited: bool = spec("S3: a Roman leader escorted by an army has visited them", default=False)
    place: Place = spec("S5: what the barbarian army captured", default=Place.OTHER)
    people: People = spec("S5: the capturing army's people (Jazyges and Roxolans are Sarmatian)", default=People.DACIAN)


def garrison_liberation(case: LiberationInput, working: Working) -> dict[str, Any]:
    """S3.3: before a Roman army's visit, the 105 garrisons fight in plains; no invasion, a liberation."""
    liberated = case.roman_setup_garrison and not case.visited
    working.step(
        "Attacked before a Roman leader with an army has visited: they are in plains, without the region's "
        "defences; this is no invasion but a liberation"
        if liberated
        else "They have their defences: an assault or an invasion as usual",
        S3_LIBERATION,
        liberated,
    )
    return {"liberation": liberated, "defences": not liberated}


def barbarian_liberation(case: LiberationInput, working: Working) -> dict[str, Any]:
    """S5: a Dacian village the Dacians take, a 104 tribal site the Jazyges take, the 118 village the Roxolans."""
    freed = LIBERATORS.get(case.place) is case.people
    working.step(
        f"It becomes {LIBERATED_AS[case.place]}" if freed else "No liberation: it is captured as usual",
        S5_LIBERATION,
        freed,
    )
    return {"liberation": freed, "becomes": LIBERATED_AS[case.place] if freed else None}


@procedure(
    RULESET,
    "liberation",
    title="Liberation (S3, S5)",
    source=f"{S3_LIBERATION}; {S5_LIBERATION}",
    takes=LiberationInput,
)
def liberation(case: LiberationInput, dice: Dice) -> Result:
    """S3.3 and S5: when a barbarian capture is a liberation."""
    working = Working()
    rule = {Scenario.S3: garrison_liberation, Scenario.S5: barbarian_liberation}.get(case.scenario)
    if rule is None:
        raise RulesError("scenario", "only S3 and S5 have a liberation rule")
    return Result.of("optimus_princeps.liberation", rule(case, working), working, dice)


# ---- optimus_princeps.barbarian_tactic (solitaire) -----------------------------------------------------


class Harassment(Choice):
    """A31: "Harassment" is Phase 1's name, not a tactic."""

    DISSUASION = "dissuasion"  # default: the missile-armed tactic
    GENERAL_ATTACK = "general_attack"  # no tactic: no bonus, losses as the owner chooses


# Domitian's Reign, Barbarian Tactical Choice (L1106): the counter drawn that each people reads otherwise.
REPLACED = {
    People.DACIAN: (Tactic.ENVELOPMENT, "Harassment"),
    People.GERMAN: (Tactic.ENVELOPMENT, "Frontal Assault"),
    People.SARMATIAN: (Tactic.GENERAL_ATTACK, "Harassment"),
}


@dataclass(frozen=True)
class TacticOptions:
    harassment: Harassment = spec(
        'A31, Domitian\'s Reign: "Harassment", not a tactic, is read as Dissuasion (default) or as General '
        "Attack, no tactic at all",
        default=Harassment.DISSUASION,
    )


@dataclass(frozen=True)
class TacticInput:
    people: People = spec("The barbarians' people")
    drawn: Tactic = spec("The tactic counter drawn at random")
    options: TacticOptions = spec(OPTIONS_HELP, default=TacticOptions())


@procedure(
    RULESET,
    "barbarian_tactic",
    title="Barbarian tactical choice (solitaire)",
    source=TACTICAL_CHOICE,
    takes=TacticInput,
)
def barbarian_tactic(case: TacticInput, dice: Dice) -> Result:
    """Domitian's Reign, solitaire: the tactic drawn at random, as each barbarian people reads it."""
    working = Working()
    replaced, becomes = REPLACED.get(case.people, (None, None))
    tactic = case.drawn
    if case.drawn is replaced and becomes == "Frontal Assault":
        tactic = Tactic.FRONTAL_ATTACK
    elif case.drawn is replaced:
        tactic = Tactic(case.options.harassment.value)
        working.note(f"Reading A31: Harassment is {tactic.label}", TACTICAL_CHOICE)
    if case.drawn is replaced:
        working.step(
            f"For the {case.people.label}s, {case.drawn.label} becomes {becomes}: {tactic.label}",
            TACTICAL_CHOICE,
            tactic.value,
        )
    else:
        working.step(f"{case.drawn.label} stands", TACTICAL_CHOICE, tactic.value)
    return Result.of("optimus_princeps.barbarian_tactic", {"tactic": tactic.value}, working, dice)
