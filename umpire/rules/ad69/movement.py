"""Moving on land: the move allowance, forced marches, who may move, and forces meeting between area
tables (IX. WARFARE, LAND MOVEMENT)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .forces import Force

LAND_MOVEMENT = "IX. WARFARE, LAND MOVEMENT"

# IX. LAND MOVEMENT: map points a turn.
MOVE_ALLOWANCE = KeyedTable(
    name="Land movement",
    source=LAND_MOVEMENT,
    rows={"march": 6, "forced_march": 8},
)
# X. BATTLE DIE ROLLING SYSTEM: "-2 for each part of the force that has force marched last turn".
FORCED_MARCH_BATTLE_MODIFIER = -2


# ---- ad69.check_move -----------------------------------------------------------------------


class RouteKind(Choice):
    ROAD = "road"
    RIVER_VALLEY = "river"
    NONE = "none"

    @property
    def label(self) -> str:
        return {"road": "road", "river": "river valley", "none": "no route"}[self.value]


@dataclass(frozen=True)
class Leg:
    """One step of a march, from one map point to the next."""

    start: str = spec("The map point it leaves")
    start_area: str = spec("The province area that point is in")
    start_table: str = spec("The table that area is at")
    end: str = spec("The map point it reaches")
    end_area: str = spec("The province area that point is in")
    end_table: str = spec("The table that area is at")
    route: RouteKind = spec("The route joining them: road, river valley, or none", default=RouteKind.ROAD)
    designated: bool = spec("The route is a designated crossing between areas", default=False)

    @property
    def crosses_area(self) -> bool:
        return self.start_area != self.end_area

    @property
    def crosses_table(self) -> bool:
        return self.start_table != self.end_table


@dataclass(frozen=True)
class AreaRoutes:
    area: str = spec("A province area the march leaves or enters")
    routes: tuple[str, ...] = spec("Its designated routes, in words", default=(), max_items=50)


@dataclass(frozen=True)
class MoveInput:
    force: Force = spec("The force moving")
    legs: tuple[Leg, ...] = spec("The march, leg by leg from where it stands", min_items=1, max_items=50)
    moved_already: int = spec("Map points it has moved already this turn", min=0, max=50, default=0)
    forced_march: bool = spec("A forced march", default=False)
    force_marched_last_move: bool = spec("Its last move was a forced march", default=False)
    player_present: bool = spec("A player is with it", default=False)
    non_roman: bool = spec("A non-Roman host, moved by its Non-Roman World umpire", default=False)
    ordered_by_region_umpire: bool = spec(
        "Its Region umpire (or Control) orders it: a detachment without a player", default=False
    )
    designated_routes: tuple[AreaRoutes, ...] = spec(
        "The designated routes of the areas it leaves or enters, to name them if it strays", default=(), max_items=50
    )

    @property
    def map_points(self) -> int:
        """Map points moved this turn, this march included: each leg enters one."""
        return self.moved_already + len(self.legs)


def check_may_move(case: MoveInput) -> None:
    """IX. LAND MOVEMENT: a force with its Aquila moves only with a player; a detachment without one only by its
    Region umpire's order; forced marches alternate."""
    force = case.force
    if force.aquila and not case.player_present:
        raise RulesError(
            "player_present",
            f"{force.name} has its Aquila: a legionary force must have a player with it to move ({LAND_MOVEMENT})",
        )
    if not (force.aquila or case.non_roman or case.player_present or case.ordered_by_region_umpire):
        raise RulesError(
            "ordered_by_region_umpire",
            f"{force.name} has no player with it: the Region umpire of its table determines a detached unit's "
            f"actions in the absence of its player ({LAND_MOVEMENT})",
        )
    if case.forced_march and case.force_marched_last_move:
        raise RulesError(
            "forced_march",
            f"{force.name} force-marched on its last move: units may only force march on alternate moves, "
            f"and a turn standing still is no move ({LAND_MOVEMENT})",
        )


def check_path(case: MoveInput, working: Working) -> None:
    """IX. LAND MOVEMENT: from map point to map point along routes, one leg on from the last, entering or leaving
    an area only on a designated route."""
    for n, leg in enumerate(case.legs):
        if n and leg.start != case.legs[n - 1].end:
            raise RulesError(
                f"legs.{n}.start", f"The march reached {case.legs[n - 1].end}: its next leg must leave from there"
            )
        if leg.route is RouteKind.NONE:
            raise RulesError(
                f"legs.{n}.route",
                f"No route joins {leg.start} and {leg.end}: movement is from map point to map point along the "
                f"roads and river valleys ({LAND_MOVEMENT})",
            )
        if leg.crosses_area and not leg.designated:
            raise RulesError(f"legs.{n}.designated", strayed(case, leg))
        working.step(f"{leg.start} to {leg.end} by {leg.route.label}{crossing_words(leg)}", LAND_MOVEMENT, n + 1)


def strayed(case: MoveInput, leg: Leg) -> str:
    """The refusal of a crossing off the designated routes, naming those the area it leaves has (else the area
    it enters), where the case gives them."""
    known = {entry.area: entry.routes for entry in case.designated_routes}
    area = leg.end_area if leg.start_area not in known and leg.end_area in known else leg.start_area
    routes = known.get(area)
    them = ""
    if routes is not None:
        them = f"; {area}'s designated routes are {', '.join(routes)}" if routes else f"; {area} has none"
    return (
        f"{leg.start} to {leg.end} leaves {leg.start_area} for {leg.end_area} by a {leg.route.label} that is not a "
        f"designated route: players may only enter or leave an area along the designated routes{them} "
        f"({LAND_MOVEMENT})"
    )


