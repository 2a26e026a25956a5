"""9.0 The Celts: the examples of 9.16, 9.22, 9.23, 9.42, 9.44, 9.5 and 9.71, and the extraction's TV-50."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import lines, modifiers, run

CAVALRY_42 = [{"row": "10% of 42", "sp": 5}]
SCIPIO = {"side": "roman", "campaign_rating": 5, "guile_rating": 1, "manpower": 2, "guile_points_spent": 1}


def test_tv30_the_allobroges_force_refuses_while_the_percentage_chart_is_empty():
    """9.16: the 10% cavalry comes from the AW Percentage Loss Chart, named when its cell is empty."""
    with pytest.raises(RulesError) as refusal:
        run("tribal_force", {"aggression": 7}, 6)
    assert "Percentage Loss Chart" in refusal.value.message and "'10% of 42'" in refusal.value.message


def test_tv30_the_allobroges_muster_42_sp_5_of_them_cavalry():
    """TV-30, 9.16 (L583): DR 6 x Aggression Rating 7 = 42 SP, 5 of them cavalry."""
    result = run("tribal_force", {"aggression": 7, "percentage_loss": CAVALRY_42}, 6)
    assert result.outcome == {"cancelled": False, "sp": 42, "cavalry": 5}


def test_a_depleted_tribe_musters_at_half_rating_rounded_up_and_a_0_cancels():
    """9.12, 9.16. Constructed, not from the text."""
    assert run(
        "tribal_force", {"aggression": 7, "depleted": True, "percentage_loss": [{"row": "10% of 12", "sp": 1}]}, 3
    ).outcome == {"cancelled": False, "sp": 12, "cavalry": 1}
    assert run("tribal_force", {"aggression": 7}, 0).outcome == {"cancelled": True, "sp": 0, "cavalry": 0}


def test_tv31_scipio_raising_refuses_while_the_percentage_chart_is_empty():
    with pytest.raises(RulesError):
        run("raise_tribe", SCIPIO, 4, 6)


def test_tv31_scipio_raises_12_iberian_sp_from_the_ausetani():
    """TV-31, 9.23 (L598): 1 Guile Point: 4 → 3, success; 6 x Manpower 2 = 12 SP, 1 of them cavalry; the tribe is
    Depleted. Scipio's Campaign Rating is not printed; the test takes 5 (3 or more succeeds)."""
    result = run("raise_tribe", {**SCIPIO, "percentage_loss": [{"row": "10% of 12", "sp": 1}]}, 4, 6)
    assert result.outcome == {"success": True, "sp": 12, "cavalry": 1, "depleted": True}
    assert ("Guile Points spent", -1) in lines(result, "modifier")


def test_a_second_roll_of_0_raises_nothing_and_leaves_the_tribe_full():
    """9.23 "If the DR is a 0, no SP are forthcoming, and the tribe remains undepleted"."""
    assert run("raise_tribe", SCIPIO, 4, 0).outcome == {"success": True, "sp": 0, "cavalry": 0, "depleted": False}


@pytest.mark.parametrize("guile, attempts, allowed", [(4, 3, True), (1, 0, True), (1, 1, False), (0, 0, False)])
def test_tv32_attempts_are_capped_by_the_guile_rating(guile, attempts, allowed):
    """TV-32, 9.22 (L591-592): Hannibal (Guile 4) may try 4 times a phase, Hanno Barca (1) once, Guile 0 never."""
    case = {
        **SCIPIO,
        "side": "carthaginian",
        "guile_rating": guile,
        "attempts_this_phase": attempts,
        "guile_points_spent": 0,
    }
    if allowed:
        assert run("raise_tribe", case, 9).outcome["success"] is False
    else:
        with pytest.raises(RulesError) as refusal:
            run("raise_tribe", case, 9)
        assert refusal.value.field == "attempts_this_phase"


@pytest.mark.parametrize(
    "won, bonus",
    [
        (None, []),
        ("draw", []),
        ("victory", [("He won a victory this turn nearby", -1)]),
        ("major_victory", [("He won a major victory this turn nearby", -3)]),
    ],
)
def test_raise_tribe_a_victory_nearby_helps_and_no_victory_does_not(won, bonus):
    """9.23: -1 after a victory, -3 after a Major Victory in or next to the province; no result, or a Draw, none."""
    case = {**SCIPIO, "campaign_rating": 0, **({"won_nearby": won} if won else {})}
    assert modifiers(run("raise_tribe", case, 9)) == [("Guile Points spent", -1), *bonus]


