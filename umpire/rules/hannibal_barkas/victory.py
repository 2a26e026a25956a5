"""Victory (XI): Victory Points and how they are gained (11.2, 6.3, 12.1, 12.4), the VP each variant plays to,
automatic victory (11.1) and the end of the game (10.3, 10.4).

City and leader cards beyond Siga and Hannibal are not in the rulebook: their VP come in the case.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .advanced import DICTATOR_EXTRA_VP, TOKENS_PER_VP
from .turn import Nation
from .units import RULESET

AUTOMATIC = "11.1 Automatic Victory"
POINTS = "11.2 Victory Points"
GAINING = "10.3 Gaining Victory Points"
SYRACUSE = "10.4 Syracuse"

BATTLE_UNITS_PER_VP = 5  # 11.2.3 "+1 VP for every full 5 enemy units eliminated during the battle"
ALLIANCE_VP = 2  # 11.2.4 "+2 VP if he brought about an alliance ... When he loses an alliance, he subtracts 2 VP"


class Variant(Choice):
    SMALL_WAR = "small_war"
    BIG_WAR = "big_war"
    CAMPAIGN = "campaign"
    SCENARIO_I = "scenario_i"  # "Carthage must gain 15 VP. Rome must gain 15 VP"


# 11.2: the VP a side plays to, and Syracuse's; None: that side wins only by capturing a capital.
THRESHOLDS = KeyedTable(
    name="Victory Points to win",
    source=POINTS,
    rows={
        Variant.SMALL_WAR.value: {"side": 30, "syracuse": 20},
        Variant.BIG_WAR.value: {"side": 50, "syracuse": 30},
        Variant.CAMPAIGN.value: {"side": "capital", "syracuse": 40},
        Variant.SCENARIO_I.value: {"side": 15, "syracuse": "not in play"},
    },
)
CAPITALS: dict[Nation, str] = {Nation.ROME: "Roma", Nation.CARTHAGE: "Carthago"}  # 11.1 and the scenarios
SCENARIO_I_ITALY_UNITS = 5  # Scen. I: Rome "wins automatically when the Carthaginian army in Italy is smaller than 5"


# ---- hannibal_barkas.award_vp -----------------------------------------------------------------


class Source(Choice):
    CITY_CAPTURED = "city_captured"  # 6.3, 11.2.1: the VP on the city card
    CITY_RETAKEN = "city_retaken"  # 6.3: the retaker gets nothing, the capturer gives back what he gained
    LEADER_KILLED = "leader_killed"  # 11.2.2: the VP on the leader's card
    DICTATOR_KILLED = "dictator_killed"  # 12.4: the leader's VP and +2
    BATTLE_WON = "battle_won"  # 11.2.3: 1 per full 5 enemy units eliminated
    ALLIANCE_GAINED = "alliance_gained"  # 11.2.4, VII: +2
    ALLIANCE_LOST = "alliance_lost"  # 11.2.4, VII: -2
    DEVASTATION = "devastation"  # 12.1: 1 per 2 devastation tokens
    CARD = "card"  # 11.2.5: what the card says


@dataclass(frozen=True)
class VPEvent:
    player: str = spec("Who gains or loses the VP")
    source: Source = spec("How")
    name: str = spec("The city, leader, battle, state or card", default="")
    card_vp: int | None = spec(
        "City or leader: the VP on its card; card: the VP it gives", min=-50, max=50, default=None
    )
    units_eliminated: int = spec(
        "Battle won: enemy units eliminated (ships and their cargo count)", min=0, max=500, default=0
    )
    tokens: int = spec("Devastation: tokens removed in the economy phase", min=0, max=500, default=0)


@dataclass(frozen=True)
class Tally:
    player: str = spec("A player")
    vp: int = spec("His VP before these events", min=-100, max=500, default=0)


@dataclass(frozen=True)
class AwardInput:
    players: tuple[Tally, ...] = spec("Every player's VP now", min_items=1, max_items=5)
    events: tuple[VPEvent, ...] = spec("What has happened", min_items=1, max_items=40)


def printed_vp(event: VPEvent, where: str, what: str) -> int:
    if event.card_vp is None:
        raise RulesError(
            f"{where}.card_vp",
            f"the VP on the {what} card of {event.name or 'this'} are not in the rulebook; Control must enter them",
        )
    return event.card_vp


def event_vp(event: VPEvent, where: str, working: Working) -> int:
    """The VP one event is worth, with the rule it comes from."""
    kind, name = event.source, event.name
    if kind == Source.CITY_CAPTURED:
        return working.modifier(f"{event.player} captures {name}", printed_vp(event, where, "city"), "6.3; 11.2")
    if kind == Source.CITY_RETAKEN:
        return working.modifier(
            f"{name} is retaken: {event.player} gives back the VP he had for it",
            -printed_vp(event, where, "city"),
            "6.3",
        )
    if kind == Source.LEADER_KILLED:
        return working.modifier(f"{event.player} kills {name}", printed_vp(event, where, "leader"), "11.2; 5.11")
    if kind == Source.DICTATOR_KILLED:
        vp = working.modifier(f"{event.player} kills the dictator {name}", printed_vp(event, where, "leader"), "11.2")
        return vp + working.modifier("the dictator: +2 VP more", DICTATOR_EXTRA_VP, "12.4")
    return other_vp(event, where, working)


def other_vp(event: VPEvent, where: str, working: Working) -> int:
    kind = event.source
    if kind == Source.BATTLE_WON:
        vp = event.units_eliminated // BATTLE_UNITS_PER_VP
        return working.modifier(
            f"{event.player} wins {event.name or 'a battle'}: {event.units_eliminated} enemy "
            "units eliminated, 1 VP per full 5",
            vp,
            "11.2; 5.11",
        )
    if kind in (Source.ALLIANCE_GAINED, Source.ALLIANCE_LOST):
        sign = 1 if kind == Source.ALLIANCE_GAINED else -1
        return working.modifier(
            f"{event.player} {'gains' if sign > 0 else 'loses'} the alliance of {event.name or 'a state'}",
            sign * ALLIANCE_VP,
            "11.2; VII",
        )
    if kind == Source.DEVASTATION:
        return working.modifier(f"{event.tokens} devastation tokens: 1 VP per 2", event.tokens // TOKENS_PER_VP, "12.1")
    return working.modifier(f"{event.name or 'a card'}", printed_vp(event, where, "event"), "11.2")


@procedure(RULESET, "award_vp", title="Award Victory Points", source=POINTS, takes=AwardInput)
def award_vp(case: AwardInput, dice: Dice) -> Result:
    """11.2 Victory Points: cities, leaders, battles won, alliances, devastation and cards, to each player."""
    working = Working()
    totals = {tally.player: tally.vp for tally in case.players}
    for i, event in enumerate(case.events):
        if event.player not in totals:
            raise RulesError(f"events.{i}.player", f"{event.player} is not among the players")
        totals[event.player] += event_vp(event, f"events.{i}", working)
    for player, vp in totals.items():
        working.step(f"{player}: {vp} VP", GAINING, vp)
    working.note("VP are secret: a player shows them only to his ally (10.3; 1.2.12)", GAINING)
    return Result.of(f"{RULESET}.award_vp", {"vp": totals}, working, dice)


# ---- hannibal_barkas.check_victory ------------------------------------------------------------


@dataclass(frozen=True)
class Standing:
    player: str = spec("A player")
    nation: Nation = spec("His side: Rome, Carthage or Syracuse")
    vp: int = spec("His VP", min=-100, max=500)


@dataclass(frozen=True)
class VictoryInput:
    players: tuple[Standing, ...] = spec("Every player", min_items=2, max_items=5)
    variant: Variant = spec("What the game is played to", default=Variant.SMALL_WAR)
    vp_to_win: int | None = spec("The players' own VP target instead of the variant's", min=1, max=500, default=None)
    capitals_taken: tuple[str, ...] = spec("Capitals captured, as 'Roma by carthage'", max_items=4, default=())
    carthaginian_units_in_italy: int | None = spec(
        "Scenario I: Carthaginian units in Italy", min=0, max=500, default=None
    )
    time_is_up: bool = spec("The agreed playing time has passed: the VP are counted", default=False)


def parse_capture(text: str, i: int) -> tuple[str, Nation]:
    parts = text.split(" by ")
    nations = {n.value: n for n in Nation}
    if len(parts) != 2 or parts[1].strip().lower() not in nations:
        raise RulesError(f"capitals_taken.{i}", f"write it as 'Roma by carthage', not {text!r}")
    return parts[0].strip(), nations[parts[1].strip().lower()]


def automatic_winner(case: VictoryInput, working: Working) -> Nation | None:
    """11.1: capturing the enemy's capital; Syracuse must hold both Roma and Carthago."""
    taken = [parse_capture(text, i) for i, text in enumerate(case.capitals_taken)]
    for capital, taker in taken:
        enemy = {Nation.ROME: Nation.CARTHAGE, Nation.CARTHAGE: Nation.ROME}.get(taker)
        if enemy and CAPITALS[enemy] == capital:
            working.step(f"{taker.label} has captured {capital}, the enemy's capital", AUTOMATIC, taker.value)
            return taker
    by_syracuse = {capital for capital, taker in taken if taker == Nation.SYRACUSE}
    if set(CAPITALS.values()) <= by_syracuse:
        working.step("Syracuse has captured both Roma and Carthago", AUTOMATIC, "syracuse")
        return Nation.SYRACUSE
    if case.variant == Variant.SCENARIO_I and case.carthaginian_units_in_italy is not None:
        if case.carthaginian_units_in_italy < SCENARIO_I_ITALY_UNITS:
            working.step(
                f"The Carthaginian army in Italy is {case.carthaginian_units_in_italy} units, under 5: Rome wins",
                "Scenario I",
                "rome",
            )
            return Nation.ROME
    return None


