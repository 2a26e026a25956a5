"""14.0 Combat Efficiency (the matrix and a stack's class), 15.21-15.34 retreat and 15.33 overruns."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.cer import CerInput, Rated, combat_efficiency
from umpire.rules.imperium_romanum.common import Cer
from umpire.rules.imperium_romanum.retreat import OverrunInput, RetreatHex, RetreatInput, overrun, retreat

NO_DICE = EnteredDice([])


@pytest.mark.parametrize(
    "attacker, defender, expected",
    [
        (Cer.C, Cer.A, -2),
        (Cer.A, Cer.C, 2),
        (Cer.B, Cer.B, 0),
        (Cer.B, Cer.A, -1),
        (Cer.A, Cer.B, 1),
        (Cer.C, Cer.B, -1),
        (Cer.B, Cer.C, 1),
        (Cer.A, Cer.A, 0),
        (Cer.C, Cer.C, 0),
    ],
)
def test_dv_05_the_matrix(attacker, defender, expected):
    """The Combat Efficiency Class Die-Roll Modification Matrix (L1008-1012) and extraction DV-05."""
    result = combat_efficiency(CerInput((Rated(10, attacker),), (Rated(10, defender),)), NO_DICE)
    assert result.outcome == {"attacker": attacker.value, "defender": defender.value, "modifier": expected}


def test_dv_06_no_majority_is_class_b():
    """CER Determination (L1019-1023) and extraction DV-06 (constructed): A 20 + B 16 + C 10, no majority of 46."""
    stack = (Rated(20, Cer.A), Rated(16, Cer.B), Rated(10, Cer.C))
    result = combat_efficiency(CerInput(stack, (Rated(10, Cer.A),)), NO_DICE)
    assert result.outcome["attacker"] == "B" and result.outcome["modifier"] == -1
    majority = combat_efficiency(CerInput((Rated(24, Cer.A), Rated(22, Cer.C)), ()), NO_DICE)
    assert majority.outcome == {"attacker": "A", "defender": "B", "modifier": 1}


def test_tv_16_a_force_of_44_may_retreat_south_but_not_north():
    """15.211 L643: 80 entered from the north and 10 from the south; "One-fourth of 44 is 11, so the defending
    units can retreat south, but not north"."""
    hexes = (RetreatHex("north", entered_through=80), RetreatHex("south", entered_through=10))
    result = retreat(RetreatInput(44, hexes), NO_DICE)
    assert result.outcome == {"prevented": False, "open": ["south"], "morale": -5}
    texts = [line.text for line in result.working]
    assert "north: an enemy force of 80 entered across that hexside, at least a quarter of 44" in texts


def test_retreat_is_barred_across_rivers_and_into_a_quarter_of_the_enemy():
    hexes = (
        RetreatHex("ford", crosses_river_or_narrow_sea=True),
        RetreatHex("camp", enemy_strength=11),
        RetreatHex("hill", enemy_strength=10),
    )
    assert retreat(RetreatInput(44, hexes), NO_DICE).outcome["open"] == ["hill"]


def test_dv_25_cavalry_twice_the_defenders_prevents_retreat_before_combat_only():
    """15.34 and extraction DV-25 (constructed): 12 attacking cavalry against 6; after combat it does not (15.41)."""
    case = dict(strength=30, hexes=(RetreatHex("west"),), attacker_cavalry=12, defender_cavalry=6)
    assert retreat(RetreatInput(**case), NO_DICE).outcome == {"prevented": True, "open": [], "morale": 0}
    assert retreat(RetreatInput(**case, after_combat=True), NO_DICE).outcome["open"] == ["west"]
    assert retreat(RetreatInput(30, (RetreatHex("west"),)), NO_DICE).outcome["prevented"] is False


def test_besieged_units_may_not_retreat_before_combat():
    with pytest.raises(RulesError, match="15.213"):
        retreat(RetreatInput(10, (RetreatHex("x"),), besieged=True), NO_DICE)


def test_dv_26_overrun_at_five_times():
    """15.33 and extraction DV-26 (constructed): 30-16 + 15-16 (45) against 9 overruns; the legion does not count."""
    assert overrun(OverrunInput(45, 9), NO_DICE).outcome == {"overrun": True}
    assert overrun(OverrunInput(44, 9), NO_DICE).outcome == {"overrun": False}
