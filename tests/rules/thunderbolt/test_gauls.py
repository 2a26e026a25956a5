"""9.4-9.6 Celtic unreliability, Gallic losses and looting: the examples of 9.42, 9.44 and 9.5."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import run

MAGO = {"campaign_rating": 6, "gallic_infantry": 19, "gallic_cavalry": 3, "guile_points": 1}


def test_tv33_an_unadjusted_9_sends_3_gauls_and_1_iberian_home():
    """TV-33, 9.42 (L617)."""
    result = run("garrison_desertion", {"gallic_sp": 5, "iberian_sp": 5}, 9)
    assert result.outcome == {"gallic_home": 3, "iberian_home": 1}


def test_garrison_modifiers():
    """9.42: Hannibal near -2, a tribe of the same contingent +2. Constructed, not from the text."""
    near = run("garrison_desertion", {"gallic_sp": 5, "iberian_sp": 5, "hannibal_within_5_hexes": True}, 9)
    assert near.outcome == {"gallic_home": 1, "iberian_home": 0}
    with pytest.raises(RulesError):
        run("garrison_desertion", {"gallic_sp": 5, "iberian_sp": 0, "army_or_detachment_inside": True}, 9)


def test_tv34_mago_s_gauls_two_go_home_the_rest_count_half():
    """TV-34, 9.44 (L627): 9 less 1 Guile Point = 8 against Campaign Rating 6: 2 infantry SP go home; 17 infantry
    count as 8 and 3 cavalry as 1."""
    result = run("carthaginian_gallic_desertion", MAGO, 9)
    assert result.outcome == {"sp_home": 2, "infantry": 17, "cavalry": 3, "infantry_counted": 8, "cavalry_counted": 1}


def test_a_roll_equal_to_the_rating_halves_and_hannibal_needs_no_check():
    equal = run("carthaginian_gallic_desertion", {**MAGO, "guile_points": 0}, 6)
    assert (equal.outcome["sp_home"], equal.outcome["infantry_counted"]) == (0, 9)
    with pytest.raises(RulesError):
        run("carthaginian_gallic_desertion", {**MAGO, "hannibal_commands": True}, 6)


@pytest.mark.parametrize("options, transferred", [({}, 3), ({"that_number": "difference"}, 2)])
def test_roman_gauls_desert_as_the_reading_counts(options, transferred):
    """9.43: lower than the Carthaginian's Campaign Rating 5, at 3: "that number" of Gauls go over. Constructed."""
    case = {"carthaginian_campaign_rating": 5, "roman_gallic_sp": 10, "options": options}
    assert run("roman_gallic_desertion", case, 3).outcome == {"result": "desert", "sp_transferred": transferred}
    assert run("roman_gallic_desertion", case, 7).outcome == {"result": "elite", "sp_transferred": 0}


def test_tv35_the_gauls_take_9_instead_of_6():
    """TV-35, 9.5 (L635): 20% of 30 Carthaginians, 10 Iberians, 30 Gauls is 6, 2 and 6; the Gauls take 9, the
    others 5 (3 Carthaginian and 2 Iberian)."""
    result = run("gallic_losses", {"gallic_loss": 6, "gallic_sp": 30, "other_losses": 8})
    assert result.outcome == {"gallic_loss": 9, "other_losses": 5}


def test_looting_refuses_with_an_empty_chart_then_removes_20_percent():
    """9.6: 2 over the Campaign Rating: 20% of the Gauls (the AW chart's 20% of 30, filled with 9.5's 6)."""
    with pytest.raises(RulesError):
        run("gallic_looting", {"gallic_sp": 30, "campaign_rating": 5}, 7)
    case = {"gallic_sp": 30, "campaign_rating": 5, "percentage_loss": [{"row": "20% of 30", "sp": 6}]}
    assert run("gallic_looting", case, 7).outcome == {"looted": True, "gallic_removed": 6}
    assert run("gallic_looting", case, 5).outcome == {"looted": False, "gallic_removed": 0}
    assert run("gallic_looting", {"gallic_sp": 30}).outcome == {"looted": True, "gallic_removed": 30}
