"""10 Casualties, the kernel of every fight (battle, pursuit, assault, sortie): one D6 per unit applied to
each of its SP, the Destruction Factor's exact match, Out of Action (HDC) markers and their 2:1 conversion,
and the allocation of losses (§10.3 the 50% rules, §10.4 Roman Blood, §10.5 artillery, boats and
impedimenta last).

A unit's state is its SP now (the counter's face) and how many of them are HDC. A second HDC on an SP
eliminates it (§10.2), so a unit of s SP carrying h markers with h > s has lost h − s SP and the rest are
HDC: "If a 2 SP unit gets 3 HDC markers, flip it to its reduced side, and the remaining 1 SP is HDC."
"""

import enum
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..schema import Choice, spec
from ..working import Working
from .common import DIE, HITS_ON

INFLICTING = "10.1 Inflicting Casualties"
SUFFERING = "10.2 Suffering Losses"
ALLOCATION = "10.3 Allocation of Losses"


class Kind(Choice):
    """1.2: "the figure of a soldier (artillery ["Scorpio"], foot soldier, cavalry) or of a vehicle (boat,
    impedimenta [baggage])"."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"
    FLEET = "fleet"
    IMPEDIMENTA = "impedimenta"


VEHICLES = (Kind.ARTILLERY, Kind.FLEET, Kind.IMPEDIMENTA)  # §10.5: destroyed, not put out of action


class Rank(Choice):
    """10.4: "auxiliaries must always be allocated losses before legions, and legions before praetorians"."""

    AUXILIARY = "auxiliary"
    LEGION = "legion"
    PRAETORIAN = "praetorian"
    BARBARIAN = "barbarian"


BLOOD_ORDER = (Rank.BARBARIAN, Rank.AUXILIARY, Rank.LEGION, Rank.PRAETORIAN)


@dataclass(frozen=True)
class Unit:
    name: str = spec("The counter's name, as XIII Gemina or Faucheurs 1")
    kind: Kind = spec("Infantry, cavalry, artillery, fleet or impedimenta (§1.2)")
    sp: int = spec("Its Strength Points now: the counter's face (§1.2)", min=1, max=3)
    hdc: int = spec("How many of its SP are Out of Action (HDC) already (§10.2)", min=0, max=3, default=0)
    destruction: tuple[int, ...] = spec(
        "Its Destruction Factor (§10.1): 5 for most units, 4 and 5 for falx and artillery, none for foot archers "
        "and fleets",
        max_items=2,
        default=(5,),
    )
    heavy: bool = spec("Marked L: a heavy unit", default=False)
    missile: bool = spec("Marked *: a missile-equipped unit (§8.2 Phase 1)", default=False)
    rank: Rank = spec(
        "Roman units: auxiliary, legion or praetorian (§10.4); barbarian units: barbarian", default=Rank.AUXILIARY
    )
    in_command: bool = spec(
        "Within the commanding leader's Strategic Value (§9.11.2): hits on 6+ only otherwise", default=True
    )

    @property
    def good(self) -> int:
        """SP in good order: those that roll (§10.2 "An HDC SP cannot attack")."""
        return self.sp - self.hdc

    @property
    def vehicle(self) -> bool:
        return self.kind in VEHICLES


def check_units(units: Sequence[Unit], path: str) -> None:
    names = [unit.name for unit in units]
    for i, unit in enumerate(units):
        if unit.hdc > unit.sp:
            raise RulesError(f"{path}.{i}.hdc", f"{unit.name} has {unit.sp} SP: at most {unit.sp} of them are HDC")
        if names.count(unit.name) > 1:
            raise RulesError(f"{path}.{i}.name", f"two units are called {unit.name!r}: name each counter once")


# ---- §10.1 one die per unit, applied to each SP -----------------------------------------------------


class Destruction(enum.Enum):
    """How a unit's Destruction Factor counts: doubled (§10.1), a plain hit (§10.1.2 forest and mountain,
    §9.5 the besieger in an assault, §9.6 a sortie), or ignored (§9.11.2 out of command, §10.1.1 missile
    cavalry firing)."""

    DOUBLES = "doubles"
    HITS_ONLY = "hits only"
    IGNORED = "ignored"


def per_sp(total: int, destruction: Sequence[int], mode: Destruction) -> int:
    """10.1: "it must score the same number (D6 plus bonuses) as its Destruction Factor" to double; else
    6+ hits once. A bonus makes 6+ likelier, never the exact match easier."""
    if mode is not Destruction.IGNORED and total in destruction:
        return 2 if mode is Destruction.DOUBLES else 1
    return 1 if total >= HITS_ON else 0


def roll_unit(
    unit: Unit, bonus: int, mode: Destruction, dice: Dice, working: Working, *, who: str, rule: str = INFLICTING
) -> int:
    """One D6 for `unit`; each of its good SP scores the result: the HDC it inflicts."""
    roll = working.roll(dice, DIE, f"{who} {unit.name} ({unit.good} SP)")
    total = roll + bonus
    each = per_sp(total, unit.destruction, mode)
    inflicted = each * unit.good
    match = " = its Destruction Factor" if mode is not Destruction.IGNORED and total in unit.destruction else ""
    how = {2: "doubled", 1: "1 per SP", 0: "no hit"}[each]
    working.step(
        f"{who} {unit.name}: {roll}{f' {bonus:+d}' if bonus else ''} = {total}{match}, DF {mode.value}: "
        f"{how} × {unit.good} SP = {inflicted} HDC",
        rule,
        inflicted,
    )
    return inflicted


# ---- §10.2 suffering a loss -----------------------------------------------------------------------------


def one_loss(unit: Unit) -> tuple[Unit, int]:
    """The unit after one more HDC (or, for a vehicle, one SP destroyed: §10.5), and the SP it lost."""
    if unit.vehicle:
        return replace(unit, sp=unit.sp - 1, hdc=min(unit.hdc, unit.sp - 1)), 1
    if unit.good:
        return replace(unit, hdc=unit.hdc + 1), 0
    return replace(unit, sp=unit.sp - 1, hdc=unit.hdc - 1), 1


def losses_to_eliminate(unit: Unit) -> int:
    """How many more losses take the unit's last SP off the field: a vehicle loses an SP to each (§10.5); any
    other SP is put Out of Action by one and eliminated by a second (§10.2)."""
    return unit.sp if unit.vehicle else 2 * unit.sp - unit.hdc


def convert_pairs(unit: Unit) -> tuple[Unit, int]:
    """6.1 and §10.2: the owner "is free to convert 2 SP Out of Action into 1 SP eliminated"."""
    pairs = unit.hdc // 2
    return replace(unit, sp=unit.sp - pairs, hdc=unit.hdc - 2 * pairs), pairs


# ---- §10.3–10.5 allocating a side's losses --------------------------------------------------------------


@dataclass(frozen=True)
class Mandatory:
    """10.3: a share of the losses that must fall on units of one type ("50% of losses must be taken…")."""

    what: str
    fits: Callable[[Unit], bool]
    rule: str


def blood_key(unit: Unit, order: Sequence[str]) -> tuple[bool, int, int]:
    """10.5 vehicles last; §10.4 auxiliaries before legions before praetorians; then the owner's order."""
    named = order.index(unit.name) if unit.name in order else len(order)
    return (unit.vehicle, BLOOD_ORDER.index(unit.rank), named)


