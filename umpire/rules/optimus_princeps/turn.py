"""2 Game Sequence: the five seasons of a year, each run through Sequences 1 to 6, as data for the clock; the
seasonal event of Sequence 1 with the spring recovery; and the solitaire campaign's historical events and
barbarian activation (Domitian's Reign, Playing the Campaign Solitaire)."""

from dataclasses import dataclass
from itertools import groupby
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import DIE, OPTIONS_HELP, RULESET, Season

EVENTS = "2 Sequence 1: Events"
SOLITAIRE = "Domitian's Reign: Playing the Campaign Solitaire"
RECOVERS_ON = 4  # §2 Spring: "roll a D6 per pillaged ["Pillée"] region: on a 4+ it returns to normal"

# ---- the sequence of play, as data ----------------------------------------------------------------------

SETUP_CHECKLIST = (
    {
        "text": "Choose the scenario (S1-S5) or the campaign of Domitian's Reign; note its dates and victory "
        "conditions",
        "rule": "Scenarios",
    },
    {
        "text": "Set up the sides in the scenario's order, leaders with their armies on each side's hidden sheet",
        "rule": "S1.2-S5 Setup; §1.2",
    },
    {"text": "Place the fortifications and limes the scenario gives", "rule": "9.10.3; Scenarios"},
    {
        "text": "Give out the starting Booty (S1: 10 to a Dacian leader) and each side's supplementary stratagems",
        "rule": "S1.2.2; SN0.3",
    },
    {"text": "Set the season and year markers to the scenario's first season", "rule": "2 Sequence 6"},
)

START = {
    "key": "start_of_season",
    "title": "Start of the season",
    "rule": "4.1",
    "steps": (
        {"text": "Turn every leader to face his owner: each has his Leader AP again", "rule": "4.1"},
        {"text": "Solitaire campaign: roll for the season's historical events before the weather", "rule": SOLITAIRE},
    ),
}
FLOODED = "marshes flooded: being in them or moving through them is crossing a major river for attrition"
# §2 Sequence 1 (L125-134): the D6 each season but spring, its columns the die as written.
SEASONAL_EVENTS = KeyedTable(
    "Seasonal events",
    EVENTS,
    {
        "thaw": {"1": "no effect", "2": "no effect", "3": "no effect", "4": FLOODED, "5": FLOODED, "6": FLOODED},
        "summer": {
            "1": "marshes are dry: plains",
            "2": "marshes are dry: plains",
            "3": "marshes are dry: plains",
            "4": "no effect",
            "5": "no effect",
            "6": "no effect",
        },
        "autumn": {
            "1": "rivers are frozen",
            "2": "no effect",
            "3": "no effect",
            "4": "no effect",
            "5": "no effect",
            "6": FLOODED,
        },
        "winter": {
            "1": "watercourses are frozen",
            "2": "watercourses are frozen",
            "3": "watercourses are frozen",
            "4": "no effect",
            "5": "no effect",
            "6": "no effect",
        },
    },
)
WEATHER_LINES = {Season.THAW: "L126", Season.SUMMER: "L132", Season.AUTUMN: "L133", Season.WINTER: "L134"}
FROZEN = ("rivers are frozen", "watercourses are frozen")


def weather_text(season: Season) -> str:
    """The season's line of the seasonal event, read from its row of the table the procedure rolls on."""
    row: dict[str, str] = SEASONAL_EVENTS.rows[season.value]
    bands = [list(rolls) for _, rolls in groupby(row, key=row.__getitem__)]
    rolls = "; ".join(f"{band[0]}{'' if len(band) == 1 else f'-{band[-1]}'} {row[band[0]]}" for band in bands)
    return f"{season.label.title()}: roll a D6: {rolls}"


def weather_steps(season: Season) -> tuple[dict[str, str], ...]:
    roll = {"text": weather_text(season), "rule": f"2 Sequence 1 {WEATHER_LINES[season]}"}
    if not set(FROZEN) & set(SEASONAL_EVENTS.rows[season.value].values()):
        return (roll,)
    return (roll, {"text": "If the rivers freeze, a bridge of boats is destroyed", "rule": "5.2.4"})


