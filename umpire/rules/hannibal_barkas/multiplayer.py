"""X. Multiplayer Game (10.1-10.4): the seats and spheres of influence, and what a player may do to and for
another player (P26).

What can be computed is checked here: how many players take which nation (10.2), the basic spheres
(10.1), who may attack whom (10.1, 10.4), who may activate or be handed an army or a city, whose city
cards and income a player takes, and to whom a player may show his VP. What cannot be (that cards and
gold are never shown, L772) is said in the working for the umpire to watch.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .cities import Side
from .units import RULESET

MULTIPLAYER = "10.1 Multiplayer Game"
PLAYERS = "10.2 Number of Players and Nations"
VICTORY_POINTS = "10.3 Gaining Victory Points"
SYRACUSE_RULE = "10.4 Syracuse"


class Sphere(Choice):
    """10.1 (L756-764): the basic spheres of influence; a nation played by one player holds all of its own."""

    WHOLE = "whole"  # the nation's every sphere: one player for the nation, and Syracuse
    SOUTHERN = "southern"  # Rome: "southern Italy, Sicily, Sardinia, Corsica" (a different shade on the board)
    NORTHERN = "northern"  # Rome: "the remaining territories"
    AFRICA = "africa"  # Carthage: "the native territories of Carthage, and the allied states in northern Africa"
    HISPANIA_ITALY = "hispania_italy"  # Carthage: "Hispania and the armies in Italy (in particular Hannibal's)"
    SYRACUSE = "syracuse"  # the city's own territory, Syracusae (10.4 L805)


SPHERES: dict[Side, tuple[Sphere, ...]] = {
    Side.ROME: (Sphere.SOUTHERN, Sphere.NORTHERN),
    Side.CARTHAGE: (Sphere.AFRICA, Sphere.HISPANIA_ITALY),
    Side.SYRACUSE: (Sphere.SYRACUSE,),
}
# 10.2 (L778-784): the seats of each nation for 2 to 5 players.
SEATS: dict[int, dict[Side, int]] = {
    2: {Side.ROME: 1, Side.CARTHAGE: 1},
    3: {Side.ROME: 1, Side.CARTHAGE: 1, Side.SYRACUSE: 1},
    4: {Side.ROME: 2, Side.CARTHAGE: 2},
    5: {Side.ROME: 2, Side.CARTHAGE: 2, Side.SYRACUSE: 1},
}


class Act(Choice):
    ATTACK = "attack"  # `by` attacks an army or city of the player `to`
    ATTACK_NEUTRAL = "attack_neutral"  # `by` attacks a neutral state
    ACTIVATE = "activate"  # `by` activates (and pays for) the army of `army_owner`
    HAND_OVER_ARMY = "hand_over_army"  # `by` hands his army to `to`
    HAND_OVER_CITY = "hand_over_city"  # `by` hands a city to `to`
    CITY_CARD = "city_card"  # `by` takes a city's card and its income


@dataclass(frozen=True)
class Player:
    name: str = spec("The player")
    nation: Side = spec("The nation he plays: Rome, Carthage or Syracuse")
    sphere: Sphere = spec(
        "His basic sphere of influence (whole: he plays the nation alone, or Syracuse)", default=Sphere.WHOLE
    )


@dataclass(frozen=True)
class Question:
    act: Act = spec("What a player means to do")
    by: str = spec("The player who does it")
    to: str = spec("The other player: the one attacked, or handed the army or city", default="")
    army_owner: str = spec("Activate: the player whose army it is", default="")
    army_has_leader: bool = spec("The army has a leader with it", default=False)
    city_sphere: Sphere | None = spec("The basic sphere the city lies in (the board); empty: none", default=None)
    captured_by: str = spec("The player whose armies captured the city, if one did", default="")
    leader_army_there: bool = spec(
        "City card: an army of his with a leader extends his sphere to it (L770)", default=False
    )


@dataclass(frozen=True)
class MultiplayerInput:
    players: tuple[Player, ...] = spec("Every player, with his nation and sphere", min_items=2, max_items=5)
    syracuse_ally: Side | None = spec(
        "With a Syracuse player: the main nation whose theatre of war is the south, "
        "his ally (scenarios II-III: Rome until 'Hieron II dies'; IV: Carthage)",
        default=None,
    )
    questions: tuple[Question, ...] = spec("What the players mean to do, to be checked", max_items=30, default=())


# ---- the seats (10.1, 10.2) --------------------------------------------------------------------


def check_seats(players: Sequence[Player], working: Working) -> None:
    names = [p.name for p in players]
    for i, name in enumerate(names):
        if name in names[:i]:
            raise RulesError(f"players.{i}.name", f"{name} is named twice")
    seats = SEATS[len(players)]
    for nation in Side:
        taken = sum(1 for p in players if p.nation is nation)
        if taken != seats.get(nation, 0):
            raise RulesError(
                "players",
                f"with {len(players)} players, {nation.label} has {seats.get(nation, 0)} "
                f"player(s), not {taken} ({PLAYERS}, L778-784)",
            )
    working.step(
        f"{len(players)} players: " + ", ".join(f"{p.name} ({p.nation.title})" for p in players), PLAYERS, len(players)
    )
    for i, player in enumerate(players):
        check_sphere(player, seats[player.nation], i)


def check_sphere(player: Player, seats: int, i: int) -> None:
    """10.1: two players of one nation take its two basic spheres; one player alone holds the whole."""
    if player.nation is Side.SYRACUSE or seats == 1:
        if player.sphere is not Sphere.WHOLE:
            raise RulesError(
                f"players.{i}.sphere",
                f"{player.name} plays {player.nation.title} alone: his sphere is the whole nation's",
            )
    elif player.sphere not in SPHERES[player.nation]:
        raise RulesError(
            f"players.{i}.sphere",
            f"{player.name} shares {player.nation.title}: his sphere is one of "
            f"{', '.join(s.label for s in SPHERES[player.nation])} ({MULTIPLAYER}, L756-764)",
        )


def check_split_spheres(players: Sequence[Player]) -> None:
    for nation in (Side.ROME, Side.CARTHAGE):
        spheres = [p.sphere for p in players if p.nation is nation and p.sphere is not Sphere.WHOLE]
        if len(spheres) != len(set(spheres)):
            raise RulesError(
                "players",
                f"the two players of {nation.title} take its two basic spheres, one each ({MULTIPLAYER}, L756)",
            )


# ---- the questions -----------------------------------------------------------------------------


def answer(allowed: bool, why: str, rule: str) -> dict[str, Any]:
    return {"allowed": allowed, "why": why, "rule": rule}


def attack(case: MultiplayerInput, by: Player, to: Player) -> dict[str, Any]:
    if by.nation is to.nation:
        return answer(
            False,
            f"{by.name} and {to.name} are both {by.nation.title}: one side of the conflict",
            f"{MULTIPLAYER} (L756)",
        )
    if Side.SYRACUSE in (by.nation, to.nation):
        if case.syracuse_ally is None:
            raise RulesError("syracuse_ally", "name Syracuse's ally for this scenario (10.4 L796-800)")
        if {by.nation, to.nation} == {Side.SYRACUSE, case.syracuse_ally}:
            return answer(
                False,
                f"Syracuse and {case.syracuse_ally.title} are allies: neither may attack the other",
                f"{SYRACUSE_RULE} (L796)",
            )
    return answer(True, f"{by.nation.title} and {to.nation.title} are at war", MULTIPLAYER)


def attack_neutral(by: Player) -> dict[str, Any]:
    if by.nation is Side.SYRACUSE:
        return answer(False, "the player controlling Syracuse cannot attack neutral states", f"{SYRACUSE_RULE} (L794)")
    return answer(True, "an act of aggression: the state joins the other side (VII)", "VII. Politics")


def activate(question: Question, by: Player, owner: Player) -> dict[str, Any]:
    if not question.army_has_leader:
        if owner.nation is by.nation:
            return answer(
                True,
                "an army without leaders is common to the players of its side; he pays its IP",
                f"{MULTIPLAYER} (L768)",
            )
        return answer(False, f"the army is {owner.nation.title}'s", f"{MULTIPLAYER} (L768)")
    if owner is by:
        return answer(True, "his own army with a leader", f"{MULTIPLAYER} (L768)")
    return answer(
        False,
        f"an army with a leader is {owner.name}'s: an ally may move his own army to the same "
        "field, paying its IP (L774), or be handed it (1 IP)",
        f"{MULTIPLAYER} (L768, L774)",
    )


def hand_over_army(question: Question, by: Player, to: Player) -> dict[str, Any]:
    if by.nation is not to.nation or by is to:
        return answer(False, "an army is handed over only to another player of the same side", f"{MULTIPLAYER} (L770)")
    if not question.army_has_leader:
        return answer(
            False,
            "an army without leaders is common already; only armies with leaders are handed over",
            f"{MULTIPLAYER} (L768, L770)",
        )
    return answer(True, "his own army with a leader, to a player of his side (1 IP, 3.4.6)", f"{MULTIPLAYER} (L770)")


def own_basic(player: Player, sphere: Sphere | None) -> bool:
    return sphere is not None and (
        sphere is player.sphere or (player.sphere is Sphere.WHOLE and sphere in SPHERES[player.nation])
    )


def hand_over_city(question: Question, by: Player, to: Player) -> dict[str, Any]:
    if by.nation is not to.nation or by is to:
        return answer(False, "a city is handed over only to another player of the same side", f"{MULTIPLAYER} (L770)")
    if own_basic(by, question.city_sphere):
        return answer(False, "cities from the basic sphere of influence cannot be handed over", f"{MULTIPLAYER} (L770)")
    if question.captured_by != by.name:
        return answer(False, "only cities captured by his armies are handed over", f"{MULTIPLAYER} (L770)")
    return answer(True, "a city his armies captured, to a player of his side", f"{MULTIPLAYER} (L770)")


def city_card(question: Question, by: Player) -> dict[str, Any]:
    if own_basic(by, question.city_sphere):
        return answer(True, "the city lies in his basic sphere of influence", f"{MULTIPLAYER} (L766)")
    if question.captured_by == by.name:
        return answer(True, "his armies captured it: his sphere extends to it", f"{MULTIPLAYER} (L770)")
    if question.leader_army_there:
        return answer(True, "his army with a leader extends his sphere to it", f"{MULTIPLAYER} (L770)")
    return answer(
        False,
        "players receive city cards and their income only from their own sphere of influence",
        f"{MULTIPLAYER} (L766)",
    )


def player_named(case: MultiplayerInput, name: str, path: str) -> Player:
    found = next((p for p in case.players if p.name == name), None)
    if found is None:
        raise RulesError(path, f"{name or 'nobody'} is not one of the players")
    return found


def ask(case: MultiplayerInput, k: int, question: Question, working: Working) -> dict[str, Any]:
    path = f"questions.{k}"
    by = player_named(case, question.by, f"{path}.by")
    if question.act is Act.ATTACK_NEUTRAL:
        found = attack_neutral(by)
    elif question.act is Act.CITY_CARD:
        found = city_card(question, by)
    elif question.act is Act.ACTIVATE:
        found = activate(question, by, player_named(case, question.army_owner, f"{path}.army_owner"))
    else:
        to = player_named(case, question.to, f"{path}.to")
        found = {
            Act.ATTACK: lambda: attack(case, by, to),
            Act.HAND_OVER_ARMY: lambda: hand_over_army(question, by, to),
            Act.HAND_OVER_CITY: lambda: hand_over_city(question, by, to),
        }[question.act]()
    words = f"{by.name}: {question.act.label}" + (f" {question.to}" if question.to else "")
    working.step(
        f"{words}: {'allowed' if found['allowed'] else 'not allowed'} — {found['why']}", found["rule"], found["allowed"]
    )
    return {"act": question.act.value, "by": by.name, "to": question.to, **found}


def vp_shown_to(players: Sequence[Player]) -> dict[str, list[str]]:
    """10.3 (L788): "a player may reveal the number of VP he has gained only to his ally"."""
    return {p.name: [q.name for q in players if q.nation is p.nation and q is not p] for p in players}


@procedure(
    RULESET,
    "multiplayer_check",
    title="Multiplayer: seats, spheres and who may do what",
    source="X. Multiplayer Game (10.1-10.4)",
    takes=MultiplayerInput,
)
def multiplayer_check(case: MultiplayerInput, dice: Dice) -> Result:
    """X. Multiplayer Game: 10.2's seats for 2 to 5 players, 10.1's spheres of influence, and each question
    asked (attack, activate, hand over, city card) answered with its rule."""
    working = Working()
    check_seats(case.players, working)
    check_split_spheres(case.players)
    answers = [ask(case, k, q, working) for k, q in enumerate(case.questions)]
    working.note(
        "Not for the console to check: players never show each other cards or gold, even on one side "
        "(L772); a player shows his VP only to his ally (L788)",
        MULTIPLAYER,
    )
    if len(case.players) >= 4:
        working.note(
            "Starting gold of a shared nation is divided in half (L766); income only from one's own sphere", MULTIPLAYER
        )
    outcome = {
        "players": [{"name": p.name, "nation": p.nation.value, "sphere": p.sphere.value} for p in case.players],
        "answers": answers,
        "vp_shown_to": vp_shown_to(case.players),
    }
    return Result.of(f"{RULESET}.multiplayer_check", outcome, working, dice)
