"""VIII. The Gauls: the tribe's attitude test with Table 2 (P16), armed resistance (P17) and Gallic
recruitment (P18).

A tribe's strength ("inf-cav") is printed on the map; the rulebook gives two (Leponti 4-1, Lingones
6-2). Any other comes in the case, and a procedure that needs a missing one stops by name.
"""

from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import Band, BandTable, KeyedTable
from ..working import Result, Working
from .cities import Side
from .given import entered_or_given
from .units import GC, GI, RULESET, UnitType, cost

GAULS = "VIII. The Gauls"
ATTITUDES = "8.1 Attitude of the Gallic Tribes"
TEST = "8.2 Gallic Tribe Attitude Test"
RESISTANCE = "8.3 Armed Resistance of the Gauls"
SYRACUSE = "10.4 Syracuse (L811)"
VOLUNTEERS = 2  # 8.2 (L676): "volunteers of Gallic infantry in the amount of 2 Gallic infantry units"

# The tribes' strengths the rulebook gives, for the desk to pre-fill its tribe table.
GALLIC_TRIBES_GIVEN: dict[str, dict[str, Any]] = {
    "Leponti": {"infantry": 4, "cavalry": 1, "source": "VIII, the Leponti illustration (L654)"},
    "Lingones": {"infantry": 6, "cavalry": 2, "source": "8.3 Example 13 (L703): 'the number 6-2'"},
}
# Tribes the rulebook names without a strength (Scen. I L951, Scen. II-IV L1019, L1107).
GALLIC_TRIBES_NAMED = (
    "Ligures",
    "Boii",
    "Insumbres",
    "Lingones",
    "Carnii",
    "Veneti",
    "Cenomani",
    "Leponti",
    "Taurini",
    "Volcae",
    "Celtiberi",
)

# Table 2 (8.2; the text calls it Table 4). The modified roll runs from -3 to 14: the end rows are
# open, so 11+ reads as Alliance and 0 or less as Hostile (Example 13: 5 - 4 = 1, Hostile).
TABLE_2 = BandTable(
    name="Table 2. Attitude of the Gallic tribes",
    source="8.2, Table 2. Attitude of the Gallic tribes",
    bands=(
        Band(9, None, "alliance", "10-9: Alliance"),
        Band(7, 8, "friendly", "8-7: Friendly"),
        Band(5, 6, "neutral", "6-5: Neutral"),
        Band(3, 4, "unfriendly", "4-3: Unfriendly"),
        Band(None, 2, "hostile", "2-1: Hostile"),
    ),
)
# 8.1 and Table 2's Modifier column: the tester's roll by the tribe's standing toward his side.
ATTITUDE_MODIFIER = KeyedTable(
    name="Attitude modifier",
    source=ATTITUDES,
    rows={"friendly": 4, "neutral": 0, "unfriendly": -4},
)


class Token(Choice):
    """The token on the tribe's territory (8.1): none is Neutral."""

    NONE = "none"
    FRIENDLY_ROME = "friendly_rome"
    FRIENDLY_CARTHAGE = "friendly_carthage"
    ALLIANCE_ROME = "alliance_rome"
    ALLIANCE_CARTHAGE = "alliance_carthage"


OTHER: dict[Side, Side] = {Side.ROME: Side.CARTHAGE, Side.CARTHAGE: Side.ROME}


@dataclass(frozen=True)
class Tribe:
    name: str = spec("The tribe, as Lingones")
    infantry: int | None = spec(
        "Its printed infantry strength (left number); empty if not yet entered", min=0, max=20, default=None
    )
    cavalry: int | None = spec(
        "Its printed cavalry strength (right number); empty if not yet entered", min=0, max=20, default=None
    )


def strength(tribe: Tribe, cell: str, working: Working, path: str = "tribe") -> int:
    """The tribe's printed infantry or cavalry: the case's, else the rulebook's, else a RulesError."""
    entered: int | None = getattr(tribe, cell)
    return entered_or_given(
        entered,
        GALLIC_TRIBES_GIVEN,
        tribe.name,
        cell,
        field=f"{path}.{cell}",
        missing=f"the Gallic tribe {tribe.name}: its {cell} strength is not in the rulebook; "
        f"Control must enter it from the map ({GAULS})",
        words=cell,
        working=working,
    )


