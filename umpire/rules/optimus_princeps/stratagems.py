"""14 Stratagems: the Stratagems Table, the scenarios' supplementary stratagems, and what playing one costs and
allows (one per leader per season, each once per player, Forced March once per player per season)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import KeyedTable
from ..working import Result, Working
from .common import OPTIONS_HELP, RULESET, Side

STRATAGEMS = "14 Stratagems"
SCENARIO_STRATAGEMS = "Scenarios: Supplementary Stratagems"
FORCED_MARCH = "Forced March"
ARTILLERY_DEPLOYED = "Artillery deployed"
DOMITIAN_IN_ROME = 1  # DR: "If Domitian is in Rome, these stratagems cost the barbarian player 1 additional AP."

# §14 STRATAGEMS TABLE (L596-604)
STRATAGEMS_TABLE = KeyedTable(
    "Stratagems Table",
    STRATAGEMS,
    {
        ARTILLERY_DEPLOYED: {
            "faction": "Roman",
            "ap": 2,
            "effect": "2 AP per artillery: the Roman, in defense only, transforms his legions into artillery",
        },
        "Night battle": {
            "faction": "All",
            "ap": 1,
            "effect": "no missile phase nor pursuit; in an assault, no Phase 0 or 1",
        },
        "Spy": {
            "faction": "All",
            "ap": 3,
            "effect": "know what troops a leader commands (an army in territory enemy to it)",
        },
        "Infiltration": {
            "faction": "Barbarians",
            "ap": 4,
            "effect": "one barbarian army uses 1 more MP into the region of its choice",
        },
        FORCED_MARCH: {
            "faction": "All",
            "ap": 1,
            "effect": "one army uses 1 more MP (-1 on the attrition roll); several times, once per player per season",
        },
    },
)

# The scenarios' supplementary stratagems (S1.3, S3.4, S4.4, S5, Domitian's Reign), by scenario and name. The
# costs in brackets in S5 ("Red version … 1 AP?") are the translator's queries, kept apart below.
SCENARIO_STRATAGEMS_TABLE = KeyedTable(
    "Scenario stratagems",
    SCENARIO_STRATAGEMS,
    {
        "S1 Jazyges Allies": {"side": "Roman", "ap": 2},
        "S1 Imperial bandages": {"side": "Roman", "ap": 4},
        "S1 Dacian Booty": {"side": "Roman", "ap": 2},
        "S1 Pro-Roman Dacian Noble": {"side": "Roman", "ap": 4},
        "S1 Sister of Decebalus": {"side": "Roman", "ap": 2},
        "S1 Gete Allies": {"side": "Dacian", "ap": 3},
        "S1 Burn the Capital": {"side": "Dacian", "ap": 4},
        "S1 Message on a Hide": {"side": "Dacian", "ap": 4},
        "S1 Pillagers": {"side": "Dacian", "ap": 2},
        "S1 Precautions": {"side": "Dacian", "ap": 2},
        "S1 Deserters": {"side": "Dacian", "ap": 1},
        "S3 Jazyges Allies": {"side": "Roman", "ap": 2},
        "S3 Pro-Roman Dacian Noble": {"side": "Roman", "ap": 3},
        "S3 Cut the Water Supply": {"side": "Roman", "ap": 4},
        "S3 Creation of the XXX Ulpia Traiana": {"side": "Roman", "ap": 4},
        "S3 Tiberius Claudius Maximus": {"side": "Roman", "ap": 3},
        "S3 Burn the Capital": {"side": "Dacian", "ap": 3},
        "S3 Precautions": {"side": "Dacian", "ap": 2},
        "S3 Deserters": {"side": "Dacian", "ap": 1},
        "S3 Dacian Allies": {"side": "Dacian", "ap": 3},
        "S3 Assassination of Trajan": {"side": "Dacian", "ap": 3},
        "S3 Pillagers": {"side": "Dacian", "ap": 2},
        "S3 Pompeius Longinus Captured": {"side": "Dacian", "ap": 3},
        "S4 Jazyge Allies": {"side": "Jazyge", "ap": 3},
        "S4 Opportunistic Germans": {"side": "Jazyge", "ap": None},
        "S5 Brigantes Revolt": {"side": "Barbarian", "ap": 3},
        "S5 Moors Revolt": {"side": "Barbarian", "ap": 3},
        "S5 End of the Jewish Revolt": {"side": "Barbarian", "ap": 3},
        "S5 Plotters": {"side": "Barbarian", "ap": 1},
        "S5 Subsidies": {"side": "Roman", "ap": 0},
        "S5 Destruction of the Drobeta Bridge": {"side": "Roman", "ap": 1},
        "DR Eat the dogs!": {"side": "German", "ap": 1},
    },
)
# S5, the translator's notes: "[Red version of this scenario has this as 1 AP?]" and the like.
RED_VERSION_COSTS = KeyedTable(
    "Scenario 5 stratagems, Red version costs (translator's queries)",
    "S5 Stratagems",
    {
        "S5 Brigantes Revolt": 1,
        "S5 Moors Revolt": 4,
        "S5 End of the Jewish Revolt": 4,
        "S5 Subsidies": 1,
    },
)


class ArtilleryUse(Choice):
    """A27: §14 "in defense only" against §9.5's example, where a besieger turns a legion SP into artillery."""

    DEFENCE_ONLY = "defence_only"  # default: the Stratagems Table's words
    ATTACK_TOO = "attack_too"  # the §9.5 example's besieger may deploy it too


