"""4.0 Sequence of Play as data for the clock: a game-turn is a month of "approximately 30 days" (4.0), played
as phases A to D; a year is twelve of them, with the calendar's own steps in January, April, May and October
(6.1, 7.2, 9.61, 11.4). The set-up is the Situation Outline's (20.0-20.3)."""

from typing import Any

from .common import EXTRACTION

MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)

SETUP_CHECKLIST = (
    {"text": "Choose the situation; note its historical length and number of factions", "rule": "20.1"},
    {
        "text": "Each faction: its provinces, and the colour, type, strength, CER and location of each unit "
        "(asterisked provinces: only the cities its units deploy in)",
        "rule": "20.2; 20.21",
    },
    {
        "text": "Each faction's treasury and morale (barbarians, rebels, foreign powers and usurpers: 100) on the "
        "trackers",
        "rule": "20.2; 5.2; 18.7",
    },
    {"text": "The order of movement and of deployment", "rule": "20.2"},
    {
        "text": "The Corn Supply Index at its starting value; corn fleets at Caralis 1, Syracusae 2, Roma 2, "
        "Carthago 3, Alexandria 5 (Constantinople: 3 there, 2 at Heraclea Chersonensus)",
        "rule": "9.8; 9.78; 9.12",
    },
    {
        "text": "Situation notes: militia, Limitanei, roads, intervention rolls, Persia neutral, training waivers, "
        "Imperator replacement, the Empire's provinces",
        "rule": "20.3; 13.3; 13.5",
    },
    {
        "text": "Control fills the event's data tables: city tax rates and defences, recruiting limits, the rest of "
        "the Morale Table and of the combat results tables",
        "rule": EXTRACTION + " §4",
    },
    {
        "text": "Optional rules in play (treasure cities: three times the tax yield placed in each)",
        "rule": "5.8; 21; 22",
    },
)