def token(kind: str, side: Side) -> Token:
    return Token(f"{kind}_{side.value}")


def standing(tok: Token, side: Side) -> str:
    """8.1: the tribe's status toward `side`: alliance, friendly, neutral, unfriendly or hostile."""
    if side is Side.SYRACUSE:
        return "hostile"
    if tok is Token.NONE:
        return "neutral"
    words: str = tok.value
    kind, owner = words.split("_")
    if owner == side.value:
        return kind
    return {"friendly": "unfriendly", "alliance": "hostile"}[kind]


def gallic_army(tribe: Tribe, working: Working) -> dict[str, int]:
    """8.3 (L695): "The Gauls take the field with an army of the size specified on their territory"."""
    army = {
        "gallic_infantry": strength(tribe, "infantry", working),
        "gallic_cavalry": strength(tribe, "cavalry", working),
    }
    working.step(
        f"The {tribe.name} take the field: {army['gallic_infantry']} Gallic infantry and "
        f"{army['gallic_cavalry']} Gallic cavalry",
        RESISTANCE,
        army,
    )
    return army


# ---- hannibal_barkas.gallic_attitude (P16) -----------------------------------------------------


class Trigger(Choice):
    """8.2 (L672): "when the army ... is activated or immediately after entering the tribe's territory"."""

    ENTERING = "entering"
    ACTIVATED = "activated"


class WhoTests(Choice):
    """Who is 'not on friendly terms' (8.2 L672)."""

    ALL_BUT_ALLIANCES = "all_but_alliances"  # default: else the +4 for a Friendly tribe could never apply
    FRIENDLY_EXEMPT = "friendly_exempt"  # the words: a tribe Friendly to the army's side is not tested


class NeutralResult(Choice):
    KEEP_TOKEN = "keep_token"  # default, the words: "nothing happens"
    CLEAR_TOKEN = "clear_token"  # the tribe is now Neutral: its token is taken off


class HostileResult(Choice):
    """8.2 (L678) "the appropriate token must be placed": Hostile to one side is Alliance with the other (L664)."""

    ENEMY_ALLIANCE = "enemy_alliance"  # default: the other side's Alliance token (as the Leponti caption)
    KEEP_TOKEN = "keep_token"  # the tribe fights, the token stays as it was


@dataclass(frozen=True)
class AttitudeOptions:
    """The readings an attitude test needs where 8.1 and 8.2 leave the text open."""

    who_tests: WhoTests = spec(
        "8.2 (L672): who is 'not on friendly terms' and tests — every army but an ally's, so a Friendly tribe's "
        "+4 can apply (default), or not an army of the side the tribe is Friendly to",
        default=WhoTests.ALL_BUT_ALLIANCES,
    )
    neutral_result: NeutralResult = spec(
        "8.2 (L676): a Neutral result — 'nothing happens', the token stays (default), or the token is taken off",
        default=NeutralResult.KEEP_TOKEN,
    )
    hostile_result: HostileResult = spec(
        "8.2 (L678) and 8.1 (L664): the token a Hostile result places — the other side's Alliance token (default), "
        "or none: the token stays as it was",
        default=HostileResult.ENEMY_ALLIANCE,
    )


@dataclass(frozen=True)
class AttitudeInput:
    tribe: Tribe = spec("The tribe")
    token: Token = spec("The token on its territory now")
    side: Side = spec("The side of the army entering or activated there")
    tested_by: Trigger = spec("The army enters the territory, or is activated in it", default=Trigger.ENTERING)
    tested_this_stage: bool = spec("The tribe has already been tested this stage", default=False)
    options: AttitudeOptions = spec("Readings of points the rulebook leaves open", default=AttitudeOptions())


def no_test(case: AttitudeInput, status: str, working: Working) -> str | None:
    """Why the tribe is not tested, or None: tested already, an ally, a Friendly tribe under that reading."""
    if case.tested_this_stage:
        working.note(f"The {case.tribe.name} were tested this stage: no second test (8.2 L674)", TEST)
        return "tested_this_stage"
    if status == "alliance":
        working.note(f"The {case.tribe.name} are allied with {case.side.title}: nothing happens (8.1 L664)", ATTITUDES)
        return "ally"
    if status == "friendly" and case.options.who_tests is WhoTests.FRIENDLY_EXEMPT:
        working.note("Reading: an army of the side the tribe is Friendly to is 'on friendly terms': no test", TEST)
        return "friendly"
    if status == "friendly":
        working.note("Reading: every army but an ally's or an enemy ally's is tested, so Friendly's +4 applies", TEST)
    return None


