"""The worked examples of the rulebook (seeds/002), one test each, named after the extraction's test vectors
T1-T17 (shared/rules/002_optimus_princeps.md §5), each citing its seed line."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.optimus_princeps.armies import PURSUIT_LOSSES
from umpire.rules.optimus_princeps.battle import LD, PHASE_4_TABLE, TT, P
from umpire.rules.optimus_princeps.combat import (
    Destruction,
    Kind,
    Rank,
    Unit,
    allocate,
    convert_pairs,
    one_loss,
    roll_unit,
)
from umpire.rules.registry import run_procedure
from umpire.rules.working import Working


def run(key, case, dice=()):
    return run_procedure(f"optimus_princeps.{key}", case, EnteredDice(list(dice)))


def texts(result, kind=None):
    return [line.text for line in result.working if kind in (None, line.kind)]


def unit(name, kind="infantry", sp=1, **more):
    return {"name": name, "kind": kind, "sp": sp, **more}


# ---- T1: invasion (9.3, L389) --------------------------------------------------------------------------

T1_REGION = {"name": "Dacian city", "defensive_value": 3, "garrison_value": 16}


@pytest.mark.parametrize("taken_as, good, taken", [("hdc", 14, False), ("eliminated", 17, True)])
def test_t1_invasion_6_hdc_fails_3_eliminated_takes_the_region(taken_as, good, taken):
    """9.3 Example (L389): 20 Dacian SP, DV 3, GV 16, D6 3: 6 SP HDC leave 14 < 16 and the invasion fails; 3 SP
    eliminated leave 17 > 16 and the region is taken. The leader's Strategic Value 6 plays no part."""
    result = run("invasion", {"region": T1_REGION, "sp": 20, "losses_taken": taken_as}, [3])
    assert result.outcome["losses"] == 6
    assert result.outcome["not_hdc_if"] == {"hdc": 14, "eliminated": 17}
    assert (result.outcome["sp_not_hdc"], result.outcome["taken"]) == (good, taken)
    assert result.outcome["defensive_value"] == (0 if taken else 3)
    assert "3 (D6) + 3 (DV) = 6 SP Out of Action, or 3 SP eliminated at the invader's choice" in texts(result)


def test_t1_invasion_needs_more_sp_than_the_garrison_value_before_the_roll():
    with pytest.raises(RulesError, match="not more than the Garrison Value 16") as refused:
        run("invasion", {"region": T1_REGION, "sp": 16}, [3])
    assert refused.value.field == "sp"


# ---- T2: assault on an inhabited region (9.5, L433-446) --------------------------------------------------

T2_CASE = {
    "region": {"name": "Dacian city", "defensive_value": 3, "garrison_value": 6},
    "besieger": {
        "units": [
            unit("artillery", "artillery", 1, destruction=[4, 5], rank="legion"),
            unit("legion", "infantry", 2, rank="legion"),
            unit("infantry A", "infantry", 2),
            unit("infantry B", "infantry", 2),
        ],
        "leaders": [{"name": "Roman leader", "strategic": 12, "tactical": 1, "attached_to": "legion"}],
        "convert_pairs": True,
    },
    "defender": {"units": [unit("garrison", rank="barbarian")]},
}
# Phase 0 artillery 1; Phase 1 artillery 2; Phase 2 legion 1, infantry 1 and 3, defender 2; Phase 3 legion 4,
# infantry 2 and 1, defender 3.
T2_DICE = [1, 2, 1, 1, 3, 2, 4, 2, 1, 3]


