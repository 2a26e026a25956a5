"""The turn: setup (II), the stage and its phases (III), drawing cards (3.1), the Roman consuls (3.2),
initiative (3.3) and the actions (3.4), with the sequence of play as data for the clock."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .units import DIE, RULESET

SETUP = "II. Game Setup"
COURSE = "III. Course of Play"
DRAWING = "3.1 Drawing Cards"
CONSULS = "3.2 Drawing of Roman Consuls"
INITIATIVE = "3.3 Players' Initiative"
ACTIONS = "3.4 Player Actions"
EVENT_CARDS = "1.3.1 Event Cards"
SYRACUSE = "10.4 Syracuse"
T = TypeVar("T")

# ---- the sequence of play, as data -----------------------------------------------------------

# II. Game Setup, "in the order presented below"; steps 8 to 10 come from the rules they cite.
SETUP_CHECKLIST: tuple[dict[str, Any], ...] = (
    {"step": 1, "text": "Choose the scenario (I-IV) and the Victory Point variant", "rule": "II; 11.2"},
    {"step": 2, "text": "Choose nations and divide the spheres of influence", "rule": "II; 10.1"},
    {
        "step": 3,
        "text": "Place armies, fleets and leaders per the scenario; 2 heavy infantry in the capital of "
        "each state that is not allied",
        "rule": "II; VII",
    },
    {"step": 4, "text": "Place the Gallic attitude tokens per the scenario", "rule": "II"},
    {"step": 5, "text": "Place the states on the political track per the scenario", "rule": "II"},
    {
        "step": 6,
        "text": "Give the players their starting Initiative Points and Talents (one player for a "
        "split nation: totalled)",
        "rule": "II; 10.2",
    },
    {"step": 7, "text": "Place the six card decks; lay out the unused tokens and the bank", "rule": "II"},
    {
        "step": 8,
        "text": "Roman consuls: draw 2 if the scenario does not name them, and place them in armies per the scenario",
        "rule": "3.2",
    },
    {"step": 9, "text": "Apply the scenario's own notes (removed cards, starting VP, sieges)", "rule": "Scenarios"},
    {
        "step": 10,
        "text": "Set the Stage token to the scenario's starting stage (I: III, II: VI, III: III, IV: II)",
        "rule": "Scenarios",
    },
)

# III. Course of Play: "Each stage is divided into the following phases", in the printed order.
# `stages` says in which stages of the year a phase happens (3.2: consuls in II; IX: economy in III and VI).
PHASES: tuple[dict[str, Any], ...] = (
    {
        "key": "drawing_cards",
        "title": "Drawing cards",
        "rule": "3.1",
        "stages": (1, 2, 3, 4, 5, 6),
        "steps": (
            {"text": "Turn every unit token (ships too) face up: no unit has been activated yet", "rule": "4.1"},
            {
                "text": "Each player draws 2 cards from his nation's deck and 1 from each allied state's deck "
                "(the Syracuse player only from the Syracuse deck)",
                "rule": "3.1; 10.4",
            },
            {"text": "Hand limit 7: discard the excess at once, the owner choosing", "rule": "3.1"},
            {"text": "An empty deck: reshuffle its discard pile as the new deck", "rule": "1.3.1"},
        ),
    },
    {
        "key": "roman_consuls",
        "title": "Drawing of Roman consuls (once a year)",
        "rule": "3.2",
        "stages": (2,),
        "steps": (
            {"text": "Draw 2 random consul cards; place them where the consuls were, or in Rome", "rule": "3.2"},
            {"text": "Advanced: one Roman player may try to extend one previous consul (1d10, 6+)", "rule": "12.3"},
        ),
    },
    {
        "key": "initiative",
        "title": "Initiative",
        "rule": "3.3",
        "stages": (1, 2, 3, 4, 5, 6),
        "steps": (
            {"text": "Reveal Initiative Points; most first; a die breaks ties", "rule": "3.3"},
            {"text": "Hand out the order tokens: the order holds for the whole stage", "rule": "3.3; 1.2.15"},
        ),
    },
    {
        "key": "actions",
        "title": "Actions",
        "rule": "3.4",
        "stages": (1, 2, 3, 4, 5, 6),
        "steps": (
            {"text": "In order, one action each; after the last player the turn returns to the first", "rule": "3.4"},
            {
                "text": "A pass is final for the stage (effects may still be played); the phase ends when all "
                "have passed",
                "rule": "3.4; 3.4.7",
            },
        ),
    },
    {
        "key": "resolving_sieges",
        "title": "Resolving sieges",
        "rule": "6.2",
        "stages": (1, 2, 3, 4, 5, 6),
        "steps": (
            {"text": "For each besieged city: attrition, capture or broken siege, early surrender roll", "rule": "6.2"},
        ),
    },
    {
        "key": "economy",
        "title": "Economy",
        "rule": "IX",
        "stages": (3, 6),
        "steps": (
            {
                "text": "Income from cities not besieged (advanced: less devastation, cut-off cities)",
                "rule": "9.1; 12.1; 12.2",
            },
            {
                "text": "Pay 1 Talent per unit (Roman light and heavy infantry half); disband what cannot be paid",
                "rule": "9.2",
            },
            {"text": "Recruit in the reverse of the last stage's order", "rule": "9.3"},
            {"text": "Hannibal: +2 Initiative Points to Carthage and draw a card", "rule": "1.3.3"},
            {
                "text": "Advanced: +1 VP per 2 devastation tokens to the devastating side; remove the tokens",
                "rule": "12.1",
            },
        ),
    },
    {
        "key": "stage_token",
        "title": "Moving the Stage token",
        "rule": "III",
        "stages": (1, 2, 3, 4, 5, 6),
        "steps": (
            {"text": "Move the Stage token on (after VI a new year begins at I)", "rule": "III"},
            {"text": "Advanced: count down the dictator's 3 stages", "rule": "12.4"},
        ),
    },
)
STAGES = ("I", "II", "III", "IV", "V", "VI")


def stage_plan(number: int) -> dict[str, Any]:
    """The phases of stage `number` (1-6), in the printed order of III. Course of Play."""
    phases = tuple({k: v for k, v in phase.items() if k != "stages"} for phase in PHASES if number in phase["stages"])
    return {"stage": STAGES[number - 1], "number": number, "phases": phases}


# The year as the clock shows it: six stages, each with its phases, each phase with its steps and rules.
SEQUENCE_OF_PLAY = tuple(stage_plan(number) for number in range(1, 7))


# ---- nations and their card decks --------------------------------------------------------------


class Nation(Choice):
    """1.1: the three major nations and the three neutral states, each with its own card deck (II)."""

    CARTHAGE = "carthage"
    ROME = "rome"
    SYRACUSE = "syracuse"
    MASSILIA = "massilia"
    NUMIDIA = "numidia"
    MACEDONIA = "macedonia"


MAJOR = (Nation.CARTHAGE, Nation.ROME, Nation.SYRACUSE)
HAND_LIMIT = 7  # 3.1 "Each player may not at any moment have more than 7 cards in hand."
BASIC_DRAW = 2  # 3.1 "Players draw by default 2 cards plus one from the deck of each allied state."
ALLY_DRAW = 1


# ---- hannibal_barkas.draw_cards ---------------------------------------------------------------


@dataclass(frozen=True)
class Hand:
    player: str = spec("The player, as Hannibal")
    nation: Nation = spec("The nation whose deck he draws from")
    allies: tuple[Nation, ...] = spec(
        "Allied states whose alliance this player brought about (VII)", max_items=4, default=()
    )
    cards_in_hand: int = spec("Cards in his hand before the draw", min=0, max=30, default=0)


@dataclass(frozen=True)
class Deck:
    nation: Nation = spec("The deck's nation")
    cards_left: int = spec("Cards left in the deck", min=0, max=200)
    discards: int = spec("Cards in its discard pile", min=0, max=200, default=0)


@dataclass(frozen=True)
class DrawInput:
    hands: tuple[Hand, ...] = spec("Each player, in the order they draw", min_items=1, max_items=5)
    decks: tuple[Deck, ...] = spec(
        "The decks' sizes, to see a reshuffle coming (leave empty to skip)", max_items=6, default=()
    )


def check_allies(hand: Hand, i: int) -> None:
    for j, ally in enumerate(hand.allies):
        if ally in (Nation.CARTHAGE, Nation.ROME) or ally == hand.nation:
            raise RulesError(
                f"hands.{i}.allies.{j}",
                f"{ally.label} cannot be an ally of {hand.player}: the "
                "allies are the states on the political track (VII)",
            )


def draws_for(hand: Hand, working: Working) -> dict[Nation, int]:
    """3.1: 2 from his own deck and 1 from each ally's; 10.4: the Syracuse player only from his own."""
    if hand.nation == Nation.SYRACUSE:
        if hand.allies:
            working.note(
                f"{hand.player} plays Syracuse: he draws only from the Syracuse deck; 2 cards, "
                "as 3.1 (10.4 does not restate the number)",
                SYRACUSE,
            )
        return {Nation.SYRACUSE: BASIC_DRAW}
    draws: dict[Nation, int] = {hand.nation: BASIC_DRAW}
    for ally in hand.allies:
        draws[ally] = draws.get(ally, 0) + ALLY_DRAW
    return draws