SPRING = {
    "key": "spring_reinforcements",
    "title": "Sequence 1: Events (spring: automatic reinforcements)",
    "rule": "2 Sequence 1; §13.1",
    "steps": (
        {"text": "No weather roll; roll a D6 per Pillaged region: 4+ it returns to normal", "rule": "2 L128"},
        {
            "text": "HDC units in their own non-pillaged, non-besieged inhabited regions return to normal",
            "rule": "13.1",
        },
        {
            "text": "Tribal sites their barbarians occupy, no longer Pillaged, recover their Defensive Value",
            "rule": "9.10.1",
        },
        {"text": "SP destroyed in the previous year may be recruited anew", "rule": "2 L131; §13.2"},
    ),
}
AFTER_EVENTS = (
    {
        "key": "action_points",
        "title": "Sequence 2: Acquiring APs",
        "rule": "2 Sequence 2; §3",
        "steps": (
            {
                "text": "Each player rolls a D6 on the Action Points Table and may buy AP with Booty, 1 each, 9 at most",
                "rule": "2 Sequence 2",
            },
            {"text": "Set each D10 to the AP available", "rule": "3"},
        ),
    },
    {
        "key": "initiative",
        "title": "Sequence 3: Initiative",
        "rule": "2 Sequence 3",
        "steps": ({"text": "The Roman player always plays first", "rule": "2 Sequence 3"},),
    },
    {
        "key": "operations",
        "title": "Sequence 4: Operations (alternating)",
        "rule": "2 Sequence 4",
        "steps": (
            {
                "text": "Alternate one action each, paid in AP or a Leader AP; no passing, 1 AP to do nothing",
                "rule": "2 Sequence 4",
            },
            {
                "text": "A player with AP left when the other has none plays them all; the sequence ends when neither has "
                "AP or Leader AP",
                "rule": "2 Sequence 4",
            },
            {
                "text": "Per season: a leader 4 MP, one stratagem per leader, Forced March once per player, tribute or "
                "harvest once per army",
                "rule": "5.1; §14; §12.3",
            },
        ),
    },
    {
        "key": "supply",
        "title": "Sequence 5: Supply",
        "rule": "2 Sequence 5; §6.2",
        "steps": (
            {
                "text": "Each player checks the supply of his units; every unsupplied stack rolls attrition",
                "rule": "6.2",
            },
            {
                "text": "Scenario 4: fewer than 3 legions in the Roman Dacian provinces and the Roman loses",
                "rule": "S4.3",
            },
        ),
    },
    {
        "key": "end_turn",
        "title": "Sequence 6: End Turn",
        "rule": "2 Sequence 6",
        "steps": (
            {"text": "Advance the season marker; after winter, advance the year marker (anno)", "rule": "2 Sequence 6"},
            {"text": "Check the scenario's end date and its dated events", "rule": "Scenarios"},
        ),
    },
)
STAGES = tuple(Season)


def weather_phase(season: Season) -> dict[str, Any]:
    """2 Sequence 1: each season but spring rolls on its own line of the seasonal event. A phase is known by its
    key in every stage it happens in, so each season's roll has a key of its own (thaw_weather …)."""
    if season is Season.SPRING:
        return SPRING
    return {
        "key": f"{season.value}_weather",
        "title": f"Sequence 1: Events ({season.label} weather)",
        "rule": "2 Sequence 1",
        "steps": weather_steps(season),
    }


def season_plan(number: int) -> dict[str, Any]:
    """The phases of season `number` (1 thaw … 5 winter) in the printed order of §2."""
    season = STAGES[number - 1]
    return {"stage": season.label.title(), "number": number, "phases": (START, weather_phase(season), *AFTER_EVENTS)}


# A year as the clock shows it: the five seasons, each with Sequences 1 to 6.
SEQUENCE_OF_PLAY = tuple(season_plan(number) for number in range(1, 6))