def test_t2_assault_example_ends_with_the_garrison_gone_and_no_free_action():
    """9.5 Example (L433-446). The text's "a SP legion and two 2 SP infantry" make 7 SP only with a 3 SP legion;
    its Operation 2 turns 1 legion SP into artillery, so the assault is fought with 1 artillery, a 2 SP legion
    and two 2 SP infantry, as the example's Phase 2 ("his 2 SP legion") says. Its "(7 SP > 6 DV)" is the
    Garrison Value 6. Phase 2: the defender's 2 + DV 3 = 5 is its DF, 2 Roman HDC, which the Roman turns into 1
    infantry SP eliminated. Phase 3: the legion's 4 + 1 = 5 hits but does not double (2 HDC, "not 4"), and the
    defender, eliminated, still strikes: 3 + 3 = 6, 1 Roman HDC. Phase 4 leaves the Roman 1 artillery, 2 legion,
    2 infantry and 1 infantry SP HDC: 5 SP not HDC is not more than 6, so no free invasion or siege action."""
    result = run("assault", T2_CASE, T2_DICE)
    besieger = {u["name"]: (u["sp"], u["hdc"]) for u in result.outcome["besieger"]["units"]}
    assert besieger == {"artillery": (1, 0), "legion": (2, 0), "infantry A": (1, 1), "infantry B": (2, 0)}
    assert result.outcome["garrison_eliminated"] and not result.outcome["free_action"]
    assert result.outcome["besieger"]["sp_not_hdc"] == 5
    steps = texts(result, "step")
    assert "defender garrison: 2 +3 = 5, DF doubles: 2 HDC" in steps
    assert "besieger legion: 4 +1 = 5, DF hits only: 2 HDC" in steps
    assert "defender garrison: 3 +3 = 6, DF doubles: 1 HDC" in steps
    assert "besieger turns 2 HDC into 1 SP eliminated" in texts(result, "choice")


def test_t2_assault_with_seven_sp_not_hdc_would_earn_a_free_action():
    """9.5 Phase 4: "If the Roman player still had 7 SP not HDC, he could have done a free invasion or siege
    action" — here the defender misses both times."""
    result = run("assault", T2_CASE, [1, 2, 1, 1, 3, 1, 4, 2, 1, 1])
    assert result.outcome["garrison_eliminated"] and result.outcome["free_action"]


# ---- T3: hit resolution (10.1, L492-495) ---------------------------------------------------------------


@pytest.mark.parametrize(
    "sp, destruction, bonus, roll, inflicted",
    [
        (3, (5,), 0, 4, 0),  # "This result does not inflict casualties."
        (3, (5,), 2, 4, 3),  # "4 + 2 = 6 … puts 3 enemy SP HDC"
        (3, (5,), 0, 6, 3),  # "If it rolls 6+, it puts 3 enemy SP HDC."
        (3, (5,), 0, 5, 6),  # "If it rolls a 5 on the D6, it puts 6 SP HDC."
        (1, (5,), 0, 6, 1),  # "An infantry unit with only 1 SP can only put HDC 1 SP,
        (1, (5,), 0, 5, 2),  # or 2 if it scores its Destruction Factor."
        (2, (), 0, 5, 0),  # a foot archer "must therefore always score 6+"
        (2, (4, 5), 0, 4, 4),  # falx and artillery: "4 and 5 both"
        (3, (5,), 1, 5, 3),  # a bonus never makes the double easier: 5 + 1 = 6 is a plain hit
    ],
)
def test_t3_one_die_per_unit_applies_to_each_sp_and_the_df_must_match_exactly(sp, destruction, bonus, roll, inflicted):
    """10.1 (L490-495): the D6 applies for each SP; the DF doubles only on an exact match of D6 plus bonuses."""
    firer = Unit("legion", Kind.INFANTRY, sp, destruction=destruction)
    dice = EnteredDice([roll])
    assert roll_unit(firer, bonus, Destruction.DOUBLES, dice, Working(), who="Roman") == inflicted


# ---- T4 and T14: HDC markers (10.2, L502) and counter change (1.2, L107) --------------------------------------


def markers(sp, count):
    state = Unit("unit", Kind.INFANTRY, sp)
    for _ in range(count):
        state, _ = one_loss(state)
    return state.sp, state.hdc


@pytest.mark.parametrize(
    "sp, count, state",
    [
        (1, 1, (1, 1)),  # "it is Out of Action"
        (1, 2, (0, 0)),  # "it is eliminated"
        (2, 4, (0, 0)),  # "it is eliminated"
        (2, 2, (2, 2)),  # "leave the 2 HDC markers and have the unit entirely out of action"
        (2, 3, (1, 1)),  # "flip it to its reduced side, and the remaining 1 SP is HDC"
    ],
)
def test_t4_hdc_markers_on_a_unit(sp, count, state):
    """10.2 (L502): a second HDC on an SP eliminates it."""
    assert markers(sp, count) == state


