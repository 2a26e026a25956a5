"""9 Engineering Actions on an inhabited region: invasion (§9.3), declaring a siege and the siege action
(§9.1, §9.4), and disengagement when a relief force attacks the besieger (§9.7). The assault and the sortie
are in assault.py."""

from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import DIE, OPTIONS_HELP, RULESET, Modifier, People, succeeds, total_of

INVASION = "9.3 Invading an Inhabited Region"
SIEGE = "9.4 Besieging an Inhabited Region"
ENDING = "9.8 Ending a Siege"
DISENGAGEMENT = "9.7 Disengagement"
SIEGE_AP = 1  # §9.4 1) "1 AP"; 2) "Spend 1 AP then roll a D6"


REGIONS_TABLE = "Regions"  # the event's data table of the map's inhabited regions (boardgames.optimus_princeps)


@dataclass(frozen=True)
class Region:
    """9.2: an inhabited region's two numbers, printed on the map (absent from the text): the left-hand Defensive
    Value, the right-hand Garrison Value. Left empty, they come from the event's Regions table."""

    name: str = spec("The inhabited region, as on the event's Regions table")
    defensive_value: int | None = spec(
        "Its Defensive Value now: 0 if pillaged; with its limes, and +1 a "
        "Sarmizegetusa fortress still Dacian (SN0.1) (empty: the event's Regions "
        "table)",
        min=0,
        max=6,
        default=None,
    )
    garrison_value: int | None = spec(
        "Its Garrison Value, 6 to 16 (§9.2.2) (empty: the event's Regions table)", min=1, max=16, default=None
    )

    @property
    def dv(self) -> int:
        """The Defensive Value, or the RulesError that asks Control for it (check_region names it first)."""
        if self.defensive_value is None:
            raise missing_value(self, "defensive_value")
        return self.defensive_value

    @property
    def gv(self) -> int:
        """The Garrison Value, or the RulesError that asks Control for it (check_region names it first)."""
        if self.garrison_value is None:
            raise missing_value(self, "garrison_value")
        return self.garrison_value


REGION_VALUES = {"defensive_value": ("Defensive Value", "9.2.1"), "garrison_value": ("Garrison Value", "9.2.2")}


def check_region(region: Region, *cells: str, path: str = "region") -> None:
    """Stop when a value the procedure needs is neither typed nor on the event's Regions table."""
    for cell in cells:
        if getattr(region, cell) is None:
            raise missing_value(region, cell, path)


def missing_value(region: Region, cell: str, path: str = "region") -> RulesError:
    title, rule = REGION_VALUES[cell]
    return RulesError(
        f"{path}.{cell}",
        f"the {REGIONS_TABLE} table has no {title} for {region.name} (it is "
        f"printed on the map, not in the text, §{rule}): Control enters it on the data tables "
        "page",
    )


class TapaeIs(Choice):
    """A33: S1 sets the Dacians up "in Dacian inhabited regions of your choice, and in Tapae", with "A Dacian
    Fortress at Tapae"."""

    RURAL = "rural"  # default: a rural region carrying a Dacian fortress (a limes, §9.10.3)
    INHABITED = "inhabited"


TAPAE_HELP = (
    "A33, S1.2.2: Tapae is a rural region carrying a Dacian fortress, where no engineering action "
    "applies (default), or an inhabited region"
)


def check_tapae(region: Region, reading: TapaeIs, working: Working) -> None:
    """A33: an engineering action at Tapae only if Tapae is read as an inhabited region."""
    if region.name.strip().lower() != "tapae":
        return
    if reading is TapaeIs.RURAL:
        raise RulesError(
            "region.name",
            "Reading A33: Tapae is a rural region with a Dacian fortress: no "
            "engineering action applies (§9.10.3); its fortress gives a defending counter +2 in battle",
        )
    working.note("Reading A33: Tapae is an inhabited region", "S1.2.2")


# ---- optimus_princeps.invasion ----------------------------------------------------------------------