def take_from_deck(decks: dict[Nation, tuple[int, int]], nation: Nation, number: int, working: Working) -> int:
    """1.3.1: when a deck runs out, its discard pile is reshuffled and becomes the new deck."""
    if nation not in decks:
        return number
    left, discards = decks[nation]
    if left < number and discards:
        working.note(
            f"The {nation.label} deck runs out: its discard pile ({discards}) is reshuffled as the new deck",
            EVENT_CARDS,
        )
        left, discards = left + discards, 0
    taken = min(number, left)
    decks[nation] = (left - taken, discards)
    if taken < number:
        working.note(f"The {nation.label} deck and discard pile hold only {taken} of the {number}", EVENT_CARDS)
    return taken


def draw_hand(hand: Hand, decks: dict[Nation, tuple[int, int]], working: Working) -> dict[str, Any]:
    draws = draws_for(hand, working)
    drawn = {nation.value: take_from_deck(decks, nation, number, working) for nation, number in draws.items()}
    total = sum(drawn.values())
    working.step(
        f"{hand.player} draws {total}: " + ", ".join(f"{n} from {k}" for k, n in drawn.items()), DRAWING, total
    )
    held = hand.cards_in_hand + total
    discard = max(0, held - HAND_LIMIT)
    if discard:
        working.step(
            f"{hand.player} holds {held}, over the limit of {HAND_LIMIT}: he discards {discard} at once, "
            "choosing which",
            DRAWING,
            discard,
        )
    return {"player": hand.player, "drawn": drawn, "total": total, "hand": held - discard, "discard": discard}