def test_t4_and_t14_two_hdc_may_become_one_sp_eliminated():
    """10.2 (L502): a 2 SP unit with 2 HDC may "flip it to its reverse side (eliminating 1 SP and removing the 2
    HDC markers)"; 1.2 (L107): "a 2 SP infantry unit which suffers a loss is replaced by a 1 SP unit"."""
    flipped, pairs = convert_pairs(Unit("unit", Kind.INFANTRY, 2, hdc=2))
    assert (flipped.sp, flipped.hdc, flipped.good, pairs) == (1, 0, 1, 1)


# ---- T5 and T6: allocation (10.3, L504; 10.4, L506) --------------------------------------------------------


def test_t5_three_pursuit_losses_put_at_least_two_infantry_sp_hdc():
    """10.3 (L504): "during a pursuit a player suffers 3 SP out of action, he will therefore have to put at
    least 2 infantry SP HDC"."""
    units = (Unit("Ala", Kind.CAVALRY, 3, rank=Rank.BARBARIAN), Unit("Band", Kind.INFANTRY, 3, rank=Rank.BARBARIAN))
    working = Working()
    left, _ = allocate(units, 3, working, who="loser", mandatory=PURSUIT_LOSSES, order=("Ala", "Band"))
    assert left[1].hdc >= 2 and left[0].hdc + left[1].hdc == 3
    assert "loser must take 2 of 3 losses from infantry (50%, rounded up)" in [line.text for line in working.lines]


def test_t6_roman_blood_yields_to_the_pursuit_s_infantry_half():
    """10.4 (L506): auxiliaries before legions, "So if you have only cavalry and legions and are subject to a
    pursuit, 50% of the losses will have to come from your legions"."""
    units = (Unit("Legio", Kind.INFANTRY, 3, rank=Rank.LEGION), Unit("Ala", Kind.CAVALRY, 3))
    left, _ = allocate(units, 4, Working(), who="Roman", mandatory=PURSUIT_LOSSES)
    assert (left[0].hdc, left[1].hdc) == (2, 2)
    left, _ = allocate(units, 4, Working(), who="Roman")
    assert (left[0].hdc, left[1].sp) == (0, 2)  # with no pursuit, the auxiliaries take all four first


# ---- T7: command limit (9.11.2, L482) ----------------------------------------------------------------------


def t7_army():
    heavy = [unit(f"Heavy {i}", sp=3, heavy=True, rank="barbarian") for i in (1, 2)]
    cavalry = [unit(f"Horse {i}", "cavalry", 3, rank="barbarian", in_command=i <= 2) for i in (1, 2)]
    rest = [
        unit("Heavy 3", sp=3, heavy=True, rank="barbarian", in_command=False),
        unit("Band 1", sp=3, rank="barbarian", in_command=False),
        unit("Band 2", sp=2, rank="barbarian", in_command=False),
    ]
    return {
        "people": "dacian",
        "tactic": "frontal_attack",
        "units": heavy + cavalry + rest,
        "leaders": [{"name": "Chief", "strategic": 12, "attached_to": "Heavy 1"}],
    }


ROMANS = {"people": "roman", "tactic": "general_attack", "units": [unit(f"Cohort {i}", sp=2) for i in range(1, 6)]}


