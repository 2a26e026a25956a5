"""VI. Capturing Cities: the city card, its garrison and room for defenders (P11), and what a
capture brings (6.3 Victory Points, P14).

The rulebook prints one city card in full (Siga, 1.3.2) and two incomes elsewhere; every other
cell comes in the case, and a cell a procedure needs that is missing stops it by name.
"""

from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .given import entered_or_given
from .units import CAV, EL, GC, INFANTRY, LAND, NO_UNITS, RULESET, SHIPS, Units, label

CITIES = "VI. Capturing Cities"
CARDS = "1.3.2 City Cards"
CITY_VP = "6.3 Victory Points"
LEADER_VP = "5.6 Leaders; 11.2 item 2"
AUTOMATIC_VICTORY = "11.1 Automatic Victory"
POLITICS = "VII. Politics"

# The city cells the rulebook gives, for the desk to pre-fill its city table; None: not given.
CITY_CARDS_GIVEN: dict[str, dict[str, Any]] = {
    "Siga": {
        "income": 4,
        "defence": 4,
        "vp": 8,
        "port": True,
        "elephants": True,
        "capital_of": "numidia",
        "source": "1.3.2 City Cards, the example card (L198): 'Siga is the capital of Numidia'",
    },
    "Roma": {
        "income": 10,
        "defence": None,
        "vp": None,
        "port": None,
        "elephants": None,
        "capital_of": "rome",
        "source": "12.2 Cutting Off a City (L869): 'the income of Rome is 10'",
    },
    "Placentium": {
        "income": 1,
        "defence": None,
        "vp": None,
        "port": None,
        "elephants": None,
        "capital_of": None,
        "source": "9.3 Example 14 (L750): 'The income of the city is 1'",
    },
}
CITY_CARDS_REMOVED = {"Clipea": "Errata (L901): the card is redundant; remove it from the game"}
# 1.3.3, the example leader card (L220): the only leader whose VP the rulebook prints.
LEADER_VP_GIVEN = {"Hannibal": 8}
ROOM_PER_DEFENCE_LEVEL = 2  # VI (L547): "no more ... additional defenders ... than twice the defence level"
NOT_FIGHTING = (CAV, GC, EL)  # VI (L549) and 6.2 (L597): in a city only infantry fights
CELL_WORDS = {"defence": "defence level", "vp": "Victory Points", "income": "income"}


class Named(Choice):
    """A choice whose working text is a proper name: "Rome", "Numidia"."""

    @property
    def title(self) -> str:
        return self.label.title()


class Capital(Named):
    """Whose capital the city is: 11.1 for Rome and Carthage, VII (L630) for the other states."""

    NONE = "none"
    ROME = "rome"
    CARTHAGE = "carthage"
    SYRACUSE = "syracuse"
    MASSILIA = "massilia"
    NUMIDIA = "numidia"


class Side(Named):
    """The major nations (1.1) that capture cities and test the Gauls."""

    ROME = "rome"
    CARTHAGE = "carthage"
    SYRACUSE = "syracuse"


@dataclass(frozen=True)
class CityCard:
    name: str = spec("The city, as on its card (Siga)")
    defence: int | None = spec(
        "Defence level on the card (the shield); empty if not yet entered", min=1, max=20, default=None
    )
    vp: int | None = spec(
        "Victory Points on the card (the laurel leaves); empty if not yet entered", min=0, max=50, default=None
    )
    capital_of: Capital = spec("Whose capital it is", default=Capital.NONE)


def given_card(name: str) -> CityCard:
    """The city card as far as the rulebook gives it, for the desk to pre-fill."""
    given = CITY_CARDS_GIVEN.get(name, {})
    return CityCard(name, given.get("defence"), given.get("vp"), Capital(given.get("capital_of") or "none"))


