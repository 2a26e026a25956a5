"""13 Reinforcements and Recruits: the recruiting action and its table (§13.2), recovering the ranks (§13.3), and
the legion's eagle (§13.4)."""

from dataclasses import dataclass

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import spec
from ..tables import Band, BandTable
from ..working import Result, Working
from .common import DIE, RULESET, Modifier, Side, total_of

RECRUITING = "13.2 The Recruiting Action"
RANKS = "13.3 Recovering the Ranks Action"
EAGLE = "13.4 The Legion and its Eagle"
HDC_PER_RECRUIT = 2  # §13.3: "For 1 SP of reinforcements, you can return 2 SP which are HDC to good order."
# §13.2 REINFORCEMENTS TABLE (L577-583)
REINFORCEMENTS_TABLE = BandTable(
    "Reinforcements Table",
    RECRUITING,
    (
        Band(None, 2, 0, "2 or less"),
        Band(3, 4, 1, "3-4"),
        Band(5, 6, 2, "5-6"),
        Band(7, None, 3, "7+"),
    ),
)


@dataclass(frozen=True)
class RecruitInput:
    side: Side = spec("The side recruiting")
    sp_available: int = spec("SP of counters he may recruit here; more rolled are lost", min=0, max=60)
    leader: bool = spec("A leader is in the region (the Roman needs none in an off-map province)", default=True)
    off_map_province: bool = spec("Roman: in a Roman off-map province (Africa, Spain …)", default=False)
    friendly_inhabited: bool = spec(
        "In a friendly inhabited region (a barbarian: one of his original tribal sites)", default=True
    )
    besieged: bool = spec("The region is besieged", default=False)
    pillaged: bool = spec("The region is Pillaged", default=False)
    won_last_battle: bool = spec("His side won the most recent battle: +1", default=False)
    booty_spent: int = spec("Booty markers spent: +1 each", min=0, max=30, default=0)
    supreme_leader: bool = spec("The supreme leader does the recruiting: +1", default=False)
    captured_eagle: bool = spec("A captured eagle is in the barbarian inhabited region: +1", default=False)
    stratagems: int = spec(
        "Stratagems and events on recruitment this season: Dacian Booty +1, Pro-Roman Dacian "
        "Noble -3, Sister of Decebalus -1, Pay Raise +3",
        min=-6,
        max=6,
        default=0,
    )
    to_ranks: int = spec(
        "SP of the reinforcements spent recovering the ranks instead: 2 HDC SP each (§13.3)", min=0, max=3, default=0
    )
    hdc_sp: int = spec("HDC SP in the region that could recover", min=0, max=60, default=0)


def check_recruiting(case: RecruitInput) -> None:
    if case.besieged:
        raise RulesError("besieged", "a besieged region cannot recruit (§9.9, §13.2)")
    if case.pillaged:
        raise RulesError("pillaged", "a Pillaged region cannot recruit (§12.2.2, §13.2)")
    if case.side is Side.ROMAN and case.off_map_province:
        return
    if not case.leader:
        raise RulesError("leader", "a leader must be in the region to recruit (§13.2)")
    if not case.friendly_inhabited:
        raise RulesError("friendly_inhabited", "recruiting is done in a friendly inhabited region (§13.2)")


def recruit_modifiers(case: RecruitInput) -> list[Modifier]:
    """13.2 Modifiers, with the scenarios' stratagems."""
    found: list[Modifier] = [("won the most recent battle", 1, RECRUITING)] if case.won_last_battle else []
    found += [(f"{case.booty_spent} Booty spent", case.booty_spent, RECRUITING)] if case.booty_spent else []
    found += [("the supreme leader recruits", 1, RECRUITING)] if case.supreme_leader else []
    found += [("captured eagle in the barbarian inhabited region", 1, RECRUITING)] if case.captured_eagle else []
    found += [("stratagems and events", case.stratagems, "S1.3; Domitian's Reign")] if case.stratagems else []
    return found


@procedure(RULESET, "recruit", title="Recruiting action", source=RECRUITING, takes=RecruitInput, dice="1 D6")
def recruit(case: RecruitInput, dice: Dice) -> Result:
    """13.2: a D6 on the Reinforcements Table gives the SP that march off to war; §13.3 turns some into rallied
    HDC SP."""
    working = Working()
    check_recruiting(case)
    roll = working.roll(dice, DIE, "recruiting")
    total = total_of(working, roll, recruit_modifiers(case), "Reinforcements Table", RECRUITING)
    rolled: int = REINFORCEMENTS_TABLE.lookup(total, working)
    if case.to_ranks > rolled:
        raise RulesError("to_ranks", f"only {rolled} SP came: {case.to_ranks} cannot go to recovering the ranks")
    recovered = min(case.to_ranks * HDC_PER_RECRUIT, case.hdc_sp)
    if case.to_ranks:
        working.step(f"{case.to_ranks} SP of reinforcements return {recovered} HDC SP to good order", RANKS, recovered)
    arriving = min(rolled - case.to_ranks, case.sp_available)
    if rolled - case.to_ranks > arriving:
        working.step(
            f"Only {case.sp_available} SP of counters are available: {rolled - case.to_ranks - arriving} lost",
            RECRUITING,
        )
    working.step(f"{arriving} SP arrive where the recruiting took place", RECRUITING, arriving)
    return Result.of(
        "optimus_princeps.recruit", {"result": total, "sp": arriving, "ranks_recovered": recovered}, working, dice
    )


# ---- optimus_princeps.eagle ---------------------------------------------------------------------------


@dataclass(frozen=True)
class EagleInput:
    legion: str = spec("The legion, as XXI Rapax")
    destroyed_by_barbarians: bool = spec("The barbarians won a battle and destroyed the legion", default=False)
    detached_sp_only: bool = spec("Only a vexillation or a detached legion SP was destroyed (SN0.2)", default=False)
    eagle_held_by_beaten_army: bool = spec("The Roman defeated the army that holds the eagle", default=False)


@procedure(RULESET, "eagle", title="A legion's eagle", source=EAGLE, takes=EagleInput)
def eagle(case: EagleInput, dice: Dice) -> Result:
    """13.4: a legion the barbarians destroy leaves its eagle with their army; beating that army takes it back."""
    working = Working()
    held = "roman"
    if case.detached_sp_only:
        working.step(
            f"{case.legion}: a vexillation or detached SP is lost, not the eagle; the legion lives on at home",
            "SN0.2 The Counters",
        )
    elif case.destroyed_by_barbarians:
        held = "barbarian"
        working.step(
            f"{case.legion} is destroyed: the barbarian army keeps its eagle; the legion can never be recruited again",
            EAGLE,
            held,
        )
    if case.eagle_held_by_beaten_army:
        held = "roman"
        working.step(f"The army holding {case.legion}'s eagle is defeated: the Roman recaptures it", EAGLE, held)
    return Result.of("optimus_princeps.eagle", {"eagle_held_by": held}, working, dice)
