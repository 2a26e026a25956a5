"""VII. Politics (P15): the political track, the political action (3.4.5), alliances gained and lost,
aggression and captured capitals, and the card "Hiero II dies" (1.3.1, 10.4).

The track is held as a number: -3 "Alliance with Carthage", 0 "Neutral status", +3 "Alliance with
Rome" (VII L615: "a row of 7 fields"); the fields between have no names in the rulebook.
"""

from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .cities import Named
from .units import RULESET

POLITICS = "VII. Politics"
POLITICAL_ACTION_RULE = "3.4.5 Political Action"
ALLIANCE_VP_RULE = "11.2 Victory Points, item 4"
SYRACUSE = "10.4 Syracuse"
HIERO = "1.3.1 Event Cards, the example card 'Hiero II dies'"
ALLIANCE = 3  # VII (L615): the end fields of the row of 7
# 3.4.5 (L311) and VII (L617): "pays 2 IP and 10 gold Talents and moves the token ... by 1 field".
POLITICAL_ACTION = {"ip": 2, "talents": 10, "fields": 1}
# VII (L619): "That side then receives +2 VP and places 2 heavy infantry units in the capital".
ALLIANCE_REWARD = {"vp": 2, "heavy_infantry": 2}
ALLIANCE_LOST_VP = -2  # VII (L640), 11.2 item 4 (L838)
# The example card (1.3.1 L181), Carthage deck: gold 15, IP 6.
HIERO_CARD: dict[str, Any] = {
    "deck": "carthage",
    "gold": 15,
    "ip": 6,
    "cost_if_allied_with_rome": {"talents": 10, "ip": 4},
    "fields_otherwise": 2,
}
# Where each state's units go home (VII L642); Massilia's capital is not named in the rulebook.
STATE_CAPITALS_GIVEN = {
    "numidia": "Siga (1.3.2 L198)",
    "macedonia": "Illyria, a province (VII L642, 9.3 L748)",
    "syracuse": "Syracusae (10.4 L812)",
    "massilia": None,
}


class State(Named):
    """The states on the political track (1.1, 10.2); Syracuse only when no player controls it."""

    MASSILIA = "massilia"
    NUMIDIA = "numidia"
    MACEDONIA = "macedonia"
    SYRACUSE = "syracuse"


class Side(Named):
    ROME = "rome"
    CARTHAGE = "carthage"


TOWARD: dict[Side, int] = {Side.ROME: 1, Side.CARTHAGE: -1}
OTHER: dict[Side, Side] = {Side.ROME: Side.CARTHAGE, Side.CARTHAGE: Side.ROME}


def field_name(position: int) -> str:
    if position == 0:
        return "Neutral status"
    side = "Rome" if position > 0 else "Carthage"
    if abs(position) == ALLIANCE:
        return f"Alliance with {side}"
    return f"{abs(position)} field{'s' if abs(position) > 1 else ''} toward {side}"


def ally_of(position: int) -> Side | None:
    """The side a state is allied with at this position, or None."""
    return {ALLIANCE: Side.ROME, -ALLIANCE: Side.CARTHAGE}.get(position)


def capital_of(state: State) -> str:
    return STATE_CAPITALS_GIVEN[state.value] or f"the capital of {state.title} (not named in the rulebook)"


def alliance_lost(state: State, side: Side, working: Working) -> dict[str, Any]:
    """VII (L638-642): the former ally subtracts 2 VP, discards the state's cards, and its units and
    leaders go home."""
    working.modifier(
        f"{side.title} loses the alliance with {state.title}: {ALLIANCE_LOST_VP} VP",
        ALLIANCE_LOST_VP,
        "VII. Politics (L640)",
    )
    working.step(
        f"{side.title} discards every {state.title} card from hand and table (leader cards aside); "
        f"its units and leaders return to {capital_of(state)}",
        "VII. Politics (L641-642)",
    )
    return {"side": side.value, "vp": ALLIANCE_LOST_VP}


