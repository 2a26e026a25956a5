"""P0, the common to-hit kernel (1.4 Dice, 5.5 Losses and Table 1, 5.6 Leaders).

Every fight in the game (battle, naval battle, pursuit, assault, card attacks) is a volley:
each firing unit rolls 1d10 and hits on its attack strength or more; a 10 is a critical,
and its victim is chosen by the player who rolled it; elephants hit automatically; Command
lets failed dice be rolled again, each once.

    volley = roll_volley(firers(UnitType.HEAVY_INFANTRY, 3, "Rome"), dice, working, who="Rome", rerolls=1)
    volley.hits, volley.criticals, volley.rerolls_used

`Firer.needs` may be any number (an assault hits "only on 10": `Firer(label, 10)`).
Then `take_losses` removes hits from a `Units`, criticals by the roller's choice first.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..working import Working
from .units import AUTOMATIC, CRITICAL, DIE, TABLE_1, Needs, Units, UnitType, attack_strength, label

DICE_RULE = "1.4 Dice"
COMMAND_RULE = "5.6 Leaders"
LOSSES_RULE = "5.5 Losses"
# The owner's standing order for the losses he chooses, when he names none: cheapest first (Table 3).
DEFAULT_LOSS_ORDER = (
    UnitType.LIGHT_INFANTRY,
    UnitType.HEAVY_INFANTRY,
    UnitType.GALLIC_INFANTRY,
    UnitType.CAVALRY,
    UnitType.GALLIC_CAVALRY,
    UnitType.ELEPHANTS,
    UnitType.SHIPS,
)
# The roller's standing order on his 10s, when he names none: the dearest first (Table 3).
DEFAULT_CRITICAL_ORDER = (
    UnitType.SHIPS,
    UnitType.ELEPHANTS,
    UnitType.GALLIC_CAVALRY,
    UnitType.CAVALRY,
    UnitType.HEAVY_INFANTRY,
    UnitType.GALLIC_INFANTRY,
    UnitType.LIGHT_INFANTRY,
)


@dataclass(frozen=True)
class Firer:
    """One unit that rolls (or, for elephants, hits without rolling): `needs` is the d10
    result it must reach, or AUTOMATIC."""

    label: str
    needs: Needs


@dataclass(frozen=True)
class Volley:
    """What a volley came to. `criticals` are the hits rolled as a 10 (the roller picks their
    victims); `automatic` the elephants' hits (the victim's owner picks); `hits` counts all."""

    hits: int
    criticals: int
    automatic: int
    rolled: tuple[int, ...]  # the standing result of each rolled die, after re-rolls
    rerolls_used: int

    @property
    def owner_picks(self) -> int:
        return self.hits - self.criticals

    def as_dict(self) -> dict[str, Any]:
        return {
            "hits": self.hits,
            "criticals": self.criticals,
            "automatic": self.automatic,
            "dice": list(self.rolled),
            "rerolls_used": self.rerolls_used,
        }


NO_VOLLEY = Volley(0, 0, 0, (), 0)


def firers(kind: UnitType, count: int, who: str, working: Working | None = None) -> list[Firer]:
    """`count` units of `kind` firing at their Table 1 attack strength."""
    if not count:
        return []
    needs = attack_strength(kind, working)
    return [Firer(f"{who} {label(kind)} {i + 1}", needs) for i in range(count)]


def hits(value: int, needs: Needs) -> bool:
    """5.5: "A unit inflicts losses if the result rolled on the d10 is greater than or equal to its
    attack strength"; an elephant hits automatically (1.2.6)."""
    return needs == AUTOMATIC or value >= needs


