"""The odds of a land (15.4) and a naval (12.4) combat, every face of the attacker's die counted: the rulebook's
vectors (DV-16's held die, TV-17's columns, TV-19's fleets lost), every face read exactly as the resolver reads it,
and a seeded simulation of the resolver as the cross-check. Rows the rulebook does not print are the event's: each
test names the table it plays as Control entered it."""

import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.combat import land_combat
from umpire.rules.imperium_romanum.combat_input import Kind, LandCombatInput, LandUnit, Side
from umpire.rules.imperium_romanum.combat_odds import (
    land_combat_odds,
    land_rows_wanted,
    naval_combat_odds,
    naval_rows_wanted,
)
from umpire.rules.imperium_romanum.common import Cer
from umpire.rules.imperium_romanum.land_crt import COLUMNS, CrtRow, StandardCrtRow, Table
from umpire.rules.imperium_romanum.naval import NAVAL_COLUMNS, NavalCombatInput, NcrtRow, Squadron, naval_combat

# DV-16 (15.4; the Optional table's note L1030): 15 class C against 10 class A with a +2 leader in rough: -2 -2 -1.
DV_16 = LandCombatInput(Side((LandUnit(15, cer=Cer.C),)), Side((LandUnit(10, cer=Cer.A),), leader=2), rough=True)
# The rows of the 3:2 column an event's Control entered (the rulebook prints only row -2 whole).
EVENTS_3_2 = (CrtRow(-1, at_3_2="hE/½A"), CrtRow(0, at_3_2="hE/¼A"), CrtRow(1, at_3_2="N/N"))
# TV-19 (the Naval table's note): "The number is 2. The player has 15 fleets ... He loses 6 fleets." 15 class C
# fleets (270) against 8 with a +3 leader (144): 3:2, modified -3 -1. Rows -3, -2 and 2 are an event's.
TV_19 = NavalCombatInput(
    Squadron(15, cer=Cer.C),
    Squadron(8, leader=3),
    ncrt=(NcrtRow(-3, at_3_2="2/-"), NcrtRow(-2, at_3_2="2/-"), NcrtRow(2, at_3_2="-/1")),
)


def rows(result):
    return [
        (row["row"], row["faces"], row["chance"], row["result"], row["attacker_loses"], row["defender_loses"])
        for row in result.outcome["rows"]
    ]


def test_dv_16_every_face_held_and_read_on_its_row():
    result = land_combat_odds(replace(DV_16, crt=EVENTS_3_2), EnteredDice([]))
    outcome = result.outcome
    assert (outcome["attack"], outcome["defence"], outcome["column"], outcome["modifier"]) == (15, 10, "3:2", -5)
    assert rows(result) == [
        (-2, [1, 2, 3], "1/2", "E/¼A", 15, 3),  # the printed row: ¼ of 15 rounded down for the defender
        (-1, [4], "1/6", "hE/½A", 8, 4),
        (0, [5], "1/6", "hE/¼A", 8, 2),
        (1, [6], "1/6", "N/N", 0, 0),
    ]
    assert [row["winner"] for row in outcome["rows"]] == ["defender", "defender", "defender", "neither"]
    assert outcome["winner"] == {"attacker": "0", "defender": "5/6", "neither": "1/6"}
    assert outcome["expected_losses"] == {"attacker": "61/6", "defender": "5/2"}
    assert outcome["verdict"] == (
        "The attacker wins on 0 of the 6 faces (0.0%), the defender on 5 of the 6 faces (83.3%), neither on 1 of "
        "the 6 faces (16.7%). Strength points lost on average: the attacker 10 1/6, the defender 2 1/2."
    )
    texts = [line.text for line in result.working]
    assert "Faces 1 to 3, 3 in 6, modified by -5: die-roll -2 (-4 to -2, treated as -2)" in texts
    assert "Face 6, 1 in 6, modified by -5: die-roll 1" in texts
    assert result.dice == ()


def test_dv_16_a_die_held_at_minus_2_on_every_face_reads_only_the_printed_row_and_is_certain():
    """Class C against A -2, leaders +0 against +3, rough -1, morale 50 below -1, missile inferiority -1: -8."""
    case = LandCombatInput(
        Side((LandUnit(20, cer=Cer.C),), morale=50),
        Side((LandUnit(10, Kind.MISSILE_INFANTRY, Cer.A),), leader=3, morale=100),
        rough=True,
        missile_bonus=True,
    )
    outcome = land_combat_odds(case, EnteredDice([])).outcome
    assert (outcome["column"], outcome["modifier"]) == ("2:1", -8)
    assert [
        (r["row"], r["chance"], r["result"], r["attacker_loses"], r["defender_loses"]) for r in outcome["rows"]
    ] == [(-2, "1", "hE/¼A", 10, 2)]
    assert outcome["winner"] == {"attacker": "0", "defender": "1", "neither": "0"}