class LossesTaken(Choice):
    """9.3's example: the invader takes the losses as HDC, or turns them 2 for 1 into SP eliminated."""

    HDC = "hdc"
    ELIMINATED = "eliminated"


class Repulsed(Choice):
    """A22: what becomes of a repulsed invader; the text does not say."""

    STAYS = "stays"  # default: he stays in the region, his activation ends
    RETREATS = "retreats"  # he retreats, with an attrition roll


@dataclass(frozen=True)
class InvasionOptions:
    repulsed: Repulsed = spec(
        "A22, §9.3: a repulsed invader stays in the region and ends his activation (default), or retreats with an "
        "attrition roll",
        default=Repulsed.STAYS,
    )
    tapae: TapaeIs = spec(TAPAE_HELP, default=TapaeIs.RURAL)


@dataclass(frozen=True)
class InvasionInput:
    region: Region = spec("The region invaded")
    sp: int = spec("The invader's SP", min=1, max=200)
    hdc_sp: int = spec("Of them, SP already HDC", min=0, max=200, default=0)
    leader: bool = spec("A leader is with the army", default=True)
    enemy_sp_inside: int = spec("Enemy SP within the walls (must be none)", min=0, max=16, default=0)
    former_barbarian_slave: bool = spec(
        "Barbarian event Former barbarian slave: DV -1 (Domitian's Reign)", default=False
    )
    losses_taken: LossesTaken = spec("How the invader takes the losses", default=LossesTaken.HDC)
    options: InvasionOptions = spec(OPTIONS_HELP, default=InvasionOptions())


def check_invasion(case: InvasionInput) -> None:
    if case.enemy_sp_inside:
        raise RulesError("enemy_sp_inside", "the region must not contain enemy SP: assault it first (§9.3)")
    if not case.leader:
        raise RulesError("leader", "an invasion needs a leader (§9.3)")
    if case.sp - case.hdc_sp <= case.region.gv:
        raise RulesError(
            "sp",
            f"{case.sp - case.hdc_sp} SP in good order is not more than the Garrison Value "
            f'{case.region.garrison_value}: "more SP … both before AND after rolling the D6" (§9.3)',
        )


def invasion_losses(case: InvasionInput, roll: int, working: Working) -> int:
    value = case.region.dv
    if case.former_barbarian_slave and value:
        value -= 1
        working.modifier("Former barbarian slave: the Defensive Value -1", -1, "Domitian's Reign: Barbarian Events")
    losses = roll + value
    working.step(
        f"{roll} (D6) + {value} (DV) = {losses} SP Out of Action, or {losses // 2} SP eliminated"
        f"{' and 1 HDC' if losses % 2 else ''} at the invader's choice",
        INVASION,
        losses,
    )
    return losses


def after_losses(case: InvasionInput, losses: int, how: LossesTaken) -> tuple[int, int]:
    """The invader's SP not Out of Action after taking `losses` one way or the other."""
    good = case.sp - case.hdc_sp
    if how is LossesTaken.HDC:
        return max(good - losses, 0), 0
    eliminated = losses // 2
    return max(good - eliminated - losses % 2, 0), eliminated


@procedure(RULESET, "invasion", title="Invasion", source=INVASION, takes=InvasionInput, dice="1 D6")
def invasion(case: InvasionInput, dice: Dice) -> Result:
    """9.3: D6 + Defensive Value SP Out of Action; the region falls if the invader still has more SP in good
    order than its Garrison Value."""
    working = Working()
    check_tapae(case.region, case.options.tapae, working)
    check_region(case.region, "defensive_value", "garrison_value")
    check_invasion(case)
    roll = working.roll(dice, DIE, "invasion losses")
    losses = invasion_losses(case, roll, working)
    both = {how.value: after_losses(case, losses, how)[0] for how in LossesTaken}
    good, eliminated = after_losses(case, losses, case.losses_taken)
    taken = good > case.region.gv
    working.choice(f"The invader takes them as {case.losses_taken.label}: {good} SP not Out of Action", INVASION, good)
    working.step(
        f"{good} {'>' if taken else '≤'} Garrison Value {case.region.garrison_value}: "
        + ("the region is taken, its Defensive Value becomes 0" if taken else "the invader is repulsed"),
        INVASION,
        taken,
    )
    outcome: dict[str, Any] = {
        "losses": losses,
        "taken": taken,
        "sp_not_hdc": good,
        "eliminated": eliminated,
        "hdc": losses if case.losses_taken is LossesTaken.HDC else losses % 2,
        "not_hdc_if": both,
        "defensive_value": 0 if taken else case.region.defensive_value,
    }
    if not taken:
        outcome["repulsed"] = repulsed(case, working)
    return Result.of("optimus_princeps.invasion", outcome, working, dice)