def test_t7_twelve_commanded_sp_get_the_tactic_the_other_eight_hit_only_on_six():
    """9.11.2 (L482): a leader with 20 SP and Strategic Value 12 commands 6 SP of heavy infantry and 6 of
    cavalry under Frontal Attack: the heavy infantry have +1; the other 8 SP, heavy infantry among them, get no
    +1 and hit only on 6+, their DF ignored. Here the uncommanded Heavy 3 rolls a 5: no +1, no double, no hit."""
    dice = [1] * 5 + [4, 4, 1, 1, 5, 1, 1] + [1] * 12
    result = run("battle", {"attacker": ROMANS, "defender": t7_army(), "truce_after_phase": 3}, dice)
    steps = texts(result, "step")
    assert "defender (dacian) Heavy 1: 4 +1 = 5 = its Destruction Factor, DF doubles: doubled × 3 SP = 6 HDC" in steps
    assert "defender (dacian) Heavy 2: 4 +1 = 5 = its Destruction Factor, DF doubles: doubled × 3 SP = 6 HDC" in steps
    assert "defender (dacian) Heavy 3: 5 = 5, DF ignored: no hit × 3 SP = 0 HDC" in steps


def test_t7_more_sp_in_command_than_the_strategic_value_is_refused():
    army = t7_army()
    army["units"][4] = {**army["units"][4], "in_command": True}
    with pytest.raises(RulesError, match="15 SP are marked in command, but Chief's Strategic Value is 12"):
        run("battle", {"attacker": ROMANS, "defender": army}, [])


# ---- T8 and T9: moving armies (5.1.1 L197; 5.1.2 L199) --------------------------------------------------------


def test_t8_a_leader_moving_two_mp_leaves_his_infantry_behind():
    """5.1.1 (L197): "the leader could move 4 MP, the infantry only 1 MP. If the leader uses more than 1 MP, he
    will leave the infantry behind"; each further activation's attrition is 1 worse ("already moved")."""
    case = {"leader": "Legate", "strategic": 6, "mp": 2, "units": [{"name": "Cohort", "kind": "infantry", "sp": 2}]}
    assert run("army_move", case).outcome["left_behind"] == ["Cohort"]
    assert run("army_move", {**case, "mp": 1}).outcome["left_behind"] == []
    with pytest.raises(RulesError, match="at most 4 a season"):
        run("army_move", {**case, "mp": 2, "leader_mp_used": 3})
    third = run("attrition", {"side": "roman", "season": "summer", "sp": 2, "moves_before": 2}, [6])
    assert ("a unit has already moved 2 time(s) this season", -2) in [
        (line.text, line.value) for line in third.working if line.kind == "modifier"
    ]


def test_t9_two_armies_together_cost_two_ap_and_roll_one_combined_attrition():
    """5.1.2 (L199): moving together costs 1 AP per army and "Attrition calculation is based upon all of the units
    which took part in the move"; alone, the first army "would move for 1 AP and suffer a lesser attrition"."""
    case = {
        "leader": "Legate",
        "strategic": 8,
        "mp": 1,
        "armies": 2,
        "units": [{"name": "Legio", "kind": "infantry", "sp": 3}, {"name": "Ala", "kind": "cavalry", "sp": 3}],
    }
    assert run("army_move", case).outcome["ap"] == 2
    together = run("attrition", {"side": "roman", "season": "summer", "sp": 16}, [2])
    alone = run("attrition", {"side": "roman", "season": "summer", "sp": 8}, [2])
    assert (together.outcome["hdc"], alone.outcome["hdc"]) == (1, 0)


# ---- T10 and T11: fleets (5.2.3 L230; 5.2.2 L224) -----------------------------------------------------------


def test_t10_a_fleet_that_embarks_outside_a_city_and_debarks_in_one_uses_four_mp():
    """5.2.3 (L230): plains 1 MP, embark 2 MP, a city 1 MP, debark "() MP" (0, a typo) = 4 MP."""
    steps = [{"step": "move"}, {"step": "embark"}, {"step": "move"}, {"step": "debark", "in_city": True}]
    result = run("fleet_move", {"steps": steps, "fleet_sp": 1, "carried_sp": 10})
    assert result.outcome == {"mp": 4, "mp_left": 0}
    with pytest.raises(RulesError, match="carry at most 10 land SP"):
        run("fleet_move", {"steps": steps, "fleet_sp": 1, "carried_sp": 11})