def alliance_gained(state: State, side: Side, working: Working, rewarded: bool = True) -> dict[str, Any]:
    """VII (L619-626): +2 VP and 2 heavy infantry in the capital; the ally's cities, cards and units."""
    vp = ALLIANCE_REWARD["vp"] if rewarded else 0
    if rewarded:
        working.modifier(f"{side.title} brings {state.title} into alliance: +{vp} VP", vp, ALLIANCE_VP_RULE)
        working.step(
            f"{side.title} places {ALLIANCE_REWARD['heavy_infantry']} heavy infantry of {state.title} in "
            f"{capital_of(state)}",
            "VII. Politics (L619)",
            ALLIANCE_REWARD["heavy_infantry"],
        )
    working.step(
        f"{side.title}'s player takes {state.title}'s city cards and income, draws 1 more card from its "
        "deck, may recruit in its cities and controls its units and leaders",
        "VII. Politics (L621-626)",
    )
    return {"side": side.value, "vp": vp, "heavy_infantry": ALLIANCE_REWARD["heavy_infantry"] if rewarded else 0}


def consequences(state: State, before: int, after: int, working: Working, rewarded: bool = True) -> dict[str, Any]:
    """What changes between two positions: an alliance lost, an alliance gained."""
    was, now = ally_of(before), ally_of(after)
    lost = alliance_lost(state, was, working) if was and before != after else None
    gained = alliance_gained(state, now, working, rewarded) if now and before != after else None
    return {"alliance_lost": lost, "alliance_gained": gained}


def move_token(position: int, side: Side, fields: int, working: Working, rule: str) -> int:
    after = max(-ALLIANCE, min(ALLIANCE, position + TOWARD[side] * fields))
    if after != position + TOWARD[side] * fields:
        working.note("The token stops on the Alliance field", rule)
    working.step(f"Token: {field_name(position)} → {field_name(after)}", rule, after)
    return after


# ---- hannibal_barkas.political_move (P15.2, P15.3) ---------------------------------------------


class MovedBy(Choice):
    POLITICAL_ACTION = "political_action"  # 3.4.5: 2 IP and 10 Talents, 1 field
    EVENT_CARD = "event_card"  # a card's text: so many fields


@dataclass(frozen=True)
class MoveInput:
    state: State = spec("The state on the political track")
    position: int = spec("Its field now: -3 Alliance with Carthage, 0 Neutral, +3 Alliance with Rome", min=-3, max=3)
    side: Side = spec("The side moving it toward itself")
    by: MovedBy = spec("A political action or an event card", default=MovedBy.POLITICAL_ACTION)
    fields: int = spec("Fields the card moves it (a political action moves 1)", min=1, max=6, default=1)
    ip: int | None = spec("The player's Initiative Points, for a political action", min=0, max=99, default=None)
    talents: int | None = spec("The player's Talents, for a political action", min=0, max=999, default=None)
    syracuse_is_a_player: bool = spec("A player controls Syracuse (its token is off the track)", default=False)


def check_move(case: MoveInput) -> None:
    if case.state is State.SYRACUSE and case.syracuse_is_a_player:
        raise RulesError("state", f"a player controls Syracuse: its token is removed from the track ({SYRACUSE})")
    ally = ally_of(case.position)
    if ally:
        raise RulesError(
            "position",
            f"{case.state.title} is allied with {ally.title}: no "
            "political action and no card moving it a field may be played (VII L628, 3.4.3 L303)",
        )


def held(have: int | None) -> int | str:
    return "none entered" if have is None else have