def card_cell(card: CityCard, cell: str, working: Working, path: str = "city") -> int:
    """A cell of a city card (its defence or VP): the case's, else the rulebook's, else a RulesError naming it."""
    entered: int | None = getattr(card, cell)
    return entered_or_given(
        entered,
        CITY_CARDS_GIVEN,
        card.name,
        cell,
        field=f"{path}.{cell}",
        missing=f"the city card of {card.name}: its {CELL_WORDS[cell]} is not in the rulebook; "
        f"Control must enter it ({CARDS})",
        words=CELL_WORDS[cell],
        working=working,
    )


def check_level(level: int | None, defence: int, path: str = "level") -> int:
    """A city's current field on the siege track: 1 up to its printed defence (6.2 L575)."""
    if level is not None and level > defence:
        raise RulesError(
            path,
            f"the siege-track field {level} is above the city's defence level {defence}: "
            "it can never exceed the level on the card (6.2)",
        )
    return defence if level is None else level


def room(defence: int) -> int:
    """VI (L547): at most twice the defence level of additional units inside the walls."""
    return ROOM_PER_DEFENCE_LEVEL * defence


def land(units: Units) -> int:
    return units.of(*LAND)


def check_room(city_name: str, defence: int, inside: Units, working: Working, path: str = "defenders") -> int:
    """VI (L547-549): the units in the city fit in twice its defence level; cavalry and elephants take
    room but do not fight."""
    limit = working.modifier(f"Room for additional defenders: 2 × defence level {defence}", room(defence), CITIES)
    if land(inside) > limit:
        raise RulesError(
            path,
            f"{land(inside)} units do not fit in {city_name}: at most {limit}, twice its "
            f"defence level {defence}; the rest stay in the region ({CITIES})",
        )
    if inside.count(SHIPS):
        working.note(
            "Ships in port are not counted among the city's defenders (inference: 4.4 treats a fleet in port apart)",
            CITIES,
        )
    return limit


def less(region: Units, inside: Units, path: str = "inside") -> Units:
    """The units left in the region once `inside` have gone into the city."""
    for kind, count in inside.items():
        if count > region.count(kind):
            raise RulesError(path, f"{count} {label(kind)} cannot go in: only {region.count(kind)} are in the region")
        region = region.minus(kind, count)
    return region


# ---- hannibal_barkas.city_garrison (P11) -------------------------------------------------------


class RoomFrom(Choice):
    """VI does not say whether the room uses the printed or the current defence level."""

    PRINTED = "printed"  # default: Example 11 uses the card's level
    CURRENT = "current"  # the siege-track field now


@dataclass(frozen=True)
class GarrisonOptions:
    """The reading a city's room needs where VI (L547) leaves the text open."""

    room_from: RoomFrom = spec(
        "VI (L547): the room for additional defenders is twice which defence level — the printed one on the card, "
        "as in Example 11 (default), or the current field on the siege track",
        default=RoomFrom.PRINTED,
    )


@dataclass(frozen=True)
class GarrisonInput:
    city: CityCard = spec("The city card")
    inside: Units = spec("The additional units the owner puts in the city")
    in_region: Units | None = spec("All the owner's units in the city's region, to say who stays outside", default=None)
    level: int | None = spec("The city's siege-track field now, if it is on the track", min=1, max=20, default=None)
    options: GarrisonOptions = spec("Readings of points the rulebook leaves open", default=GarrisonOptions())


def garrison_room(case: GarrisonInput, working: Working) -> tuple[int, int]:
    defence = card_cell(case.city, "defence", working)
    level = check_level(case.level, defence)
    if case.options.room_from is RoomFrom.CURRENT:
        working.note(f"Reading: room from the current level {level}, not the printed {defence}", CITIES)
        return level, check_room(case.city.name, level, case.inside, working, "inside")
    working.note(f"Reading: room from the printed defence level {defence}, as in Example 11", CITIES)
    return level, check_room(case.city.name, defence, case.inside, working, "inside")


