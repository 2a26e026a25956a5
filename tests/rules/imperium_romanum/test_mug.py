"""4.0 C and 4.1 Action Chits: the mug, its hidden removals and draws (uniform, and reproducible from the recorded
seed), who a chit activates, and at most two activations a turn."""

from collections import Counter

import pytest

from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.mug import (
    ActivationInput,
    ActivationOptions,
    Chit,
    DrawInput,
    Force,
    Leader,
    MugInput,
    MugOptions,
    NoLeader,
    Power,
    RemovalCount,
    ZeroLeaderRange,
    activation,
    activation_mug,
    chit_draw,
)
from umpire.rules.schema import parse

NO_DICE = EnteredDice([])
# chi-square critical value for 5 degrees of freedom at p = 0.001
CHI_SQUARE_5_DF = 20.515


def values(outcome, key="mug"):
    return sorted((c["power"], c["value"]) for c in outcome[key])


def test_tv_01_a_best_leader_of_1_removes_the_2_and_3_chits():
    """4.11 L139: "if a player's best leader is a 1, the 2 and 3 chits are removed" — his set is 1, 0, 0, and by the
    chart a 3-chit power adds 1 to the removals (1 + 1 = 2 removed)."""
    result = activation_mug(MugInput((Power("Otho", 1),)), SeededDice(7))
    kept = sorted(result.outcome["mug"] + result.outcome["sealed"], key=lambda c: -c["value"])
    assert [c["value"] for c in kept] == [1, 0, 0]
    assert result.outcome["removed"] == 2
    assert len(result.outcome["mug"]) == 1


def test_dv_01_two_powers_with_3_leaders_remove_three_chits_or_one_by_the_design_note():
    """Extraction DV-01 (constructed, not from the text): 1 + 1 + 1 = 3 by 4.0 C's chart; 1 by the design note."""
    powers = (Power("Vitellius", 3), Power("Vespasian", 3))
    literal = activation_mug(MugInput(powers), SeededDice(1))
    assert literal.outcome["removed"] == 3 and len(literal.outcome["mug"]) == 7
    one = activation_mug(MugInput(powers, options=MugOptions(removal=RemovalCount.ONE)), SeededDice(1))
    assert one.outcome["removed"] == 1 and len(one.outcome["mug"]) == 9
    assert "design note" in " ".join(line.text for line in one.working)


def test_a_power_without_a_leader_puts_in_two_zeros_or_none():
    """4.11 does not cover a power with no leader (AMB-04): two 0 chits by default."""
    case = MugInput((Power("Rebels"), Power("Galba", 2)))
    result = activation_mug(case, SeededDice(3))
    chits = result.outcome["mug"] + result.outcome["sealed"]
    assert sorted(c["value"] for c in chits if c["power"] == "Rebels") == [0, 0]
    none = activation_mug(MugInput(case.powers, options=MugOptions(no_leader=NoLeader.NO_CHITS)), SeededDice(3))
    assert not [c for c in none.outcome["mug"] + none.outcome["sealed"] if c["power"] == "Rebels"]


def test_the_removed_chits_are_sealed_and_not_shown_in_the_working():
    result = activation_mug(MugInput((Power("Otho", 3), Power("Vitellius", 3))), SeededDice(11))
    text = " ".join(line.text for line in result.working)
    assert "sealed until the end of the turn" in text
    assert not any(f"{c['power']} {c['value']}" in text for c in result.outcome["sealed"])


def test_the_same_seed_and_mug_remove_and_draw_the_same_chits():
    case = MugInput((Power("Otho", 3), Power("Vitellius", 2), Power("Vespasian", 1)))
    first, again = activation_mug(case, SeededDice(2026)), activation_mug(case, SeededDice(2026))
    assert first.outcome == again.outcome
    mug = tuple(Chit(c["power"], c["value"]) for c in first.outcome["mug"])
    draws = [chit_draw(DrawInput(mug), SeededDice(99)).outcome for _ in range(3)]
    assert draws[0] == draws[1] == draws[2]
    other = {chit_draw(DrawInput(mug), SeededDice(s)).outcome["drawn"]["power"] for s in range(40)}
    assert len(other) > 1  # another seed is another draw