def attitude_roll(case: AttitudeInput, status: str, dice: Dice, working: Working) -> tuple[str, int]:
    roll = working.roll(dice, 10, f"the {case.tribe.name}' attitude toward {case.side.title}")
    modifier: int = ATTITUDE_MODIFIER.lookup(status, working)
    if modifier:
        working.modifier(f"{modifier:+d}: the tribe is {status} toward {case.side.title}", modifier, ATTITUDES)
    score = roll + modifier
    if not 1 <= score <= 10:
        working.note(f"A modified {score} is off Table 2: read as its end row", TABLE_2.source)
    result: str = TABLE_2.lookup(score, working)
    return result, score


def token_after(case: AttitudeInput, result: str, working: Working) -> Token:
    """The token a result leaves (8.2 L676-678; Friendly and Unfriendly by inference)."""
    if result == "neutral":
        if case.options.neutral_result is NeutralResult.CLEAR_TOKEN:
            working.note("Reading: a Neutral result takes the token off", TEST)
            return Token.NONE
        working.note("Reading: a Neutral result changes nothing, the token stays ('nothing happens')", TEST)
        return case.token
    if result == "hostile":
        if case.options.hostile_result is HostileResult.KEEP_TOKEN:
            working.note("Reading: a Hostile result leaves the token as it was", TEST)
            return case.token
        working.note(
            f"Reading: Hostile to {case.side.title} is the Alliance token of {OTHER[case.side].title} "
            "(8.1 L664); it brings no volunteers (8.3 L701)",
            TEST,
        )
        return token("alliance", OTHER[case.side])
    if result == "unfriendly":
        working.note(
            f"Inference: Unfriendly to {case.side.title} is a Friendly token of {OTHER[case.side].title}", TEST
        )
        return token("friendly", OTHER[case.side])
    return token(result, case.side)


def attitude_outcome(
    case: AttitudeInput,
    status: str,
    result: str | None,
    tok: Token,
    score: int | None,
    army: dict[str, int] | None,
) -> dict[str, Any]:
    return {
        "tested": score is not None,
        "standing_before": status,
        "score": score,
        "result": result,
        "token": tok.value,
        "volunteers": VOLUNTEERS if result == "alliance" and score is not None else 0,
        "armed_resistance": army is not None,
        "army_stops": army is not None,
        "gallic_army": army,
    }


def resistance_now(case: AttitudeInput, status: str, working: Working) -> dict[str, Any]:
    """8.1 (L664) and 10.4: a hostile tribe fights at once, without a test."""
    if case.side is Side.SYRACUSE:
        working.note("A Syracusan army: the Gauls are hostile, unchangeably", SYRACUSE)
    else:
        working.note(
            f"The {case.tribe.name} are allied with {OTHER[case.side].title}: entry leads at once to "
            "armed resistance (8.1 L664)",
            ATTITUDES,
        )
    army = gallic_army(case.tribe, working)
    return attitude_outcome(case, status, "hostile", case.token, None, army)


@procedure(
    RULESET,
    "gallic_attitude",
    title="Gallic tribe attitude test",
    source=TEST,
    takes=AttitudeInput,
    dice="d10 for the tribe's attitude",
)
def gallic_attitude(case: AttitudeInput, dice: Dice) -> Result:
    """8.2: "a d10 roll is made. To the roll the attitude modifier (if present) is added and the current
    attitude is read from Table 4" (Table 2); Alliance brings 2 Gallic infantry volunteers, Hostile armed
    resistance."""
    working = Working()
    status = standing(case.token, case.side)
    working.step(f"The {case.tribe.name} are {status} toward {case.side.title}", ATTITUDES, status)
    if status == "hostile":
        return Result.of(f"{RULESET}.gallic_attitude", resistance_now(case, status, working), working, dice)
    if no_test(case, status, working):
        return Result.of(
            f"{RULESET}.gallic_attitude", attitude_outcome(case, status, None, case.token, None, None), working, dice
        )
    result, score = attitude_roll(case, status, dice, working)
    tok = token_after(case, result, working)
    if result == "alliance":
        working.step(
            f"{case.side.title} gains {VOLUNTEERS} Gallic infantry volunteers on the tribe's territory",
            TEST,
            VOLUNTEERS,
        )
    army = gallic_army(case.tribe, working) if result == "hostile" else None
    return Result.of(
        f"{RULESET}.gallic_attitude", attitude_outcome(case, status, result, tok, score, army), working, dice
    )