def crossing_words(leg: Leg) -> str:
    if leg.crosses_table:
        return f", a designated route from {leg.start_area} ({leg.start_table} table) to {leg.end_area} ({leg.end_table} table)"
    if leg.crosses_area:
        return f", a designated route from {leg.start_area} to {leg.end_area}"
    return ""


def allowance(case: MoveInput, working: Working) -> int:
    kind = "forced_march" if case.forced_march else "march"
    points: int = MOVE_ALLOWANCE.lookup(kind, working)
    if case.map_points > points:
        way = f"{len(case.legs)} from {case.legs[0].start} to {case.legs[-1].end}"
        moves = f"{way}, after the {case.moved_already} moved already" if case.moved_already else way
        raise RulesError(
            "legs",
            f"{case.force.name} would move {case.map_points} map points this turn ({moves}): a "
            f"{kind.replace('_', ' ')} is at most {points} a turn ({LAND_MOVEMENT})",
        )
    return points


def tables_crossed(case: MoveInput) -> list[str]:
    """The tables the march passes, in order, from where it starts: the last is where it ends."""
    tables = [case.legs[0].start_table]
    for leg in case.legs:
        if leg.end_table != tables[-1]:
            tables.append(leg.end_table)
    return tables


@procedure("ad69", "check_move", title="Check a land move", source=LAND_MOVEMENT, takes=MoveInput)
def check_move(case: MoveInput, dice: Dice) -> Result:
    """IX. LAND MOVEMENT: a path along routes, up to 6 map points, or 8 on a forced march on alternate moves,
    entering or leaving an area only on a designated route; ok or refused."""
    working = Working()
    check_may_move(case)
    check_path(case, working)
    points = allowance(case, working)
    working.step(f"{case.force.name} moves {case.map_points} of {points} map points", LAND_MOVEMENT, case.map_points)
    if case.forced_march:
        working.modifier(
            f"{case.force.name} force-marched: {FORCED_MARCH_BATTLE_MODIFIER} in its battles this turn and "
            "next, and no forced march on its next move",
            FORCED_MARCH_BATTLE_MODIFIER,
            "X. BATTLE DIE ROLLING SYSTEM",
        )
        working.note(
            "Forced marches alternate by moves, not turns: its next move may not be forced, however long it "
            "stands still first",
            LAND_MOVEMENT,
        )
    can_withdraw = case.map_points < points
    if can_withdraw:
        working.note("It has movement left: if contacted it may withdraw from contact", LAND_MOVEMENT)
    tables, last = tables_crossed(case), case.legs[-1]
    if len(tables) > 1:
        working.note(f"It enters {last.end_area}: its players move to the {last.end_table} table", LAND_MOVEMENT)
    outcome = {
        "ok": True,
        "allowance": points,
        "map_points": case.map_points,
        "forced_march": case.forced_march,
        "battle_modifier": FORCED_MARCH_BATTLE_MODIFIER if case.forced_march else 0,
        "may_withdraw_from_contact": can_withdraw,
        "path": [case.legs[0].start, *(leg.end for leg in case.legs)],
        "tables_crossed": tables,
        "ends_at": {"point": last.end, "area": last.end_area, "table": last.end_table},
    }
    return Result.of("ad69.check_move", outcome, working, dice)


# ---- ad69.meeting_between_tables -----------------------------------------------------------


@dataclass(frozen=True)
class Marcher:
    """One of the players whose forces meet between the tables, and where he was marching."""

    player: str = spec("The player, as Bigius Diccus")
    target: str = spec("The area he was marching to, as Raetia")


@dataclass(frozen=True)
class MeetingInput:
    first: Marcher = spec("One player, and the area he was marching to")
    second: Marcher = spec("The other player, and the area he was marching to")


@procedure(
    "ad69",
    "meeting_between_tables",
    title="Forces meeting between area tables",
    source=LAND_MOVEMENT,
    takes=MeetingInput,
    dice="d6 for each player, first then second, again on a tie",
)
def meeting_between_tables(case: MeetingInput, dice: Dice) -> Result:
    """IX. LAND MOVEMENT: forces that "leave at corresponding exit and entry points and theoretically meet
    inbetween area tables": "players should roll 1d6 each, the player with the higher score moves to his target
    area where the contact will be resolved". The handbook does not say what a tie does: both roll again."""
    check_marchers(case)
    working = Working()
    while True:
        first = working.roll(dice, 6, f"{case.first.player} meeting between tables")
        second = working.roll(dice, 6, f"{case.second.player} meeting between tables")
        if first != second:
            break
        working.note(f"A tie at {first}: both roll again", LAND_MOVEMENT)
    mover = case.first if first > second else case.second
    verdict = f"{mover.player} rolls higher and moves to {mover.target}, where the contact is resolved"
    working.choice(verdict, LAND_MOVEMENT, mover.player)
    outcome = {"verdict": verdict, "moves": mover.player, "resolved_in": mover.target, "rolls": [first, second]}
    return Result.of("ad69.meeting_between_tables", outcome, working, dice)


def check_marchers(case: MeetingInput) -> None:
    """Each player named, with the area he was marching to: the winner's is where the contact is resolved."""
    for which in ("first", "second"):
        marcher: Marcher = getattr(case, which)
        if not marcher.player.strip():
            raise RulesError(f"{which}.player", "Name the player whose forces meet between the tables")
        if not marcher.target.strip():
            raise RulesError(
                f"{which}.target",
                f"Name the area {marcher.player} was marching to: if he rolls higher, the contact is resolved there",
            )
