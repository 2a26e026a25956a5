"""X. COMBAT RESOLUTION, LOSSES: how many units each side loses, and where the loss falls.

The counting is here; battle.py decides who won and calls `side_losses` for each side.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..errors import RulesError
from ..schema import spec
from ..working import Working
from .forces import Force, TroopType

LOSSES = "X. COMBAT RESOLUTION, LOSSES"
VETERANS = "IX. WARFARE, ASSUMPTIONS (a unit that has fought in a battle and won is upgraded to Veteran)"
LOSER_DIVISOR = 10  # "Take the combat value of the winning army and divide it by 10"
WINNER_DIVISOR = 20  # "Take the combat value of the losing army and divide it by 20"

GroupKey = tuple[str, TroopType, bool]  # (force, troop type, veteran)
SideCount = tuple[str, Sequence[Force], int]  # (name, forces, combat value)


@dataclass(frozen=True)
class PlacedLoss:
    """One line of the owning player's split: so many units of one kind from one force."""

    force: str = spec("The force that takes these losses, by its name on this side")
    type: TroopType = spec("Troop type lost")
    count: int = spec("How many units of this kind are lost", min=0, max=1000)
    veteran: bool = spec("Veteran units (true) or not (false)", default=False)


def label(force: str, type: TroopType, veteran: bool) -> str:
    """How the working names a group: "Legion XLVI veteran auxiliary"."""
    return f"{force} {'veteran ' if veteran else ''}{type.label}"