def repulsed(case: InvasionInput, working: Working) -> dict[str, bool]:
    if case.options.repulsed is Repulsed.RETREATS:
        working.note("Reading A22: the repulsed invader retreats and rolls attrition", INVASION)
        return {"retreats": True, "attrition": True}
    working.note("Reading A22: the repulsed invader stays in the region; his activation ends", INVASION)
    return {"retreats": False, "attrition": False}


# ---- optimus_princeps.siege_declare -------------------------------------------------------------------


class GarrisonCap(Choice):
    """A34: §0.3 "In an inhabited region, there cannot be more SP than its Garrison Value", while a besieger needs
    more SP than the Garrison Value (§9.4)."""

    WALLS = "walls"  # default: the cap holds within the walls; the besiegers are outside them
    REGION = "region"  # the cap holds for every SP in the region


@dataclass(frozen=True)
class DeclareOptions:
    garrison_cap: GarrisonCap = spec(
        "A34, §0.3 against §9.4: the Garrison Value caps the SP within the walls only (default), or every SP in "
        "the region, besiegers too",
        default=GarrisonCap.WALLS,
    )
    tapae: TapaeIs = spec(TAPAE_HELP, default=TapaeIs.RURAL)


@dataclass(frozen=True)
class DeclareInput:
    region: Region = spec("The inhabited region to besiege")
    sp: int = spec("The besieging army's SP", min=1, max=200)
    ap: int = spec("AP the side has left", min=0, max=9)
    leader: bool = spec("A leader is with the army (a leaderless force cannot begin a siege, §9.1)", default=True)
    options: DeclareOptions = spec(OPTIONS_HELP, default=DeclareOptions())


def check_cap(case: DeclareInput, working: Working) -> None:
    """A34: whether the besiegers, more than the Garrison Value, may stand in the region at all."""
    if case.options.garrison_cap is GarrisonCap.REGION:
        raise RulesError(
            "options.garrison_cap",
            f"Reading A34: no more than {case.region.garrison_value} SP may be "
            "in the region, yet a siege needs more (§0.3, §9.4): under this reading no siege can begin",
        )
    working.note(
        "Reading A34: the Garrison Value caps the SP within the walls; the besiegers stand outside them", SIEGE
    )


@procedure(RULESET, "siege_declare", title="Declare a siege", source=SIEGE, takes=DeclareInput)
def siege_declare(case: DeclareInput, dice: Dice) -> Result:
    """9.1 and §9.4 1): 1 AP, a leader and more SP than the Garrison Value: the Siege marker goes on at 0."""
    working = Working()
    check_tapae(case.region, case.options.tapae, working)
    check_region(case.region, "garrison_value")
    if not case.leader:
        raise RulesError("leader", "a leaderless force may support and continue a siege but cannot initiate one (§9.1)")
    if case.ap < SIEGE_AP:
        raise RulesError("ap", "declaring a siege costs 1 AP (§9.4)")
    if case.sp <= case.region.gv:
        raise RulesError("sp", f"{case.sp} SP is not more than the Garrison Value {case.region.garrison_value} (§9.4)")
    check_cap(case, working)
    working.step(
        f"{case.sp} SP > Garrison Value {case.region.garrison_value}, a leader, 1 AP: {case.region.name} "
        "is besieged; Siege marker at 0",
        SIEGE,
        0,
    )
    return Result.of(
        "optimus_princeps.siege_declare",
        {"besieged": True, "marker": 0, "ap_spent": SIEGE_AP, "ap_left": case.ap - SIEGE_AP},
        working,
        dice,
    )