@procedure(RULESET, "draw_cards", title="Drawing cards", source=DRAWING, takes=DrawInput)
def draw_cards(case: DrawInput, dice: Dice) -> Result:
    """3.1 Drawing Cards: 2 from one's nation's deck plus 1 from each allied state's; no more than 7 in hand."""
    working = Working()
    for i, hand in enumerate(case.hands):
        check_allies(hand, i)
    decks = {deck.nation: (deck.cards_left, deck.discards) for deck in case.decks}
    players = [draw_hand(hand, decks, working) for hand in case.hands]
    outcome = {
        "players": players,
        "decks": {n.value: {"cards_left": left, "discards": d} for n, (left, d) in decks.items()},
    }
    return Result.of(f"{RULESET}.draw_cards", outcome, working, dice)


# ---- hannibal_barkas.initiative_order ---------------------------------------------------------


@dataclass(frozen=True)
class Bid:
    player: str = spec("The player, as Hannibal")
    initiative: int = spec("Initiative Points he holds", min=0, max=200)


@dataclass(frozen=True)
class InitiativeInput:
    players: tuple[Bid, ...] = spec("Every player, in any order (ties roll in this order)", min_items=1, max_items=5)


def break_tie(tied: Sequence[Bid], dice: Dice, working: Working) -> list[Bid]:
    """3.3: players with the same IP roll a die; the higher goes first (Example 2). Equal rolls roll again:
    the rulebook does not say so, but nothing else separates them."""
    rolls = {bid.player: working.roll(dice, DIE, f"{bid.player}'s initiative tie") for bid in tied}
    order: list[Bid] = []
    for value in sorted(set(rolls.values()), reverse=True):
        again = [bid for bid in tied if rolls[bid.player] == value]
        if len(again) > 1:
            working.note(
                f"{' and '.join(b.player for b in again)} roll {value} again: equal rolls roll again "
                "(not in the rulebook)",
                INITIATIVE,
            )
            order += break_tie(again, dice, working)
        else:
            order += again
    return order