# ---- hannibal_barkas.gallic_resistance (P17) ---------------------------------------------------


class Winner(Choice):
    NOT_YET = "not_yet"  # raise the Gallic army; the battle is still to fight
    INTRUDER = "intruder"
    GAULS = "gauls"


class GallicRoles(Choice):
    """5.1 makes the army entering the attacker; for an army tested on activation the text is silent."""

    GAULS_DEFEND = "gauls_defend"  # default: the Gauls defend their land either way
    GAULS_ATTACK_ON_ACTIVATION = "gauls_attack_on_activation"


@dataclass(frozen=True)
class ResistanceOptions:
    """The reading armed resistance needs where 5.1 and 8.3 leave the text open."""

    roles: GallicRoles = spec(
        "5.1 and 8.3: who attacks when the army was activated on the tribe's land, not entering it — the Gauls "
        "defend their land (default), or the Gauls attack the army",
        default=GallicRoles.GAULS_DEFEND,
    )


@dataclass(frozen=True)
class ResistanceInput:
    tribe: Tribe = spec("The tribe")
    token: Token = spec("The token on its territory (after the test)")
    intruder: Side = spec("The side the Gauls fight")
    tested_by: Trigger = spec("The army entered, or was activated there", default=Trigger.ENTERING)
    winner: Winner = spec("Who won the battle (not yet: raise the Gallic army)", default=Winner.NOT_YET)
    gallic_cavalry_left: int = spec("Gallic cavalry left after the battle, if the Gauls won", min=0, max=20, default=0)
    options: ResistanceOptions = spec("Readings of points the rulebook leaves open", default=ResistanceOptions())


def director(intruder: Side, working: Working) -> str | None:
    """8.3 (L695): "directed by the player who is the enemy of the player with whom the Gauls are fighting"."""
    if intruder is Side.SYRACUSE:
        working.note("The Gauls fight Syracuse: Control names the enemy player who directs them", RESISTANCE)
        return None
    enemy: str = OTHER[intruder].value
    working.step(f"{OTHER[intruder].title}'s player directs the Gauls", RESISTANCE, enemy)
    return enemy


def gallic_roles(case: ResistanceInput, working: Working) -> str:
    if case.tested_by is Trigger.ENTERING:
        working.step("The intruder entered: he attacks, the Gauls defend (5.1)", "5.1 Battles", "defender")
        return "defender"
    if case.options.roles is GallicRoles.GAULS_ATTACK_ON_ACTIVATION:
        working.note("Reading: the Gauls rise against an army activated on their land and attack it", RESISTANCE)
        return "attacker"
    working.note("Reading: the Gauls defend their land, though the army was only activated there", RESISTANCE)
    return "defender"


def after_battle(case: ResistanceInput, working: Working) -> dict[str, Any]:
    """8.3 (L697-701): beaten, the tribe turns Friendly to the winner; winning, it drives the army out,
    may pursue with cavalry, keeps its status and leaves the board. No volunteers either way."""
    working.note("No Gallic volunteers during or as a result of armed resistance (8.3 L701)", RESISTANCE)
    if case.winner is Winner.INTRUDER:
        if case.intruder is Side.SYRACUSE:
            working.note("Against Syracuse the tribe stays hostile, unchangeably", SYRACUSE)
            return {"token": case.token.value, "withdraw": False, "gauls_pursue": False}
        working.step(
            f"The tribe lost: Friendly to {case.intruder.title}; VP for the Gauls eliminated are awarded "
            "normally (5.11)",
            RESISTANCE,
            token("friendly", case.intruder).value,
        )
        return {"token": token("friendly", case.intruder).value, "withdraw": False, "gauls_pursue": False}
    working.step(
        "The tribe won: the army withdraws to the region it entered from; the tribe's status stays and "
        "its army leaves the board",
        RESISTANCE,
        case.token.value,
    )
    if case.tested_by is Trigger.ACTIVATED:
        working.note(
            "The army was activated on the tribe's land, not entering: Control names where it withdraws", RESISTANCE
        )
    pursue = case.gallic_cavalry_left > 0
    if pursue:
        working.step(f"The Gauls may pursue with {case.gallic_cavalry_left} Gallic cavalry (5.9)", RESISTANCE, True)
    return {"token": case.token.value, "withdraw": True, "gauls_pursue": pursue}


