"""15.4 Combat Procedure: strengths, the odds floored in the defender's favour (2.1), the clamped die, the Optional
Land Combat Results Table's printed row, and the loss arithmetic; with the text's examples 18:5 and 18:7, the fleets'
quarter (12.6, 12.65) and "Losing a 4-12 in a city does not satisfy an 8 point loss" (15.4)."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.combat import land_combat
from umpire.rules.imperium_romanum.combat_input import (
    City,
    CombatOptions,
    Defence,
    Entry,
    Kind,
    LandCombatInput,
    LandUnit,
    PlusTwoNarrowSea,
    Side,
)
from umpire.rules.imperium_romanum.common import Cer, Season
from umpire.rules.imperium_romanum.land_crt import COLUMNS, CrtRow, Party, StandardCrtRow, Table, column
from umpire.rules.working import Working

LEGION = Kind.LEGIONARY_INFANTRY
ALL_N = {f"at_{a}_{d}": "N/N" for a, d in COLUMNS}


def side(*strengths, cer=Cer.B, kind=LEGION, entered=Entry.OVERLAND, in_city=False, **kwargs):
    return Side(tuple(LandUnit(s, kind, cer, entered, in_city) for s in strengths), **kwargs)


def fight(attacker, defender, roll=3, cells=None, row=None, **kwargs):
    """Fight with the natural `roll`; the event's table gives `cells` at `row` (the natural roll unless named)."""
    row = roll if row is None else row
    rows = (CrtRow(row, **(cells or ALL_N)),) if row >= -1 else ()
    return land_combat(LandCombatInput(attacker, defender, crt=rows, **kwargs), EnteredDice([roll]))


def steps(result):
    return [(line.kind, line.text, line.value) for line in result.working]


@pytest.mark.parametrize("attack, defence, expected", [(18, 5, "3:1"), (18, 7, "2:1")])
def test_tv_17_odds_are_rounded_in_the_defenders_favour(attack, defence, expected):
    """15.4 L688: "all rounding off of fractions is done in favor of the defender: thus, 18:5 = 3:1; 18:7 = 2:1"."""
    result = fight(side(attack), side(defence))
    assert result.outcome["column"] == expected
    assert ("step", f"Odds {attack}:{defence}, rounded in the defender's favour: {expected}", expected) in steps(result)


@pytest.mark.parametrize(
    "attack, defence, expected",
    [(1, 4, "1:3"), (9, 1, "4:1"), (2, 3, "2:3"), (5, 4, "5:4"), (4, 5, "4:5"), (3, 2, "3:2"), (1, 2, "1:2")],
)
def test_dv_14_15_columns_and_the_edges(attack, defence, expected):
    """Extraction DV-14 and DV-15 (constructed, not from the text): below 1:3 the 1:3 column, above 4:1 the 4:1."""
    assert fight(side(attack), side(defence)).outcome["column"] == expected


@given(st.integers(1, 400), st.integers(1, 400))
def test_the_column_never_favours_the_attacker(attack, defence):
    """2.1: the column is the greatest not above the true odds (or 1:3 below it)."""
    key = column(attack, defence, Working())
    a, d = map(int, key.split(":"))
    assert Fraction(a, d) <= max(Fraction(attack, defence), Fraction(1, 3))
    assert not any(Fraction(a, d) < Fraction(x, y) <= Fraction(attack, defence) for x, y in COLUMNS)


def test_fractions_the_attackers_halved_strength_is_rounded_down():
    """2.1 and the chart's "Attacks across are halved": 9 across a river is 4 1/2, rounded down to 4 in the
    defender's favour, so 4:3 is 5:4 (4 1/2 : 3 would have been 3:2). Constructed, not from the text."""
    result = fight(side(9, entered=Entry.ACROSS_RIVER), side(3))
    assert result.outcome["attack"] == 4 and result.outcome["column"] == "5:4"


def test_dv_13_an_18_halved_across_a_river_against_3_is_3_to_1():
    """Extraction DV-13 (constructed, not from the text)."""
    assert fight(side(18, entered=Entry.ACROSS_RIVER), side(3)).outcome["column"] == "3:1"


def test_the_printed_row_minus_2_and_the_defenders_loss_rounded_down():
    """The Optional table's row -2 at 3:2 is "E/¼A" (L1027). A class C attacker against class A (-2) in a rough hex
    (-1) rolls 1: row -2. The attacker loses his 15; the defender a quarter of 15, 3 3/4, rounded down to 3 in the
    defender's favour (2.1). The defender lost fewer and wins; morale +2 and -2. Constructed, not from the text."""
    result = fight(side(15, cer=Cer.C), side(10, cer=Cer.A), roll=1, rough=True)
    assert result.outcome == {
        "attack": 15,
        "defence": 10,
        "column": "3:2",
        "roll": -2,
        "result": "E/¼A",
        "attacker_loses": 15,
        "defender_loses": 3,
        "winner": "defender",
        "morale": {"defender": 2, "attacker": -2},
    }
    assert ("modifier", "Attacker class C against defender class A", -2) in steps(result)
    assert ("modifier", "Rough hex", -1) in steps(result)
    assert ("table", "Optional Land Combat Results Table: -2, 3:2", "E/¼A") in steps(result)