def side_totals(case: VictoryInput) -> dict[Nation, int]:
    totals: dict[Nation, int] = {}
    for standing in case.players:
        totals[standing.nation] = totals.get(standing.nation, 0) + standing.vp
    return totals


def targets(case: VictoryInput, working: Working) -> dict[str, Any]:
    row: dict[str, Any] = THRESHOLDS.lookup(case.variant.value, working)
    if case.vp_to_win is not None:
        working.modifier("the players' own VP target (XI)", case.vp_to_win, "XI")
        return {"side": case.vp_to_win, "syracuse": row["syracuse"]}
    return row


def vp_winner(case: VictoryInput, totals: Mapping[Nation, int], working: Working) -> Nation | None:
    """10.3: a side wins when its players together reach the target; 10.4: Syracuse on its own target."""
    goal = targets(case, working)
    reached: list[Nation] = []
    for nation, vp in totals.items():
        target = goal["syracuse"] if nation == Nation.SYRACUSE else goal["side"]
        if isinstance(target, int) and vp >= target:
            working.step(f"{nation.label} has {vp} VP of {target}", GAINING, vp)
            reached.append(nation)
    if len(reached) > 1:
        working.note(f"{' and '.join(n.label for n in reached)} reach their targets together: Control rules", GAINING)
        return None
    return reached[0] if reached else None