@procedure(
    RULESET,
    "initiative_order",
    title="Initiative order",
    source=INITIATIVE,
    takes=InitiativeInput,
    dice="d10 for each player tied on Initiative Points, in the order given",
)
def initiative_order(case: InitiativeInput, dice: Dice) -> Result:
    """3.3 Players' Initiative: most IP first, ties broken by a die; the order holds for the whole stage."""
    working = Working()
    order: list[Bid] = []
    for points in sorted({bid.initiative for bid in case.players}, reverse=True):
        tied = [bid for bid in case.players if bid.initiative == points]
        order += break_tie(tied, dice, working) if len(tied) > 1 else tied
    for token, bid in enumerate(order, start=1):
        working.step(f"Order token {token}: {bid.player} ({bid.initiative} IP)", INITIATIVE, token)
    working.note("The order holds for the whole stage, however the IP change; setting it spends no IP", INITIATIVE)
    outcome = {
        "order": [bid.player for bid in order],
        "tokens": {bid.player: token for token, bid in enumerate(order, start=1)},
    }
    return Result.of(f"{RULESET}.initiative_order", outcome, working, dice)


# ---- the actions (3.4) ------------------------------------------------------------------------


class ActionKind(Choice):
    CARD_FOR_INITIATIVE = "card_for_initiative"  # 3.4.1
    CARD_FOR_GOLD = "card_for_gold"  # 3.4.2
    CARD_AS_EVENT = "card_as_event"  # 3.4.3
    ACTIVATE = "activate"  # 3.4.4
    POLITICAL = "political"  # 3.4.5
    HAND_OVER = "hand_over"  # 3.4.6
    PASS = "pass"  # 3.4.7


POLITICAL_IP, POLITICAL_TALENTS = 2, 10  # 3.4.5 "he pays 2 IP and 10 gold Talents"
HAND_OVER_IP = 1  # 3.4.6 "To do this he must pay 1 Initiative Point."
ACTION_RULE = {
    ActionKind.CARD_FOR_INITIATIVE: "3.4.1",
    ActionKind.CARD_FOR_GOLD: "3.4.2",
    ActionKind.CARD_AS_EVENT: "3.4.3",
    ActionKind.ACTIVATE: "3.4.4; 4.2",
    ActionKind.POLITICAL: "3.4.5",
    ActionKind.HAND_OVER: "3.4.6",
    ActionKind.PASS: "3.4.7",
}


@dataclass(frozen=True)
class Region:
    name: str = spec("The region (or sea area) activated, as Capua")
    active_leader: bool = spec("An active leader ('A') stands there: activating it is free", default=False)


@dataclass(frozen=True)
class PlayerState:
    player: str = spec("The player, as Hannibal")
    nation: Nation = spec("His nation")
    initiative: int = spec("Initiative Points he holds now", min=0, max=500)
    talents: int = spec("Talents in his treasury now", min=0, max=5000)
    passed: bool = spec("He has passed this stage", default=False)


@dataclass(frozen=True)
class Action:
    player: str = spec("Who acts")
    kind: ActionKind = spec("The action")
    card: str = spec("The card played, as Storm", default="")
    card_initiative: int | None = spec(
        "IP printed on the card (top right), when played for initiative", min=0, max=50, default=None
    )
    card_talents: int | None = spec(
        "Talents printed on the card (top left), when played for gold", min=0, max=100, default=None
    )
    event_initiative_cost: int = spec("IP the event's text makes him pay", min=0, max=50, default=0)
    event_talent_cost: int = spec("Talents the event's text makes him pay", min=0, max=500, default=0)
    single_use: bool = spec("The event's name has an asterisk: removed from the game", default=False)
    regions: tuple[Region, ...] = spec("Regions activated (3.4.4)", max_items=10, default=())
    destinations: tuple[str, ...] = spec(
        "Fields where the activated units end their move (none: they stay)", max_items=10, default=()
    )
    fleet_landing: bool = spec("A fleet move that loads and/or lands units (4.2)", default=False)
    state: str = spec("Political action: the state moved, as Massilia", default="")


