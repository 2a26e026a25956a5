"""P25, the card effects that change combat, as far as this rulebook gives their texts
(1.3.1 Event Cards, 5.2 Pre-Battle Effects Phase, 5.7 Playing Effects, Example 8).

The card decks themselves are not in the rulebook: a card not named here is played by the
umpire from its printed text. Command is never used for a card's special attack (5.6).
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .kernel import Firer, Volley, roll_volley, take_losses
from .units import DIE, RULESET, Needs, Units, UnitType, attack_strength, is_infantry

EFFECTS_RULE = "5.7 Playing Effects"
CARD_ATTACK_RULE = "5.6 Leaders: Command is not used in special attacks resulting from played cards"


class Role(Choice):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> "Role":
        return Role.DEFENDER if self is Role.ATTACKER else Role.ATTACKER


class Card(Choice):
    AMBUSH = "ambush"
    CONVENIENT_TERRAIN = "convenient_terrain"
    SMILE_OF_THE_GODS = "smile_of_the_gods"
    STORM = "storm"
    OTHER = "other"


# The effect texts this rulebook quotes (Example 8, 5.7; the example card, 1.3.1).
CARD_TEXTS = KeyedTable(
    name="Card effects known from the rulebook",
    source="5.7 Example 8; 1.3.1 example card",
    rows={
        Card.AMBUSH.value: 'pre-battle effect: "immediately make 4 to-hit rolls with infantry"',
        Card.CONVENIENT_TERRAIN.value: '"negates the first 2 hits inflicted by the opponent in this round"',
        Card.SMILE_OF_THE_GODS.value: 'played "in response": "negates the effect played by the opponent"',
        Card.STORM.value: '"Play on a fleet, after its movement. Roll for each ship. On 8+ (5+ if the fleet '
        'sailed through open sea) the unit sinks. The fleet may not enter the destination field."',
    },
)
AMBUSH_ROLLS = 4  # Example 8: "make 4 to-hit rolls with infantry"
TERRAIN_NEGATES = 2  # Example 8: "negates the first 2 hits"
STORM_SINKS = 8  # 1.3.1 STORM: "On 8+"
STORM_SINKS_OPEN_SEA = 5  # "(5+ if the fleet sailed through open sea)"


# ---- hannibal_barkas.effect_chain -------------------------------------------------------------


@dataclass(frozen=True)
class EffectPlay:
    """One effect played, in the order played."""

    card: Card = spec("The card played as an effect (other: a card whose text is not in the rulebook)")
    played_by: Role = spec("Who played it")
    name: str = spec("The card's name, for a card of kind other", default="")
    cancels: int | None = spec(
        "The play (by its number in this list, from 0) that this effect negates; "
        "Smile of the gods: the opponent's effect it answers",
        min=0,
        max=30,
        default=None,
    )


@dataclass(frozen=True)
class EffectChainInput:
    plays: tuple[EffectPlay, ...] = spec(
        "The effects played, in order, until no one plays more", min_items=1, max_items=30
    )


def check_chain(plays: Sequence[EffectPlay]) -> None:
    for i, play in enumerate(plays):
        if play.cancels is not None and play.cancels >= i:
            raise RulesError(f"plays.{i}.cancels", "an effect can only answer one played before it")
        if play.card is Card.SMILE_OF_THE_GODS and play.cancels is None:
            raise RulesError(
                f"plays.{i}.cancels", "Smile of the gods negates an effect played by the opponent: name which"
            )
        if play.cancels is not None and plays[play.cancels].played_by is play.played_by:
            raise RulesError(f"plays.{i}.cancels", "Smile of the gods negates the effect played by the opponent")


def standing_effects(plays: Sequence[EffectPlay], working: Working) -> list[int]:
    """5.7: "An effect takes effect when such a sequence ends": resolved from the last play back,
    an effect stands unless an effect that stands negates it."""
    cancelled: set[int] = set()
    for i in reversed(range(len(plays))):
        play = plays[i]
        if i in cancelled:
            working.step(f"Play {i}: {_name(play)} ({play.played_by.label}) is negated", EFFECTS_RULE, False)
            continue
        if play.cancels is not None:
            cancelled.add(play.cancels)
        working.step(f"Play {i}: {_name(play)} ({play.played_by.label}) takes effect", EFFECTS_RULE, True)
    return [i for i in range(len(plays)) if i not in cancelled]


def _name(play: EffectPlay) -> str:
    return play.name or play.card.label


@procedure(
    RULESET, "effect_chain", title="Effects played in response (chain)", source=EFFECTS_RULE, takes=EffectChainInput
)
def effect_chain(case: EffectChainInput, dice: Dice) -> Result:
    """5.7 Playing Effects: which effects of a chain played "in response" take effect."""
    working = Working()
    check_chain(case.plays)
    working.note("In battle the defending player has priority: he may play first (5.2, 5.7)", "5.2")
    for play in case.plays:
        if play.card is not Card.OTHER:
            CARD_TEXTS.lookup(play.card.value, working)
    standing = standing_effects(case.plays, working)
    outcome = {
        "standing": [
            {
                "play": i,
                "card": case.plays[i].card.value,
                "name": _name(case.plays[i]),
                "played_by": case.plays[i].played_by.value,
            }
            for i in standing
        ]
    }
    return Result.of(f"{RULESET}.effect_chain", outcome, working, dice)


# ---- card attacks (Ambush), also used by the battle before round 1 ------------------------------


@dataclass(frozen=True)
class CardAttack:
    """A special attack from a card, as Ambush: so many to-hit rolls at a number, no Command."""

    by: Role = spec("Who makes the attack")
    card: Card = spec("The card", default=Card.AMBUSH)
    rolls: int = spec("How many to-hit rolls (Ambush: 4)", min=1, max=50, default=AMBUSH_ROLLS)
    as_unit: str = spec(
        "Roll as this kind of infantry (its Table 1 number): light_infantry, heavy_infantry or "
        "gallic_infantry; empty to give `needs`",
        default="",
    )
    needs: int | None = spec("Or the d10 result needed, as the card prints it", min=2, max=10, default=None)


def card_attack_needs(attack: CardAttack, path: str) -> Needs:
    """Ambush's to-hit number is not in the rulebook (Example 8 says only "with infantry")."""
    if attack.needs is not None:
        return attack.needs
    if not attack.as_unit:
        raise RulesError(
            f"{path}.needs",
            f"the to-hit number of {attack.card.label} is not in the rulebook "
            '(Example 8: "to-hit rolls with infantry"); enter it, or the kind of infantry it rolls as',
        )
    try:
        kind = UnitType(attack.as_unit)
    except ValueError:
        raise RulesError(f"{path}.as_unit", f"{attack.as_unit!r} is not a kind of unit") from None
    if not is_infantry(kind):
        raise RulesError(f"{path}.as_unit", f"{attack.card.label} rolls with infantry, not {kind.label}")
    return attack_strength(kind)