def test_the_chit_draw_is_uniform_over_a_fixed_set_of_seeds():
    """Chi-square over seeds 0-5999 with six distinct chits: the statistic stays below the p = 0.001 critical
    value for 5 degrees of freedom (deterministic: the seeds are fixed)."""
    mug = tuple(Chit(power, value) for power in ("Otho", "Vitellius") for value in (2, 1, 0))
    counts = Counter()
    for seed in range(6000):
        drawn = chit_draw(DrawInput(mug), SeededDice(seed)).outcome["drawn"]
        counts[(drawn["power"], drawn["value"])] += 1
    expected = 6000 / len(mug)
    chi_square = sum((counts[(c.power, c.value)] - expected) ** 2 / expected for c in mug)
    assert len(counts) == len(mug)
    assert chi_square < CHI_SQUARE_5_DF


def test_the_hidden_removal_is_uniform_over_a_fixed_set_of_seeds():
    counts = Counter()
    for seed in range(3000):
        sealed = activation_mug(MugInput((Power("Otho", 3),)), SeededDice(seed)).outcome["sealed"]
        counts.update(c["value"] for c in sealed)
    # 5 chits (3, 2, 1, 0, 0), 2 removed each time: each chit is removed with probability 2/5
    expected = {3: 1200, 2: 1200, 1: 1200, 0: 2400}
    chi_square = sum((counts[v] - e) ** 2 / e for v, e in expected.items())
    assert chi_square < 16.266  # 3 degrees of freedom, p = 0.001


def test_a_dissolved_factions_chit_is_discarded_when_drawn():
    """3.25 L84: "If selected, it is discarded"."""
    result = chit_draw(DrawInput((Chit("Galba", 0),), dissolved=("Galba",)), SeededDice(5))
    assert result.outcome["discarded"] is True and result.outcome["mug"] == []


def test_an_empty_mug_ends_the_phase():
    with pytest.raises(RulesError, match="mug is empty"):
        chit_draw(DrawInput(()), SeededDice(1))


def test_the_draw_runs_from_its_json_case():
    result = chit_draw(parse(DrawInput, {"mug": [{"power": "Otho", "value": 3}]}), SeededDice(4))
    assert result.outcome["drawn"] == {"power": "Otho", "value": 3}


def test_tv_02_a_3_leader_moves_on_3_2_1_0_and_a_1_leader_on_1_or_0():
    """4.12 L141: "a 3 leader can move on a 3,2,1,0. But a 1 leader can move only on a 1 or 0. Forces without a
    leader (including corn fleets) move only when a 0 is selected.\""""
    leaders = (Leader("Caesar", 3), Leader("Tribune", 1))
    forces = (Force("corn fleet"),)
    moved = {chit: activation(ActivationInput(chit, leaders, forces), NO_DICE).outcome for chit in range(4)}
    assert [[leader["name"] for leader in moved[c]["leaders"]] for c in range(4)] == [
        ["Caesar", "Tribune"],
        ["Caesar", "Tribune"],
        ["Caesar"],
        ["Caesar"],
    ]
    assert [moved[c]["forces"] for c in range(4)] == [["corn fleet"], [], [], []]


def test_no_unit_is_activated_more_than_twice_a_turn():
    """4.14 L145 and 4.18: two "moved" markers, no more activations."""
    case = ActivationInput(0, (Leader("Caesar", 3, activations=2),), (Force("legio X", activations=2),))
    outcome = activation(case, NO_DICE).outcome
    assert outcome == {"leaders": [], "forces": []}


def test_command_range_by_rating_and_the_zero_leaders_reading():
    """4.13: +1 the adjacent hexes, +2 and +3 two hexes; a +0's range is not given (AMB-03)."""
    leaders = (Leader("a", 0), Leader("b", 1), Leader("c", 2), Leader("d", 3))
    outcome = activation(ActivationInput(0, leaders), NO_DICE).outcome
    assert [leader["range"] for leader in outcome["leaders"]] == [0, 1, 2, 2]
    wide = activation(ActivationInput(0, leaders[:1], options=ActivationOptions(ZeroLeaderRange.ADJACENT)), NO_DICE)
    assert wide.outcome["leaders"][0]["range"] == 1


def test_a_captive_leader_activates_no_one():
    outcome = activation(ActivationInput(1, (Leader("Crassus", 3, captured=True),)), NO_DICE).outcome
    assert outcome["leaders"] == []
