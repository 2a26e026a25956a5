"""Where the handbook is ambiguous, the working says which reading the console took, citing the section:
each note appears when its reading applies, and not otherwise."""

import re

import pytest

from tests.handbook import handbook_text
from umpire.rules.ad69.consumption import ConsumptionInput, Item, conspicuous_consumption
from umpire.rules.ad69.forces import COMBAT_VALUES, Force, Troops, TroopType
from umpire.rules.ad69.legions import UpgradeInput, UpgradeKind, UpgradeOrder, UpkeepInput, upgrade, upkeep
from umpire.rules.ad69.money import Bribe, BriberyInput, bribery
from umpire.rules.ad69.sea import CrossingInput, open_sea_crossing
from umpire.rules.ad69.siege import (
    Place,
    PlaceType,
    ReductionInput,
    SiegeAssaultInput,
    SiegeSide,
    reduce_defences,
    siege_assault,
)
from umpire.rules.ad69.weather import WeatherRegion
from umpire.rules.dice import EnteredDice
from umpire.rules.registry import run_procedure

ASSUMPTIONS = "IX. WARFARE, ASSUMPTIONS"
PRAETORIANS = (
    "Praetorians are valued as legionaries, 6 (veteran 10): the combat values table has no row for them, and "
    "the handbook says they 'can only be Legionaries' and, whether they fight better than legionaries, "
    "'who can tell?'"
)


def force(name, *, aquila=False, veteran=False, **units):
    return Force(name, tuple(Troops(TroopType(kind), n, veteran) for kind, n in units.items()), aquila)


def as_json(force):
    troops = [{"type": t.type.value, "count": t.count, "veteran": t.veteran} for t in force.troops]
    return {"name": force.name, "aquila": force.aquila, "troops": troops}


def notes(result):
    """The working's notes as (text, rule)."""
    return [(line.text, line.rule) for line in result.working if line.kind == "note"]


def notes_saying(result, words):
    return [(text, rule) for text, rule in notes(result) if words in text]


XLV = force("Legion XLV", aquila=True, legionary=5, auxiliary=5)
GUARD = force("Praetorian Guard", praetorian=10)
VETERAN_GUARD = force("Veteran cohorts", veteran=True, praetorian=2)


def battle(side_a_forces, side_b_forces, *, skills=(1, 0)):
    return {
        "side_a": {"name": "Otho", "military_skill": skills[0], "forces": [as_json(f) for f in side_a_forces]},
        "side_b": {"name": "Vitellius", "military_skill": skills[1], "forces": [as_json(f) for f in side_b_forces]},
    }


# ---- Praetorians (IX. WARFARE, ASSUMPTIONS; X. COMBAT VALUES) ---------------------------------------


HANDBOOK_ROWS = {
    "Legionaries": TroopType.LEGIONARY,
    "Auxiliaries": TroopType.AUXILIARY,
    "Raw Levies": TroopType.RAW_LEVY,
    "Barbarian Warbands": TroopType.BARBARIAN_WARBAND,
    "Non-Roman Regiment": TroopType.NON_ROMAN_REGIMENT,
}


def test_the_combat_values_table_is_the_handbooks_with_no_praetorian_row():
    """X. COMBAT VALUES prints five rows, normal and veteran; the Praetorians are not among them."""
    text = " ".join(handbook_text().split())
    printed = re.search(r"COMBAT VALUES Calculate combat values as follows: Normal Veteran (.+?) \(eg", text)
    assert printed is not None
    rows = re.findall(r"([A-Za-z][A-Za-z -]*?) (\d+) (\d+)", printed.group(1))
    assert {HANDBOOK_ROWS[name]: {"normal": int(n), "veteran": int(v)} for name, n, v in rows} == COMBAT_VALUES.rows
    assert TroopType.PRAETORIAN not in COMBAT_VALUES.rows


def test_the_handbook_leaves_the_praetorians_combat_value_open():
    text = " ".join(handbook_text().split())
    assert "they can only be Legionaries" in text
    assert "Their combat value might be better than normal Legionaries" in text and "who can tell?" in text


