"""18.0 the non-player forces (Furthest Faction, exterior provinces, Persian activation with bribes) and the two
optional rules at the end: 21.0 Don't Trust Anyone! and 22.0 the Optional Dissolution Rule."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.forces import (
    Distance,
    ExteriorInput,
    FurthestInput,
    PersiaInput,
    exterior_province,
    furthest_faction,
    persian_activation,
)
from umpire.rules.imperium_romanum.optional import (
    BarbarianInput,
    DisobeyInput,
    DissolutionInput,
    DissolutionRow,
    barbarian_dissolution,
    dont_trust_anyone,
    power_dissolution,
)

NO_DICE = EnteredDice([])


def test_the_furthest_faction_and_a_tie_by_the_die():
    distances = (Distance("Otho", 12), Distance("Vitellius", 30), Distance("Vespasian", 30))
    assert furthest_faction(FurthestInput("Batavi", distances), EnteredDice([2, 5])).outcome == {"faction": "Vespasian"}
    assert furthest_faction(FurthestInput("Batavi", distances[:2]), NO_DICE).outcome == {"faction": "Vitellius"}


def test_exterior_provinces():
    """18.41: one 16-10 and one 4-12 (B) a city in a civilized area; 18.42: 1d6 20-10s (C) in a barbarous one."""
    assert exterior_province(ExteriorInput("Armenia", 3), NO_DICE).outcome == {"units": {"16-10 (B)": 3, "4-12 (B)": 3}}
    assert exterior_province(ExteriorInput("Sarmatia", 1), EnteredDice([4])).outcome == {"units": {"20-10 (C)": 4}}


def test_dv_11_an_unmodified_2_always_activates_persia():
    """20.8 and extraction DV-11 (constructed): 2 with 100 Roman strength (+4) still activates."""
    assert persian_activation(PersiaInput(100), EnteredDice([1, 1])).outcome == {
        "natural": 2,
        "roll": 6,
        "active": True,
    }


def test_dv_12_seven_with_50_roman_strength_is_9_and_active():
    """Extraction DV-12 (constructed): 7 + 2 = 9, "9 or less"; one bribe against makes 10."""
    assert persian_activation(PersiaInput(50), EnteredDice([3, 4])).outcome["active"] is True
    assert persian_activation(PersiaInput(50, bribes_against=1), EnteredDice([3, 4])).outcome["active"] is False


def test_dont_trust_anyone():
    """21.0 L908-917: a 6 disobeys; scenario 1 automatically does nothing; 10-12: 6 declares; 13-14: 5-6 usurper;
    with a named leader, no roll."""
    assert dont_trust_anyone(DisobeyInput(with_named_leader=True), NO_DICE).outcome == {
        "disobeys": False,
        "effect": None,
    }
    assert dont_trust_anyone(DisobeyInput(scenario="1"), EnteredDice([5])).outcome["disobeys"] is False
    assert (
        dont_trust_anyone(DisobeyInput(scenario="1"), EnteredDice([6])).outcome["effect"]
        == "does nothing, unable to move"
    )
    assert (
        dont_trust_anyone(DisobeyInput(scenario="11"), EnteredDice([6, 6])).outcome["effect"]
        == "declares for the nearest Roman faction"
    )
    assert (
        dont_trust_anyone(DisobeyInput(scenario="13"), EnteredDice([6, 5])).outcome["effect"]
        == "sets up as a new Roman faction (usurper)"
    )
    no_romans = DisobeyInput(scenario="14", active_roman_factions=False)
    assert (
        dont_trust_anyone(no_romans, EnteredDice([6, 4])).outcome["effect"]
        == "sets up as a new Roman faction (usurper)"
    )
    eastern = DisobeyInput(scenario="26", eastern_empire=True)
    assert dont_trust_anyone(eastern, EnteredDice([6])).outcome["effect"] == "does nothing, unable to move"
    with pytest.raises(RulesError, match="not a scenario"):
        dont_trust_anyone(DisobeyInput(scenario="33"), EnteredDice([6]))


def test_dv_23_sixty_percent_income_rolling_2_with_a_donative_survives():
    """22.1 and extraction DV-23 (constructed): 60% is 51-65%; 2 + 1 = 3: "-"."""
    outcome = power_dissolution(DissolutionInput(60, 100, donatives=25), EnteredDice([2])).outcome
    assert outcome == {"roll": 3, "column": "51-65%", "dissolves": False}
    assert power_dissolution(DissolutionInput(60, 100), EnteredDice([2])).outcome["dissolves"] is True


def test_the_dissolution_tables_cut_off_row_is_controls():
    with pytest.raises(RulesError, match="no result for a roll of 5 at 76% or more"):
        power_dissolution(DissolutionInput(90, 100), EnteredDice([5]))
    row = DissolutionRow(5, at_76_or_more="-")
    assert power_dissolution(DissolutionInput(90, 100, rows=(row,)), EnteredDice([5])).outcome["dissolves"] is False


def test_percentiles_round_down():
    """22.1: "(rounded fractions down)": 2 of 3 is 66%, so 66-75%; 50.5% is 50% or less."""
    assert power_dissolution(DissolutionInput(2, 3), EnteredDice([4])).outcome["column"] == "66-75%"
    assert power_dissolution(DissolutionInput(101, 200), EnteredDice([4])).outcome["column"] == "50% or less"


def test_dv_24_barbarians_dissolve_at_a_third_rounded_up():
    """22.3 and extraction DV-24 (constructed): a third of 100 rounded up is 34: 35 fights on, 34 dissolves."""
    assert barbarian_dissolution(BarbarianInput(100, 35), NO_DICE).outcome == {"third": 34, "dissolves": False}
    assert barbarian_dissolution(BarbarianInput(100, 34), NO_DICE).outcome == {"third": 34, "dissolves": True}