def card_volley(attack: CardAttack, who: str, dice: Dice, working: Working, path: str = "attack") -> Volley:
    """A card's special attack: its rolls at its number, with no Command re-rolls (5.6)."""
    needs = card_attack_needs(attack, path)
    working.step(f"{who}: {attack.card.label}, {attack.rolls} to-hit rolls at {needs}+", CARD_ATTACK_RULE, needs)
    shooters = [Firer(f"{who} {attack.card.label} roll {i + 1}", needs) for i in range(attack.rolls)]
    return roll_volley(shooters, dice, working, who=who, rerolls=0, rule=CARD_ATTACK_RULE)


@dataclass(frozen=True)
class CardAttackInput:
    attack: CardAttack = spec("The card's attack")
    target: Units = spec("The enemy units it falls on")


@procedure(
    RULESET,
    "card_attack",
    title="Card special attack (Ambush)",
    source=CARD_ATTACK_RULE,
    takes=CardAttackInput,
    dice="d10 per roll the card gives",
)
def card_attack(case: CardAttackInput, dice: Dice) -> Result:
    """5.2 and Example 8: a pre-battle attack from a card; its losses are removed before round 1."""
    working = Working()
    who, victim = case.attack.by.label, case.attack.by.other.label
    volley = card_volley(case.attack, who, dice, working)
    left, lost = take_losses(case.target, volley, working, owner=victim, roller=who)
    outcome = {**volley.as_dict(), "lost": lost.as_dict(), "left": left.as_dict()}
    return Result.of(f"{RULESET}.card_attack", outcome, working, dice)


# ---- Convenient terrain: negating the opponent's first hits ---------------------------------------


@dataclass(frozen=True)
class Negation:
    """Convenient terrain: the first hits the opponent inflicts in a round count for nothing."""

    round: int = spec("The combat round it is played for", min=1, max=50, default=1)
    hits: int = spec(
        "How many of the opponent's first hits it negates (Convenient terrain: 2)",
        min=1,
        max=20,
        default=TERRAIN_NEGATES,
    )


def negate(volley: Volley, needs: Sequence[int], count: int, who: str, working: Working) -> tuple[Volley, int]:
    """Negate up to `count` of the volley's hits, first hits first (dice in the order rolled,
    then automatic hits). Returns the volley that is left and the negations still unused."""
    order = [v == 10 for v, n in zip(volley.rolled, needs) if v >= n] + [False] * volley.automatic
    gone = order[:count]
    if gone:
        working.step(f"Convenient terrain: {len(gone)} of {who}'s hits are negated", "5.7 Example 8", len(gone))
    crits = sum(gone)
    auto = max(0, len(gone) - (len(order) - volley.automatic))
    return replace(
        volley, hits=volley.hits - len(gone), criticals=volley.criticals - crits, automatic=volley.automatic - auto
    ), count - len(gone)


# ---- hannibal_barkas.storm ----------------------------------------------------------------------


@dataclass(frozen=True)
class StormInput:
    ships: int = spec("Ships in the fleet", min=1, max=100)
    open_sea: bool = spec("The fleet sailed through open sea (5+ instead of 8+)", default=False)


@procedure(
    RULESET,
    "storm",
    title="Storm (card effect)",
    source="1.3.1 example card, effect STORM",
    takes=StormInput,
    dice="d10 per ship",
)
def storm(case: StormInput, dice: Dice) -> Result:
    """1.3.1 STORM: "Roll for each ship. On 8+ (5+ if the fleet sailed through open sea) the unit
    sinks. The fleet may not enter the destination field." Not a to-hit roll: no Command."""
    working = Working()
    CARD_TEXTS.lookup(Card.STORM.value, working)
    sinks = STORM_SINKS_OPEN_SEA if case.open_sea else STORM_SINKS
    working.step(f"A ship sinks on {sinks}+{' (open sea)' if case.open_sea else ''}", "1.3.1", sinks)
    sunk = sum(working.roll(dice, DIE, f"storm, ship {i + 1} ({sinks}+ sinks)") >= sinks for i in range(case.ships))
    working.step(f"{sunk} ship(s) sink; the fleet may not enter its destination field", "1.3.1", sunk)
    return Result.of(f"{RULESET}.storm", {"sunk": sunk, "afloat": case.ships - sunk}, working, dice)