# ---- optimus_princeps.seasonal_event -----------------------------------------------------------------

FLEETS = "5.2.2 Fleet Movement"


@dataclass(frozen=True)
class WeatherOptions:
    until_next_roll: bool = spec(
        "A3, §2 Sequence 1: a seasonal event lasts the season it is rolled for (default) or until the next "
        "season's roll",
        default=False,
    )
    frozen_stops_sailing: bool = spec(
        'A3, §5.2.2 "In winter, if the river is frozen, sailing is impossible": whenever the rivers freeze, '
        "autumn too (default yes), or in winter only",
        default=True,
    )
    danube_freezes: bool = spec(
        "A3, §2 Sequence 1: the Danube is one of the watercourses that freeze (default yes) or never freezes",
        default=True,
    )


@dataclass(frozen=True)
class EventInput:
    season: Season = spec("The season beginning")
    pillaged_regions: tuple[str, ...] = spec("Spring: the regions with a Pillaged marker", max_items=60, default=())
    options: WeatherOptions = spec(OPTIONS_HELP, default=WeatherOptions())


@procedure(
    RULESET,
    "seasonal_event",
    title="Seasonal event",
    source=EVENTS,
    takes=EventInput,
    dice="1 D6 (spring: 1 D6 per Pillaged region)",
)
def seasonal_event(case: EventInput, dice: Dice) -> Result:
    """2 Sequence 1: the season's weather on a D6; in spring, each Pillaged region recovers on 4+."""
    working = Working()
    if case.season is Season.SPRING:
        return spring(case, dice, working)
    if case.pillaged_regions:
        raise RulesError("pillaged_regions", "Pillaged markers are rolled for in spring only")
    roll = working.roll(dice, DIE, f"{case.season.label} seasonal event")
    effect: str = SEASONAL_EVENTS.lookup(case.season.value, working, column=str(roll))
    working.note(
        "Reading A3: the effect lasts "
        + ("until the next season's roll" if case.options.until_next_roll else "this season"),
        EVENTS,
    )
    return Result.of(
        "optimus_princeps.seasonal_event",
        {"season": case.season.value, "effect": effect, **frozen(case, effect, working)},
        working,
        dice,
    )


def frozen(case: EventInput, effect: str, working: Working) -> dict[str, bool]:
    """What a freeze means for crossing the Danube and for the fleets, as A3 reads it."""
    if effect not in FROZEN:
        return {"danube_frozen": False, "sailing_stopped": False}
    danube = case.options.danube_freezes
    working.note(f"Reading A3: the Danube {'freezes with them' if danube else 'does not freeze'}", EVENTS)
    sailing = case.options.frozen_stops_sailing or case.season is Season.WINTER
    working.note(
        "Reading A3: "
        + (
            "the rivers are frozen: sailing is impossible, the boats stay in port"
            if sailing
            else "sailing stops in winter only"
        ),
        FLEETS,
    )
    return {"danube_frozen": danube, "sailing_stopped": sailing}


def spring(case: EventInput, dice: Dice, working: Working) -> Result:
    recovered: list[str] = []
    for region in case.pillaged_regions:
        roll = working.roll(dice, DIE, f"{region}'s Pillaged marker")
        back = roll >= RECOVERS_ON
        working.step(f"{region}: {roll}, " + ("returns to normal" if back else "stays Pillaged"), "2 L128", back)
        recovered += [region] if back else []
    working.step("HDC units in their own non-pillaged, non-besieged inhabited regions return to normal", "13.1")
    return Result.of("optimus_princeps.seasonal_event", {"season": "spring", "recovered": recovered}, working, dice)


# ---- optimus_princeps.historical_event (solitaire) ------------------------------------------------------


@dataclass(frozen=True)
class HistoricalInput:
    event: str = spec("The historical event, as Dominus")
    occurs_on: int = spec("Its occurrence number: 3 for (3+)", min=1, max=6)
    domitian_in_rome: bool = spec("Domitian is in Rome", default=False)
    favourable: bool = spec("The event is favourable to the emperor", default=False)