def test_t11_four_river_regions_are_four_mp_and_a_fifth_is_too_far():
    """5.2.2 (L224, translator's note): Lauracium-Vindobona-Carnutum-Brigetio-Aquincum is four MP; Aquincum to
    Singidunum is four too, Mursa not bordering the river. The map is Control's: the steps are the links."""
    assert run("fleet_move", {"steps": [{"step": "move"}] * 4, "fleet_sp": 1}).outcome["mp"] == 4
    with pytest.raises(RulesError, match="the move costs 5 MP"):
        run("fleet_move", {"steps": [{"step": "move"}] * 5, "fleet_sp": 1})


# ---- T12: battle type (8.1, L299) ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "attacker, defender, inside, kind",
    [
        (10, 1, False, "crushing"),  # L299 "for example 10 SP vs 1 SP"
        (9, 1, False, "skirmish"),
        (10, 10, False, "pitched"),
        (12, 9, False, "skirmish"),
        (100, 10, False, "crushing"),
        (30, 2, True, "skirmish"),  # "A unit in an inhabited region cannot be crushed."
    ],
)
def test_t12_battle_type(attacker, defender, inside, kind):
    """8.1 and the translator's note (L299): a battle both a skirmish and a crushing is a crushing."""
    case = {"attacker_sp": attacker, "defender_sp": defender, "defender_in_inhabited_region": inside}
    assert run("battle_type", case).outcome["type"] == kind


# ---- T13: arrival region (5.1, L183) ------------------------------------------------------------------------


def test_t13_two_northernmost_regions_let_the_opponent_choose():
    """5.1 (L183): "If the result is impossible (two northernmost regions for example), the opponent chooses"."""
    result = run("arrival_region", {"regions": 3, "tied": ["northernmost"]}, [2])
    assert result.outcome == {"chooser": "opponent", "region": None}
    assert run("arrival_region", {"regions": 3}, [4]).outcome == {"chooser": None, "region": "southernmost"}


# ---- T15: leader notation (SN0.2, L650) ---------------------------------------------------------------------


def test_t15_legate_12_plus_1_is_strategic_12_tactical_1():
    """SN0.2 (L650): "Legate (12, +1). This is a leader with a strategic value of 12 and a Tactical Bonus of +1."""
    assert run("leader_notation", {"notation": "Legate (12, +1)"}).outcome == {
        "name": "Legate",
        "strategic": 12,
        "tactical": 1,
    }
    quietus = run("leader_notation", {"notation": "Lusius Quietus (14, +1(+2))"}).outcome
    assert (quietus["tactical"], quietus["tactical_with_moorish_cavalry"]) == (1, 2)


# ---- T16: solitaire event occurrence (Domitian's Reign, L1074) ------------------------------------------------


@pytest.mark.parametrize(
    "roll, in_rome, occurs", [(5, False, True), (4, False, False), (5, True, False), (6, True, True)]
)
def test_t16_a_5_plus_event_needs_a_6_when_domitian_is_in_rome(roll, in_rome, occurs):
    """Domitian's Reign (L1074): "A historical event noted as 5+ occurs if you roll 5 or 6 … If Domitian is in
    Rome and this event is not beneficial to him, the die roll result would have to be a 6"."""
    case = {"event": "Dominus", "occurs_on": 5, "domitian_in_rome": in_rome}
    assert run("historical_event", case, [roll]).outcome["occurs"] is occurs


# ---- T17: the Phase 4 table (8.2, L326-332) -----------------------------------------------------------------


def test_t17_phase_4_table_has_three_destructions_and_one_truce():
    """8.2 Phase 4 Table (L326-332)."""
    found = {
        (winner, loser): PHASE_4_TABLE.lookup(winner, column=loser)
        for winner in PHASE_4_TABLE.rows
        for loser in PHASE_4_TABLE.rows[winner]
    }
    assert {pair for pair, result in found.items() if result == LD} == {
        ("frontal_attack", "general_attack"),
        ("general_attack", "dissuasion"),
        ("envelopment", "frontal_attack"),
    }
    assert [pair for pair, result in found.items() if result == TT] == [("dissuasion", "dissuasion")]
    assert len(found) == 16 and sum(result == P for result in found.values()) == 12
