"""12.0 Naval Operations: attrition, interception (12.54's example), and naval combat with the Naval Combat Results
Table (12.4's odds examples and the table's loss example)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.common import Cer
from umpire.rules.imperium_romanum.naval import (
    Attrition,
    AttritionInput,
    AttritionOptions,
    InterceptionInput,
    NavalCombatInput,
    NcrtRow,
    Squadron,
    SummerAtSea,
    interception,
    naval_attrition,
    naval_combat,
)


def intercepts(distance, roll, **kwargs):
    return interception(InterceptionInput(distance, **kwargs), EnteredDice([roll])).outcome["intercepts"][0]


def test_tv_11_interception_at_8_needs_4_and_at_6_needs_3():
    """12.54 L550: "at a distance of 8 movement points ... must roll 4, 5 or 6 ... 6 movement points away, he would
    succeed on a roll of 3, 4, 5 or 6"."""
    assert [intercepts(8, roll) for roll in range(1, 7)] == [False, False, False, True, True, True]
    assert [intercepts(6, roll) for roll in range(1, 7)] == [False, False, True, True, True, True]


def test_dv_03_interception_thresholds_and_range():
    """Extraction DV-03 (constructed): 5 needs 3, 7 needs 4, 12 needs 6; 13 is out of range; embarking adds 4."""
    assert (intercepts(5, 2), intercepts(5, 3)) == (False, True)
    assert (intercepts(7, 3), intercepts(7, 4)) == (False, True)
    assert (intercepts(12, 5), intercepts(12, 6)) == (False, True)
    assert intercepts(4, 3, embarking=True) is False and intercepts(4, 4, embarking=True) is True
    with pytest.raises(RulesError, match="beyond the 12"):
        interception(InterceptionInput(10, embarking=True), EnteredDice([6]))


def attrition(cause, rolls, **kwargs):
    fleets = tuple(f"fleet {n}" for n in range(len(rolls)))
    return naval_attrition(AttritionInput(cause, fleets, **kwargs), EnteredDice(rolls)).outcome["lost"]


def test_attrition_rolls():
    """12.21: winter move lost on 4-6; 12.22: at sea, summer "4 or 6" as printed, winter 2-6; 16.52: a 6."""
    assert attrition(Attrition.WINTER_MOVE, [3, 4]) == ["fleet 1"]
    assert attrition(Attrition.AT_SEA_SUMMER, [4, 5, 6]) == ["fleet 0", "fleet 2"]
    four_to_six = AttritionOptions(summer_at_sea=SummerAtSea.FOUR_TO_SIX)
    assert attrition(Attrition.AT_SEA_SUMMER, [4, 5, 6], options=four_to_six) == ["fleet 0", "fleet 1", "fleet 2"]
    assert attrition(Attrition.AT_SEA_WINTER, [1, 2]) == ["fleet 1"]
    assert attrition(Attrition.BESIEGING_WINTER, [5, 6]) == ["fleet 1"]
    assert attrition(Attrition.WINTER_MOVE, [4, 5], goths_or_herules=True) == ["fleet 1"]


def battle(attacker, defender, roll, **kwargs):
    return naval_combat(NavalCombatInput(attacker, defender, **kwargs), EnteredDice([roll]))


@pytest.mark.parametrize("attack, defence, expected", [(24, 7, "3:1"), (24, 9, "2:1"), (24, 14, "3:2")])
def test_tv_10_naval_odds_in_the_defenders_favour(attack, defence, expected):
    """12.4 L535: "e.g., 24:7 = 3:1; 24:9 = 2:1; 24:14 = 3:2" — strengths made of carried light infantry."""
    result = battle(Squadron(0, light_infantry=attack), Squadron(0, light_infantry=defence), 1)
    assert result.outcome["column"] == expected


def test_tv_19_number_2_against_15_fleets_loses_6():
    """The table's note L1048: "The number is 2. The player has 15 fleets, which is three complete groups of 4. He
    loses 6 fleets." At 1:2, rolls 0 and -1 give the attacker 3; row 1 at 2:3 gives him 2 (L1044)."""
    result = battle(Squadron(15), Squadron(20), 1)
    assert result.outcome["column"] == "2:3" and result.outcome["result"] == "2/-"
    assert result.outcome["attacker_loses"] == 6 and result.outcome["losers"] == ["attacker"]


def test_dv_04_a_number_loses_at_least_one_fleet():
    """Extraction DV-04 (constructed): number 1 with 3 fleets loses 1; the defender's number 1 at 2:1 (row 1)."""
    result = battle(Squadron(4), Squadron(2), 1)
    assert result.outcome["result"] == "1/1"
    assert (result.outcome["attacker_loses"], result.outcome["defender_loses"]) == (1, 1)
    assert result.outcome["losers"] == ["attacker", "defender"]


def test_fractions_half_of_carried_infantry_rounds_for_the_defender():
    """2.1: 9 legionaries carried count 4 1/2: 4 for the attacker, 5 for the defender (constructed)."""
    result = battle(Squadron(1, other_infantry=9), Squadron(1, other_infantry=9), 1)
    texts = [line.text for line in result.working]
    assert "Attacker: 1 fleets × 18 + 0 light and missile + half of 9 other infantry = 22" in texts
    assert "Defender: 1 fleets × 18 + 0 light and missile + half of 9 other infantry = 23" in texts


def test_rows_the_text_lacks_come_from_the_event_or_stop():
    with pytest.raises(RulesError, match="has no result for die-roll 4 at 1:1: Control enters it"):
        battle(Squadron(4), Squadron(4), 4)
    result = battle(Squadron(4), Squadron(4), 4, ncrt=(NcrtRow(4, at_1_1="-/1"),))
    assert result.outcome["defender_loses"] == 1


def test_leaders_class_and_morale_change_the_roll():
    """10.12, the matrix (class A against B, +1) and 11.1 (constructed): 1 + 2 + 1 + 1 = 5."""
    result = battle(
        Squadron(4, leader=2, cer=Cer.A, morale=160), Squadron(4, morale=100), 1, ncrt=(NcrtRow(5, at_1_1="-/-"),)
    )
    assert result.outcome["roll"] == 1 + 2 + 1 + 1