@dataclass(frozen=True)
class Group:
    """Units of one kind in one force: the pieces a loss is split among."""

    force: str
    type: TroopType
    veteran: bool
    count: int
    share: Fraction  # this group's proportional part of the side's loss

    @property
    def key(self) -> GroupKey:
        return (self.force, self.type, self.veteran)

    @property
    def label(self) -> str:
        return label(*self.key)

    @property
    def least(self) -> int:
        return self.share.numerator // self.share.denominator

    @property
    def most(self) -> int:
        return -(-self.share.numerator // self.share.denominator)


@dataclass(frozen=True)
class SideLoss:
    """Where one side's loss falls: units lost by group, proposed or placed by the owner."""

    units: int
    groups: tuple[Group, ...]
    lost: dict[GroupKey, int]  # Group.key -> units lost

    @property
    def to_place(self) -> int:
        """Units the owning player must still place, at most one on each of `among`."""
        return self.units - sum(self.lost.values())

    @property
    def among(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.least != g.most) if self.to_place else ()


def units_lost(enemy_value: int, won: bool) -> int:
    """X. LOSSES: the loser loses the winner's value ÷ 10, the winner the loser's value ÷ 20.

    Rounded down (//): the handbook's Example 1 has the winner lose 50 ÷ 20 = 2, not 3,
    and its Example 2 has the loser lose the Romans' 64 ÷ 10 as 6. In a draw both sides
    lose as if they had won, so the caller passes won=True for both.
    """
    return enemy_value // (WINNER_DIVISOR if won else LOSER_DIVISOR)


def capped_loss(forces: Sequence[Force], enemy_value: int, won: bool) -> int:
    """The units a side would lose, never more than it has: for the umpires' factors and the odds."""
    return min(units_lost(enemy_value, won), sum(force.units for force in forces))


def side_losses(
    side: SideCount,
    enemy: SideCount,
    *,
    won: bool,
    draw: bool,
    placed: Sequence[PlacedLoss],
    working: Working,
    path: str,
    ruled: int | None = None,
) -> SideLoss:
    """X. LOSSES for one side: count the loss (or take the umpires' `ruled` count), cap it at
    the side's units, split it.

    `side` and `enemy` are (name, forces, combat value); `placed` is the owner's split,
    if any, refused by `path` ("side_b.placed_losses") when it does not fit.
    """
    name, forces, _ = side
    count = _count_loss(name, enemy, won, draw, working) if ruled is None else _ruled_loss(name, ruled, working)
    units = sum(force.units for force in forces)
    if count > units:
        working.note(f"{name} has only {units} units: it loses them all", LOSSES)
        count = units
    return place_loss(name, split_loss(forces, count, working), placed, working, path)


def _count_loss(name: str, enemy: SideCount, won: bool, draw: bool, working: Working) -> int:
    enemy_name, _, enemy_value = enemy
    divisor = WINNER_DIVISOR if won else LOSER_DIVISOR
    standing = "in a draw, as a victor" if draw else ("the victor" if won else "beaten")
    count = units_lost(enemy_value, won)
    working.step(
        f"{name}, {standing}, loses {enemy_name}'s combat value {enemy_value} ÷ {divisor} "
        f"= {count} unit{'' if count == 1 else 's'} (rounded down)",
        LOSSES,
        count,
    )
    return count


def _ruled_loss(name: str, ruled: int, working: Working) -> int:
    working.choice(f"{name} loses {ruled} unit{'' if ruled == 1 else 's'}, by the umpires' ruling", LOSSES, ruled)
    return ruled


def split_loss(forces: Sequence[Force], count: int, working: Working) -> SideLoss:
    """X. LOSSES: "divided proportionately among the constituents. In the case of a split,
    it is the owning player's choice." Each group's share, rounded down, is proposed."""
    groups = _groups(forces, count)
    if count:
        for group in groups:
            working.step(f"{group.label}: {group.count} units, share {_show(group.share)}", LOSSES, group.least)
    return SideLoss(count, groups, {g.key: g.least for g in groups})


def _groups(forces: Sequence[Force], count: int) -> tuple[Group, ...]:
    counts: dict[GroupKey, int] = {}
    for force in forces:
        for troops in force.troops:
            key = (force.name, troops.type, troops.veteran)
            counts[key] = counts.get(key, 0) + troops.count
    units = sum(counts.values())
    return tuple(Group(*key, n, Fraction(count * n, units)) for key, n in counts.items() if n)


def _show(share: Fraction) -> str:
    return str(share.numerator) if share.denominator == 1 else f"{float(share):.2f}".rstrip("0")


def place_loss(name: str, loss: SideLoss, placed: Sequence[PlacedLoss], working: Working, path: str) -> SideLoss:
    """The owning player's split, checked against the shares; without one the proposal
    stands and what is left over is reported for the owner to place."""
    if placed:
        loss = SideLoss(loss.units, loss.groups, check_placed_losses(loss, placed, path))
        shown = ", ".join(f"{p.count} {label(p.force, p.type, p.veteran)}" for p in placed if p.count)
        working.choice(f"{name}: the owning player places the loss: {shown}", LOSSES, loss.units)
    elif loss.to_place:
        working.note(
            f"{name}: {loss.to_place} unit(s) left to place, at most one each on "
            f"{', '.join(g.label for g in loss.among)}: the owning player chooses",
            LOSSES,
        )
    return loss


def check_placed_losses(loss: SideLoss, placed: Sequence[PlacedLoss], path: str) -> dict[GroupKey, int]:
    """The owner's split must name this side's groups once each, give every group its
    share rounded down or up, and add up to the loss; else RulesError naming the line."""
    groups = {g.key: g for g in loss.groups}
    lost = dict.fromkeys(groups, 0)
    for index, line in enumerate(placed):
        key, where = (line.force, line.type, line.veteran), f"{path}.{index}"
        if line.force not in {g.force for g in loss.groups}:
            raise RulesError(f"{where}.force", f"no force named {line.force!r} has units to lose on this side")
        if key not in groups:
            raise RulesError(f"{where}.type", f"this side has no {label(*key)} to lose")
        if key in {(p.force, p.type, p.veteran) for p in placed[:index]}:
            raise RulesError(where, f"{label(*key)} is placed twice")
        _check_within_share(groups[key], line.count, f"{where}.count")
        lost[key] = line.count
    for key, group in groups.items():
        _check_within_share(group, lost[key], path)
    if sum(lost.values()) != loss.units:
        raise RulesError(path, f"places {sum(lost.values())} units, but the side loses {loss.units}")
    return lost


def _check_within_share(group: Group, count: int, where: str) -> None:
    if not group.least <= count <= group.most:
        allowed = f"{group.least}" if group.least == group.most else f"{group.least} or {group.most}"
        raise RulesError(where, f"must place {allowed} on {group.label}: its share is {_show(group.share)}")


def loss_outcome(name: str, forces: Sequence[Force], loss: SideLoss, veterans: Any) -> dict[str, Any]:
    """One side's losses as plain data, force by force."""
    return {
        "side": name,
        "units_lost": loss.units,
        "to_place": loss.to_place,
        "place_among": [g.label for g in loss.among],
        "become_veterans": veterans,
        "forces": [_force_outcome(force, loss.lost) for force in forces],
    }


def _force_outcome(force: Force, lost: Mapping[GroupKey, int]) -> dict[str, Any]:
    lines: list[dict[str, Any]] = [
        {"type": key[1].value, "veteran": key[2], "count": n} for key, n in lost.items() if key[0] == force.name and n
    ]
    units = sum(line["count"] for line in lines)
    return {"force": force.name, "lost": lines, "units_lost": units, "units_left": force.units - units}