def pay_political_action(case: MoveInput, working: Working) -> None:
    """3.4.5 (L311): "he pays 2 IP and 10 gold Talents and moves the token ... by 1 field"."""
    if case.fields != POLITICAL_ACTION["fields"]:
        raise RulesError("fields", f"a political action moves the token 1 field ({POLITICAL_ACTION_RULE})")
    for cell in ("ip", "talents"):
        have: int | None = getattr(case, cell)
        cost = POLITICAL_ACTION[cell]
        if have is None or have < cost:
            raise RulesError(
                cell,
                f"a political action costs {POLITICAL_ACTION['ip']} IP and "
                f"{POLITICAL_ACTION['talents']} Talents; the player has {held(have)}",
            )
        working.modifier(
            f"Political action: -{cost} {'IP' if cell == 'ip' else 'Talents'}", -cost, POLITICAL_ACTION_RULE
        )


@procedure(RULESET, "political_move", title="Political track: move a state", source=POLITICS, takes=MoveInput)
def political_move(case: MoveInput, dice: Dice) -> Result:
    """VII (L617-619): "To move a state token by 1 field on the political track one must play the appropriate
    event card or pay as a political action: 10 Talents and 2 Initiative Points." On the Alliance field the
    side "receives +2 VP and places 2 heavy infantry units in the capital of the state"."""
    working = Working()
    check_move(case)
    if case.by is MovedBy.POLITICAL_ACTION:
        pay_political_action(case, working)
    after = move_token(case.position, case.side, case.fields, working, POLITICS)
    changes = consequences(case.state, case.position, after, working)
    cost = POLITICAL_ACTION if case.by is MovedBy.POLITICAL_ACTION else {"ip": 0, "talents": 0}
    outcome = {
        "state": case.state.value,
        "position": after,
        "field": field_name(after),
        "ip_spent": cost["ip"],
        "talents_spent": cost["talents"],
        **changes,
    }
    return Result.of(f"{RULESET}.political_move", outcome, working, dice)


# ---- hannibal_barkas.alliance_change (P15.5, P15.6) --------------------------------------------


class ChangeCause(Choice):
    CAPITAL_CAPTURED = "capital_captured"  # VII L630
    AGGRESSION = "aggression"  # VII L644
    EVENT = "event"  # a card sets the token on a field


class FlipReward(Choice):
    """VII does not say whether an alliance by aggression or a captured capital earns +2 VP and 2 HI."""

    ALLIANCE_FIELD = "alliance_field"  # default: 11.2 item 4, +2 VP to who "brought about an alliance"
    NONE = "none"  # only the political track's own moves reward


@dataclass(frozen=True)
class ChangeOptions:
    """The reading an alliance flip needs where VII and 11.2 leave the text open."""

    flip_reward: FlipReward = spec(
        "VII (L630, L644) and 11.2 item 4: whether an alliance by a captured capital or by aggression earns the "
        "Alliance field's +2 VP and 2 heavy infantry — it does (default), or only the track's own moves reward",
        default=FlipReward.ALLIANCE_FIELD,
    )


@dataclass(frozen=True)
class ChangeInput:
    state: State = spec("The state on the political track")
    position: int = spec("Its field now: -3 Alliance with Carthage ... +3 Alliance with Rome", min=-3, max=3)
    cause: ChangeCause = spec("What changes it")
    side: Side | None = spec("The conqueror of its capital, or the aggressor", default=None)
    new_position: int | None = spec("For an event: the field the card sets it on", min=-3, max=3, default=None)
    aggressor_is_syracuse: bool = spec("The aggressor is the Syracuse player", default=False)
    options: ChangeOptions = spec("Readings of points the rulebook leaves open", default=ChangeOptions())


def changed_position(case: ChangeInput, working: Working) -> int:
    if case.cause is ChangeCause.EVENT:
        if case.new_position is None:
            raise RulesError("new_position", "an event's change needs the field the card sets the state on")
        return case.new_position
    if case.side is None:
        who = "conqueror" if case.cause is ChangeCause.CAPITAL_CAPTURED else "aggressor"
        raise RulesError("side", f"name the {who}")
    if case.cause is ChangeCause.CAPITAL_CAPTURED:
        working.step(
            f"{case.side.title} captures the capital: automatic alliance with the conqueror",
            "VII. Politics (L630)",
            case.side.value,
        )
        return TOWARD[case.side] * ALLIANCE
    return aggression(case, case.side, working)


