"""Forces and their combat values (X. COMBAT RESOLUTION, COMBAT VALUES)."""

from collections.abc import Collection
from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working


class TroopType(Choice):
    LEGIONARY = "legionary"
    AUXILIARY = "auxiliary"
    RAW_LEVY = "raw_levy"
    PRAETORIAN = "praetorian"
    BARBARIAN_WARBAND = "barbarian_warband"
    NON_ROMAN_REGIMENT = "non_roman_regiment"


# X. COMBAT VALUES, as printed: it has no row for Praetorians (see PRAETORIANS_FIGHT_AS).
COMBAT_VALUES = KeyedTable(
    name="Combat values",
    source="X. COMBAT RESOLUTION, COMBAT VALUES",
    rows={
        TroopType.LEGIONARY: {"normal": 6, "veteran": 10},
        TroopType.AUXILIARY: {"normal": 4, "veteran": 6},
        TroopType.RAW_LEVY: {"normal": 2, "veteran": 3},
        TroopType.BARBARIAN_WARBAND: {"normal": 1, "veteran": 1},
        TroopType.NON_ROMAN_REGIMENT: {"normal": 4, "veteran": 6},
    },
)

ASSUMPTIONS = "IX. WARFARE, ASSUMPTIONS"
# IX. ASSUMPTIONS: Praetorians "can only be Legionaries"; "Their combat value might be better than normal
# Legionaries, but ... who can tell?" The console reads them as legionaries, and says so in the working.
PRAETORIANS_FIGHT_AS = TroopType.LEGIONARY
_AS_LEGIONARIES = COMBAT_VALUES.rows[PRAETORIANS_FIGHT_AS]
PRAETORIANS_AS_LEGIONARIES = (
    f"Praetorians are valued as legionaries, {_AS_LEGIONARIES['normal']} (veteran {_AS_LEGIONARIES['veteran']}): "
    "the combat values table has no row for them, and the handbook says they 'can only be Legionaries' and, "
    "whether they fight better than legionaries, 'who can tell?'"
)


@dataclass(frozen=True)
class Troops:
    """Vexillations (or warbands, or regiments) of one type, veteran or not."""

    type: TroopType = spec("Troop type")
    count: int = spec("How many units", min=0, max=1000)
    veteran: bool = spec("Veterans: they have fought in a battle and won", default=False)

    def describe(self) -> str:
        return f"{self.count} {'veteran ' if self.veteran else ''}{self.type.label}"


@dataclass(frozen=True)
class Force:
    """A legion, a detachment, a warband host: whatever fights as one."""

    name: str = spec("What the umpire calls it, as Legion XLV")
    troops: tuple[Troops, ...] = spec("Its units by type", max_items=20)
    aquila: bool = spec("Its Aquila (eagle) is present", default=False)

    @property
    def units(self) -> int:
        return sum(t.count for t in self.troops)


def combat_value(force: Force, working: Working | None = None, *, exclude: Collection[TroopType] = ()) -> int:
    """The force's combat value: each unit's value by type and experience, summed.

    `exclude` leaves some troop types out, as raw levies in a siege assault.
    """
    total = 0
    for troops in force.troops:
        if troops.type in exclude or troops.count == 0:
            continue
        per_unit = unit_value(troops, working)
        total += troops.count * per_unit
        if working is not None:
            working.step(
                f"{force.name}: {troops.describe()}{valued_as(troops)} × {per_unit} = {troops.count * per_unit}",
                COMBAT_VALUES.source,
                troops.count * per_unit,
            )
    if working is not None:
        working.step(f"{force.name}: combat value {total}", COMBAT_VALUES.source, total)
    return total


def unit_value(troops: Troops, working: Working | None) -> int:
    """One unit's combat value from the table's row for its type, a praetorian's from the legionaries'."""
    row = troops.type
    if troops.type is TroopType.PRAETORIAN:
        row = PRAETORIANS_FIGHT_AS
        if working is not None:
            note_once(working, PRAETORIANS_AS_LEGIONARIES, f"{ASSUMPTIONS}; {COMBAT_VALUES.source}")
    value: int = COMBAT_VALUES.lookup(row, column="veteran" if troops.veteran else "normal")
    return value


def valued_as(troops: Troops) -> str:
    return f", each as a {PRAETORIANS_FIGHT_AS.label}," if troops.type is TroopType.PRAETORIAN else ""


def note_once(working: Working, text: str, rule: str) -> None:
    """A reading is said once in a working, however many forces it touches."""
    if not any(line.kind == "note" and line.text == text for line in working.lines):
        working.note(text, rule)


@dataclass(frozen=True)
class CombatValueInput:
    force: Force = spec("The force to value")


@procedure("ad69", "combat_value", title="Combat value of a force", source=COMBAT_VALUES.source, takes=CombatValueInput)
def combat_value_procedure(case: CombatValueInput, dice: Dice) -> Result:
    """X. COMBAT VALUES: a force's combat value, normal and as if all veteran."""
    working = Working()
    value = combat_value(case.force, working)
    as_veterans = Force(case.force.name, tuple(Troops(t.type, t.count, True) for t in case.force.troops))
    veteran_value = combat_value(as_veterans)
    working.note(f"If every unit were veteran: {veteran_value}", COMBAT_VALUES.source)
    return Result.of("ad69.combat_value", {"combat_value": value, "if_veteran": veteran_value}, working, dice)