@pytest.mark.parametrize("attack, defence, expected", [(18, 5, "3:1"), (18, 7, "2:1")])
def test_tv_17_a_column_the_rulebook_does_not_print_stops_naming_every_row_the_die_reaches(attack, defence, expected):
    """15.4 L688: "18:5 = 3:1; 18:7 = 2:1"; with no modifier the die reaches rows 1 to 6, all Control's."""
    case = LandCombatInput(Side((LandUnit(attack),)), Side((LandUnit(defence),)), crt=(CrtRow(3, at_3_1="N/N"),))
    with pytest.raises(RulesError) as refused:
        land_combat_odds(case, EnteredDice([]))
    rolls = "1, 2, 4, 5, 6" if expected == "3:1" else "1, 2, 3, 4, 5, 6"
    assert (refused.value.field, refused.value.message) == (
        "crt",
        f"the Optional Land Combat Results Table has no result for die-rolls {rolls} at {expected}, which the die "
        "can reach: Control enters them on the data tables page",
    )


def test_the_standard_table_is_read_from_its_own_rows_and_named_when_empty():
    case = LandCombatInput(
        Side((LandUnit(10),)), Side((LandUnit(10),)), table=Table.STANDARD, crt=(CrtRow(1, at_1_1="N/N"),)
    )
    assert land_rows_wanted(case) == ("standard_crt", (1, 2, 3, 4, 5, 6))
    with pytest.raises(RulesError, match="the standard Land Combat Results Table has no result for die-rolls 1, 2"):
        land_combat_odds(case, EnteredDice([]))
    full = tuple(StandardCrtRow(roll, at_1_1="hE/A") for roll in range(1, 7))
    outcome = land_combat_odds(replace(case, standard_crt=full), EnteredDice([])).outcome
    assert outcome["winner"] == {"attacker": "0", "defender": "0", "neither": "1"}
    assert outcome["expected_losses"] == {"attacker": "5", "defender": "5"}


def test_tv_19_fifteen_fleets_lose_six_on_a_2_in_the_odds():
    result = naval_combat_odds(TV_19, EnteredDice([]))
    outcome = result.outcome
    assert (outcome["column"], outcome["modifier"]) == ("3:2", -4)
    assert rows(result) == [
        (-3, [1], "1/6", "2/-", 6, 0),  # 2 for each of 3 full groups of four among 15
        (-2, [2], "1/6", "2/-", 6, 0),
        (-1, [3], "1/6", "1/-", 3, 0),  # the printed rows -1 to 1
        (0, [4], "1/6", "1/-", 3, 0),
        (1, [5], "1/6", "-/-", 0, 0),
        (2, [6], "1/6", "-/1", 0, 2),
    ]
    assert [row["losers"] for row in outcome["rows"]][-2:] == [["attacker", "defender"], ["defender"]]
    assert outcome["loser"] == {"attacker": "2/3", "defender": "1/6", "both": "1/6"}
    assert outcome["expected_losses"] == {"attacker": "3", "defender": "1/3"}
    assert naval_rows_wanted(TV_19) == ("ncrt", (-3, -2, -1, 0, 1, 2))


def test_a_naval_row_the_event_has_not_entered_stops_the_odds_naming_it():
    case = replace(TV_19, ncrt=TV_19.ncrt[:1])
    with pytest.raises(RulesError) as refused:
        naval_combat_odds(case, EnteredDice([]))
    assert refused.value.field == "ncrt"
    assert "the Naval Combat Results Table has no result for die-rolls -2, 2 at 3:2" in refused.value.message


# ---- every face as the resolver reads it, and a seeded simulation of the resolver ------------------------------

CODES = ("E", "hE", "N", "¼A", "½A", "¾A", "A")
DEFENDER_CODES = ("E", "hE", "N", "¼D", "½D", "¾D", "D")
LAND_CELLS = st.tuples(st.sampled_from(("E", "hE", "N")), st.sampled_from(DEFENDER_CODES)) | st.tuples(
    st.sampled_from(CODES), st.sampled_from(("E", "hE", "N"))
)


def full_table(draw):
    """A whole Optional table as an event's Control might enter it, every cell filled."""
    return tuple(
        CrtRow(roll, **{f"at_{a}_{d}": "/".join(draw(LAND_CELLS)) for a, d in COLUMNS}) for roll in range(-1, 10)
    )