START = {
    "key": "start_of_turn",
    "title": "Start of the game-turn",
    "rule": "3.5",
    "steps": (
        {"text": "Factions announce alliances for this game-turn only", "rule": "3.5; 3.53"},
        {
            "text": "Set the season: summer April to October, winter November to March (some provinces always summer)",
            "rule": "7.0; 7.1",
        },
        {"text": "Siege attrition for each besieged city whose last corn is gone", "rule": "16.6"},
        {"text": "Fleets finished building become available", "rule": "12.13"},
    ),
}
JANUARY = {
    "key": "new_year",
    "title": "A new year",
    "rule": "6.1",
    "steps": (
        {"text": "Annual recruiting limits start again", "rule": "6.1; 6.11"},
        {"text": "Militia rebuilt at 1 Treasure Point for each strength point", "rule": "15.52"},
        {"text": "Optional: half of each faction's morale gain or loss of last year is eliminated", "rule": "11.4"},
    ),
}
APRIL = {
    "key": "rivers_flood",
    "title": "Rivers flood",
    "rule": "7.2",
    "steps": ({"text": "All rivers flood (not Aegyptus'): crossing them costs double this month", "rule": "7.1; 7.2"},),
}
MAY = {
    "key": "corn_harvest",
    "title": "Corn harvest",
    "rule": "9.61",
    "steps": (
        {
            "text": "The year's corn is produced: Sardinia 2, Sicilia 4, Africa Proconsularis 4, Aegyptus 8; collect it "
            "by the end of December",
            "rule": "9.6; 9.61; 9.64",
        },
    ),
}
OCTOBER = {
    "key": "nile_floods",
    "title": "Aegyptus' rivers flood",
    "rule": "7.2",
    "steps": ({"text": "Aegyptus' rivers flood: crossing them costs double this month", "rule": "7.2"},),
}
TAXATION = {
    "key": "taxation",
    "title": "A. Joint Taxation Phase",
    "rule": "4.0 A",
    "steps": (
        {"text": "The Furthest Faction for each barbarian, rebel, foreign or usurping force", "rule": "18.11"},
        {"text": "Each faction taxes each city it controls once (not plundered ones; barbarians none)", "rule": "5.4"},
        {"text": "Unnamed leaders on the Month Track roll to return", "rule": "10.42"},
    ),
}
MOBILIZATION = {
    "key": "mobilization",
    "title": "B. Joint Mobilization Phase",
    "rule": "4.0 B",
    "steps": (
        {"text": "Persian activation roll where Persia is neutral (optional bribes)", "rule": "20.8; 18.5"},
        {"text": "Captured leaders may be freed", "rule": "10.34"},
        {
            "text": "Recruit: two units a city, within the area's limits and class; double cost without a trainer",
            "rule": "6.12; 6.3",
        },
        {
            "text": "Powers wishing more than a shared area's pool divide it as equally as possible, extras by die",
            "rule": "6.17",
        },
        {"text": "War fleets under construction: pay and advance", "rule": "12.11"},
        {"text": "Fortifications placed Under Construction; the builders may not move", "rule": "17.11"},
    ),
}
ACTIVATION = {
    "key": "activation",
    "title": "C. Activation Phase",
    "rule": "4.0 C",
    "steps": (
        {"text": "Each power's chits into the mug, up to its best leader's rating", "rule": "4.11"},
        {"text": "The console removes chits unseen (1 plus the chart's number for each power)", "rule": "4.0 C"},
        {
            "text": "The console draws a chit; its power activates leaders rated at least it (forces without a leader "
            "on a 0) or passes",
            "rule": "4.0 C; 4.12",
        },
        {"text": "Each activation: Naval Operations, Land Movement, Land Combat segments", "rule": "4.0 C"},
        {
            "text": "End of activation: plunder occupied cities; moved markers (no unit more than twice)",
            "rule": "5.5; 4.14; 4.18",
        },
        {
            "text": "End of the faction-turn: a lost Imperator is replaced where the situation provides it",
            "rule": "10.61",
        },
        {"text": "The mug is empty: reveal the removed chits", "rule": "4.0 C"},
    ),
}
SUPPLY = {
    "key": "supply",
    "title": "D. Joint Supply Phase",
    "rule": "4.0 D",
    "steps": (
        {"text": "Fortifications under construction take effect", "rule": "17.2"},
        {"text": "The capital consumes 1 corn; with none, roll for corn rebellion", "rule": "9.9; 9.10"},
        {
            "text": "Supply limitations: flag the surplus, remove last turn's unfed surplus, spend corn",
            "rule": "9.1; 9.3",
        },
        {
            "text": "Several factions in one hex remove units by turns, the stronger stack first; a Roman faction's spare "
            "corn may feed Roman enemies there, half of whom defect",
            "rule": "9.31; 9.32",
        },
        {"text": "Destroyed corn fleets return two game-turns after their loss", "rule": "9.74"},
        {
            "text": "Fleets that began the turn at sea and are not in a friendly port roll for attrition; place At Sea "
            "markers",
            "rule": "12.22",
        },
        {
            "text": "Morale: -2 for each faction that made no attack; +2 for controlling the capital the whole turn",
            "rule": "Morale Table",
        },
        {
            "text": "A faction at morale 0 or less dissolves (optional: the Power Dissolution Phase instead)",
            "rule": "11.2; 22.1",
        },
        {
            "text": "Dissolved factions' chits leave the mug; Plundered markers and other timers count down",
            "rule": "3.25; 5.51",
        },
        {"text": "Advance the Turn Record marker", "rule": "4.0 D"},
    ),
}
CALENDAR = {1: (JANUARY,), 4: (APRIL,), 5: (MAY,), 10: (OCTOBER,)}


def month_plan(number: int) -> dict[str, Any]:
    """Month `number` (1-12): the start of the turn, that month's own steps, then phases A to D."""
    phases = (START, *CALENDAR.get(number, ()), TAXATION, MOBILIZATION, ACTIVATION, SUPPLY)
    return {"stage": MONTHS[number - 1], "number": number, "phases": phases}


SEQUENCE_OF_PLAY = tuple(month_plan(number) for number in range(1, 13))