@procedure(RULESET, "city_garrison", title="City garrison and room for defenders", source=CITIES, takes=GarrisonInput)
def city_garrison(case: GarrisonInput, dice: Dice) -> Result:
    """VI (L547-549): the city's level is its permanent heavy infantry; at most twice that level of
    additional units go in; "The defence of a city can be strengthened only by infantry of all kinds.
    Other formations may stay in the city and reduce the number of additional defenders ... but do not
    take part in combat." """
    working = Working()
    level, limit = garrison_room(case, working)
    infantry = case.inside.of(*INFANTRY)
    working.step(
        f"{case.city.name}: level {level} (heavy infantry that never leave) + {infantry} infantry "
        f"inside = defence {level + infantry}",
        CITIES,
        level + infantry,
    )
    if case.inside.of(*NOT_FIGHTING):
        working.note(f"{case.inside.of(*NOT_FIGHTING)} cavalry/elephant units take room but do not fight", CITIES)
    outside = less(case.in_region, case.inside) if case.in_region is not None else None
    if outside is not None and land(outside):
        working.note(f"Outside the walls, and so in any field battle: {outside.describe()}", CITIES)
    outcome = {
        "city": case.city.name,
        "level": level,
        "room": limit,
        "room_left": limit - land(case.inside),
        "fighting_defenders": infantry,
        "not_fighting": case.inside.of(*NOT_FIGHTING),
        "defence": level + infantry,
        "outside": outside.as_dict() if outside is not None else None,
    }
    return Result.of(f"{RULESET}.city_garrison", outcome, working, dice)


# ---- hannibal_barkas.city_capture (P14) --------------------------------------------------------


class CapturedBy(Choice):
    """VI (L541-545): by assault, as a result of a siege (its stages or an early surrender), by event."""

    ASSAULT = "assault"
    SIEGE = "siege"
    SURRENDER = "surrender"
    EVENT = "event"


@dataclass(frozen=True)
class LeaderInside:
    name: str = spec("The leader, as Hannibal")
    vp: int | None = spec("VP on his card; empty if not yet entered", min=0, max=50, default=None)


@dataclass(frozen=True)
class CaptureInput:
    city: CityCard = spec("The city card")
    by: CapturedBy = spec("How it fell")
    capturer: Side = spec("Who captured it")
    retaking_own_city: bool = spec("The capturer retakes his own city from the enemy", default=False)
    vp_enemy_gained: int | None = spec(
        "When retaking: the VP the enemy gained for capturing it (0 if he never captured it)",
        min=0,
        max=50,
        default=None,
    )
    inside: Units = spec("Units still in the city when it falls", default=NO_UNITS)
    leaders_inside: tuple[LeaderInside, ...] = spec("Leaders in the city", max_items=10, default=())
    ships_in_port: int = spec("Ships in its port", min=0, max=100, default=0)
    capturer_holds_other_capital: bool = spec("Syracuse only: it already holds the other main capital", default=False)


def capture_vp(case: CaptureInput, working: Working) -> tuple[int, int]:
    """6.3 (L603): the city's VP to the capturer; retaking one's own city gives none, and the enemy
    "subtracts from himself the VP gained earlier for capturing that city"."""
    if not case.retaking_own_city:
        vp = card_cell(case.city, "vp", working)
        return working.modifier(f"{case.capturer.title} captures {case.city.name}: +{vp} VP", vp, CITY_VP), 0
    if case.vp_enemy_gained is None:
        raise RulesError(
            "vp_enemy_gained",
            f"retaking {case.city.name}: Control must enter the VP the enemy "
            f"gained for capturing it (0 if he never captured it) ({CITY_VP})",
        )
    working.modifier(f"Retaking his own {case.city.name}: {case.capturer.title} gains no VP", 0, CITY_VP)
    lost = working.modifier(
        f"The enemy subtracts the {case.vp_enemy_gained} VP he gained for capturing it", -case.vp_enemy_gained, CITY_VP
    )
    return 0, lost