def test_praetorians_in_a_battle_are_read_as_legionaries_once_and_say_where():
    result = run_procedure("ad69.battle", battle([XLV], [GUARD, VETERAN_GUARD]), EnteredDice([12, 1]))
    assert notes_saying(result, "Praetorians") == [(PRAETORIANS, f"{ASSUMPTIONS}; X. COMBAT RESOLUTION, COMBAT VALUES")]
    steps = [line.text for line in result.working if line.kind == "step"]
    assert "Praetorian Guard: 10 praetorian, each as a legionary, × 6 = 60" in steps
    assert "Veteran cohorts: 2 veteran praetorian, each as a legionary, × 10 = 20" in steps


def test_a_battle_without_praetorians_says_nothing_of_them():
    result = run_procedure(
        "ad69.battle", battle([XLV], [force("Legion XXI", aquila=True, legionary=5)]), EnteredDice([12, 1])
    )
    assert notes_saying(result, "Praetorians") == []


def test_praetorians_in_a_siege_are_read_as_legionaries():
    case = SiegeAssaultInput(
        Place(PlaceType.LEGIONARY_FORT, "Castra Praetoria"), SiegeSide((XLV,)), SiegeSide((GUARD,))
    )
    result = siege_assault(case, EnteredDice([1, 12]))
    assert notes_saying(result, "Praetorians") == [(PRAETORIANS, f"{ASSUMPTIONS}; X. COMBAT RESOLUTION, COMBAT VALUES")]
    assert result.outcome["garrison_value"] == 60


def test_a_force_valued_on_its_own_says_the_reading_only_when_it_has_praetorians():
    guard = run_procedure("ad69.combat_value", {"force": as_json(GUARD)}, EnteredDice([]))
    assert (guard.outcome, notes_saying(guard, "Praetorians")) == (
        {"combat_value": 60, "if_veteran": 100},
        [(PRAETORIANS, f"{ASSUMPTIONS}; X. COMBAT RESOLUTION, COMBAT VALUES")],
    )
    legion = run_procedure("ad69.combat_value", {"force": as_json(XLV)}, EnteredDice([]))
    assert notes_saying(legion, "Praetorians") == []


def test_a_praetorian_count_of_0_is_no_praetorian():
    result = run_procedure(
        "ad69.combat_value", {"force": as_json(force("Legion I", legionary=5, praetorian=0))}, EnteredDice([])
    )
    assert notes_saying(result, "Praetorians") == []


def test_praetorians_fill_a_legions_legionary_places_and_the_working_says_so():
    orders = (UpgradeOrder(UpgradeKind.LEGIONARIES_TO_PRAETORIANS, 2),)
    case = UpgradeInput(force("Legion I", aquila=True, legionary=5), orders, True, True)
    result = upgrade(case, EnteredDice([]))
    assert (
        "Praetorians fill the legion's legionary places: the handbook gives them no limit of their own and says "
        "they 'can only be Legionaries'",
        f"{ASSUMPTIONS}; IX. WARFARE, LIMITATIONS",
    ) in notes(result)


def test_a_legion_without_praetorians_is_not_told_where_they_go():
    result = upkeep(UpkeepInput((XLV,)), EnteredDice([]))
    assert notes_saying(result, "Praetorians fill") == []
    orders = (UpgradeOrder(UpgradeKind.AUXILIARIES_TO_LEGIONARIES, 1),)
    result = upgrade(
        UpgradeInput(force("Legion I", aquila=True, legionary=3, auxiliary=2), orders, True), EnteredDice([])
    )
    assert notes_saying(result, "Praetorians") == []


# ---- Siege losses (X. SIEGE COMBAT RESULTS) ---------------------------------------------------------