def require(value: T | None, field: str, what: str) -> T:
    if value is None:
        raise RulesError(field, f"the {what} is needed: it is printed on the card")
    return value


def check_afford(player: PlayerState, ip: int, talents: int, where: str) -> None:
    """The rulebook never lets IP or Talents go below 0: a player spends what he holds (inference)."""
    if ip > player.initiative:
        raise RulesError(where, f"{player.player} holds {player.initiative} IP: the action costs {ip}")
    if talents > player.talents:
        raise RulesError(where, f"{player.player} holds {player.talents} Talents: the action costs {talents}")


def action_effect(player: PlayerState, action: Action, where: str, working: Working) -> tuple[int, int]:
    """What one action gains and costs: (IP change, Talents change), each shown with its rule."""
    from .movement import activation_cost, check_pattern

    rule = ACTION_RULE[action.kind]
    if action.kind == ActionKind.CARD_FOR_INITIATIVE:
        gain = require(action.card_initiative, f"{where}.card_initiative", "card's Initiative Points")
        return working.modifier(f"{player.player} plays {action.card or 'a card'} for initiative", gain, rule), 0
    if action.kind == ActionKind.CARD_FOR_GOLD:
        gain = require(action.card_talents, f"{where}.card_talents", "card's Talents")
        working.step(f"{player.player} plays {action.card or 'a card'} for {gain} Talents (kept secret)", rule, gain)
        return 0, gain
    if action.kind == ActionKind.CARD_AS_EVENT:
        return event_cost(player, action, where, working)
    if action.kind == ActionKind.ACTIVATE:
        check_pattern(action.regions, action.destinations, action.fleet_landing, where)
        return -activation_cost(action.regions, working), 0
    if action.kind == ActionKind.POLITICAL:
        return political_cost(player, action, where, working)
    if action.kind == ActionKind.HAND_OVER:
        return working.modifier(f"{player.player} hands over an army with its leaders", -HAND_OVER_IP, rule), 0
    working.choice(f"{player.player} passes and turns over his order token: only effects for him now, this stage", rule)
    return 0, 0


def event_cost(player: PlayerState, action: Action, where: str, working: Working) -> tuple[int, int]:
    working.step(
        f"{player.player} plays {action.card or 'a card'} as an event: put it into effect now", "3.4.3", action.card
    )
    if action.single_use:
        working.note(f"{action.card or 'The card'} has an asterisk: removed from the game, not discarded", EVENT_CARDS)
    return -action.event_initiative_cost, -action.event_talent_cost


def political_cost(player: PlayerState, action: Action, where: str, working: Working) -> tuple[int, int]:
    if player.nation == Nation.SYRACUSE:
        raise RulesError(f"{where}.kind", "the Syracuse player cannot act on the political track (10.4)")
    state = action.state or "a state"
    working.step(
        f"{player.player} moves {state} 1 field toward his side on the political track", "3.4.5; VII", action.state
    )
    working.note("An allied state cannot be moved by a political action (VII); politics moves the token", "VII")
    return (
        working.modifier("political action: Initiative Points", -POLITICAL_IP, "3.4.5"),
        working.modifier("political action: Talents", -POLITICAL_TALENTS, "3.4.5"),
    )


def apply_action(player: PlayerState, action: Action, where: str, working: Working) -> PlayerState:
    """One action: its cost checked against what the player holds, and his new IP and Talents."""
    if player.passed:
        raise RulesError(f"{where}.player", f"{player.player} has passed: he may only play effects (3.4)")
    ip, talents = action_effect(player, action, where, working)
    check_afford(player, -ip, -talents, where)
    after = PlayerState(
        player.player, player.nation, player.initiative + ip, player.talents + talents, action.kind == ActionKind.PASS
    )
    working.step(f"{player.player}: {after.initiative} IP, {after.talents} Talents", ACTIONS, after.initiative)
    return after


