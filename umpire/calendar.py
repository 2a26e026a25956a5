"""Game time, in pure Python: months, tax turns, winters, the wall-clock schedule, time left.

Turn 1 is the event's start month and each turn is one month (AD69 handbook,
IV. THE TURN). Nothing here imports Django: the clock's row is read elsewhere
and its fields passed in.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

MONTH_NAMES = (
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
MONTH_ABBREVIATIONS = {name[:3]: number for number, name in enumerate(MONTH_NAMES, 1)}

# VIII. INFRASTRUCTURE COSTS: the road cost "is payable annually every March".
ROAD_COST_MONTH = 3
# VIII. RAISING TROOPS: forces are paid "every three monthly turns"; the turn table
# marks the first turn and every third after it as a Tax Turn.
MONTHS_PER_QUARTER = 3


@dataclass(frozen=True)
class GameMonth:
    year: int  # as the rulebooks write it; a year BC is negative (-218 for 218 BC), and there is no year 0
    month: int

    @property
    def name(self):
        return MONTH_NAMES[self.month - 1]

    @property
    def year_in_words(self):
        """68 for AD68, as the handbook writes it; "218 BC" for a Punic War's."""
        return f"{-self.year} BC" if self.year < 0 else str(self.year)

    def __str__(self):
        return f"{self.name} {self.year_in_words}"


@dataclass(frozen=True)
class WinterSpan:
    """The months of winter, first to last inclusive, wrapping round the new year (IX. WEATHER)."""

    first: int
    last: int

    def __contains__(self, month):
        if self.first <= self.last:
            return self.first <= month <= self.last
        return month >= self.first or month <= self.last

    def __str__(self):
        return f"{MONTH_NAMES[self.first - 1][:3]}-{MONTH_NAMES[self.last - 1][:3]}"

    @classmethod
    def parse(cls, text):
        """A span as the handbook writes it, "Oct-Feb" or "Sept-Apr"; "none" is None."""
        if text.strip().lower() == "none":
            return None
        first, last = (MONTH_ABBREVIATIONS[part.strip()[:3].title()] for part in text.split("-"))
        return cls(first, last)


@dataclass(frozen=True)
class ScheduledTurn:
    turn: int
    starts: datetime
    ends: datetime
    month: GameMonth
    tax_turn: bool


def game_month(start_year, start_month, turn):
    """The game month of `turn`, counting the start month as turn 1."""
    if turn < 1:
        raise ValueError(f"turn must be 1 or more, not {turn}")
    # counted on a line with a year 0 (1 BC), so that 1 BC runs on into AD 1
    months = astronomical(start_year) * 12 + (start_month - 1) + (turn - 1)
    return GameMonth(year=historical(months // 12), month=months % 12 + 1)


def astronomical(year):
    return year + 1 if year < 0 else year


def historical(year):
    return year - 1 if year < 1 else year


def is_tax_turn(turn):
    """The first turn and every third after it: September, December, March, June in AD69."""
    return (turn - 1) % MONTHS_PER_QUARTER == 0


def tax_turn_of(turn):
    """The tax turn that opens the quarter `turn` falls in."""
    return turn - (turn - 1) % MONTHS_PER_QUARTER


def is_road_cost_month(month):
    return month.month == ROAD_COST_MONTH


def in_winter(month, span):
    """Whether a game month falls in a winter span; a region with no winter (None) never does."""
    return span is not None and month.month in span


def turn_schedule(*, first_turn_starts, turn_minutes, number_of_turns, start_year, start_month, tax_turns=True):
    """Every turn's wall-clock start and end, game month and tax flag: the handbook's turn table. A game
    without tax turns (a board game's) marks none."""
    length = timedelta(minutes=turn_minutes)
    return [
        ScheduledTurn(
            turn=turn,
            starts=first_turn_starts + (turn - 1) * length,
            ends=first_turn_starts + turn * length,
            month=game_month(start_year, start_month, turn),
            tax_turn=tax_turns and is_tax_turn(turn),
        )
        for turn in range(1, number_of_turns + 1)
    ]


def time_left(*, running, ends_at, remaining, now):
    """Time left in the turn: counted down from `ends_at` while running, frozen otherwise.

    Never negative: a turn past its end, waiting for Control, has no time left.
    """
    left = ends_at - now if running else remaining
    return max(left, timedelta(0)) if left is not None else None


@dataclass(frozen=True)
class Phase:
    """A part of the turn: from `starts` minutes in, to `ends` minutes in (None: the end)."""

    name: str
    starts: int
    ends: int | None
    tax_turns_only: bool = False


def phases_now(phases, *, turn, elapsed):
    """The phases under way `elapsed` into `turn`, in their order."""
    minutes = elapsed / timedelta(minutes=1)
    return [
        phase
        for phase in phases
        if phase.starts <= minutes
        and (phase.ends is None or minutes < phase.ends)
        and (is_tax_turn(turn) or not phase.tax_turns_only)
    ]