SIEGE_LOSSES = (
    "The handbook divides the other side's 'combat value' or 'strength' for the losses: the console reads "
    "this as each side's combat value as head-counted (attackers without raw levies), not the multiplied "
    "Defence Combat Value, which would cost more units than a legion has"
)
ATTACKERS_LOST = (
    "The handbook does not say which attackers are lost: the console takes them from the units that "
    "assaulted, not the raw levies left out of it; the owner divides them among types, as in battle"
)


def assault(garrison, dice):
    place = Place(PlaceType.MINOR_FORTIFIED_CITY, "Cremona")
    return siege_assault(SiegeAssaultInput(place, SiegeSide((XLV,)), SiegeSide(garrison)), EnteredDice(dice))


def test_every_assault_says_which_value_its_losses_are_counted_from():
    """A bloody repulse: 12 + 5 = 17 against 1 + 10 = 11. The garrison's 20 (Defence Combat Value 100) costs
    the attackers 20 ÷ 10 = 2 units, not 100 ÷ 10 = 10."""
    bloody = assault((force("Cremona garrison", auxiliary=5),), [12, 1])
    assert (bloody.outcome["result"], bloody.outcome["defence_value"]) == ("bloody_repulse", 100)
    assert bloody.outcome["attackers_lost"] == 2
    assert (SIEGE_LOSSES, "X. SIEGE COMBAT RESULTS") in notes(bloody)


def test_attackers_losing_units_are_told_which_units_fall():
    repulsed = assault((force("Cremona garrison", legionary=10, auxiliary=10),), [1, 12])  # 100: lose 5
    assert repulsed.outcome["attackers_lost"] == 5
    assert (ATTACKERS_LOST, "X. SIEGE COMBAT RESULTS; X. LOSSES") in notes(repulsed)


def test_attackers_losing_nothing_are_not_told_where_their_losses_fall():
    empty = assault((), [12, 1])  # an empty place: 3 ÷ 20 is no loss
    assert empty.outcome["attackers_lost"] == 0
    assert notes_saying(empty, "which attackers are lost") == []
    assert (SIEGE_LOSSES, "X. SIEGE COMBAT RESULTS") in notes(empty)


def test_reducing_a_place_at_multiplier_1_says_the_handbook_gives_no_floor():
    place = Place(PlaceType.FORTIFIED_TOWN, "Vetera", multiplier=1)
    result = reduce_defences(ReductionInput(place, engine_sets=1), EnteredDice([]))
    assert result.outcome["multiplier_after"] == 1
    assert notes_saying(result, "no floor") == [
        (
            "Vetera is at multiplier 1: the handbook gives reduction no floor; the console stops at 1, where the "
            "walls add nothing, for at 0 the garrison would count for nothing",
            "X. REDUCING DEFENCES",
        )
    ]


def test_reducing_a_place_above_1_says_nothing_of_a_floor():
    result = reduce_defences(ReductionInput(Place(PlaceType.FORTIFIED_TOWN, "Vetera"), engine_sets=1), EnteredDice([]))
    assert result.outcome["multiplier_after"] == 1
    assert notes_saying(result, "no floor") == []


# ---- Neptune (IX. SEA MOVEMENT, Worse Things Happen At Sea) -----------------------------------------

WORSE_THINGS = "IX. WARFARE, SEA MOVEMENT, Worse Things Happen At Sea"
NEPTUNE = (
    "The handbook gives Neptune's '+1 to your die roll' under Worse Things Happen At Sea, after its table: "
    "the console adds it to that roll, not to the crossing roll"
)


def crossing(offering, dice):
    case = CrossingInput("Classis Misenensis", WeatherRegion.ITALIA, 7, (XLV,), offering_to_neptune=offering)
    return open_sea_crossing(case, EnteredDice(dice))


def test_the_handbook_puts_neptunes_plus_1_after_the_worse_things_table():
    text = " ".join(handbook_text().split())
    table = text.index("Worse Things Happen At Sea Roll")
    assert text.index("+1 to your die roll, if you made a 10 talent offering to Neptune") > table