def state_dict(player: PlayerState) -> dict[str, Any]:
    return {"initiative": player.initiative, "talents": player.talents, "passed": player.passed}


# ---- hannibal_barkas.take_action --------------------------------------------------------------


@dataclass(frozen=True)
class ActionInput:
    player: PlayerState = spec("The acting player as he stands")
    action: Action = spec("What he does")


@procedure(RULESET, "take_action", title="A player's action", source=ACTIONS, takes=ActionInput)
def take_action(case: ActionInput, dice: Dice) -> Result:
    """3.4 Player Actions: one action, its cost in IP and Talents, and the player after it."""
    working = Working()
    if case.action.player != case.player.player:
        raise RulesError("action.player", f"the action is {case.action.player}'s, the player {case.player.player}")
    after = apply_action(case.player, case.action, "action", working)
    return Result.of(f"{RULESET}.take_action", {"player": after.player, **state_dict(after)}, working, dice)


# ---- hannibal_barkas.action_round -------------------------------------------------------------


@dataclass(frozen=True)
class RoundInput:
    players: tuple[PlayerState, ...] = spec("Every player, in the stage's initiative order", min_items=1, max_items=5)
    actions: tuple[Action, ...] = spec("One action for each player who has not passed, in any order", max_items=5)


def actions_in_order(case: RoundInput) -> list[tuple[PlayerState, int, Action]]:
    """3.4: each player who has not passed acts once, in the initiative order, however the actions are listed."""
    by_player: dict[str, tuple[int, Action]] = {}
    for i, action in enumerate(case.actions):
        if action.player not in [p.player for p in case.players]:
            raise RulesError(f"actions.{i}.player", f"{action.player} is not in the initiative order")
        if action.player in by_player:
            raise RulesError(f"actions.{i}.player", f"{action.player} acts once a round (3.4)")
        by_player[action.player] = (i, action)
    for player in case.players:
        if not player.passed and player.player not in by_player:
            raise RulesError("actions", f"{player.player} has not passed: he must act or pass this round (3.4)")
    return [(player, *by_player[player.player]) for player in case.players if player.player in by_player]


@procedure(RULESET, "action_round", title="A round of actions", source=ACTIONS, takes=RoundInput)
def action_round(case: RoundInput, dice: Dice) -> Result:
    """3.4 Player Actions: one action each in the initiative order; those who pass drop out; the order is kept."""
    working = Working()
    after = {player.player: player for player in case.players}
    for player, i, action in actions_in_order(case):
        after[player.player] = apply_action(player, action, f"actions.{i}", working)
    next_round = [p.player for p in case.players if not after[p.player].passed]
    if next_round:
        working.step(f"Next round, in the same order: {', '.join(next_round)}", ACTIONS, len(next_round))
    else:
        working.step("Every player has passed: the Actions phase ends", ACTIONS, 0)
    outcome = {
        "acted": [p.player for p, _, _ in actions_in_order(case)],
        "next_round": next_round,
        "players": {name: state_dict(p) for name, p in after.items()},
        "phase_over": not next_round,
    }
    return Result.of(f"{RULESET}.action_round", outcome, working, dice)


# ---- hannibal_barkas.consul_draw --------------------------------------------------------------


class DrawOccasion(Choice):
    YEARLY = "yearly"  # stage II of each year
    GAME_START = "game_start"  # "At the start of the game (if it is not specified in the scenario)"
    REPLACE_DEAD = "replace_dead"  # "if his predecessor died in combat"


@dataclass(frozen=True)
class ConsulCard:
    name: str = spec("The card, as Consul III or Scipio Africanus")
    named: bool = spec("A named (historical) consul, not Consul I-VI", default=False)
    location: str = spec("Where he stands now, if on the map", default="")


@dataclass(frozen=True)
class ConsulDrawOptions:
    """The reading the consuls' draw needs where 3.2 leaves the text open."""

    sitting_eligible: bool = spec(
        "3.2 and 12.3 (L879): last year's consuls at the yearly draw — they leave office and their cards go back "
        "into the pool, so they may be drawn again (default, on), or they are kept out of this draw (off)",
        default=True,
    )


