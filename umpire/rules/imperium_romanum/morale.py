"""11.0 Morale: the Morale Table as a ledger of a faction's gains and losses, total morale loss (11.2) and the
optional January halving (11.4). The text is cut off inside the Morale Table: "Port (not in city), Loss of" has
no value (L1065) and rows after it may be lost. Those are Control's, on the data tables page."""

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import RULESET

TABLE = "Morale Table"
TOTAL_LOSS = "11.2 Total Morale Loss"
HALVING = "11.4 Morale (optional)"
OPENING = "11.0 Morale"
# 18.7 (L860): "Unless otherwise noted, the morale of barbarians, rebels, foreign powers and usurpers always starts
# at 100." A Roman faction's is "assigned in the situation outline" (11.0, L439; 20.2, L888), which is not printed.
NON_ROMAN_OPENING = 100
NOT_SET = (
    "the faction's morale is not set: Control sets it from the situation outline (11.0, 20.2; barbarians, rebels, "
    "foreign powers and usurpers start at 100 unless the situation says otherwise, 18.7). An unset morale is not 0, "
    "so 11.2 is not checked"
)
# The Morale Table (L1050-1065): {event: (points, times the Tax Rate)}; None where the text is cut off.
MORALE_TABLE_GIVEN: dict[str, tuple[int, bool] | None] = {
    "Attacks, Each Game-Turn none is made": (-2, False),
    "Victory in combat": (2, False),
    "Losing a Combat": (-2, False),
    "Retreat before Combat": (-5, False),
    "Capital, Capture of": (2, True),
    "Capital, Control of, each complete game-Turn": (2, False),
    "Capital, Loss of": (-2, True),
    "Capital, Loss of through rebellion": (-3, True),
    "City, Capture of": (1, True),
    "City, Loss of": (-1, True),
    "Port (not in city), Capture of": (1, False),
    "Port (not in city), Loss of": None,
}
LINES = {event: 1054 + n for n, event in enumerate(MORALE_TABLE_GIVEN)}


@dataclass(frozen=True)
class MoraleEvent:
    event: str = spec('The Morale Table\'s event, in its words (as "City, Capture of")')
    times: int = spec("How many times it happened", min=1, max=100, default=1)
    tax_rate: int | None = spec(
        "The city's or capital's Tax Rate, for the events counted by it", min=0, max=100, default=None
    )
    points: int | None = spec(
        "Points of a row the text does not print (empty: from the event's Morale Table)",
        min=-100,
        max=100,
        default=None,
    )
    times_tax_rate: bool | None = spec(
        "That row's points are times the Tax Rate (empty: from the event's table)", default=None
    )


@dataclass(frozen=True)
class MoraleInput:
    events: tuple[MoraleEvent, ...] = spec("What happened to the faction", min_items=1, max_items=60)
    morale: int | None = spec(
        "The faction's morale before, from its tracker (empty: the change alone; a morale not set yet is not 0)",
        default=None,
    )
    end_of_turn: bool = spec(
        "This is the end of the game-turn (11.2 is checked: the morale before is needed)", default=False
    )


def row_of(item: MoraleEvent, n: int) -> tuple[int, bool, str]:
    printed = MORALE_TABLE_GIVEN.get(item.event)
    if printed is not None:
        return printed[0], printed[1], f"{TABLE} (L{LINES[item.event]})"
    if item.points is None:
        raise RulesError(
            f"events.{n}.points",
            f"the Morale Table has no points for {item.event!r}: Control enters it on the data tables page",
        )
    return item.points, bool(item.times_tax_rate), f"{TABLE} (the event's data tables)"


def event_points(item: MoraleEvent, n: int, working: Working) -> int:
    points, by_tax_rate, source = row_of(item, n)
    if by_tax_rate:
        if item.tax_rate is None:
            raise RulesError(
                f"events.{n}.tax_rate",
                f"{item.event!r} is counted by the Tax Rate: enter it (the Unified Tax-Rate Defense Strength Table)",
            )
        each = points * item.tax_rate
        how = f"{points:+d} × Tax Rate {item.tax_rate}"
    else:
        each, how = points, f"{points:+d}"
    return working.modifier(
        f"{item.event}: {how}" + (f", {item.times} times" if item.times > 1 else ""), each * item.times, source
    )


@procedure(RULESET, "morale", title="Morale ledger", source=TABLE, takes=MoraleInput)
def morale(case: MoraleInput, dice: Dice) -> Result:
    """The Morale Table: a faction's gains and losses. 11.2 (L443): "If, at the end of any game-turn, a faction has
    suffered total morale loss (i.e.: a morale rating of "0" or less) it undergoes faction dissolution": checked only
    against a morale that has been set, never an empty one taken as 0."""
    if case.end_of_turn and case.morale is None:
        raise RulesError("morale", NOT_SET)
    working = Working()
    change = sum(event_points(item, n, working) for n, item in enumerate(case.events))
    working.step(f"Morale changes by {change:+d}", TABLE, change)
    outcome: dict[str, Any] = {"change": change, "morale": None, "dissolves": False}
    if case.morale is not None:
        after = case.morale + change
        outcome["morale"] = after
        working.step(f"Morale {case.morale} → {after}", TABLE, after)
        if case.end_of_turn and after <= 0:
            outcome["dissolves"] = True
            working.step(
                "Total morale loss at the end of the game-turn: the faction dissolves (3.2); its "
                "Imperator was assassinated by disgruntled officers",
                TOTAL_LOSS,
                True,
            )
    return Result.of(f"{RULESET}.morale", outcome, working, dice)


class HalfRounding(Choice):
    """11.4 eliminates "half of the Morale gain/loss of the previous year"; an odd half is not settled."""

    TOWARD_ZERO = "toward_zero"
    FACTIONS_FAVOUR = "factions_favour"


@dataclass(frozen=True)
class HalvingOptions:
    rounding: HalfRounding = spec(
        "11.4 with 2.1 (extraction AMB-01): an odd half is rounded toward zero (default) or in the faction's "
        "favour (less of a gain taken away, more of a loss)",
        default=HalfRounding.TOWARD_ZERO,
    )


@dataclass(frozen=True)
class HalvingInput:
    morale: int = spec("The faction's morale now")
    last_year: int = spec("Its net morale gain (+) or loss (-) over the previous year")
    options: HalvingOptions = spec("Readings of points the rulebook leaves open", default=HalvingOptions())


def eliminated(net: int, rounding: HalfRounding) -> int:
    half = Fraction(net, 2)
    # in the faction's favour: less of a gain is taken away and more of a loss, so both round down
    return math.trunc(half) if rounding is HalfRounding.TOWARD_ZERO else math.floor(half)


@procedure(RULESET, "morale_halving", title="January morale halving (optional)", source=HALVING, takes=HalvingInput)
def morale_halving(case: HalvingInput, dice: Dice) -> Result:
    """11.4 (optional): in January half of the previous year's morale gain or loss is eliminated."""
    working = Working()
    taken = eliminated(case.last_year, case.options.rounding)
    working.note(
        "Reading: "
        + (
            "an odd half rounded toward zero"
            if case.options.rounding is HalfRounding.TOWARD_ZERO
            else "an odd half rounded in the faction's favour"
        )
        + " (AMB-01)",
        HALVING,
    )
    new = working.modifier(
        f"Half of last year's {case.last_year:+d} is eliminated: {-taken:+d}", case.morale - taken, HALVING
    )
    return Result.of(f"{RULESET}.morale_halving", {"morale": new, "change": -taken}, working, dice)