@pytest.mark.parametrize("dice", [[6], [1, 3]])
def test_an_offering_to_neptune_says_which_roll_it_helps(dice):
    assert (NEPTUNE, WORSE_THINGS) in notes(crossing(True, dice))


@pytest.mark.parametrize("dice", [[6], [1, 3]])
def test_no_offering_no_word_of_neptune(dice):
    assert notes_saying(crossing(False, dice), "Neptune") == []


def test_neptune_lifting_a_6_to_7_is_read_as_6():
    result = crossing(True, [1, 6])
    assert result.outcome["result"] == "lucky"
    assert (
        "Worse Things Happen At Sea goes up to 6: the console reads Neptune's 7 as 6, you lucky devil",
        WORSE_THINGS,
    ) in notes(result)


def test_a_worse_things_roll_on_the_table_is_read_as_it_stands():
    assert notes_saying(crossing(True, [1, 5]), "reads Neptune's") == []


# ---- The tactical advantage die (X. THE PROCESS OF BATTLE, step 2) ----------------------------------

ADVANTAGE_DIE = (
    "The handbook says 'if equal, dice for it' and names no die: the console rolls a d6 a side, and again "
    "while they tie"
)


def test_equal_military_skills_say_which_die_decides_the_advantage():
    result = run_procedure("ad69.battle", battle([XLV], [XLV], skills=(2, 2)), EnteredDice([4, 2, 12, 1]))
    assert (ADVANTAGE_DIE, "X. COMBAT RESOLUTION, THE PROCESS OF BATTLE, step 2") in notes(result)


def test_unequal_military_skills_roll_no_die_and_say_nothing_of_one():
    result = run_procedure("ad69.battle", battle([XLV], [XLV], skills=(2, 1)), EnteredDice([12, 1]))
    assert notes_saying(result, "names no die") == []


# ---- Provincial entertainments (VIII. PROVINCIAL GOVERNMENT & TAXATION, 2. Maintaining the glory) ---

GLORY = "VIII. PROVINCIAL GOVERNMENT & TAXATION, 2. Maintaining the glory of Rome"


@pytest.mark.parametrize(
    "item, verdict", [(Item.CIRCUS_SHOW, "circus show is one"), (Item.TEMPLE, "temple is not one")]
)
def test_a_provincial_purchase_says_what_the_console_counts_as_an_entertainment(item, verdict):
    result = conspicuous_consumption(ConsumptionInput(item, in_rome=False), EnteredDice([]))
    assert (
        "GLORY halves 'provincial entertainments' without listing them: the console reads them as "
        f"entertainment venue, circus show, religious ceremony; {verdict}",
        GLORY,
    ) in notes(result)


def test_a_purchase_in_rome_says_nothing_of_provincial_entertainments():
    result = conspicuous_consumption(ConsumptionInput(Item.CIRCUS_SHOW, in_rome=True), EnteredDice([]))
    assert notes_saying(result, "GLORY") == []


# ---- Equal bribes (VIII. EXPENDITURE, Bribery) -------------------------------------------------------

TIED_BRIBES = (
    "The handbook's example has the larger bribe prevail and says nothing of a tie: the console reads equal "
    "bribes as cancelling each other"
)


def test_equal_bribes_say_how_the_console_reads_a_tie():
    bribes = (Bribe("Otho", 30), Bribe("Vitellius", 30))
    result = bribery(BriberyInput("Praetorian Guard", 10, bribes), EnteredDice([]))
    assert result.outcome["tied"] is True
    assert (TIED_BRIBES, "VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION, Bribery") in notes(result)


def test_a_bribe_that_prevails_says_nothing_of_a_tie():
    """The handbook's own example: Diccius's 40 (value 4) beats Duplicitius's 18 (value 1)."""
    bribes = (Bribe("Duplicitius Caddus", 18), Bribe("Diccius Dastardus", 40))
    result = bribery(BriberyInput("Praetorian Guard", 10, bribes), EnteredDice([]))
    assert result.outcome["winner"] == "Diccius Dastardus"
    assert notes_saying(result, "tie") == []