# ---- optimus_princeps.siege_action -------------------------------------------------------------------


class ArtilleryCounted(Choice):
    """A18: "+1 per friendly artillery"."""

    PER_SP = "per_sp"  # default
    PER_COUNTER = "per_counter"


class SlowBesiegers(Choice):
    """A19: "-1 besieger is German or Sarmatian" when both peoples besiege."""

    ONCE = "once"  # default
    PER_PEOPLE = "per_people"


@dataclass(frozen=True)
class SiegeOptions:
    artillery: ArtilleryCounted = spec(
        "A18, §9.4: +1 per artillery SP (default) or per artillery counter", default=ArtilleryCounted.PER_SP
    )
    slow_besiegers: SlowBesiegers = spec(
        "A19, §9.4 and SN0.3: Germans and Sarmatians among the besiegers give -1 once (default) or -1 for each people",
        default=SlowBesiegers.ONCE,
    )
    tapae: TapaeIs = spec(TAPAE_HELP, default=TapaeIs.RURAL)


@dataclass(frozen=True)
class SiegeActionInput:
    region: Region = spec("The besieged region")
    marker: int = spec("The Siege marker now: siege actions already taken", min=0, max=30)
    besieging_sp: int = spec("The besiegers' SP", min=1, max=200)
    peoples: tuple[People, ...] = spec("The peoples among the besiegers", min_items=1, max_items=4)
    ap: int = spec("AP the side has left", min=0, max=9)
    artillery_sp: int = spec("The besiegers' artillery SP", min=0, max=20, default=0)
    artillery_counters: int = spec("The besiegers' artillery counters", min=0, max=20, default=0)
    defenders_good: int = spec("Enemy SP within the walls not Out of Action", min=0, max=16, default=0)
    allies_bonus: int = spec(
        "Stratagems: Gete Allies or Dacian Allies +1, Jazyge Allies +3 (S1.3, S3.4, S4.4)", min=0, max=3, default=0
    )
    former_barbarian_slave: bool = spec("Barbarian event Former barbarian slave: DV -1", default=False)
    options: SiegeOptions = spec(OPTIONS_HELP, default=SiegeOptions())


def siege_modifiers(case: SiegeActionInput, working: Working) -> list[Modifier]:
    """9.4 Siege Modifiers (L400-405), with the scenario stratagems."""
    found = [(f"{case.marker} siege action(s) already taken", case.marker, SIEGE)] if case.marker else []
    per_sp = case.options.artillery is ArtilleryCounted.PER_SP
    artillery = case.artillery_sp if per_sp else case.artillery_counters
    working.note(f"Reading A18: +1 per artillery {'SP' if per_sp else 'counter'}", SIEGE)
    found += [(f"{artillery} friendly artillery", artillery, SIEGE)] if artillery else []
    value = max(case.region.dv - case.former_barbarian_slave, 0)
    found += [(f"Defensive Value {value}", -value, SIEGE)] if value else []
    slow = [p for p in case.peoples if p in (People.GERMAN, People.SARMATIAN)]
    if slow:
        each = case.options.slow_besiegers is SlowBesiegers.PER_PEOPLE
        count = len(set(slow)) if each else 1
        working.note(
            f"Reading A19: German and Sarmatian besiegers give -1 {'for each people' if each else 'once'}", SIEGE
        )
        found.append(("besieger is German or Sarmatian", -count, SIEGE))
    found += (
        [(f"{case.defenders_good} besieged SP not Out of Action", -case.defenders_good, SIEGE)]
        if case.defenders_good
        else []
    )
    found += [("siege stratagem", case.allies_bonus, "S1.3, S3.4, S4.4")] if case.allies_bonus else []
    return found


