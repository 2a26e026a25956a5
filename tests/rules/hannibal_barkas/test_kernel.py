"""P0, the to-hit kernel, Table 1 and Table 3 (1.2, 1.4, 5.5)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.hannibal_barkas.battle_vp import battle_vp
from umpire.rules.hannibal_barkas.kernel import Firer, firers, roll_volley, take_losses
from umpire.rules.hannibal_barkas.units import (
    ATTACK_STRENGTH,
    AUTOMATIC,
    COST,
    EL,
    HI,
    LI,
    MOVEMENT,
    Units,
    UnitType,
    ship_to_hit,
)
from umpire.rules.working import Working


def test_table_1_matches_the_rulebook():
    assert ATTACK_STRENGTH.rows == {
        "light_infantry": 9,
        "heavy_infantry": 7,
        "cavalry": 8,
        "elephants": AUTOMATIC,
        "gallic_infantry": 8,
        "gallic_cavalry": 8,
        "ships": 7,
    }
    assert ATTACK_STRENGTH.source.startswith("5.5")


def test_table_3_costs_and_movement_match_the_rulebook():
    assert COST.rows == {
        "light_infantry": 1,
        "heavy_infantry": 2,
        "cavalry": 3,
        "elephants": 4,
        "gallic_infantry": 2,
        "gallic_cavalry": 4,
        "ships": 5,
    }
    assert MOVEMENT.rows["cavalry"] == 4 and MOVEMENT.rows["ships"] == 8 and MOVEMENT.rows["elephants"] == 2


@pytest.mark.parametrize("infantry, needs", [(0, 7), (1, 6), (2, 5), (3, 5)])
def test_mini_vector_ship_to_hit_by_infantry_aboard(infantry, needs):
    """Table 1 footnote: +1 per infantry aboard, "at most two"."""
    assert ship_to_hit(infantry) == needs


@pytest.mark.parametrize("eliminated, vp", [(4, 0), (5, 1), (6, 1), (14, 2), (15, 3)])
def test_mini_vector_battle_vp(eliminated, vp):
    assert battle_vp(eliminated, Working()) == vp


def test_a_hit_is_the_number_or_more_and_a_10_is_critical():
    working = Working()
    volley = roll_volley(firers(HI, 4, "Rome"), EnteredDice([6, 7, 9, 10]), working, who="Rome")
    assert (volley.hits, volley.criticals, volley.owner_picks, volley.rerolls_used) == (3, 1, 2, 0)
    assert [line.value for line in working.lines if line.kind == "die"] == [6, 7, 9, 10]


def test_elephants_hit_automatically_without_dice():
    volley = roll_volley(firers(EL, 2, "Carthage"), EnteredDice([]), Working(), who="Carthage")
    assert (volley.hits, volley.criticals, volley.automatic, volley.rolled) == (2, 0, 2, ())


def test_rerolls_take_failed_dice_once_each_and_the_new_result_stands():
    """1.4: "The result after the re-roll applies. A roll can be re-rolled only 1 time." With 3 re-rolls
    and 2 failed dice only 2 are used; the best chance (HI 7+) is re-rolled before LI 9+."""
    working = Working()
    shooters = firers(LI, 1, "A") + firers(HI, 1, "A")
    volley = roll_volley(shooters, EnteredDice([3, 2, 10, 1]), working, who="A", rerolls=3)
    assert volley.rolled == (1, 10) and volley.rerolls_used == 2
    assert (volley.hits, volley.criticals) == (1, 1)  # a 10 on a re-roll is a critical
    assert [line.text for line in working.lines if line.kind == "choice"] == [
        "Command: re-roll A heavy infantry 1's failed 2",
        "Command: re-roll A light infantry 1's failed 3",
    ]


def test_an_assault_die_can_need_a_10():
    volley = roll_volley(
        [Firer("B light infantry 1", 10), Firer("B light infantry 2", 10)], EnteredDice([9, 10]), Working(), who="B"
    )
    assert (volley.hits, volley.criticals) == (1, 1)


def test_criticals_are_the_rollers_pick_other_hits_the_owners():
    working = Working()
    volley = roll_volley(firers(HI, 2, "A"), EnteredDice([10, 7]), working, who="A")
    left, lost = take_losses(Units(light_infantry=1, cavalry=1), volley, working, owner="B", roller="A")
    assert lost == Units(light_infantry=1, cavalry=1) and left.total == 0
    assert [line.text for line in working.lines if line.kind == "choice"] == [
        "A picks B's cavalry to eliminate",
        "B picks B's light infantry to eliminate",
    ]


def test_hits_beyond_the_units_present_are_wasted_and_excluded_kinds_are_not_lost():
    working = Working()
    volley = roll_volley(firers(HI, 3, "A"), EnteredDice([7, 8, 9]), working, who="A")
    left, lost = take_losses(
        Units(heavy_infantry=1, cavalry=2), volley, working, owner="B", roller="A", exclude=(UnitType.CAVALRY,)
    )
    assert lost == Units(heavy_infantry=1) and left == Units(cavalry=2)
    assert any("wasted" in line.text for line in working.lines)
