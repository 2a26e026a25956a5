"""6.56 and 6.58: where a Subordinate may operate, with and without a detachment (TV-23, TV-24)."""

import pytest

from .helpers import run

OUTSIDE = {"starts_in_area": False}  # Mago at Faventia (Gallia Cispadana); Hannibal's Army now in Sabinus


@pytest.mark.parametrize(
    "case, allowed",
    [
        ({**OUTSIDE}, True),
        ({**OUTSIDE, "leaves_province": True, "operation": "force_movement", "stops_closer": True}, True),
        ({**OUTSIDE, "leaves_province": True, "operation": "other"}, False),
        ({**OUTSIDE, "leaves_province": True, "operation": "force_movement", "stops_closer": False}, False),
    ],
)
def test_tv23_mago_may_keep_the_siege_or_march_back_by_force_movement(case, allowed):
    """TV-23, 6.56 (L480-481): Mago's detachment besieges Faventia; Hannibal's Army moved from Umbria to Sabinus.
    "the Carthaginian player can continue the siege" (an operation in the province he is in), or "lift the siege
    and use Force Movement Operations" back towards Sabinus, each Stop closer (L480). Which provinces are adjacent
    is map data the text does not hold: the umpire answers the area questions."""
    assert run("subordinate_operation", case).outcome == {"allowed": allowed}


def test_a_detachment_stays_within_its_army_s_area():
    """6.56 (L480): "only ... in the province where his Army is located and all adjacent provinces". Constructed,
    not from the text."""
    assert run("subordinate_operation", {"ends_in_area": False}).outcome == {"allowed": False}


def test_tv24_mago_without_a_detachment_goes_anywhere():
    """TV-24, 6.58 (L483-484): Mago, not leading a detachment, leaves Campania for Carthago and Carthago Nova with
    units of no Army. Only the "anywhere" is computable here: Leader Movement's automatic first continuation and
    the Naval Transport are AW rules (AW 5.3, AW 7.0), and Hasdrubal's later AER adjustment is thunderbolt.aer_change
    (6.75), whose inputs the example does not give."""
    case = {"commands_detachment": False, "starts_in_area": False, "leaves_province": True, "ends_in_area": False}
    assert run("subordinate_operation", case).outcome == {"allowed": True}