@dataclass(frozen=True)
class ConsulDrawInput:
    pool: tuple[ConsulCard, ...] = spec("Consul cards off the map and available, in a fixed order", max_items=30)
    sitting: tuple[ConsulCard, ...] = spec("Last year's consuls, still on the map", max_items=2, default=())
    occasion: DrawOccasion = spec("Why the consuls are drawn", default=DrawOccasion.YEARLY)
    dead: str = spec("Replacing a dead consul: his card", default="")
    options: ConsulDrawOptions = spec("Readings of points the rulebook leaves open", default=ConsulDrawOptions())


def draw_pool(case: ConsulDrawInput, working: Working) -> list[ConsulCard]:
    pool = list(case.pool)
    if case.occasion == DrawOccasion.YEARLY and case.sitting:
        if case.options.sitting_eligible:
            pool += case.sitting
            working.note(
                "Reading used: last year's consuls leave office and their cards join the pool, so they "
                "may be drawn again (12.3 'If... such a consul is re-elected'); 3.2 does not say",
                CONSULS,
            )
        else:
            working.note(
                "Reading used: last year's consuls are not drawn this year (the other reading of 3.2)", CONSULS
            )
    return pool


def replacement_pool(case: ConsulDrawInput, working: Working) -> list[ConsulCard]:
    dead = [c for c in case.sitting if c.name == case.dead]
    if not dead:
        raise RulesError("dead", f"{case.dead or 'the dead consul'} is not among the sitting consuls")
    if dead[0].named:
        working.step(f"{dead[0].name} was a named consul: his card leaves the game for good", CONSULS)
        return list(case.pool)
    working.step(f"{dead[0].name} returns to the pool of consul cards", CONSULS)
    return list(case.pool) + dead


@procedure(
    RULESET,
    "consul_draw",
    title="Drawing of Roman consuls",
    source=CONSULS,
    takes=ConsulDrawInput,
    dice="a die the size of the pool for each consul: the card at that place in the pool",
)
def consul_draw(case: ConsulDrawInput, dice: Dice) -> Result:
    """3.2 Drawing of Roman Consuls: two random cards from the available consuls, in stage II and at the start."""
    working = Working()
    pool = replacement_pool(case, working) if case.occasion == DrawOccasion.REPLACE_DEAD else draw_pool(case, working)
    wanted = 1 if case.occasion == DrawOccasion.REPLACE_DEAD else 2
    if len(pool) < wanted:
        raise RulesError("pool", f"{wanted} consul(s) are drawn from the pool, which holds {len(pool)}")
    drawn: list[ConsulCard] = []
    for _ in range(wanted):
        place = working.roll(dice, len(pool), f"the consul card ({len(pool)} in the pool)")
        drawn.append(pool.pop(place - 1))
    return Result.of(f"{RULESET}.consul_draw", consul_outcome(case, drawn, working), working, dice)


def consul_outcome(case: ConsulDrawInput, drawn: Sequence[ConsulCard], working: Working) -> dict[str, Any]:
    names = [card.name for card in drawn]
    leaving = [c for c in case.sitting if c.name not in names and case.occasion == DrawOccasion.YEARLY]
    seats = iter(c.location for c in leaving)
    placed: dict[str, str] = {}
    for card in drawn:
        sitting = [c for c in case.sitting if c.name == card.name and case.occasion == DrawOccasion.YEARLY]
        if case.occasion == DrawOccasion.REPLACE_DEAD:
            where = "Rome"
        elif case.occasion == DrawOccasion.GAME_START:
            where = "an army, per the scenario"
        elif sitting:
            where = sitting[0].location or "where he stands"
        else:
            where = next(seats, "") or "Rome"
        placed[card.name] = where
        working.step(f"{card.name} is drawn: placed in {where}", CONSULS, card.name)
    for card in leaving:
        working.step(
            f"{card.name} leaves office: off the map, his card back in the pool (unless 12.3 keeps him)",
            CONSULS,
            card.name,
        )
    if case.occasion == DrawOccasion.YEARLY:
        working.note("The new consuls stand where the old ones were, or in Rome: the Roman player chooses", CONSULS)
    return {"drawn": names, "placed": placed, "leaving": [c.name for c in leaving]}