@procedure(RULESET, "siege_action", title="Siege action", source=SIEGE, takes=SiegeActionInput, dice="1 D6")
def siege_action(case: SiegeActionInput, dice: Dice) -> Result:
    """9.4 2): 1 AP and a D6 with the siege modifiers: 6+ the region surrenders, else the marker turns on."""
    working = Working()
    check_tapae(case.region, case.options.tapae, working)
    check_region(case.region, "defensive_value", "garrison_value")
    if case.besieging_sp <= case.region.gv:
        raise RulesError(
            "besieging_sp",
            f"{case.besieging_sp} SP is not more than the Garrison Value "
            f"{case.region.garrison_value}: the siege is lifted (§9.4)",
        )
    if case.ap < SIEGE_AP:
        raise RulesError("ap", "a siege action costs 1 AP (§9.4)")
    roll = working.roll(dice, DIE, "siege action")
    total = total_of(working, roll, siege_modifiers(case, working), "Siege action (6+)", SIEGE)
    surrenders = succeeds(total)
    if surrenders:
        working.step(
            f"{case.region.name} surrenders: all enemy SP within are eliminated; its Defensive Value is 0; "
            "the siege markers are removed",
            ENDING,
            True,
        )
    else:
        working.step(
            f"Less than 6: the Siege marker turns to {case.marker + 1}; the siege goes on", SIEGE, case.marker + 1
        )
    return Result.of(
        "optimus_princeps.siege_action",
        {
            "result": total,
            "surrenders": surrenders,
            "marker": None if surrenders else case.marker + 1,
            "defenders_eliminated": case.defenders_good if surrenders else 0,
            "ap_left": case.ap - SIEGE_AP,
        },
        working,
        dice,
    )


# ---- optimus_princeps.disengagement ------------------------------------------------------------------


class SiegeKeepers(Choice):
    """A20: §9.7 "at least as many SP as the Garrison Value" against §9.4's "more SP than"."""

    MORE_THAN_GV = "more_than_gv"  # default
    AS_MANY_AS_GV = "as_many_as_gv"


@dataclass(frozen=True)
class DisengagementOptions:
    keepers: SiegeKeepers = spec(
        "A20, §9.7 against §9.4: to keep the siege the besieger leaves more SP than the Garrison Value (default) "
        "or at least as many",
        default=SiegeKeepers.MORE_THAN_GV,
    )


@dataclass(frozen=True)
class DisengagementInput:
    region: Region = spec("The besieged region")
    besieging_sp: int = spec("The besieger's SP", min=1, max=200)
    keep_siege: bool = spec("The besieger wishes to maintain the siege", default=True)
    left_behind: int = spec("SP he leaves to maintain it", min=0, max=200, default=0)
    options: DisengagementOptions = spec(OPTIONS_HELP, default=DisengagementOptions())


@procedure(RULESET, "disengagement", title="Disengagement", source=DISENGAGEMENT, takes=DisengagementInput)
def disengagement(case: DisengagementInput, dice: Dice) -> Result:
    """9.7: a besieger attacked by a relief force fights with what he does not leave at the siege."""
    working = Working()
    check_region(case.region, "garrison_value")
    if case.left_behind > case.besieging_sp:
        raise RulesError("left_behind", f"he has only {case.besieging_sp} SP")
    gv = case.region.gv
    more = case.options.keepers is SiegeKeepers.MORE_THAN_GV
    need = gv + 1 if more else gv
    working.note(
        f"Reading A20: the siege needs {'more than' if more else 'at least'} {gv} SP left behind", DISENGAGEMENT
    )
    holds = case.keep_siege and case.left_behind >= need
    if case.keep_siege and not holds:
        working.step(f"{case.left_behind} SP left is not enough: the siege is raised", DISENGAGEMENT, False)
    left = case.left_behind if holds else 0
    working.step(
        f"{case.besieging_sp - left} SP fight the relief force; {left} keep the siege; if the besieger "
        "loses, they retreat with him",
        DISENGAGEMENT,
        case.besieging_sp - left,
    )
    return Result.of(
        "optimus_princeps.disengagement",
        {"siege_holds": holds, "fighting_sp": case.besieging_sp - left, "keeping_siege_sp": left},
        working,
        dice,
    )
