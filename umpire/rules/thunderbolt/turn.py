"""3.0 The Sequence of Play, as data for the clock, the game's set-up, and the LAM cup (C/1-C/2), drawn by the
console as the neutral party (its dice are seeded and the seed recorded with the run).

3.0 lists the Force Determination Segment with no sub-steps and no Tribal Segment; B/3/a, B/3/b, B/4 and B/4/c
are cited elsewhere (8.11, 5.11, 9.13, 9.42) and are placed where those citations put them.

The rulebook has no set-up section: each scenario's set-up is in the Scenario booklet (2.0), which is not in the
text. SETUP_CHECKLIST gathers what the rulebook says is set "at the start" of a scenario, each step at its rule."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..dice import Dice
from ..errors import RulesError
from ..registry import procedure
from ..schema import Choice, spec
from ..working import Result, Working
from .common import RULESET, Named

SEQUENCE_RULE = "3.0 The Sequence of Play"
CUP_RULE = "3.0 C/2 Initiative Determination Segment"


def step(text: str, rule: str) -> dict[str, str]:
    return {"text": text, "rule": rule}


SETUP_CHECKLIST: tuple[dict[str, Any], ...] = (
    step(
        "Choose the scenario (the Scenario booklet): its length, its Victory section, and whether it plays the "
        "Advanced Naval System",
        "2.0; 3.0 G/4; 13.0",
    ),
    step(
        "Lay out its maps (I- Italy, C- Carthage, S- Spain & Mauretania) and displays: Army and City Occupation "
        "Displays, Carthaginian Political and Manpower Display, Alliance Level & Game Turn Track (short scenarios: "
        "the Consolidated Displays)",
        "2.1; 2.3",
    ),
    step("Game Turn marker on the scenario's first Game Turn", "2.3; 3.0 G/4"),
    step(
        "Deploy the scenario's forces; each Legion on the Roman Army Display at 9 SP Citizen infantry, 1 Citizen "
        "cavalry, 9 Ala infantry and 3 Ala cavalry unless the scenario says otherwise",
        "2.2; 2.3",
    ),
    step(
        "Roman magistrates in play with their Imperium and Theater markers (as Sempronius Longus #402: CA II, "
        "Sicily and Africa); the scenario's leader counters into the leader pool",
        "4.23; 4.5",
    ),
    step("Historical Magistrate Usage, if chosen: the Magistrate Historical Information Chart", "2.2"),
    step(
        "Carthage: the Family in Power on its track, the Army Commanders of the initial deployment, the pool of "
        "commanders for replacements",
        "2.3; 6.1; 6.41",
    ),
    step("Each Carthaginian Army's AER marker (2nd Punic War: Hannibal +2)", "6.71"),
    step(
        "Carthaginian Manpower Holding Boxes filled with each contingent's SP (trackers 'Manpower pool'); not in "
        "the short scenarios",
        "7.32",
    ),
    step(
        "Each Roman Italy province's Alliance marker on the box the PIC gives (trackers 'Alliance'; Lucania: Rome 2)",
        "10.11",
    ),
    step(
        "Each tribe's counter on its base hex, with the allegiance and status at start from the scenario's Tribal "
        "Information Chart",
        "9.11; 9.31",
    ),
    step("The SCR marker: the Siege Capability Rating at the start of the scenario", "2.3"),
    step(
        "NS markers in each Naval Zone (trackers 'NS Level', + Rome, - Carthage); with the ANS instead, no NS "
        "levels: the scenario's Fleets with their Crew Ratings, 1 squadron each for Syracuse and Massilia",
        "8.0; AW 7.0; 13.0; 13.13; 13.18",
    ),
    step(
        "Auguries: the scenario's Augury Table (one die in the short scenarios) and whether the Augury marker goes "
        "in the cup; the 1st Macedonian War only where its Augury event is in play",
        "3.0 C/1; 12.0; 11.0",
    ),
    step(
        "Control fills the event's data tables from the PACs and the AW rulebook (Legion Request, Carthaginian "
        "Manpower, NS Level Construction, the PIC, the Augury Table …)",
        "1.0; 2.0",
    ),
)

PHASES: tuple[dict[str, Any], ...] = (
    {
        "key": "upgrade",
        "title": "A. Upgrade Phase",
        "rule": "3.0 A",
        "steps": (
            step("A/1 City Rebuild: rebuild sacked cities one level unless in a Devastated province", "3.0 A; AW 9.85"),
            step(
                "A/2 Return/Replace Leaders: wounded leaders of the prior GT and replacements for the killed/captured",
                "3.0 A; AW 8.63 B; AW 8.67",
            ),
            step("A/2: unreplaced, unrecalled wounded Carthaginian leaders return", "6.49"),
            step("A/2: Macedonian ambassadors go back to the pool (a Subordinate to Hannibal)", "11.4"),
        ),
    },
    {
        "key": "roman_political",
        "title": "B/1. Roman Political Segment",
        "rule": "3.0 B/1",
        "steps": (
            step("Skip this segment if the Romans are not in play", "3.0 B/1"),
            step(
                "B/1/a Imperium Prorogue: decide who stays (thunderbolt.prorogue); then disband leaderless Legions "
                "(thunderbolt.disband_legions)",
                "4.4; 5.31",
            ),
            step("B/1/a (ANS): a Praetor may be assigned a Fleet as Admiral", "13.21"),
            step(
                "B/1/b A Visit from Pluto: every leader not returned to the pool rolls (thunderbolt.visit_from_pluto)",
                "4.44",
            ),
            step(
                "B/1/c Election of Magistrates: Dictator if an Emergency (thunderbolt.state_of_emergency), two Consuls "
                "(thunderbolt.consul_imperium), Proconsuls, Praetors and governors (thunderbolt.governor), the Praetor "
                "Urbanus last",
                "4.5-4.57",
            ),
            step("B/1/c: assign Theaters/provinces (thunderbolt.theater_assignment)", "4.31"),
            step("End of B/1/c: disband Slave and Marine Legions if there is no State of Emergency", "5.53"),
        ),
    },
    {
        "key": "carthaginian_political",
        "title": "B/2. Carthaginian Political Segment",
        "rule": "3.0 B/2",
        "steps": (
            step("May be played at the same time as the Roman segment", "3.0 B/2 Play Note"),
            step("B/2/a Family in Power (thunderbolt.family_in_power)", "6.1"),
            step("B/2/b Political Climate (thunderbolt.political_climate)", "6.2"),
            step("B/2/c Disband Armies over the limit (thunderbolt.army_disband)", "6.3"),
            step("B/2/d Appoint Army Commanders (and ANS Admirals); a new commander costs 2 AER", "6.4; 6.74; 13.21"),
            step(
                "B/2/e Assign Theaters: one Army to Africa, another to Hispania (thunderbolt.carthaginian_raising)",
                "3.0 B/2/e; 6.22-6.24",
            ),
        ),
    },
    {
        "key": "force_determination",
        "title": "B/3. Force Determination Segment",
        "rule": "3.0 B/3",
        "steps": (
            step(
                "B/3/a Naval Superiority Construction/Re-allotment, construction first "
                "(thunderbolt.ns_construction; ANS: thunderbolt.squadron_construction); with no construction this GT, "
                "set 'NS levels constructed this GT' to 0",
                "8.11; 8.12; 13.16",
            ),
            step(
                "B/3/b Raise Manpower: Roman Legions or reinforcements (thunderbolt.legion_request); Marine and Slave "
                "Legions in a Major Emergency",
                "5.1-5.2; 5.5",
            ),
            step(
                "B/3/b: Carthaginian Army or reinforcements (thunderbolt.carthaginian_manpower), then the AER for the "
                "SP placed (thunderbolt.aer_change)",
                "7.13; 7.21-7.23; 6.75",
            ),
            step("B/3/b: Legate and Carthaginian Reinforcement LAMs if SP wait in a Theater Holding Box", "5.23; 7.23"),
            step("End of B/3/b: remove all Raid markers", "13.64"),
            step("End of B: Roman leaders wounded by Pluto go to the leader pool", "4.44"),
        ),
    },
    {
        "key": "tribal",
        "title": "B/4. Tribal Segment",
        "rule": "9.13; 9.42",
        "steps": (
            step("Depletion Recovery and Pacification Removal (thunderbolt.tribe_recovery)", "9.13"),
            step("B/4/c Carthaginian Garrisons (thunderbolt.garrison_desertion)", "9.42"),
        ),
    },
    {
        "key": "initiative",
        "title": "C. Initiative Phase",
        "rule": "3.0 C",
        "steps": (
            step(
                "C/1 LAM Pool Segment: every LAM of every leader in play, the Augury marker if the scenario has it, "
                "the three Siege Attrition markers (thunderbolt.lams)",
                "3.0 C/1",
            ),
            step(
                "C/2 Initiative Determination: draw one marker (thunderbolt.lam_draw); a LAM or Siege Attrition to D, "
                "the Augury to E; no LAMs left, to F",
                "3.0 C/2",
            ),
        ),
    },
    {
        "key": "operations",
        "title": "D. Operations Phase",
        "rule": "3.0 D",
        "steps": (
            step(
                "The drawn leader acts (AW 5.3) until Finished; remove Failed Interception markers; back to C/2",
                "3.0 D",
            ),
            step(
                "Siege Attrition marker: resolve Siege Attrition (thunderbolt.siege; AW 9.0), a tribe besieging "
                "assaults instead (thunderbolt.tribal_city_attack), then back to C/2",
                "3.0 D; 9.19",
            ),
            step("A recalled Carthaginian commander goes when the next Carthaginian LAM is drawn", "6.46"),
            step("A new Emergency: the Dictator is elected at the start of the next Roman Operations Phase", "4.56"),
        ),
    },
    {
        "key": "augury",
        "title": "E. Augury Phase",
        "rule": "3.0 E",
        "steps": (
            step(
                "Roll on the Augury Table, then the Conditional Events Chart (thunderbolt.augury); LAMs left: back "
                "to C/2",
                "3.0 E; 12.0",
            ),
        ),
    },
    {
        "key": "devastation",
        "title": "F. Devastation Phase",
        "rule": "3.0 F",
        "steps": (
            step("F/1 Devastation Recovery", "AW 6.75"),
            step(
                "F/2 Devastation Attempt; a Devastated Roman Italy province moves 4 boxes (thunderbolt.alliance_shift)",
                "AW 6.73; 10.12",
            ),
        ),
    },
    {
        "key": "end_turn",
        "title": "G. End-Turn Phase",
        "rule": "3.0 G",
        "steps": (
            step(
                "G/1 Inertia Attrition; Watchful Presence; tribal sieges and settlement garrisons removed; Syracuse and "
                "Massilia squadrons home; ANS Winter",
                "AW 6.47; 10.23; 9.19; 9.73; 13.18; 13.82",
            ),
            step(
                "G/2 Legion Training (thunderbolt.legion_training) and Army Efficiency (thunderbolt.aer_change)",
                "5.16; 6.73",
            ),
            step("G/3 Recovery from Battle", "AW 8.55"),
            step(
                "G/4 Victory Determination by the scenario's Victory section (not in the rulebook: the umpire "
                "rules); if none, advance the Game Turn marker and begin again at A",
                "3.0 G",
            ),
        ),
    },
)

# One Game Turn is one year (4.1 "each year/Game Turn"): a single stage holding every phase.
SEQUENCE_OF_PLAY: tuple[dict[str, Any], ...] = ({"stage": "Year", "number": 1, "phases": PHASES},)


class Marker(Named):
    LAM = "lam"
    SIEGE_ATTRITION = "siege_attrition"
    AUGURY = "augury"


class NoLamsLeft(Choice):
    DEVASTATION = "devastation"  # 3.0 C/2 "If there are no LAMs in the cup, proceed to the Devastation Phase"
    DRAW_ON = "draw_on"  # the Siege Attrition and Augury markers still in the cup are drawn first


@dataclass(frozen=True)
class CupOptions:
    no_lams_left: NoLamsLeft = spec(
        "3.0 C/2: with no LAMs left but Siege Attrition or Augury markers in the cup — go to the Devastation Phase "
        "(default), or draw on until the cup is empty",
        default=NoLamsLeft.DEVASTATION,
    )


@dataclass(frozen=True)
class CupMarker:
    name: str = spec("The marker: a leader's name for his LAMs, 'Legate', 'Siege Attrition', 'Augury'")
    kind: Marker = spec("A LAM (leaders, the Legate, the Carthaginian Reinforcement), Siege Attrition or Augury")
    count: int = spec("How many of it are in the cup", min=0, max=20, default=1)


@dataclass(frozen=True)
class CupInput:
    cup: tuple[CupMarker, ...] = spec("What is in the cup now")
    options: CupOptions = spec("Readings of points the rulebook leaves open", default=CupOptions())


NEXT_PHASE = {
    Marker.LAM: "D. Operations Phase",
    Marker.SIEGE_ATTRITION: "D. Operations Phase (Siege Attrition)",
    Marker.AUGURY: "E. Augury Phase",
}


def drawn_marker(markers: Sequence[CupMarker], number: int) -> CupMarker:
    for marker in markers:
        if number <= marker.count:
            return marker
        number -= marker.count
    raise RulesError("cup", "the draw fell outside the cup")


@procedure(
    RULESET,
    "lam_draw",
    title="Draw from the LAM cup",
    source=CUP_RULE,
    takes=CupInput,
    dice="one draw among the markers in the cup (the console draws, seeded)",
)
def lam_draw(case: CupInput, dice: Dice) -> Result:
    """3.0 C/2: one marker is drawn blind from the cup: a LAM or Siege Attrition marker leads to the Operations
    Phase, the Augury marker to the Augury Phase; with no LAMs left, to the Devastation Phase. The console draws
    as the neutral party, its seed recorded with the run."""
    working = Working()
    markers = [m for m in case.cup if m.count]
    lams = sum(m.count for m in markers if m.kind is Marker.LAM)
    if not lams and (case.options.no_lams_left is NoLamsLeft.DEVASTATION or not markers):
        working.step("No LAMs in the cup: proceed to the Devastation Phase", CUP_RULE)
        return Result.of(
            f"{RULESET}.lam_draw", {"drawn": None, "next": "F. Devastation Phase", "cup": {}}, working, dice
        )
    size = sum(m.count for m in markers)
    marker = drawn_marker(markers, working.roll(dice, size, "the LAM cup"))
    working.step(f"Drawn: {marker.name} ({marker.kind.label}) → {NEXT_PHASE[marker.kind]}", CUP_RULE, marker.name)
    left = {m.name: m.count - (m is marker) for m in markers if m.count - (m is marker)}
    outcome = {"drawn": marker.name, "kind": marker.kind.value, "next": NEXT_PHASE[marker.kind], "cup": left}
    return Result.of(f"{RULESET}.lam_draw", outcome, working, dice)