@dataclass(frozen=True)
class StratagemOptions:
    artillery: ArtilleryUse = spec(
        "A27, §14 against the §9.5 example (L437): Artillery deployed is played in defence only (default) or by "
        "an attacker or besieger too",
        default=ArtilleryUse.DEFENCE_ONLY,
    )
    red_version: bool = spec(
        'S5, the translator\'s notes: use the "Red version" costs (Brigantes 1, Moors 4, Jewish Revolt 4, '
        "Subsidies 1 AP) in place of the printed ones (default no)",
        default=False,
    )


@dataclass(frozen=True)
class StratagemInput:
    side: Side = spec("The side buying it")
    stratagem: str = spec("Its name: from §14 (Night battle) or a scenario's, as S1 Gete Allies")
    ap_left: int = spec("AP on the side's D10", min=0, max=9)
    ap_cost: int | None = spec(
        "Its cost when the text gives none (S4 Opportunistic Germans)", min=0, max=9, default=None
    )
    artillery: int = spec("Artillery deployed: how many artillery (2 AP each)", min=1, max=10, default=1)
    attacking: bool = spec("Artillery deployed: the Roman plays it as the attacker or besieger", default=False)
    leader_present: bool = spec("A leader is in the region, country or province it concerns", default=True)
    leader_played_this_season: bool = spec("That leader has already played a stratagem this season", default=False)
    played_before: bool = spec("This player has played it before (Forced March: this season)", default=False)
    domitian_in_rome: bool = spec(
        "Domitian's Reign: Domitian is in Rome (+1 AP to the barbarian player)", default=False
    )
    options: StratagemOptions = spec(OPTIONS_HELP, default=StratagemOptions())


def printed_cost(case: StratagemInput, working: Working) -> int:
    if case.stratagem in STRATAGEMS_TABLE.rows:
        each: int = STRATAGEMS_TABLE.lookup(case.stratagem, working)["ap"]
        return each * (case.artillery if case.stratagem == ARTILLERY_DEPLOYED else 1)
    if case.stratagem not in SCENARIO_STRATAGEMS_TABLE.rows:
        known = ", ".join(list(STRATAGEMS_TABLE.rows) + list(SCENARIO_STRATAGEMS_TABLE.rows))
        raise RulesError("stratagem", f"there is no stratagem {case.stratagem!r}; the stratagems are {known}")
    row = SCENARIO_STRATAGEMS_TABLE.rows[case.stratagem]
    if case.options.red_version and case.stratagem in RED_VERSION_COSTS.rows:
        working.note("Reading: the Red version's cost (S5, translator's note)", RED_VERSION_COSTS.source)
        red: int = RED_VERSION_COSTS.lookup(case.stratagem, working)
        return red
    ap: int | None = row["ap"]
    if ap is None:
        if case.ap_cost is None:
            raise RulesError("ap_cost", f"the text gives no AP cost for {case.stratagem}: Control enters it")
        return case.ap_cost
    working.step(f"{case.stratagem}: {ap} AP ({row['side']})", SCENARIO_STRATAGEMS, ap)
    return ap


def check_artillery(case: StratagemInput, working: Working) -> None:
    """A27: who may deploy artillery."""
    if case.stratagem != ARTILLERY_DEPLOYED:
        return
    if case.options.artillery is ArtilleryUse.ATTACK_TOO:
        working.note("Reading A27: Artillery deployed may be played attacking too, as in §9.5's example", STRATAGEMS)
        return
    working.note("Reading A27: Artillery deployed is played in defence only (§14)", STRATAGEMS)
    if case.attacking:
        raise RulesError("attacking", 'Reading A27: Artillery deployed is played "in defense only" (§14)')


def check_play(case: StratagemInput) -> None:
    if not case.leader_present:
        raise RulesError(
            "leader_present",
            "there must be a leader in the region, country or province the stratagem "
            "concerns; a unit without a leader cannot play one (§14, §4.4)",
        )
    if case.leader_played_this_season:
        raise RulesError("leader_played_this_season", "only one stratagem per leader and per season (§14)")
    if case.played_before:
        again = "once per player per season" if case.stratagem == FORCED_MARCH else "once by each player"
        raise RulesError("played_before", f"{case.stratagem} may be played {again} (§14)")


@procedure(RULESET, "stratagem", title="Buy and play a stratagem", source=STRATAGEMS, takes=StratagemInput)
def stratagem(case: StratagemInput, dice: Dice) -> Result:
    """14: a stratagem's AP cost and the limits on playing it."""
    working = Working()
    check_play(case)
    check_artillery(case, working)
    cost = printed_cost(case, working)
    if case.domitian_in_rome and case.side is Side.BARBARIAN:
        cost += DOMITIAN_IN_ROME
        working.modifier(
            "Domitian is in Rome: +1 AP to the barbarian player",
            DOMITIAN_IN_ROME,
            "Domitian's Reign, Events and Stratagems",
        )
    if cost > case.ap_left:
        raise RulesError("ap_left", f"{case.stratagem} costs {cost} AP; the D10 shows {case.ap_left}")
    working.step(f"{cost} AP spent: {case.ap_left - cost} left; only the AP spent is announced", STRATAGEMS, cost)
    return Result.of("optimus_princeps.stratagem", {"ap_spent": cost, "ap_left": case.ap_left - cost}, working, dice)