@procedure(RULESET, "gallic_resistance", title="Gallic armed resistance", source=RESISTANCE, takes=ResistanceInput)
def gallic_resistance(case: ResistanceInput, dice: Dice) -> Result:
    """8.3: "a normal battle is fought. The Gauls take the field with an army of the size specified on their
    territory on the map. During the battle the tribal units are directed by the player who is the enemy
    of the player with whom the Gauls are fighting." """
    working = Working()
    outcome: dict[str, Any] = {"tribe": case.tribe.name, "director": director(case.intruder, working)}
    if case.winner is Winner.NOT_YET:
        outcome.update({"gallic_army": gallic_army(case.tribe, working), "gauls_are": gallic_roles(case, working)})
        working.note("Fight it as a normal battle (P8); the Gauls' losses are kept apart (5.5 L450)", RESISTANCE)
    else:
        outcome.update(after_battle(case, working))
    return Result.of(f"{RULESET}.gallic_resistance", outcome, working, dice)


# ---- hannibal_barkas.gallic_recruitment (P18) --------------------------------------------------


@dataclass(frozen=True)
class RecruitInput:
    tribe: Tribe = spec("The tribe")
    token: Token = spec("The token on its territory")
    side: Side = spec("The recruiting side")
    talents: int = spec("The player's Talents after upkeep", min=0, max=999)
    gallic_infantry: int = spec("Gallic infantry to recruit", min=0, max=20, default=0)
    gallic_cavalry: int = spec("Gallic cavalry to recruit", min=0, max=20, default=0)

    def count(self, kind: UnitType) -> int:
        number: int = getattr(self, kind.value)
        return number


def check_recruits(case: RecruitInput, working: Working) -> None:
    if standing(case.token, case.side) != "alliance":
        raise RulesError(
            "token",
            f"the {case.tribe.name} are not allied with {case.side.title}: Gallic units are "
            f"recruited only among allied tribes ({ATTITUDES}, L664)",
        )
    for kind, cell in ((GI, "infantry"), (GC, "cavalry")):
        wanted, limit = case.count(kind), strength(case.tribe, cell, working)
        if wanted > limit:
            raise RulesError(
                kind.value,
                f"the {case.tribe.name} give at most {limit} {kind.label} at one time, "
                f"not {wanted} (8.1 L664: 'as many warriors as is given on the given territory')",
            )


@procedure(
    RULESET, "gallic_recruitment", title="Gallic recruitment", source="9.3 Recruiting Troops", takes=RecruitInput
)
def gallic_recruitment(case: RecruitInput, dice: Dice) -> Result:
    """8.1 (L664) and 9.3 (L729): "Among allied tribes Gallic allies can be recruited. One can recruit at one
    time as many warriors as is given on the given territory"; they cost 2 and 4 (Table 3) and appear on
    the tribal territory."""
    working = Working()
    check_recruits(case, working)
    price = sum(
        working.modifier(
            f"{case.count(kind)} {kind.label} × {cost(kind, working)}",
            case.count(kind) * cost(kind),
            "9.3, Table 3. Cost of units",
        )
        for kind in (GI, GC)
        if case.count(kind)
    )
    if price > case.talents:
        raise RulesError("talents", f"the recruits cost {price} Talents; the player has {case.talents}")
    working.step(f"New units appear on the {case.tribe.name}' territory", "9.3 Recruiting Troops (L729)")
    outcome = {
        "cost": price,
        "talents_left": case.talents - price,
        "recruited": {"gallic_infantry": case.gallic_infantry, "gallic_cavalry": case.gallic_cavalry},
    }
    return Result.of(f"{RULESET}.gallic_recruitment", outcome, working, dice)