@procedure(
    RULESET,
    "historical_event",
    title="Historical event (solitaire)",
    source=SOLITAIRE,
    takes=HistoricalInput,
    dice="1 D6",
)
def historical_event(case: HistoricalInput, dice: Dice) -> Result:
    """Domitian's Reign, solitaire: an event occurs on its number or more; -1 if Domitian is in Rome and the event
    is not favourable to him."""
    working = Working()
    roll = working.roll(dice, DIE, case.event)
    total = roll
    if case.domitian_in_rome and not case.favourable:
        total += working.modifier("Domitian is in Rome and the event is not favourable to him", -1, SOLITAIRE)
    occurs = total >= case.occurs_on
    working.step(
        f"{case.event} ({case.occurs_on}+): {total}, " + ("it occurs" if occurs else "it does not occur"),
        SOLITAIRE,
        occurs,
    )
    return Result.of("optimus_princeps.historical_event", {"occurs": occurs, "result": total}, working, dice)


# ---- optimus_princeps.barbarian_activation (solitaire) ---------------------------------------------------


class Posture(Choice):
    DEFENSIVE = "defensive"
    OFFENSIVE = "offensive"


BARBARIAN_EVENT = "Barbarian Events, roll 1 D6"
# Domitian's Reign, Barbarian Actions (L1079-1088)
BARBARIAN_ACTIONS = KeyedTable(
    "Barbarian Actions",
    SOLITAIRE,
    {
        1: {"defensive": "Recruit 4 SP", "offensive": "Move 2 MP"},
        2: {"defensive": "Recruit 2 SP", "offensive": "Move 1 MP"},
        3: {"defensive": "Stay", "offensive": "Stay"},
        4: {"defensive": "Stay", "offensive": "Stay"},
        5: {"defensive": "Stay", "offensive": "Stay"},
        6: {"defensive": BARBARIAN_EVENT, "offensive": BARBARIAN_EVENT},
    },
)
# Domitian's Reign, Barbarian Events Table (L1091-1100); 3 and 4 are not cumulative.
BARBARIAN_EVENTS = KeyedTable(
    "Barbarian Events Table",
    SOLITAIRE,
    {
        1: "Future uncertain: the auguries foresee nothing special",
        2: "Former barbarian slave: the next invasion or siege, the Roman region's Defense Value -1",
        3: "Barbarian fervor: all barbarian nobles (and Tarabostes) +1 in melee the next battle",
        4: "Ambush: the next battle in a barbarian region, barbarian psiloi +1 in its first phase",
        5: "Healing: 2 Out of Action barbarian SP return to good order",
        6: "Rest and Relaxation: 4 Out of Action barbarian SP return to good order",
    },
)


@dataclass(frozen=True)
class ActivationInput:
    tribe: str = spec("The tribe at war whose army is activated")
    posture: Posture = spec("The army activated: defensive or offensive")


@procedure(
    RULESET,
    "barbarian_activation",
    title="Barbarian activation (solitaire)",
    source=SOLITAIRE,
    takes=ActivationInput,
    dice="1 D6; 1 more on a 6",
)
def barbarian_activation(case: ActivationInput, dice: Dice) -> Result:
    """Domitian's Reign, solitaire: what the activated barbarian army does, and the barbarian event on a 6."""
    working = Working()
    roll = working.roll(dice, DIE, f"{case.tribe} {case.posture.label} army")
    action = BARBARIAN_ACTIONS.lookup(roll, working, column=case.posture.value)
    outcome: dict[str, Any] = {"action": action, "event": None}
    if action == BARBARIAN_EVENT:
        outcome["event"] = BARBARIAN_EVENTS.lookup(working.roll(dice, DIE, "barbarian event"), working)
        working.note(f"It lasts this season and applies to the {case.tribe} only", SOLITAIRE)
    return Result.of("optimus_princeps.barbarian_activation", outcome, working, dice)
