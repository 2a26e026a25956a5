"""18.0 Barbarians, Rebels, Usurpers and Foreign Powers: the Furthest Faction (18.1), exterior provinces'
defenders (18.4), and Persian activation (20.8) with the optional bribes (18.5)."""

from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..working import Result, Working
from .common import DIE, RULESET

FURTHEST = "18.11 The Furthest Faction"
CIVILIZED = "18.41 Civilized Areas"
BARBAROUS = "18.42 Barbarous Areas"
PERSIA = "20.8 Persian Activation"
BRIBES = "18.51 Bribing Barbarians, Rebels and Foreign Powers"
PERSIA_ACTIVE_AT = 9  # 20.8 (L906): "Persia becomes active on a roll of 9 or less"
ROMANS_PER_POINT = 25  # 20.8: "Add one to the die-roll for every 25 strength points of Roman units"
CIVILIZED_CITIES = 2  # 18.41: "Civilized areas are those having at least two cities"


@dataclass(frozen=True)
class Distance:
    faction: str = spec("A regular faction")
    movement_points: int = spec(
        "From the force to that faction's nearest city, land or naval combat unit, in movement points (18.11)",
        min=0,
        max=2000,
    )


@dataclass(frozen=True)
class FurthestInput:
    force: str = spec("The barbarian, rebellious, foreign or usurping force")
    distances: tuple[Distance, ...] = spec("Each regular faction's distance", min_items=1, max_items=12)


@procedure(
    RULESET,
    "furthest_faction",
    title="The Furthest Faction",
    source=FURTHEST,
    takes=FurthestInput,
    dice="1d6 for each tied faction, only on a tie",
)
def furthest_faction(case: FurthestInput, dice: Dice) -> Result:
    """18.11: the faction whose nearest city or unit is furthest controls the force for the game-turn."""
    working = Working()
    for entry in case.distances:
        working.step(f"{entry.faction}: {entry.movement_points} movement points", FURTHEST, entry.movement_points)
    far = max(entry.movement_points for entry in case.distances)
    tied = [entry.faction for entry in case.distances if entry.movement_points == far]
    while len(tied) > 1:
        working.note("A tie, which the rules do not settle: a die-roll decides (2.3; AMB-47)", "2.3")
        rolls = {faction: working.roll(dice, DIE, f"the tie for {case.force}: {faction}") for faction in tied}
        tied = [faction for faction, roll in rolls.items() if roll == max(rolls.values())]
    working.step(
        f"{tied[0]} controls {case.force} this game-turn; its plunder and taxes are not the controller's "
        "(18.31), and it may not attack together with the controller's own units (18.3)",
        FURTHEST,
        tied[0],
    )
    return Result.of(f"{RULESET}.furthest_faction", {"faction": tied[0]}, working, dice)


@dataclass(frozen=True)
class ExteriorInput:
    province: str = spec("The invaded province outside the Empire, with no land combat units assigned")
    cities: int = spec("Its cities", min=0, max=30)


@procedure(
    RULESET,
    "exterior_province",
    title="An exterior province's defenders",
    source="18.4 Exterior Provinces",
    takes=ExteriorInput,
    dice="1d6 for a barbarous area",
)
def exterior_province(case: ExteriorInput, dice: Dice) -> Result:
    """18.41-18.42: a civilized area raises a 16-10 and a 4-12 (class B) a city; a barbarous one 1d6 20-10s (C)."""
    working = Working()
    if case.cities >= CIVILIZED_CITIES:
        units = {"16-10 (B)": case.cities, "4-12 (B)": case.cities}
        working.step(
            f"{case.province} is civilized ({case.cities} cities): one 16-10 and one 4-12, class B, for each",
            CIVILIZED,
            case.cities,
        )
    else:
        roll = working.roll(dice, DIE, f"barbarian infantry in {case.province}")
        units = {"20-10 (C)": roll}
        working.step(f"{case.province} is barbarous: {roll} barbarian 20-10 infantry, class C", BARBAROUS, roll)
    working.note(
        "Under the Furthest Faction; they may not leave the province, and are removed when the invader "
        "has left it (18.421-18.422)",
        "18.421",
    )
    return Result.of(f"{RULESET}.exterior_province", {"units": units}, working, dice)


@dataclass(frozen=True)
class PersiaInput:
    roman_strength: int = spec(
        "Strength of Roman units in Cappadocia, Syria, Mesopotamia Romana and Persica", min=0, max=10000, default=0
    )
    bribes_for: int = spec("Bribes paid for Persia to activate (optional 18.5: each -1)", min=0, max=50, default=0)
    bribes_against: int = spec("Bribes paid against it (each +1)", min=0, max=50, default=0)


@procedure(
    RULESET,
    "persian_activation",
    title="Persian activation",
    source=PERSIA,
    takes=PersiaInput,
    dice="2d6 (the die rolled twice)",
)
def persian_activation(case: PersiaInput, dice: Dice) -> Result:
    """20.8: each Mobilization Phase a neutral Persia activates on 2d6 of 9 or less, always on an unmodified 2."""
    working = Working()
    natural = working.roll(dice, DIE, "Persian activation, first die") + working.roll(dice, DIE, "second die")
    roll = natural
    if case.roman_strength >= ROMANS_PER_POINT:
        roll += working.modifier(
            f"+1 for each 25 of {case.roman_strength} Roman strength points",
            case.roman_strength // ROMANS_PER_POINT,
            PERSIA,
        )
    if case.bribes_for or case.bribes_against:
        roll += working.modifier(
            f"Bribes: {case.bribes_for} for, {case.bribes_against} against",
            case.bribes_against - case.bribes_for,
            BRIBES,
        )
    active = natural == 2 or roll <= PERSIA_ACTIVE_AT
    working.step(
        f"{natural} modified to {roll}: "
        + ("Persia becomes active" if active else "Persia stays neutral")
        + (" (an unmodified 2 always activates)" if natural == 2 else ""),
        PERSIA,
        active,
    )
    return Result.of(
        f"{RULESET}.persian_activation", {"natural": natural, "roll": roll, "active": active}, working, dice
    )
