"""P9, the naval battle (5.10 Naval Battles; 1.2.7 Ships; Table 1 and its footnote; 5.11).

"Naval battles are fought analogously to land battles": rounds, the attacker rolling first,
losses removed together, Command re-rolls, a withdrawal declared first by the defender. Each
ship rolls once a round at 7+, +1 for each infantry unit aboard (5+ with two). A sunk
ship takes its cargo down. There is no pursuit. Sides are pairs: 0 attacker, 1 defender.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .battle import COMMAND_REDUCTION_HELP, MAX_ROUNDS, CommandReduction, Leader, command_pool
from .battle_vp import battle_vp
from .cards import Role
from .kernel import Firer, Volley, roll_volley
from .units import RULESET, SHIP_CAPACITY, Units, ship_to_hit

NAVAL = "5.10 Naval Battles"
MARINES = "1.2.7 Ships: Marine infantry"
ROLES = (Role.ATTACKER, Role.DEFENDER)


class NavalRetreat(Choice):
    """5.10 does not say where a withdrawing fleet goes."""

    AS_ON_LAND = "as_on_land"  # default, 5.4 by analogy: the attacker whence it came, the defender elsewhere
    UMPIRE = "umpire"  # the umpire places it


@dataclass(frozen=True)
class Ship:
    cargo: Units = spec("Land units aboard, at most 2 (any kind); each infantry unit adds +1 to hit", default=Units())


@dataclass(frozen=True)
class Fleet:
    name: str = spec("The player or fleet, as Carthage")
    ships: tuple[Ship, ...] = spec("Its ships with their cargo, in the order they roll", min_items=1, max_items=60)
    leaders: tuple[Leader, ...] = spec("Its leaders (beside the army, not on a ship)", max_items=8, default=())
    sink_order: tuple[int, ...] = spec(
        "Its own ships (by number from 0) it gives up first when it chooses; then the emptiest",
        max_items=60,
        default=(),
    )
    critical_targets: tuple[int, ...] = spec(
        "The enemy ships (by number from 0) it sinks first on its 10s; then the most laden", max_items=60, default=()
    )
    command_plan: tuple[int, ...] = spec(
        "Re-rolls it uses in rounds 1, 2, ...; empty: every failed die while Command lasts",
        max_items=MAX_ROUNDS,
        default=(),
    )
    withdraw_after_round: int | None = spec(
        "It declares a withdrawal at the end of this round", min=0, max=MAX_ROUNDS, default=None
    )


@dataclass(frozen=True)
class NavalOptions:
    """The readings a naval battle needs where 5.6 and 5.10 leave the text open."""

    command_reduction: CommandReduction = spec(COMMAND_REDUCTION_HELP, default=CommandReduction.EACH_ROUND)
    retreat: NavalRetreat = spec(
        "5.10: where a withdrawing fleet goes — as on land (5.4), the attacker whence it came and the defender to "
        "a field not held by the enemy (default), or where the umpire places it",
        default=NavalRetreat.AS_ON_LAND,
    )


@dataclass(frozen=True)
class NavalInput:
    attacker: Fleet = spec("The fleet that attacks: rolls first")
    defender: Fleet = spec("The fleet attacked: declares first")
    options: NavalOptions = spec("Readings of points the rulebook leaves open", default=NavalOptions())
    max_rounds: int = spec("Stop after this many rounds if no one has withdrawn", min=1, max=MAX_ROUNDS, default=20)

    @property
    def sides(self) -> tuple[Fleet, Fleet]:
        return (self.attacker, self.defender)


def check_fleets(case: NavalInput) -> None:
    for role, fleet in zip(ROLES, case.sides):
        for j, ship in enumerate(fleet.ships):
            if ship.cargo.ships:
                raise RulesError(f"{role.value}.ships.{j}.cargo.ships", "a ship carries land units, not ships")
            if ship.cargo.total > SHIP_CAPACITY:
                raise RulesError(
                    f"{role.value}.ships.{j}.cargo",
                    f"a ship carries at most {SHIP_CAPACITY} land units (1.2.7), not {ship.cargo.total}",
                )
        for order, path in ((fleet.sink_order, "sink_order"),):
            _check_indices(order, len(fleet.ships), f"{role.value}.{path}")
        enemy = case.sides[1 - ROLES.index(role)]
        _check_indices(fleet.critical_targets, len(enemy.ships), f"{role.value}.critical_targets")
        for j, leader in enumerate(fleet.leaders):
            if leader.command is None:
                raise RulesError(
                    f"{role.value}.leaders.{j}.command",
                    f"the leader card of {leader.name}: its Command is not in the rulebook; Control must enter it",
                )


def _check_indices(order: Sequence[int], count: int, path: str) -> None:
    for k, index in enumerate(order):
        if not 0 <= index < count:
            raise RulesError(f"{path}.{k}", f"there is no ship {index}: the ships are numbered 0 to {count - 1}")


def ship_firers(fleet: Fleet, afloat: Sequence[int], working: Working) -> list[Firer]:
    """1.2.7: "with 2 infantry units on a ship, it hits on 5+"; cavalry or elephants aboard add nothing."""
    shooters = []
    for j in afloat:
        cargo = fleet.ships[j].cargo
        needs = ship_to_hit(cargo.infantry)
        if cargo.infantry:
            working.modifier(
                f"{fleet.name} ship {j}: {cargo.infantry} infantry aboard, hits on {needs}+",
                -min(cargo.infantry, SHIP_CAPACITY),
                MARINES,
            )
        shooters.append(Firer(f"{fleet.name} ship {j} ({cargo.describe() if cargo.total else 'empty'})", needs))
    return shooters


def sink(
    fleet: Fleet, afloat: Sequence[int], count: int, first: Sequence[int], chooser: str, working: Working
) -> list[int]:
    """Sink `count` ships of `fleet`, those named in `first` first, then by the standing order."""
    sunk: list[int] = []
    for _ in range(count):
        left = [j for j in afloat if j not in sunk]
        if not left:
            working.note(f"{fleet.name} has no ship left to lose: the hit is wasted", "5.5 Losses")
            break
        j = next((j for j in first if j in left), left[0])
        sunk.append(j)
        working.choice(
            f"{chooser} sinks {fleet.name}'s ship {j} with {fleet.ships[j].cargo.describe()}", "5.5 Losses", j
        )
    return sunk


def emptiest(fleet: Fleet, afloat: Sequence[int]) -> list[int]:
    return sorted(afloat, key=lambda j: (fleet.ships[j].cargo.total, j))


def fullest(fleet: Fleet, afloat: Sequence[int]) -> list[int]:
    return sorted(afloat, key=lambda j: (-fleet.ships[j].cargo.infantry, -fleet.ships[j].cargo.total, j))


def naval_round(
    case: NavalInput, afloat: Sequence[list[int]], number: int, dice: Dice, working: Working
) -> tuple[list[list[int]], list[Volley], list[list[int]]]:
    """One round: every ship of both sides rolls (attacker first), re-rolls from Command, then the
    ships hit go down together with their cargo (5.5)."""
    working.step(f"Round {number}", NAVAL)
    volleys = []
    for i, fleet in enumerate(case.sides):
        pool = command_pool(case, i, number, working)
        if fleet.command_plan:
            pool = min(pool, fleet.command_plan[number - 1] if number <= len(fleet.command_plan) else 0)
        volleys.append(
            roll_volley(ship_firers(fleet, afloat[i], working), dice, working, who=fleet.name, rerolls=pool, rule=NAVAL)
        )
    sunk: list[list[int]] = [[], []]
    for i, fleet in enumerate(case.sides):
        enemy, j = case.sides[1 - i], 1 - i
        crits = sink(
            enemy,
            afloat[j],
            volleys[i].criticals,
            tuple(fleet.critical_targets) + tuple(fullest(enemy, afloat[j])),
            fleet.name,
            working,
        )
        rest = [k for k in afloat[j] if k not in crits]
        sunk[j] = crits + sink(
            enemy,
            rest,
            volleys[i].owner_picks,
            tuple(enemy.sink_order) + tuple(emptiest(enemy, rest)),
            enemy.name,
            working,
        )
    return [[k for k in afloat[i] if k not in sunk[i]] for i in range(2)], volleys, sunk


def losses(fleet: Fleet, sunk: Sequence[int]) -> dict[str, Any]:
    """Ships and the land units aboard them (Example 10: "3 ships + 3 land units loaded on them")."""
    cargo = Units()
    for j in sunk:
        cargo = cargo.plus(fleet.ships[j].cargo)
    return {"ships": len(sunk), "cargo": cargo.as_dict(), "units": len(sunk) + cargo.total}


def fight_naval(
    case: NavalInput, afloat: list[list[int]], dice: Dice, working: Working
) -> tuple[list[list[int]], list[dict[str, Any]], str]:
    log: list[dict[str, Any]] = []
    for number in range(1, case.max_rounds + 1):
        afloat, volleys, sunk = naval_round(case, afloat, number, dice, working)
        log.append({"round": number, **{r.value: {**v.as_dict(), "sunk": s} for r, v, s in zip(ROLES, volleys, sunk)}})
        if not afloat[0] or not afloat[1]:
            return afloat, log, ("mutual_annihilation" if not (afloat[0] or afloat[1]) else "sunk")
        for i in (1, 0):
            fleet = case.sides[i]
            if fleet.withdraw_after_round is not None and number >= fleet.withdraw_after_round:
                working.choice(f"{fleet.name} withdraws; there is no pursuit at sea", NAVAL, ROLES[i].value)
                return afloat, log, "withdrew_" + ROLES[i].value
            working.choice(f"{fleet.name} fights on", NAVAL, "continue")
    working.note(f"No decision after {case.max_rounds} rounds: the players must declare a withdrawal", NAVAL)
    return afloat, log, "undecided"


def winner_of(afloat: Sequence[Sequence[int]], end: str) -> int | None:
    if end == "sunk":
        return 0 if afloat[0] else 1
    if end.startswith("withdrew_"):
        return 1 if end == "withdrew_attacker" else 0
    return None


def retreat_note(case: NavalInput, end: str, working: Working) -> None:
    if not end.startswith("withdrew_"):
        return
    if case.options.retreat is NavalRetreat.UMPIRE:
        working.note("Reading used: the umpire places the withdrawing fleet (5.10 names no destination)", NAVAL)
    else:
        working.note(
            "Reading used: as on land (5.4), the attacker withdraws whence it came, the defender to a field "
            "not held by the enemy (5.10 names no destination)",
            NAVAL,
        )


def fleet_leaders(
    case: NavalInput, afloat: Sequence[Sequence[int]], working: Working
) -> tuple[list[dict[str, Any]], list[int]]:
    """5.10: leaders "perish when all the units are sunk"; their VP go to the enemy at once."""
    killed: list[dict[str, Any]] = []
    vp = [0, 0]
    for i, (role, fleet) in enumerate(zip(ROLES, case.sides)):
        if afloat[i]:
            continue
        for j, leader in enumerate(fleet.leaders):
            if leader.victory_points is None:
                raise RulesError(
                    f"{role.value}.leaders.{j}.victory_points",
                    f"the leader card of {leader.name}: his VP are not in the rulebook; Control must enter them",
                )
            value = leader.victory_points + (2 if leader.dictator else 0)
            working.step(
                f"{leader.name} perishes with his fleet: +{value} VP to {case.sides[1 - i].name}", NAVAL, value
            )
            killed.append({"side": role.value, "name": leader.name, "vp": value})
            vp[1 - i] += value
    return killed, vp


@procedure(
    RULESET,
    "naval_battle",
    title="Naval battle",
    source=NAVAL,
    takes=NavalInput,
    dice="d10 per ship per round, attacker first; re-rolls after each side's dice",
)
def naval_battle(case: NavalInput, dice: Dice) -> Result:
    """5.10 Naval Battles: fleets with their cargo fought to the end; ships and cargo count for VP."""
    working = Working()
    check_fleets(case)
    start = [list(range(len(f.ships))) for f in case.sides]
    afloat, log, end = fight_naval(case, start, dice, working)
    retreat_note(case, end, working)
    winner = winner_of(afloat, end)
    if end == "mutual_annihilation":
        working.note("Both fleets are sunk together: no winner and no battle VP", NAVAL)
    sunk = [[j for j in start[i] if j not in afloat[i]] for i in range(2)]
    lost = [losses(f, s) for f, s in zip(case.sides, sunk)]
    killed, leader_vp = fleet_leaders(case, afloat, working)
    vp = battle_vp(lost[1 - winner]["units"], working, case.sides[winner].name) if winner is not None else 0
    outcome = {
        "winner": None if winner is None else ROLES[winner].value,
        "end": end,
        "rounds": len(log),
        "battle_vp": vp,
        "leaders_killed": killed,
        "leader_vp": {r.value: v for r, v in zip(ROLES, leader_vp)},
        **{
            r.value: {
                "afloat": afloat[i],
                "sunk": sunk[i],
                "lost": lost[i],
                "cargo_afloat": _cargo(case.sides[i], afloat[i]).as_dict(),
            }
            for i, r in enumerate(ROLES)
        },
        "round_log": log,
    }
    return Result.of(f"{RULESET}.naval_battle", outcome, working, dice)


def _cargo(fleet: Fleet, ships: Sequence[int]) -> Units:
    total = Units()
    for j in ships:
        total = total.plus(fleet.ships[j].cargo)
    return total