def roll_volley(
    shooters: Sequence[Firer], dice: Dice, working: Working, *, who: str, rerolls: int = 0, rule: str = TABLE_1
) -> Volley:
    """5.5 and 1.4: each firer rolls 1d10 (elephants hit without a roll), then up to `rerolls`
    failed dice are rolled once more (5.6 Command), the failed dice with the best chance first;
    "The result after the re-roll applies. A roll can be re-rolled only 1 time." A 10 is critical."""
    automatic = [s for s in shooters if s.needs == AUTOMATIC]
    rolling = [s for s in shooters if s.needs != AUTOMATIC]
    if automatic:
        working.step(
            f"{who}: {len(automatic)} automatic hit(s), no roll (1.2.6 Elephant Charge)",
            "1.2.6 Elephants",
            len(automatic),
        )
    values = [working.roll(dice, DIE, f"{s.label} to hit ({s.needs}+)") for s in rolling]
    values, used = _reroll(rolling, values, rerolls, dice, working)
    scored = [v for s, v in zip(rolling, values) if hits(v, s.needs)]
    criticals = sum(1 for v in scored if v == CRITICAL)
    total = len(scored) + len(automatic)
    _summarise(who, len(rolling), scored, criticals, len(automatic), rule, working)
    return Volley(total, criticals, len(automatic), tuple(values), used)


def _reroll(
    rolling: Sequence[Firer], values: Sequence[int], rerolls: int, dice: Dice, working: Working
) -> tuple[list[int], int]:
    failed = sorted(
        (i for i, (s, v) in enumerate(zip(rolling, values)) if not hits(v, s.needs)), key=lambda i: rolling[i].needs
    )
    values = list(values)
    for i in failed[: max(rerolls, 0)]:
        working.choice(f"Command: re-roll {rolling[i].label}'s failed {values[i]}", COMMAND_RULE, values[i])
        values[i] = working.roll(dice, DIE, f"re-roll of {rolling[i].label} ({rolling[i].needs}+)")
    return values, min(len(failed), max(rerolls, 0))


def _summarise(
    who: str, rolled: int, scored: Sequence[int], criticals: int, automatic: int, rule: str, working: Working
) -> None:
    if not rolled and not automatic:
        return
    crit = f", {criticals} critical (a 10: {who} picks the victim)" if criticals else ""
    working.step(f"{who}: {len(scored) + automatic} hit(s){crit}", rule, len(scored) + automatic)


def pick_order(
    preferred: Sequence[UnitType], standing: Sequence[UnitType] = DEFAULT_LOSS_ORDER
) -> tuple[UnitType, ...]:
    """The kinds in the order they are given up: those named first, then the standing order."""
    return tuple(preferred) + tuple(kind for kind in standing if kind not in preferred)


def take_losses(
    units: Units,
    volley: Volley,
    working: Working,
    *,
    owner: str,
    roller: str,
    owner_order: Sequence[UnitType] = (),
    roller_order: Sequence[UnitType] = (),
    owner_chosen: Sequence[UnitType] = (),
    roller_chosen: Sequence[UnitType] = (),
    rule: str = LOSSES_RULE,
    exclude: Collection[UnitType] = (),
) -> tuple[Units, Units]:
    """5.5: remove the volley's hits from `units`: each critical as the roller picks ("the attacker
    chooses which unit is to be assigned to losses"), then the other hits as the owner picks.
    `owner_chosen` and `roller_chosen` are picks for this volley, each used once, in order;
    `owner_order` and `roller_order` standing orders of kinds (then: cheapest first for the
    owner, dearest first for the roller). `exclude` names kinds that cannot be lost (6.2:
    cavalry and elephants in a city take no assault losses). Hits beyond the units present are
    wasted. Returns (units left, units lost)."""
    left, lost = units, type(units)()
    for count, chosen, order, chooser in (
        (volley.criticals, roller_chosen, pick_order(roller_order, DEFAULT_CRITICAL_ORDER), roller),
        (volley.owner_picks, owner_chosen, pick_order(owner_order), owner),
    ):
        queue = list(chosen)
        for _ in range(count):
            kind = _next_kind(left, queue, order, exclude)
            if kind is None:
                working.note(f"{owner} has no unit left to lose: the hit is wasted", rule)
                break
            left, lost = left.minus(kind), lost.plus(type(left)(**{kind.value: 1}))
            working.choice(f"{chooser} picks {owner}'s {label(kind)} to eliminate", rule, kind.value)
    return left, lost


def _next_kind(
    left: Units, queue: list[UnitType], order: Sequence[UnitType], exclude: Collection[UnitType]
) -> UnitType | None:
    """The next pick still possible from the queue (used up as it goes), else the standing order."""
    while queue:
        kind = queue.pop(0)
        if kind not in exclude and left.count(kind):
            return kind
    return next((k for k in order if k not in exclude and left.count(k)), None)
