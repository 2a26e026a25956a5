"""2 Sequence 2 and §3 Actions: the season's Action Points (the AP table, Booty bought, the cap of 9) and the AP
ledger of Sequence 4, each action paid from the side's D10 or a leader's own Leader AP (§4.1).

§3 sends the reader to "the Action Costs Table, appended at the end of this translation"; it is not there. The
costs the text states elsewhere are ACTION_COSTS_GIVEN, each with its rule; the others are per-event data
Control enters (the event's "Action Costs Table"). An action with no cost entered stops, naming it.
"""

from dataclasses import dataclass
from typing import TypedDict

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..tables import Band, BandTable
from ..working import Result, Working
from .common import DIE, OPTIONS_HELP, RULESET, Side

ACQUIRING = "2 Sequence 2: Acquiring APs"
ACTIONS = "3 Actions"
OPERATIONS = "2 Sequence 4: Operations"
LEADER_AP = "4.1 Leader Activations"
DO_NOTHING = "Do nothing"
AP_CAP = 9  # §2 "You may not have more than 9 AP per turn."; §3 "You cannot have more than 9."
# §2 Sequence 2, the Action Points table (L137-142)
ACTION_POINTS_TABLE = BandTable(
    "Action Points Table",
    ACQUIRING,
    (
        Band(1, 1, 3, "1"),
        Band(2, 3, 4, "2-3"),
        Band(4, 5, 5, "4-5"),
        Band(6, 6, 6, "6"),
    ),
)


class GivenCost(TypedDict):
    ap: int | None  # None: not stated, Control enters it
    source: str


# The AP costs the text states outside the missing Action Costs Table; None: not stated, Control enters it.
ACTION_COSTS_GIVEN: dict[str, GivenCost] = {
    DO_NOTHING: {"ap": 1, "source": "2 Sequence 4 L147"},
    "Activate an army": {"ap": 1, "source": "5.2.3 L227"},
    "Move several armies together (each army)": {"ap": 1, "source": "5.1.2 L199"},
    "Activate a unit without a leader": {"ap": None, "source": "4.4"},
    "Activate a fleet": {"ap": 2, "source": "5.2.3 L227"},
    "Bridge of Boats": {"ap": 6, "source": "5.2.4 L233"},
    "Off-map move between holding boxes": {"ap": 1, "source": "Domitian's Reign, Off-Map Holding Boxes L1126"},
    "Besiege, invade or assault on entering": {"ap": 1, "source": "9 L364"},
    "Declare a siege": {"ap": 1, "source": "9.1 L367"},
    "Siege action": {"ap": 1, "source": "9.4 L399"},
    "Invasion (not on entering)": {"ap": None, "source": "9.3"},
    "Assault": {"ap": 1, "source": "9.5 example L438"},
    "Siege action or invasion after an assault that eliminated the garrison": {"ap": 0, "source": "9.5 Phase 4"},
    "Build a Roman field fort": {"ap": 1, "source": "8.5 L360"},
    "Build a limes": {"ap": 1, "source": "9.10.3 L472"},
    "Turn a wooden limes to stone": {"ap": None, "source": "9.10.3"},
    "Rally after combat (each SP)": {"ap": 1, "source": "11.4 L542"},
    "Restore a Defensive Value": {"ap": None, "source": "9.2.1"},
    "Taxation (the supreme leader's Leader AP)": {"ap": 0, "source": "5.1.4 L206"},
    "Coronation": {"ap": None, "source": "5.1.4"},
    "Recruit": {"ap": None, "source": "13.2"},
    "Recover the ranks": {"ap": None, "source": "13.3"},
    "Pillage": {"ap": None, "source": "12.2.2"},
    "Forage": {"ap": None, "source": "12.2.1"},
    "Harvest": {"ap": None, "source": "12.3.1"},
    "Impose tribute": {"ap": None, "source": "12.3.2"},
    "Sortie": {"ap": None, "source": "9.6"},
    "Fight in a holding box an enemy holds": {"ap": 1, "source": "Domitian's Reign, Combat within a Holding Box L1128"},
    "Recruit an eliminated legate or governor": {"ap": 6, "source": "Domitian's Reign, generic Roman leader L1130"},
    "Recruit (ransom) a captured legate or governor": {
        "ap": 3,
        "source": "Domitian's Reign, generic Roman leader L1130",
    },
}


class BootyOverCap(Choice):
    """Derived vector D1: Booty bought past the cap of 9."""

    WASTED = "wasted"  # default: spent, the AP past 9 lost
    REFUSED = "refused"  # only the Booty that brings the AP to 9 is spent


class TurnIs(Choice):
    """A1: §0.1 "A game turn represents a year, broken down into five seasons", yet §2 "9 AP per turn"."""

    SEASON = "season"  # default: the season is the unit of play; the D10 starts again each season
    YEAR = "year"  # the cap of 9 holds for the whole year


@dataclass(frozen=True)
class APOptions:
    over_cap: BootyOverCap = spec(
        "2 and §3 (extraction D1): Booty spent past the cap of 9 AP is wasted (default) or the purchase is "
        "refused, the rest kept",
        default=BootyOverCap.WASTED,
    )
    turn: TurnIs = spec(
        'A1, §0.1 and §2: the "turn" of "9 AP per turn" is the season (default) or the year, the AP of its '
        "earlier seasons counting toward the 9",
        default=TurnIs.SEASON,
    )


@dataclass(frozen=True)
class APInput:
    side: Side = spec("The side rolling")
    booty_spent: int = spec("Booty markers its leaders spend for AP, 1 AP each (§2)", min=0, max=30, default=0)
    ap_earlier_this_year: int = spec(
        "AP the side acquired in the year's earlier seasons (A1's year reading)", min=0, max=45, default=0
    )
    options: APOptions = spec(OPTIONS_HELP, default=APOptions())