def aggression(case: ChangeInput, side: Side, working: Working) -> int:
    """VII (L644): "The state then automatically passes into a state of war with the aggressor (`side`) and
    immediately becomes an ally of the opposing side"."""
    if case.aggressor_is_syracuse:
        raise RulesError(
            "aggressor_is_syracuse", f"the Syracuse player cannot attack neutral states ({SYRACUSE}, L796)"
        )
    ally = ally_of(case.position)
    if ally:
        raise RulesError(
            "position",
            f"{case.state.title} is allied with {ally.title}, not neutral: "
            "entering it is no act of aggression against a neutral state (VII L644)",
        )
    working.step(
        f"{side.title} enters neutral {case.state.title}: war with the aggressor, alliance with {OTHER[side].title}",
        "VII. Politics (L644)",
        OTHER[side].value,
    )
    return TOWARD[OTHER[side]] * ALLIANCE


@procedure(
    RULESET,
    "alliance_change",
    title="Political track: alliance by capital, aggression or event",
    source=POLITICS,
    takes=ChangeInput,
)
def alliance_change(case: ChangeInput, dice: Dice) -> Result:
    """VII (L630, L638-644): "the capture of a state's capital means an automatic alliance with the
    conqueror"; aggression makes a neutral state "an ally of the opposing side"; a lost alliance costs
    2 VP, the state's cards and its units."""
    working = Working()
    after = changed_position(case, working)
    rewarded = case.cause is ChangeCause.EVENT or case.options.flip_reward is FlipReward.ALLIANCE_FIELD
    if case.cause is not ChangeCause.EVENT:
        working.note(
            "Reading: "
            + (
                "the flip reaches the Alliance field and earns its +2 VP and 2 heavy infantry (11.2 item 4)"
                if rewarded
                else "the flip earns no VP and no heavy infantry"
            ),
            POLITICS,
        )
    working.step(f"Token: {field_name(case.position)} → {field_name(after)}", POLITICS, after)
    changes = consequences(case.state, case.position, after, working, rewarded)
    outcome = {"state": case.state.value, "position": after, "field": field_name(after), **changes}
    return Result.of(f"{RULESET}.alliance_change", outcome, working, dice)


# ---- hannibal_barkas.hiero_dies (P15.7) --------------------------------------------------------


class Scenario(Choice):
    I = "I"  # noqa: E741 (the scenario's own numeral)
    II = "II"
    III = "III"
    IV = "IV"


class HieroReading(Choice):
    """The card says Syracuse "becomes neutral"; 10.4 says it "automatically becomes an ally of Carthage"."""

    BY_PLAYERS = "by_players"  # default: 10.4 when a player controls Syracuse, the card's text otherwise
    SECTION_10_4_ALWAYS = "section_10_4_always"  # 10.4 whoever controls Syracuse


@dataclass(frozen=True)
class HieroOptions:
    """The reading the card 'Hiero II dies' needs where it and 10.4 disagree."""

    section_10_4: HieroReading = spec(
        "1.3.1 (L181) against 10.4 (L800): what 'Hiero II dies' does — 10.4's alliance with Carthage when a player "
        "controls Syracuse and the card's own text otherwise (default), or 10.4's alliance with Carthage always",
        default=HieroReading.BY_PLAYERS,
    )


@dataclass(frozen=True)
class HieroInput:
    scenario: Scenario = spec("The scenario played")
    syracuse_is_a_player: bool = spec("A player controls Syracuse", default=False)
    position: int | None = spec(
        "Syracuse's field on the track, when no player controls it", min=-3, max=3, default=None
    )
    talents: int | None = spec("The Carthaginian player's Talents (the card's price)", min=0, max=999, default=None)
    ip: int | None = spec("The Carthaginian player's IP (the card's price)", min=0, max=99, default=None)
    options: HieroOptions = spec("Readings of points the rulebook leaves open", default=HieroOptions())