def test_he_is_half_rounded_up_and_can_be_played_as_e():
    """Row -2 at 2:1 is "hE/¼A": 21 attacking lose 11 (half, "round fractions up"); the defender a quarter of 11,
    2 3/4, rounded down to 2. With the optional rule, hE is E: 21 and 5."""
    case = dict(roll=1, rough=True)
    result = fight(side(21, cer=Cer.C), side(10, cer=Cer.A), **case)
    assert (result.outcome["attacker_loses"], result.outcome["defender_loses"]) == (11, 2)
    harsh = fight(side(21, cer=Cer.C), side(10, cer=Cer.A), he_as_e=True, **case)
    assert (harsh.outcome["attacker_loses"], harsh.outcome["defender_loses"]) == (21, 5)


def test_fractions_the_attackers_relative_loss_is_rounded_up():
    """2.1 in combat: the attacker's ½D of a defender's 9 lost is 4 1/2, rounded up to 5 (constructed)."""
    result = fight(side(30), side(9), cells={**ALL_N, "at_3_1": "½D/E"})
    assert (result.outcome["attacker_loses"], result.outcome["defender_loses"]) == (5, 9)
    assert result.outcome["winner"] == "attacker"


def test_dv_16_the_modified_roll_is_held_between_minus_2_and_9():
    """Extraction DV-16 (constructed, not from the text): -4 is treated as -2, 11 as 9."""
    low = fight(side(15, cer=Cer.C), Side(side(10, cer=Cer.A).units, leader=2), roll=1, rough=True)
    assert low.outcome["roll"] == -2
    high = land_combat(
        LandCombatInput(Side(side(10, cer=Cer.A).units, leader=3), side(10, cer=Cer.C), crt=(CrtRow(9, **ALL_N),)),
        EnteredDice([6]),
    )
    assert high.outcome["roll"] == 9
    assert ("step", "Die-roll 6 modified to 11, treated as 9", 9) in steps(high)


def test_an_empty_cell_stops_naming_it():
    with pytest.raises(RulesError, match="has no result for die-roll 3 at 1:1: Control enters it"):
        land_combat(LandCombatInput(side(10), side(10)), EnteredDice([3]))
    with pytest.raises(RulesError, match="standard Land Combat Results Table has no result for die-roll -2"):
        land_combat(
            LandCombatInput(side(15, cer=Cer.C), side(10, cer=Cer.A), rough=True, table=Table.STANDARD),
            EnteredDice([1]),
        )
    done = land_combat(
        LandCombatInput(side(10), side(10), table=Table.STANDARD, standard_crt=(StandardCrtRow(3, at_1_1="N/N"),)),
        EnteredDice([3]),
    )
    assert done.outcome["result"] == "N/N" and done.outcome["winner"] == "neither"


def test_tv_12_fleets_count_a_quarter_summed_first():
    """12.6 L562: "The land combat strength of an 18-30 fleet is 4; of two 18-30 fleets, 9"."""
    assert fight(Side(fleets=18), side(1)).outcome["attack"] == 4
    assert fight(Side(fleets=36), side(1)).outcome["attack"] == 9


def test_tv_13_a_36_30_fleet_satisfies_only_9_points_of_loss():
    """12.65 L576: "eliminating a 36-30 fleet satisfies only a 9 point land combat loss, not 36 points"."""
    result = fight(side(40), Side(fleets=36), cells={**ALL_N, "at_4_1": "N/E"})
    assert result.outcome["defender_loses"] == 9


def test_tv_18_a_4_12_doubled_in_a_besieged_city_loses_only_4():
    """15.4 L699: "Losing a 4-12 in a city does not satisfy an 8 point loss": doubled to 8 for the odds (with the
    city's defence, here 0), it counts 4 when lost."""
    result = fight(
        side(16),
        side(4, kind=Kind.LIGHT_INFANTRY, in_city=True),
        defence=Defence.SIEGE_ASSAULT,
        city=City("Mutina", defence=0),
        cells={**ALL_N, "at_2_1": "N/E"},
    )
    assert result.outcome["defence"] == 8 and result.outcome["column"] == "2:1"
    assert result.outcome["defender_loses"] == 4


