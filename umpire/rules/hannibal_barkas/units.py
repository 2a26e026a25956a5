"""1.2 UNITS: the seven kinds of unit token, Table 1 (Chance of inflicting losses) and
Table 3 (Cost of units), shared by every Hannibal Barkas procedure.

A force is given as a `Units` (a count of each kind). Leaders are not units (5.6).
"""

import enum
from dataclasses import dataclass, fields, replace
from typing import Final, Literal

from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Working

RULESET = "hannibal_barkas"
UNITS = "1.2 Units"
TABLE_1 = "5.5 Losses, Table 1. Chance of inflicting losses"
TABLE_3 = "9.3 Recruitment, Table 3. Cost of units"
DIE = 10  # 1.4: "Only ten-sided dice are used in the game. The number 0 on the die means 10."
CRITICAL = 10  # 5.5: "If a hit of 10 occurred, defined as critical (a 0 rolled on the d10)"
AUTOMATIC: Final = "automatic"  # Table 1: Elephants, "Automatic"
Needs = int | Literal["automatic"]  # the d10 result a unit needs to inflict a loss, or AUTOMATIC


class UnitType(Choice):
    LIGHT_INFANTRY = "light_infantry"
    HEAVY_INFANTRY = "heavy_infantry"
    CAVALRY = "cavalry"
    ELEPHANTS = "elephants"
    GALLIC_INFANTRY = "gallic_infantry"
    GALLIC_CAVALRY = "gallic_cavalry"
    SHIPS = "ships"


LI, HI, CAV, EL, GI, GC, SHIPS = UnitType
INFANTRY = (LI, HI, GI)  # 1.2.7 "infantry unit (of any kind)"; 6.1 "infantry units of all kinds"
CAVALRY = (CAV, GC)  # 1.2.3 and 1.2.5: both have the special rule Pursuit
LAND = (LI, HI, CAV, EL, GI, GC)

# Table 1 (5.5): the d10 result needed to inflict a loss; elephants need no roll (1.2.6).
ATTACK_STRENGTH = KeyedTable(
    name="Table 1. Chance of inflicting losses",
    source=TABLE_1,
    rows={LI.value: 9, HI.value: 7, CAV.value: 8, EL.value: AUTOMATIC, GI.value: 8, GC.value: 8, SHIPS.value: 7},
)
# Table 1 footnote: "A ship receives a +1 modifier for units of any infantry loaded onto it (at most two)."
SHIP_INFANTRY_BONUS = 1
SHIP_CAPACITY = 2  # 1.2.7 "Each ship unit can take on board 2 land units of any kind"

# Table 3 (9.3), in Talents; the same costs are printed in 1.2.1-1.2.7.
COST = KeyedTable(
    name="Table 3. Cost of units",
    source=TABLE_3,
    rows={LI.value: 1, HI.value: 2, CAV.value: 3, EL.value: 4, GI.value: 2, GC.value: 4, SHIPS.value: 5},
)

# 1.2.1-1.2.7 "Movement": land fields (ships: sea fields). 4.2: a leader moves like cavalry.
MOVEMENT = KeyedTable(
    name="Movement",
    source=UNITS,
    rows={LI.value: 2, HI.value: 2, CAV.value: 4, EL.value: 2, GI.value: 2, GC.value: 4, SHIPS.value: 8},
)


def label(kind: UnitType, count: int | None = None) -> str:
    """ "heavy infantry", or "3 heavy infantry" with a count."""
    return kind.label if count is None else f"{count} {kind.label}"


def is_infantry(kind: UnitType) -> bool:
    return kind in INFANTRY


def is_cavalry(kind: UnitType) -> bool:
    return kind in CAVALRY


@dataclass(frozen=True)
class Units:
    """A force by kind of unit token: an army, a side's contingent, or its losses."""

    light_infantry: int = spec("Light infantry units (9+)", min=0, max=200, default=0)
    heavy_infantry: int = spec("Heavy infantry units (7+)", min=0, max=200, default=0)
    cavalry: int = spec("Cavalry units (8+)", min=0, max=200, default=0)
    elephants: int = spec("Elephant units (automatic hit)", min=0, max=200, default=0)
    gallic_infantry: int = spec("Gallic infantry units (8+)", min=0, max=200, default=0)
    gallic_cavalry: int = spec("Gallic cavalry units (8+)", min=0, max=200, default=0)
    ships: int = spec("Ship units (7+, +1 per infantry aboard)", min=0, max=200, default=0)

    def count(self, kind: UnitType) -> int:
        number: int = getattr(self, kind.value)
        return number

    def of(self, *kinds: UnitType) -> int:
        return sum(self.count(kind) for kind in kinds)

    @property
    def total(self) -> int:
        return sum(self.count(kind) for kind in UnitType)

    @property
    def infantry(self) -> int:
        return self.of(*INFANTRY)

    @property
    def all_cavalry(self) -> int:
        return self.of(*CAVALRY)

    def minus(self, kind: UnitType, number: int = 1) -> "Units":
        if number > self.count(kind):
            raise ValueError(f"{number} {kind.label} cannot be lost: {self.count(kind)} present")
        return replace(self, **{kind.value: self.count(kind) - number})

    def plus(self, other: "Units") -> "Units":
        return Units(**{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)})

    def items(self) -> list[tuple[UnitType, int]]:
        """(kind, count) for every kind present, in Table 1 order."""
        return [(kind, self.count(kind)) for kind in UnitType if self.count(kind)]

    def describe(self) -> str:
        return ", ".join(label(kind, n) for kind, n in self.items()) or "no units"

    def as_dict(self) -> dict[str, int]:
        return {kind.value: self.count(kind) for kind in UnitType}


NO_UNITS = Units()


def attack_strength(kind: UnitType, working: Working | None = None) -> Needs:
    """5.5 Table 1: the d10 result a unit of `kind` needs to inflict a loss, or AUTOMATIC."""
    needs: Needs = ATTACK_STRENGTH.lookup(kind.value, working)
    return needs


def cost(kind: UnitType, working: Working | None = None) -> int:
    """9.3 Table 3: the recruitment cost of one unit of `kind`, in Talents."""
    talents: int = COST.lookup(kind.value, working)
    return talents


def ship_to_hit(infantry_aboard: int) -> int:
    """1.2.7 Marine infantry: 7+, and +1 for each infantry unit aboard, at most two: 7+ / 6+ / 5+."""
    ships: int = ATTACK_STRENGTH.rows[SHIPS.value]
    return ships - SHIP_INFANTRY_BONUS * min(infantry_aboard, SHIP_CAPACITY)


class LoserPick(enum.Enum):
    """Who chooses the unit a hit eliminates (5.5)."""

    ROLLER = "roller"  # a critical: "the attacker chooses which unit is to be assigned to losses"
    OWNER = "owner"  # "In every other case the player taking losses chooses"