def pay_hiero(case: HieroInput, working: Working) -> dict[str, int]:
    price: dict[str, int] = HIERO_CARD["cost_if_allied_with_rome"]
    for cell, cost in price.items():
        have: int | None = getattr(case, cell)
        if have is None or have < cost:
            raise RulesError(
                cell,
                f"'Hiero II dies' costs {price['talents']} Talents and {price['ip']} IP while "
                f"Syracuse is allied with Rome; the player has {held(have)}",
            )
        working.modifier(f"Hiero II dies: -{cost} {'Talents' if cell == 'talents' else 'IP'}", -cost, HIERO)
    return price


def syracuse_position(case: HieroInput) -> int:
    if case.position is None:
        raise RulesError("position", "no player controls Syracuse: its field on the political track is needed")
    return case.position


def hiero_card_text(case: HieroInput, position: int, working: Working) -> tuple[int, dict[str, int]]:
    """The card (L181): "If Syracuse is allied with Rome, pay 10 Talents and 4 IP, and it becomes neutral.
    If not, move the state 2 fields on the political track." Syracuse stands at `position`."""
    if ally_of(position) is Side.CARTHAGE:
        raise RulesError("position", "Syracuse is already allied with Carthage: the card cannot move it (3.4.3)")
    if ally_of(position) is Side.ROME:
        return 0, pay_hiero(case, working)
    working.note("The card moves Syracuse toward Carthage, whose card it is (the text gives no direction)", HIERO)
    return move_token(position, Side.CARTHAGE, HIERO_CARD["fields_otherwise"], working, HIERO), {}


@procedure(RULESET, "hiero_dies", title="Event: Hiero II dies", source=HIERO, takes=HieroInput)
def hiero_dies(case: HieroInput, dice: Dice) -> Result:
    """1.3.1 (L181) and 10.4 (L800-802): "In scenarios II and III Syracuse is allied with Rome until the
    Carthaginian player plays the card 'Hieron II dies'. Syracuse then automatically becomes an ally of
    Carthage"; in scenario IV the card is removed from the game."""
    working = Working()
    if case.scenario is Scenario.IV:
        raise RulesError("scenario", f"in scenario IV the card 'Hiero II dies' is removed from the game ({SYRACUSE})")
    if case.syracuse_is_a_player or case.options.section_10_4 is HieroReading.SECTION_10_4_ALWAYS:
        working.note(
            "Reading: 10.4, Syracuse becomes Carthage's ally"
            + ("" if case.syracuse_is_a_player else " though no player controls it"),
            SYRACUSE,
        )
    if case.syracuse_is_a_player:
        working.step(
            "Syracuse (a player) becomes an ally of Carthage; battles are resolved at once", SYRACUSE, "carthage"
        )
        outcome: dict[str, Any] = {"syracuse_allied_with": "carthage", "position": None, "paid": {}}
        return Result.of(f"{RULESET}.hiero_dies", outcome, working, dice)
    before = syracuse_position(case)
    paid: dict[str, int] = {}
    if case.options.section_10_4 is HieroReading.SECTION_10_4_ALWAYS:
        after = -ALLIANCE
        working.step(f"Token: {field_name(before)} → {field_name(after)}", SYRACUSE, after)
    else:
        working.note("Reading: no player controls Syracuse, so the card's own text applies", HIERO)
        after, paid = hiero_card_text(case, before, working)
    changes = consequences(State.SYRACUSE, before, after, working)
    ally = ally_of(after)
    outcome = {"syracuse_allied_with": ally.value if ally else None, "position": after, "paid": paid, **changes}
    return Result.of(f"{RULESET}.hiero_dies", outcome, working, dice)