class UnmetShare(Choice):
    """A32: a mandatory share (§10.3) when no unit of that type is left."""

    FREE = "free"  # default: the share is filled from that type while it lasts, the rest falls freely
    NOT_TAKEN = "not_taken"  # the losses that type cannot take are not taken


def allocate(
    units: Sequence[Unit],
    losses: int,
    working: Working,
    *,
    who: str,
    mandatory: Mandatory | None = None,
    order: Sequence[str] = (),
    unmet: UnmetShare = UnmetShare.FREE,
) -> tuple[tuple[Unit, ...], int]:
    """Put `losses` HDC on `units`: first the mandatory share, rounded up (§10.3), on the units it names, then
    the rest; each time on the first unit by blood_key that still stands. Returns (units, SP eliminated)."""
    units, eliminated = list(units), 0
    required = math.ceil(losses / 2) if mandatory else 0
    if mandatory and losses:
        working.step(
            f"{who} must take {required} of {losses} losses from {mandatory.what} (50%, rounded up)",
            mandatory.rule,
            required,
        )
    unmet_losses = 0
    for n in range(losses):
        fits = mandatory.fits if mandatory and n < required else None
        i = next_victim(units, fits, order)
        if i is None and fits is not None:
            unmet_losses += 1
            if unmet is UnmetShare.NOT_TAKEN:
                continue
            i = next_victim(units, None, order)
        if i is None:
            working.note(f"{who} has no SP left: {losses - n} loss(es) fall on nobody", ALLOCATION)
            break
        units[i], lost = one_loss(units[i])
        eliminated += lost
    if unmet_losses and mandatory:  # a share goes unmet only when there is a share
        where = "are not taken" if unmet is UnmetShare.NOT_TAKEN else "fall where he chooses"
        working.note(
            f"Reading A32: {who} has no {mandatory.what} left for {unmet_losses} of the share: they {where}", ALLOCATION
        )
    taken = losses - unmet_losses if unmet is UnmetShare.NOT_TAKEN else losses
    if losses:
        working.step(
            f"{who} takes {taken} loss(es): "
            + ", ".join(
                f"{unit.name} {unit.sp} SP ({unit.hdc} HDC)" if unit.sp else f"{unit.name} eliminated" for unit in units
            ),
            ALLOCATION,
            eliminated,
        )
    return tuple(units), eliminated


def next_victim(units: Sequence[Unit], fits: Callable[[Unit], bool] | None, order: Sequence[str]) -> int | None:
    standing = [i for i, unit in enumerate(units) if unit.sp > 0 and (fits is None or fits(unit))]
    if not standing:
        return None
    standing.sort(key=lambda i: blood_key(units[i], order))
    first = blood_key(units[standing[0]], order)[:2]
    group = [i for i in standing if blood_key(units[i], order)[:2] == first]
    fresh = [i for i in group if units[i].good or units[i].vehicle]  # an HDC before an elimination
    return (fresh or group)[0]


def describe_units(units: Sequence[Unit]) -> list[dict[str, Any]]:
    return [{"name": unit.name, "sp": unit.sp, "hdc": unit.hdc} for unit in units]