@st.composite
def land_cases(draw):
    side = st.builds(
        lambda strengths, cer, leader, morale: Side(
            tuple(LandUnit(s, cer=cer) for s in strengths), leader=leader, morale=morale
        ),
        st.lists(st.integers(1, 30), min_size=1, max_size=3),
        st.sampled_from(Cer),
        st.integers(0, 3),
        st.sampled_from((None, 50, 100, 150)),
    )
    return LandCombatInput(
        draw(side),
        draw(side),
        rough=draw(st.booleans()),
        he_as_e=draw(st.booleans()),
        loser_can_retreat=draw(st.booleans()),
        crt=full_table(draw),
    )


@given(land_cases())
def test_every_face_of_a_land_combat_is_the_row_the_resolver_gives(case):
    outcome = land_combat_odds(case, EnteredDice([])).outcome
    assert sum(Fraction(row["chance"]) for row in outcome["rows"]) == 1
    assert sum(Fraction(chance) for chance in outcome["winner"].values()) == 1
    by_face = {face: row for row in outcome["rows"] for face in row["faces"]}
    for face in range(1, 7):
        fought = land_combat(case, EnteredDice([face])).outcome
        row = by_face[face]
        assert (row["row"], row["result"], row["attacker_loses"], row["defender_loses"], row["winner"]) == (
            fought["roll"],
            fought["result"],
            fought["attacker_loses"],
            fought["defender_loses"],
            fought["winner"],
        )


@st.composite
def naval_cases(draw):
    squadron = st.builds(
        Squadron,
        st.integers(1, 20),
        st.integers(0, 40),
        st.integers(0, 40),
        st.integers(0, 3),
        st.sampled_from(Cer),
        st.sampled_from((None, 50, 100, 150)),
    )
    cells = st.tuples(st.sampled_from(("-", "1", "2", "3")), st.sampled_from(("-", "1", "2")))
    table = tuple(
        NcrtRow(roll, **{f"at_{a}_{d}": "/".join(draw(cells)) for a, d in NAVAL_COLUMNS}) for roll in range(-6, 13)
    )
    return NavalCombatInput(draw(squadron), draw(squadron), ncrt=table)


@given(naval_cases())
def test_every_face_of_a_naval_combat_is_the_row_the_resolver_gives(case):
    outcome = naval_combat_odds(case, EnteredDice([])).outcome
    assert sum(Fraction(chance) for chance in outcome["loser"].values()) == 1
    by_face = {face: row for row in outcome["rows"] for face in row["faces"]}
    for face in range(1, 7):
        fought = naval_combat(case, EnteredDice([face])).outcome
        row = by_face[face]
        assert (row["row"], row["result"], row["attacker_loses"], row["defender_loses"], row["losers"]) == (
            fought["roll"],
            fought["result"],
            fought["attacker_loses"],
            fought["defender_loses"],
            fought["losers"],
        )


def within_five_standard_errors(seen: Counter, chances: dict, n: int) -> None:
    """Each share of n combats fought with seeded dice is within 5·sqrt(p(1-p)/n) of its exact chance (a gap that
    size comes by chance about once in 1.7 million), and nothing was fought that the odds do not count."""
    assert set(seen) <= set(chances)
    for key, chance in chances.items():
        p = float(chance)
        assert abs(seen[key] / n - p) <= 5 * math.sqrt(p * (1 - p) / n) + 1e-12, key


def test_the_odds_of_dv_16_agree_with_6000_combats_fought_on_seeded_dice():
    case = replace(DV_16, crt=EVENTS_3_2)
    outcome = land_combat_odds(case, EnteredDice([])).outcome
    dice, seen, n = SeededDice(34), Counter(), 6000
    for _ in range(n):
        fought = land_combat(case, dice).outcome
        seen[fought["roll"], fought["attacker_loses"], fought["defender_loses"], fought["winner"]] += 1
        dice.rolls.clear()
    chances = {
        (row["row"], row["attacker_loses"], row["defender_loses"], row["winner"]): Fraction(row["chance"])
        for row in outcome["rows"]
    }
    within_five_standard_errors(seen, chances, n)
    mean = sum(key[1] * count for key, count in seen.items()) / n
    assert abs(mean - float(Fraction(outcome["expected_losses"]["attacker"]))) <= 5 * 15 / math.sqrt(n)


def test_the_odds_of_tv_19_agree_with_6000_naval_combats_fought_on_seeded_dice():
    outcome = naval_combat_odds(TV_19, EnteredDice([])).outcome
    dice, seen, n = SeededDice(12), Counter(), 6000
    for _ in range(n):
        fought = naval_combat(TV_19, dice).outcome
        seen[fought["roll"], fought["attacker_loses"], fought["defender_loses"]] += 1
        dice.rolls.clear()
    chances = {
        (row["row"], row["attacker_loses"], row["defender_loses"]): Fraction(row["chance"]) for row in outcome["rows"]
    }
    within_five_standard_errors(seen, chances, n)