def test_dv_18_barbarians_assaulting_a_city_face_triple_defenders_and_its_defence():
    """15.221 L658 and extraction DV-18 (constructed): 20 besieged infantry ×3 = 60, plus the city's defence 3;
    the city's defence missing stops the procedure, naming the table."""
    case = dict(defence=Defence.SIEGE_ASSAULT, barbarians_or_parthians=True)
    result = fight(side(200), side(20, in_city=True), city=City("Aquileia", defence=3), **case)
    assert result.outcome["defence"] == 63
    roman = fight(side(200), side(20, in_city=True), city=City("Aquileia", defence=3), defence=Defence.SIEGE_ASSAULT)
    assert roman.outcome["defence"] == 43
    with pytest.raises(RulesError, match="Unified Tax-Rate Defense Strength Table has no defence for 'Aquileia'"):
        fight(side(200), side(20, in_city=True), city=City("Aquileia"), **case)


def test_besieged_cavalry_is_not_multiplied_unless_the_reading_says_so():
    """15.221 "doubled (except cavalry)"; tripling's cavalry is AMB-41 (constructed)."""
    horse = LandUnit(6, Kind.LIGHT_CAVALRY, Cer.B, in_city=True)
    defender = Side((LandUnit(20, LEGION, Cer.B, in_city=True), horse))
    city = City("Antiochia", defence=2)
    base = dict(defence=Defence.SIEGE_ASSAULT, city=city, tripling_province=True)
    assert fight(side(200), defender, **base).outcome["defence"] == 20 * 3 + 6 + 2
    tripled = fight(side(200), defender, options=CombatOptions(cavalry_tripled=True), **base)
    assert tripled.outcome["defence"] == 26 * 3 + 2


def test_cavalry_assaulting_a_city_is_halved_rounded_up():
    """15.223: 5 cavalry assaulting is 3 (half, rounded up, as the rule says against 2.1)."""
    result = fight(
        side(5, kind=Kind.HEAVY_CAVALRY),
        side(2, in_city=True),
        defence=Defence.SIEGE_ASSAULT,
        city=City("Roma", defence=0),
    )
    assert result.outcome["attack"] == 3


def test_plus_2_narrow_seas_a_third_or_half():
    """13.1 against 15.13 (AMB-18): 12 infantry across a "+2" narrow sea count 4, or 6 by 15.13."""
    assert fight(side(12, entered=Entry.ACROSS_PLUS_2_NARROW_SEA), side(1)).outcome["attack"] == 4
    half = fight(
        side(12, entered=Entry.ACROSS_PLUS_2_NARROW_SEA),
        side(1),
        options=CombatOptions(plus_2_narrow_sea=PlusTwoNarrowSea.HALF),
    )
    assert half.outcome["attack"] == 6


def test_winter_halves_attacking_cavalry():
    assert fight(side(15, kind=Kind.HEAVY_CAVALRY), side(1), season=Season.WINTER).outcome["attack"] == 7


@pytest.mark.parametrize("attacker, defender, expected", [(150, 100, 4), (100, 149, 3), (100, 150, 2)])
def test_dv_07_morale_fifty_apart(attacker, defender, expected):
    """11.1 and extraction DV-07 (constructed): +1 at 150 against 100; nothing at 100 against 149."""
    result = fight(Side(side(10).units, morale=attacker), Side(side(10).units, morale=defender), roll=3, row=expected)
    assert result.outcome["roll"] == expected


def test_missile_and_cavalry_bonuses_cannot_together_make_2():
    """15.31-15.32: each +1 at twice the defender's points; together at most 1 (constructed)."""
    attacker = Side((LandUnit(10, Kind.MISSILE_INFANTRY), LandUnit(10, Kind.LIGHT_CAVALRY)))
    defender = Side((LandUnit(20, LEGION),))
    result = fight(attacker, defender, roll=3, row=4, missile_bonus=True, cavalry_bonus=True)
    assert result.outcome["roll"] == 4
    assert ("modifier", "The two bonuses cannot together change the roll by 2", 1) in steps(result)


def test_rough_terrain_is_not_applied_to_a_siege_assault():
    result = fight(
        side(30), side(10, in_city=True), defence=Defence.SIEGE_ASSAULT, city=City("Sirmium", defence=0), rough=True
    )
    assert result.outcome["roll"] == 3


def test_a_loser_that_cannot_retreat_loses_half_its_remaining_points():
    """15.41: "at least half of the remaining strength points are eliminated": N/N with the attacker named the
    winner (the lost boldface), the defender cannot retreat and loses half his 10 (constructed)."""
    result = fight(side(30), side(10), winner=Party.ATTACKER, loser_can_retreat=False)
    assert result.outcome["defender_loses"] == 5
    assert result.outcome["winner"] == "attacker"


@pytest.mark.parametrize("cell", ["E/", "/E", "N/", "/"])
def test_an_event_table_cell_with_one_half_empty_is_refused_not_read_as_a_whole_force(cell):
    """A Land Combat Results Table cell names both sides' losses, the attacker's/the defender's: "E/" was once read
    as "E/A", the defender losing as much as the attacker, since an empty half passed for a bare "A" or "D"."""
    with pytest.raises(RulesError, match="is not a result such as"):
        fight(side(10), side(10), cells={**ALL_N, "at_1_1": cell})
