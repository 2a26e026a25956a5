"""Game time, in pure Python: which game month a turn is.

Turn 1 is the event's start month; each turn is one month.
"""
from dataclasses import dataclass

MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)


@dataclass(frozen=True)
class GameMonth:
    year: int
    month: int

    @property
    def name(self):
        return MONTH_NAMES[self.month - 1]

    def __str__(self):
        return f"{self.name} {self.year}"


def game_month(start_year, start_month, turn):
    """The game month of `turn`, counting the start month as turn 1."""
    if turn < 1:
        raise ValueError(f"turn must be 1 or more, not {turn}")
    months_since_year_zero = start_year * 12 + (start_month - 1) + (turn - 1)
    return GameMonth(year=months_since_year_zero // 12, month=months_since_year_zero % 12 + 1)
