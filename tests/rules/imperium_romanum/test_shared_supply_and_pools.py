"""9.31-9.32 several factions out of supply in one hex, 6.17 a shared mobilization pool, and 15.5 militia. The
text has no worked example for any of them: every vector here is constructed, not from the text."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import MissingData, RulesError
from umpire.rules.imperium_romanum.pools import ContentionInput, MilitiaInput, PoolRequest, militia, pool_contention
from umpire.rules.imperium_romanum.shared_hex import (
    AlternateInput,
    CornDefectionInput,
    DefectionOptions,
    HexStack,
    corn_defection,
    shared_hex_elimination,
)
from umpire.rules.imperium_romanum.supply import CornFeeds

NO_DICE = EnteredDice([])


def test_the_stronger_stack_eliminates_first_then_they_alternate():
    """9.31 L285 (constructed): 3 units to lose; Otho's 60 points go first, Vitellius' 40 second, then Otho."""
    case = AlternateInput(3, (HexStack("Vitellius", 40, 2), HexStack("Otho", 60, 3)))
    result = shared_hex_elimination(case, NO_DICE)
    assert result.outcome == {
        "losses": {"Otho": {"units": 2, "corn": 0}, "Vitellius": {"units": 1, "corn": 0}},
        "unmet": 0,
    }
    assert [line.value for line in result.working if line.kind == "step"][0] == ["Otho", "Vitellius"]


def test_corn_goes_instead_of_a_unit_and_an_emptied_stack_drops_out():
    """9.31 (constructed): Otho spends his one corn first; Vitellius' only unit goes, then Otho loses units alone."""
    case = AlternateInput(4, (HexStack("Otho", 60, 3, corn=1), HexStack("Vitellius", 40, 1)))
    assert shared_hex_elimination(case, NO_DICE).outcome["losses"] == {
        "Otho": {"units": 2, "corn": 1},
        "Vitellius": {"units": 1, "corn": 0},
    }


def test_equal_stacks_are_ordered_by_die():
    """Constructed: the text is silent on equal stacks; a die orders them, the tie rolled again (2.3)."""
    case = AlternateInput(1, (HexStack("Galba", 30, 2), HexStack("Otho", 30, 2)))
    result = shared_hex_elimination(case, EnteredDice([4, 4, 2, 5]))
    assert result.outcome["losses"]["Otho"]["units"] == 1 and result.outcome["losses"]["Galba"]["units"] == 0


def test_more_due_than_units_left():
    case = AlternateInput(5, (HexStack("Otho", 20, 1), HexStack("Vitellius", 10, 1)))
    assert shared_hex_elimination(case, NO_DICE).outcome["unmet"] == 3


def test_corn_defection_half_rounded_down_defects():
    """9.32 L287 (constructed): 5 units out of supply need 2 corn (a corn feeds four units, 9.9); 45 strength
    points: 22 defect ("one-half ... (rounding down)"), 23 are removed."""
    case = CornDefectionInput(spare_corn=2, strength=45, legions=3, detachments=2)
    assert corn_defection(case, NO_DICE).outcome == {"defects": True, "corn_spent": 2, "defecting": 22, "removed": 23}


def test_corn_defection_needs_corn_enough_for_all_of_them():
    case = CornDefectionInput(spare_corn=1, strength=45, legions=3, detachments=2)
    assert corn_defection(case, NO_DICE).outcome["defects"] is False
    by_worth = CornDefectionInput(
        spare_corn=1, strength=45, legions=3, detachments=2, options=DefectionOptions(CornFeeds.FOUR_LEGION_EQUIVALENTS)
    )
    assert corn_defection(by_worth, NO_DICE).outcome["corn_spent"] == 1  # 3 + 2/2 = 4 legions' worth


def test_corn_defection_is_between_romans_only():
    with pytest.raises(RulesError, match="only a Roman faction"):
        corn_defection(CornDefectionInput(spare_corn=3, strength=20, legions=1, both_roman=False), NO_DICE)


def test_wishes_within_the_pool_are_all_met():
    """6.17 L213: "If the units the players wish to build do not exceed the area's limit, no problem arises"."""
    case = ContentionInput(5, (PoolRequest("Otho", 2), PoolRequest("Vitellius", 3)))
    assert pool_contention(case, NO_DICE).outcome == {"granted": {"Otho": 2, "Vitellius": 3}}


def test_a_short_pool_is_divided_equally_and_the_extra_goes_by_die():
    """6.17 L214 (constructed): a pool of 5 wished 4 and 4: 2 each, the extra unit to the higher die."""
    case = ContentionInput(5, (PoolRequest("Otho", 4), PoolRequest("Vitellius", 4)))
    result = pool_contention(case, EnteredDice([2, 6]))
    assert result.outcome == {"granted": {"Otho": 2, "Vitellius": 3}}


def test_a_small_wish_is_met_and_the_rest_shared_again():
    """Constructed: a pool of 7 among wishes of 1, 5 and 5: 1, then 6 shared as 3 and 3, no die needed."""
    case = ContentionInput(7, (PoolRequest("Galba", 1), PoolRequest("Otho", 5), PoolRequest("Vitellius", 5)))
    assert pool_contention(case, NO_DICE).outcome == {"granted": {"Galba": 1, "Otho": 3, "Vitellius": 3}}


def test_militia_of_the_controlling_roman_faction_and_its_rebuild():
    """15.5, 15.52 (constructed): 6 of 10 points lost; 4 rebuilt in January at 1 Treasure Point each."""
    case = MilitiaInput(
        "Italia militia", "Italia", strength=10, controller="Vespasian", lost=6, rebuild=4, january=True
    )
    assert militia(case, NO_DICE).outcome == {"controller": "Vespasian", "strength": 8, "cost": 4}


@pytest.mark.parametrize("romans, controller", [(("Otho",), "Otho"), (("Otho", "Vitellius"), None), ((), None)])
def test_militia_under_a_foreign_or_barbarian_controller(romans, controller):
    """15.51 L710: a Roman faction with units in the province controls it, "unless there is more than one"."""
    case = MilitiaInput(
        "Gallia militia", "Gallia", strength=8, controller="Franks", controller_roman=False, romans_with_units=romans
    )
    assert militia(case, NO_DICE).outcome["controller"] == controller


def test_militia_rules_and_missing_strength():
    assert militia(MilitiaInput("Dacia", "Dacia", roman_at_start=False), NO_DICE).outcome["strength"] == 0
    with pytest.raises(MissingData, match=r"Annual Recruiting Limits\[Italia militia/militia\]"):
        militia(MilitiaInput("Italia militia", "Italia"), NO_DICE)
    with pytest.raises(RulesError, match="January"):
        militia(MilitiaInput("Italia militia", "Italia", strength=10, lost=2, rebuild=2), NO_DICE)
