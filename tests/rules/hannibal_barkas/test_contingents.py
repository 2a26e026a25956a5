"""5.5 Losses (L450): allied contingents on one side of a land battle. The rulebook gives no example with allies;
the vectors are constructed, not from the text, save that Example 6 (L452-460) is refought with B's army split."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas import battle
from umpire.rules.hannibal_barkas.battle import BattleInput, BattleOptions, BattleSide
from umpire.rules.hannibal_barkas.contingents import AlliedLosses, Contingent, shares
from umpire.rules.hannibal_barkas.units import Units
from umpire.rules.registry import run_procedure

from .test_battle import EX6_A, EX6_B, EX6_DICE
from .test_battle_properties import armies

HEAVY = "heavy_and_gallic_infantry"
ROME = {
    "name": "Rome",
    "units": {"heavy_infantry": 4},
    "contingents": [
        {"owner": "Consul I", "units": {"heavy_infantry": 2}},
        {"owner": "Consul II", "units": {"heavy_infantry": 2}},
    ],
}
CARTHAGE = {"name": "Carthage", "units": {"heavy_infantry": 3}}
# One round: in the heavy infantry attack Rome misses with 4 dice; Carthage hits with 10, 7 and 8 (one critical).
ROUND = [1, 1, 1, 1, 10, 7, 8]


def run(data, dice):
    assert battle.battle_procedure
    entered = EnteredDice(dice)
    result = run_procedure("hannibal_barkas.battle", data, entered)
    assert entered.unused == [], "every die entered is used"
    return result


def lost(result, role="attacker"):
    return {c["owner"]: c["lost_total"] for c in result.outcome["contingents"][role]}


def choices(result):
    return [line.text for line in result.working if line.kind == "choice" and "eliminate" in line.text]


def test_the_attacker_picks_whose_unit_a_10_takes_and_the_allies_share_the_rest_in_turn():
    """L450: "on a hit of 10 the attacker chooses which unit is eliminated"; the others by the default reading:
    the allies choose, here by default one each in turn."""
    result = run({"attacker": ROME, "defender": CARTHAGE, "max_rounds": 1}, ROUND)
    assert choices(result) == [
        "Carthage picks Consul I's heavy infantry to eliminate",
        "Rome picks Consul I's heavy infantry to eliminate",
        "Rome picks Consul II's heavy infantry to eliminate",
    ]
    assert lost(result) == {"Consul I": 2, "Consul II": 1}
    assert result.outcome["attacker"]["lost_total"] == 3
    assert "Reading used: the allies choose whose units take the hits that are not 10s" in " ".join(
        line.text for line in result.working
    )


def test_a_critical_named_for_one_contingent_and_the_allies_own_picks():
    critical = {"round": 1, "phase": HEAVY, "kinds": ["heavy_infantry"], "contingent": "Consul II"}
    own = {"round": 1, "phase": HEAVY, "kinds": ["heavy_infantry", "heavy_infantry"], "contingent": "Consul I"}
    result = run(
        {
            "attacker": {**ROME, "losses_chosen": [own]},
            "defender": {**CARTHAGE, "criticals_chosen": [critical]},
            "max_rounds": 1,
        },
        ROUND,
    )
    assert lost(result) == {"Consul I": 2, "Consul II": 1}
    assert choices(result)[0] == "Carthage picks Consul II's heavy infantry to eliminate"


def test_the_proportional_reading_shares_the_hits_by_the_units_left():
    """After the 10 takes one of Consul I's, 2 hits fall on 1 and 2 units: shares 0.67 and 1.33, so 1 and 1."""
    result = run(
        {"attacker": ROME, "defender": CARTHAGE, "max_rounds": 1, "options": {"allied_losses": "proportional"}}, ROUND
    )
    assert lost(result) == {"Consul I": 2, "Consul II": 1}
    assert ("step", "Hits shared in proportion to the contingents: Consul I 1, Consul II 1", [1, 1]) in [
        (line.kind, line.text, line.value) for line in result.working
    ]


def test_shares_by_largest_remainder_ties_to_the_first_listed():
    assert shares([Units(heavy_infantry=3), Units(heavy_infantry=1)], 2) == [2, 0]
    assert shares([Units(heavy_infantry=2), Units(heavy_infantry=2)], 1) == [1, 0]
    assert shares([Units(heavy_infantry=1), Units(heavy_infantry=1)], 5) == [1, 1]


def test_example_6_with_b_as_two_allies_loses_the_same_units_counted_apart():
    """Example 6 (L452-460) with B's army split into two allied contingents (the split is constructed): B's picks
    as in the example, A's 10 on the cavalry, and the pursuit's hit on the ally who still has a unit."""
    defender = {
        **EX6_B,
        "contingents": [
            {"owner": "B", "units": {"light_infantry": 1, "heavy_infantry": 1, "cavalry": 1}},
            {"owner": "B's ally", "units": {"heavy_infantry": 1}},
        ],
    }
    result = run({"attacker": EX6_A, "defender": defender}, EX6_DICE)
    assert result.outcome["defender"]["lost_total"] == 4 and result.outcome["end"] == "eliminated_in_pursuit"
    assert lost(result, "defender") == {"B": 3, "B's ally": 1}
    assert result.outcome["contingents"]["attacker"] == []


def test_the_contingents_must_hold_the_side_s_units():
    bad = {**ROME, "units": {"heavy_infantry": 5}}
    with pytest.raises(RulesError) as refusal:
        run({"attacker": bad, "defender": CARTHAGE, "max_rounds": 1}, [])
    assert refusal.value.field == "attacker.contingents"


def test_a_side_that_cannot_retreat_loses_every_contingent():
    side = {**ROME, "withdraw_after_round": 1, "can_retreat": False}
    result = run({"attacker": side, "defender": CARTHAGE}, [1, 1, 1, 1, 1, 1, 1])
    assert lost(result) == {"Consul I": 2, "Consul II": 2}


def allied_sides(name):
    """A side of two allied contingents, its units their sum. Constructed."""

    def build(first, second, withdraw):
        return BattleSide(
            name=name,
            units=first.plus(second),
            withdraw_after_round=withdraw,
            contingents=(Contingent("one", first), Contingent("two", second)),
        )

    return st.builds(build, armies, armies, st.none() | st.integers(1, 4))


@given(allied_sides("A"), allied_sides("B"), st.sampled_from(list(AlliedLosses)), st.integers(0, 2**32 - 1))
def test_each_contingent_s_losses_add_up_to_its_side_s(attacker, defender, reading, seed):
    """L450: "losses must be accounted for separately": each contingent loses no more than it had, and the
    contingents' losses are the side's."""
    case = BattleInput(attacker=attacker, defender=defender, max_rounds=6, options=BattleOptions(allied_losses=reading))
    out = battle.battle_procedure(case, SeededDice(seed)).outcome
    for role, side in (("attacker", attacker), ("defender", defender)):
        parts = out["contingents"][role]
        for part, contingent in zip(parts, side.contingents):
            for kind, had in contingent.units.as_dict().items():
                assert part["left"][kind] + part["lost"][kind] == had
        assert sum(part["lost_total"] for part in parts) == out[role]["lost_total"]


def test_a_pick_naming_a_contingent_the_side_lacks_is_refused():
    critical = {"round": 1, "phase": HEAVY, "kinds": ["heavy_infantry"], "contingent": "Consul III"}
    with pytest.raises(RulesError) as refusal:
        run({"attacker": ROME, "defender": {**CARTHAGE, "criticals_chosen": [critical]}, "max_rounds": 1}, [])
    assert refusal.value.field == "defender.criticals_chosen.0.contingent"