def cap_now(case: APInput, working: Working) -> int:
    """The cap of 9 AP, less what the year has given already when the turn is read as the year (A1)."""
    if case.options.turn is TurnIs.SEASON:
        working.note(f"Reading A1: the turn is the season: at most {AP_CAP} AP this season", ACQUIRING)
        return AP_CAP
    cap = max(AP_CAP - case.ap_earlier_this_year, 0)
    working.note(
        f"Reading A1: the turn is the year: {case.ap_earlier_this_year} AP already this year leave room for {cap}",
        ACQUIRING,
    )
    return cap


@procedure(RULESET, "action_points", title="The season's Action Points", source=ACQUIRING, takes=APInput, dice="1 D6")
def action_points(case: APInput, dice: Dice) -> Result:
    """2 Sequence 2: a D6 on the Action Points Table, plus 1 AP per Booty marker, never more than 9."""
    working = Working()
    roll = working.roll(dice, DIE, f"{case.side.label} Action Points")
    rolled: int = ACTION_POINTS_TABLE.lookup(roll, working)
    cap = cap_now(case, working)
    room = max(cap - rolled, 0)
    spent = case.booty_spent
    if spent > room and case.options.over_cap is BootyOverCap.REFUSED:
        working.note(f"Only {room} Booty can buy AP under the cap of {cap}: the rest is kept (D1)", ACQUIRING)
        spent = room
    elif spent > room:
        working.note(f"{spent - room} Booty bought AP past the cap of {cap}: they are wasted (D1)", ACQUIRING)
    ap = min(rolled + spent, cap)
    if rolled > cap:
        working.step(f"{rolled} AP rolled, {cap} at most this year", ACTIONS, ap)
    if spent:
        working.step(f"{rolled} + {spent} Booty = {ap} AP (at most {cap})", ACTIONS, ap)
    working.step(f"Set the D10 to {ap}", ACTIONS, ap)
    return Result.of(
        "optimus_princeps.action_points", {"side": case.side.value, "ap": ap, "booty_spent": spent}, working, dice
    )


# ---- optimus_princeps.spend_ap (the AP ledger) -------------------------------------------------------


@dataclass(frozen=True)
class ActionCost:
    action: str = spec("The action, as named on the Action Costs Table")
    ap: int | None = spec(
        "Its cost in AP (empty: the text's, or the event's Action Costs Table)", min=0, max=9, default=None
    )


@dataclass(frozen=True)
class SpendOptions:
    burn_leader_ap: bool = spec(
        "A2, §2 Sequence 4 and §4.1: a leader's Leader AP may pay for doing nothing (default yes), or must be "
        "used for an action",
        default=True,
    )


@dataclass(frozen=True)
class SpendInput:
    side: Side = spec("The side acting")
    ap_left: int = spec("AP on its D10 before the action", min=0, max=AP_CAP)
    action: ActionCost = spec("The action and its cost")
    times: int = spec("How many times (several armies, several SP rallied)", min=1, max=20, default=1)
    leader_ap: bool = spec("A leader's own Leader AP pays the first AP (§4.1)", default=False)
    options: SpendOptions = spec(OPTIONS_HELP, default=SpendOptions())


def check_burning(case: SpendInput, working: Working) -> None:
    """A2: whether a Leader AP may be spent on doing nothing."""
    if not (case.leader_ap and case.action.action == DO_NOTHING):
        return
    if not case.options.burn_leader_ap:
        raise RulesError("leader_ap", "Reading A2: a Leader AP must be used for an action, not burnt doing nothing")
    working.note("Reading A2: a Leader AP may be burnt doing nothing", LEADER_AP)


def cost_of(action: ActionCost, working: Working) -> int:
    if action.ap is not None:
        working.step(f"{action.action}: {action.ap} AP", ACTIONS, action.ap)
        return action.ap
    given = ACTION_COSTS_GIVEN.get(action.action)
    if given is None or given["ap"] is None:
        raise RulesError(
            "action.ap",
            f"the Action Costs Table has no cost for {action.action!r} (the table is not in "
            "the text, §3): Control enters it on the data tables page",
        )
    working.step(f"{action.action}: {given['ap']} AP, from the text", given["source"], given["ap"])
    return given["ap"]


@procedure(RULESET, "spend_ap", title="Spend Action Points", source=OPERATIONS, takes=SpendInput)
def spend_ap(case: SpendInput, dice: Dice) -> Result:
    """2 Sequence 4 and §3: one action paid from the side's AP (the D10), its first AP from a Leader AP if used."""
    working = Working()
    check_burning(case, working)
    cost = cost_of(case.action, working) * case.times
    from_leader = 1 if case.leader_ap and cost else 0
    if case.leader_ap:
        working.step("The leader's own Leader AP pays " + ("the first AP" if cost else "for it"), LEADER_AP)
    spent = cost - from_leader
    if spent > case.ap_left:
        raise RulesError("ap_left", f"{case.action.action} costs {spent} AP more; the D10 shows {case.ap_left}")
    left = case.ap_left - spent
    working.step(
        f"{case.ap_left} - {spent} = {left} AP left on the D10"
        + (": no more actions this season" if left == 0 else ""),
        ACTIONS,
        left,
    )
    return Result.of(
        "optimus_princeps.spend_ap",
        {"side": case.side.value, "ap_spent": spent, "ap_left": left, "leader_ap_used": case.leader_ap},
        working,
        dice,
    )