def leader_vp(leader: LeaderInside, i: int, working: Working) -> int:
    vp = leader.vp if leader.vp is not None else LEADER_VP_GIVEN.get(leader.name)
    if vp is None:
        raise RulesError(
            f"leaders_inside.{i}.vp",
            f"the leader card of {leader.name}: its VP is not in the rulebook; Control must enter it ({LEADER_VP})",
        )
    return working.modifier(
        f"{leader.name} is eliminated in the city: +{vp} VP to the capturer", vp, "6.3 Victory Points (L605)"
    )


def automatic_victory(case: CaptureInput, working: Working) -> bool:
    """11.1: the enemy's capital wins; Syracuse must hold both Rome's and Carthage's."""
    capital = case.city.capital_of
    if capital not in (Capital.ROME, Capital.CARTHAGE) or case.retaking_own_city:
        return False
    if capital.value == case.capturer.value:
        return False
    if case.capturer is Side.SYRACUSE and not case.capturer_holds_other_capital:
        working.note("Syracuse wins only with the capitals of both Rome and Carthage", AUTOMATIC_VICTORY)
        return False
    working.step(f"{case.capturer.title} captures the enemy's capital: automatic victory", AUTOMATIC_VICTORY, True)
    return True


def alliance_flip(case: CaptureInput, working: Working) -> str | None:
    """VII (L630): "the capture of a state's capital means an automatic alliance with the conqueror"."""
    capital = case.city.capital_of
    if capital in (Capital.NONE, Capital.ROME, Capital.CARTHAGE) or capital.value == case.capturer.value:
        return None
    state: str = capital.value
    working.step(
        f"{case.city.name} is the capital of {capital.title}: automatic alliance with "
        f"{case.capturer.title}; resolve it with {RULESET}.alliance_change",
        POLITICS,
        state,
    )
    return state


def eliminated_inside(case: CaptureInput, working: Working) -> None:
    if land(case.inside):
        working.step(
            f"Eliminated with the city: {case.inside.describe()} (cavalry and elephants die at the "
            "capture, 6.2 L597; additional defenders on a surrender, L583)",
            "6.2 Siege",
            land(case.inside),
        )
    if case.ships_in_port:
        working.step(
            f"{case.ships_in_port} ships in the captured port are destroyed",
            "4.4 Sea Movement (L389)",
            case.ships_in_port,
        )


@procedure(RULESET, "city_capture", title="City captured: VP and consequences", source=CITY_VP, takes=CaptureInput)
def city_capture(case: CaptureInput, dice: Dice) -> Result:
    """6.3 Victory Points: "A player who has captured an enemy city receives the number of VP marked on
    the card"; leaders inside are eliminated; with 6.2, 4.4, VII and 11.1 for what falls with it."""
    working = Working()
    gained, subtracted = capture_vp(case, working)
    leaders = sum(leader_vp(leader, i, working) for i, leader in enumerate(case.leaders_inside))
    eliminated_inside(case, working)
    if case.by is CapturedBy.ASSAULT:
        working.note(
            "A successful assault is not a victorious battle: no battle VP, no 'win a battle' abilities (6.1 L555)",
            "6.1 Assault on a City",
        )
    working.note("Its income counts from the nearest economy phase (6.3 L607)", CITY_VP)
    outcome = {
        "city": case.city.name,
        "by": case.by.value,
        "capturer": case.capturer.value,
        "capturer_vp": gained + leaders,
        "city_vp": gained,
        "leader_vp": leaders,
        "enemy_vp": subtracted,
        "leaders_eliminated": [leader.name for leader in case.leaders_inside],
        "units_eliminated": case.inside.as_dict() if land(case.inside) else {},
        "ships_destroyed": case.ships_in_port,
        "automatic_victory": automatic_victory(case, working),
        "alliance_with_conqueror": alliance_flip(case, working),
    }
    return Result.of(f"{RULESET}.city_capture", outcome, working, dice)