def time_winner(totals: Mapping[Nation, int], working: Working) -> Nation | None:
    best = max(totals.values())
    leaders = [n for n, vp in totals.items() if vp == best]
    working.note("Time is up: the VP are counted (XI); the side with most VP is taken to win (an inference)", "XI")
    return leaders[0] if len(leaders) == 1 else None


def best_player(case: VictoryInput, side: Nation, working: Working) -> str | None:
    """10.3: "the player of the victorious side who has independently gained more VP wins the game"."""
    mine = [s for s in case.players if s.nation == side]
    best = max(s.vp for s in mine)
    top = [s.player for s in mine if s.vp == best]
    if len(top) > 1:
        working.note(f"{' and '.join(top)} have equal VP: the rulebook names no single winner", GAINING)
        return None
    working.step(f"{top[0]} has the most VP on the winning side: he wins the game", GAINING, best)
    return top[0]


@procedure(RULESET, "check_victory", title="Has anyone won?", source="XI. Victory Conditions", takes=VictoryInput)
def check_victory(case: VictoryInput, dice: Dice) -> Result:
    """XI Victory Conditions: an enemy capital taken wins at once; else a side's joint VP reaching the target."""
    working = Working()
    totals = side_totals(case)
    side, how = automatic_winner(case, working), "automatic"
    if side is None:
        side, how = vp_winner(case, totals, working), "vp"
    if side is None and case.time_is_up:
        side, how = time_winner(totals, working), "time"
    player = best_player(case, side, working) if side else None
    if side is None:
        working.step("No one has won yet", GAINING)
    outcome = {
        "over": side is not None,
        "side": side.value if side else None,
        "player": player,
        "how": how if side else None,
        "side_vp": {n.value: vp for n, vp in totals.items()},
    }
    return Result.of(f"{RULESET}.check_victory", outcome, working, dice)