def test_the_roman_raises_only_in_hispania():
    with pytest.raises(RulesError):
        run("raise_tribe", {**SCIPIO, "in_hispania": False}, 1, 1)


@pytest.mark.parametrize("roll, cancelled", [(6, True), (5, False)])
def test_tv50_parley(roll, cancelled):
    """TV-50 (constructed, not from the text): AR 7, 2 Guile Points: 6 → 8 > 7 cancels; 5 → 7 does not."""
    assert run("parley", {"aggression": 7, "guile_points": 2}, roll).outcome["cancelled"] is cancelled


@pytest.mark.parametrize(
    "case, roll, allegiance",
    [
        ({"side": "roman", "aggression": 5, "in_hispania": True}, 5, "roman"),
        ({"side": "roman", "aggression": 5}, 5, "neutral"),
        ({"side": "carthaginian", "aggression": 5, "side_won_here": "major_victory"}, 0, "neutral"),
        ({"side": "carthaginian", "aggression": 8, "guile_points_spent": 2}, 5, "no change"),
        ({"side": "carthaginian"}, 5, "carthaginian"),
    ],
)
def test_tribe_and_settlement_diplomacy(case, roll, allegiance):
    """9.33, 9.74 (a settlement with no tribe in its province uses 4). Constructed, not from the text."""
    assert run("tribe_diplomacy", case, roll).outcome["allegiance"] == allegiance


@pytest.mark.parametrize(
    "won, bonus",
    [
        (None, []),
        ("defeat", []),
        ("victory", [("His side won a victory in the province", 2)]),
        ("major_victory", [("His side won a major victory in the province", 5)]),
    ],
)
def test_tribe_diplomacy_a_victory_in_the_province_helps_and_no_victory_does_not(won, bonus):
    """9.33: +2 after a victory, +5 after a Major Victory in the province; no result, or a defeat, none."""
    case = {"side": "roman", **({"side_won_here": won} if won else {})}
    assert modifiers(run("tribe_diplomacy", case, 1)) == bonus


def test_recovery_depletion_and_pacification():
    """9.13: Depletion Recovery on the Manpower Rating; Pacification Removal on the Aggression Rating, halved with a
    non-allied force near. Constructed, not from the text."""
    depleted = {"tribe": "Ausetani", "aggression": 5, "manpower": 2, "depleted": True}
    assert run("tribe_recovery", depleted, 2).outcome == {"depleted": False, "pacified": False}
    pacified = {**depleted, "pacified": True, "non_allied_force_in_province": True}
    assert run("tribe_recovery", pacified, 3).outcome == {"depleted": True, "pacified": True}
    assert run("tribe_recovery", pacified, 2).outcome == {"depleted": True, "pacified": False}
    read_depleted = {**pacified, "non_allied_force_in_province": False, "options": {"pacified_rating": "depleted"}}
    assert run("tribe_recovery", read_depleted, 4).outcome["pacified"] is True
    assert run("tribe_recovery", {**depleted, "devastated": True}).outcome["depleted"] is True


def test_tribe_status():
    """9.12, 12.1: a Pacified tribe cannot intercept or be attacked; In Revolt, its ally may attack it."""
    pacified = run("tribe_status", {"allegiance": "roman", "aggression": 7, "pacified": True, "side": "carthaginian"})
    assert pacified.outcome["be_attacked_by_him"] is False and pacified.outcome["aggression"] == 4
    revolt = run("tribe_status", {"allegiance": "roman", "aggression": 7, "in_revolt": True, "side": "roman"})
    assert (revolt.outcome["be_attacked_by_him"], revolt.outcome["raise_manpower"]) == (True, False)


def test_tv36_bergomum_raises_3_sp():
    """TV-36, 9.71 (L649): a Rough hex, IDS 3; the Carthaginian rolls 7: 3 SP Gallic infantry."""
    assert run("settlement_garrison", {"terrain": "other"}, 7).outcome == {"ids": 3, "garrison": 3}
    assert run("settlement_garrison", {"terrain": "flat"}, 0).outcome == {"ids": 1, "garrison": 1}
