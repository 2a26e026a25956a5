"""6.1 Assault on a City (P12) and 6.2 Siege (P13): Examples 11 and 12, the early-surrender vector,
the readings, and the invariants."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas import siege
from umpire.rules.hannibal_barkas.cities import CityCard
from umpire.rules.hannibal_barkas.siege import (
    SIEGE_TRACK_FLAGS_GIVEN,
    AssaultInput,
    AssaultLength,
    AssaultOptions,
    AssaultVictims,
    DeclareInput,
    FirstAttrition,
    SiegeStageInput,
    SiegeStageOptions,
    SiegeThreshold,
    TrackFlag,
    assault,
    siege_declare,
    siege_stage,
)
from umpire.rules.hannibal_barkas.units import Units, UnitType
from umpire.rules.registry import get_procedure, run_procedure

CITY_3 = CityCard("Bononia", defence=3, vp=3)  # Examples 11 and 12: "The defence level of a city is 3"
HI = UnitType.HEAVY_INFANTRY
LI = UnitType.LIGHT_INFANTRY


def lines(result, *kinds):
    return [(line.kind, line.text, line.value) for line in result.working if line.kind in kinds]


def notes(result):
    return " ".join(line.text for line in result.working if line.kind == "note")


def test_the_siege_track_flag_the_rulebook_gives_is_field_3_at_9():
    assert {field: cell["flag"] for field, cell in SIEGE_TRACK_FLAGS_GIVEN.items()} == {3: 9}
    assert "L585" in SIEGE_TRACK_FLAGS_GIVEN[3]["source"]


# ---- Example 11 ----------------------------------------------------------------------------------

EX11_ATTACKER_DICE = [1, 2, 3, 4, 5] + [10, 10, 10, 10] + [1] * 16  # 5 light, then 20 heavy: four 10s
EX11_DEFENDER_DICE = [10, 7, 8, 3, 2, 1]  # six heavy infantry on 7+: three hits, one a 10


def test_ex11_assault_four_tens_take_four_defenders_and_cost_six_attackers():
    """Example 11 (6.1 L567). The text says "20 infantry units, 5 of them light" and then "rolls dice for
    all 25 infantry units": the engine rolls one die per designated unit, so this test designates 25
    (20 heavy + 5 light), matching the 25 dice; the 20-unit reading is the next test. Four 10s remove 4 of
    the 6 additional defenders (the defender picks them, 6.1's words); the city's level 3 hits 3 times
    automatically and the defenders' 3 hits make 6 attacker losses, 5 picked by the attacker and 1 (the 10)
    by the defender. The card stays on field 3 with 2 defenders and the attacker is besieging."""
    case = AssaultInput(
        CITY_3,
        Units(light_infantry=5, heavy_infantry=20),
        defenders=Units(heavy_infantry=6),
        movement_points_left=1,
        defender_order=(HI,),
    )
    result = assault(case, EnteredDice(EX11_ATTACKER_DICE + EX11_DEFENDER_DICE))
    assert result.outcome == {
        "result": "besieging",
        "level": 3,
        "defenders": Units(heavy_infantry=2).as_dict(),
        "attackers_left": Units(heavy_infantry=19).as_dict(),
        "attackers_lost": 6,
        "defenders_lost": 4,
        "levels_lost": 0,
        "movement_points_left": 0,
    }
    assert len(result.dice) == 31
    assert [roll.purpose for roll in result.dice][:1] == ["assaulting light infantry 1 to hit (10+)"]
    steps = lines(result, "step")
    assert (
        "step",
        "Volley 1, the attacker: 4 hit(s), 4 critical (a 10: Volley 1, the attacker picks the victim)",
        4,
    ) in steps
    assert ("step", "Volley 1: the city's level 3 inflicts 3 automatic hits, not critical", 3) in steps
    assert (
        "step",
        "Volley 1, the additional defenders: 3 hit(s), 1 critical (a 10: Volley 1, the additional "
        "defenders picks the victim)",
        3,
    ) in steps
    assert lines(result, "choice") == (
        [("choice", "the defender picks the defender's heavy infantry to eliminate", "heavy_infantry")] * 4
        + [("choice", "the defender picks the attacker's heavy infantry to eliminate", "heavy_infantry")]
        + [("choice", "the attacker picks the attacker's light infantry to eliminate", "light_infantry")] * 5
    )
    assert ("step", "19 besieging infantry > defence 5: the siege holds", True) in steps
    assert "No Command, no leaders' abilities" in notes(result)
    assert "Reading: the defender picks" in notes(result)


def test_ex11_with_the_stated_20_infantry_ends_the_same_with_14_left():
    """Example 11 read as 20 infantry (15 heavy, 5 light): 20 dice, the same four 10s, the same losses."""
    data = {
        "city": {"name": "Bononia", "defence": 3},
        "assaulting": {"light_infantry": 5, "heavy_infantry": 15},
        "defenders": {"heavy_infantry": 6},
        "movement_points_left": 1,
    }
    dice = [1, 2, 3, 4, 5] + [10, 10, 10, 10] + [1] * 11 + EX11_DEFENDER_DICE
    result = run_procedure("hannibal_barkas.assault", data, EnteredDice(dice))
    assert (result.outcome["attackers_lost"], result.outcome["defenders_lost"]) == (6, 4)
    assert result.outcome["result"] == "besieging" and sum(result.outcome["attackers_left"].values()) == 14


def test_ex11_no_second_assault_without_movement_points():
    """Example 11: "He may undertake another assault attempt in the next turn": 1 MP to enter, 1 to assault."""
    case = AssaultInput(CITY_3, Units(heavy_infantry=20), movement_points_left=0)
    with pytest.raises(RulesError, match="costs 1 movement point") as refusal:
        assault(case, EnteredDice([]))
    assert refusal.value.field == "movement_points_left"


def test_an_assault_breaking_through_the_last_level_captures_the_city():
    """6.1: with no additional defenders each hit lowers the level; at 0 the city is captured. The second
    10 is beyond the walls and wasted; the level's 1 automatic hit still costs the attacker a unit."""
    case = AssaultInput(CITY_3, Units(heavy_infantry=2), level=1)
    result = assault(case, EnteredDice([10, 10]))
    assert result.outcome["result"] == "captured" and result.outcome["level"] == 0
    assert (result.outcome["levels_lost"], result.outcome["attackers_lost"]) == (1, 1)
    assert "1 hits are beyond the walls' level: wasted" in notes(result)


def test_an_assault_of_several_volleys_stops_when_the_city_falls():
    """6.1 (L565), the default reading: "The assault lasts until the city is captured ... or the attacker
    gives up"; the attacker would fight 5 volleys but the city falls in the second."""
    case = AssaultInput(CityCard("Genua", defence=2), Units(heavy_infantry=10), volleys=5)
    dice = [10, 1, 1, 1, 1, 1, 1, 1, 1, 1] + [10, 1, 1, 1, 1, 1, 1, 1]  # level 2 → 1, then → 0
    result = assault(case, EnteredDice(dice))
    assert result.outcome["result"] == "captured"
    assert result.outcome["attackers_lost"] == 2 + 1  # level 2's hits, then level 1's
    assert "Reading: one assault is volleys until the city falls" in notes(result)


def test_the_one_volley_reading_refuses_a_second_volley_for_one_movement_point():
    case = AssaultInput(
        CITY_3, Units(heavy_infantry=10), volleys=2, options=AssaultOptions(length=AssaultLength.ONE_VOLLEY)
    )
    with pytest.raises(RulesError) as refusal:
        assault(case, EnteredDice([]))
    assert refusal.value.field == "volleys"


def test_the_attacker_picks_the_defenders_his_tens_remove_under_the_5_5_reading():
    case = AssaultInput(
        CITY_3,
        Units(heavy_infantry=1),
        defenders=Units(light_infantry=1, heavy_infantry=1),
        attacker_order=(HI,),
        options=AssaultOptions(victims=AssaultVictims.ATTACKER_PICKS),
    )
    result = assault(case, EnteredDice([10, 1, 1]))
    assert result.outcome["defenders"]["heavy_infantry"] == 0 and result.outcome["defenders"]["light_infantry"] == 1
    assert ("choice", "the attacker picks the defender's heavy infantry to eliminate", "heavy_infantry") in lines(
        result, "choice"
    )


def test_cavalry_in_the_city_neither_fights_nor_falls_in_an_assault():
    """6.2 (L597): "Cavalry and elephants cannot be eliminated to satisfy the losses of the besieged
    resulting from a siege or assault. They do not fight when repelling an assault." """
    case = AssaultInput(CITY_3, Units(heavy_infantry=4), defenders=Units(cavalry=2))
    result = assault(case, EnteredDice([10, 10, 1, 1]))  # no defender dice: cavalry do not roll
    assert result.outcome["defenders"]["cavalry"] == 2 and result.outcome["level"] == 1
    assert len(result.dice) == 4


def test_after_an_assault_too_small_an_army_lifts_the_siege():
    case = AssaultInput(CITY_3, Units(heavy_infantry=4), defenders=Units(heavy_infantry=2))
    result = assault(case, EnteredDice([1, 1, 1, 1, 1, 1]))
    assert result.outcome["result"] == "no_siege" and result.outcome["attackers_lost"] == 3


@pytest.mark.parametrize(
    "case, field",
    [
        (AssaultInput(CITY_3, Units(heavy_infantry=3, cavalry=1)), "assaulting"),
        (AssaultInput(CITY_3, Units(heavy_infantry=3), defenders=Units(heavy_infantry=6, cavalry=1)), "defenders"),
        (AssaultInput(CITY_3, Units(heavy_infantry=3), level=4), "level"),
        (AssaultInput(CityCard("Saguntum"), Units(heavy_infantry=3)), "city.defence"),
    ],
)
def test_an_assault_is_refused_naming_the_input(case, field):
    with pytest.raises(RulesError) as refusal:
        assault(case, EnteredDice([]))
    assert refusal.value.field == field


def test_a_missing_defence_level_stops_the_assault_by_name():
    with pytest.raises(
        RulesError, match="the city card of Saguntum: its defence level is not in the rulebook; Control must enter it"
    ):
        run_procedure(
            "hannibal_barkas.assault",
            {"city": {"name": "Saguntum"}, "assaulting": {"heavy_infantry": 5}},
            EnteredDice([]),
        )


# ---- Example 12 ----------------------------------------------------------------------------------


def test_ex12_siege_attrition_takes_the_city_after_five_stages_with_one_besieger_left():
    """Example 12 (6.2 L599): defence 3 with 2 additional infantry, 6 besiegers (they must outnumber 3 + 2).
    The first losses fall in the stage the siege is declared (the default reading), which gives the text's
    "captured after 5 stages" with "one unit remaining". Field 3 bears the 9+ flag and the two rolls made
    there fail; fields 2 and 1 bear none here (the rolls "were unsuccessful")."""
    flags = (TrackFlag(3, 9),)
    state = {"level": 3, "defenders": Units(heavy_infantry=2), "besiegers": Units(heavy_infantry=6)}
    rows, dice = [], EnteredDice([4, 8])
    for stage in range(1, 6):
        result = siege_stage(
            SiegeStageInput(
                CITY_3, state["besiegers"], state["level"], state["defenders"], flags, declared_this_stage=stage == 1
            ),
            dice,
        )
        state = {
            "level": result.outcome["level"],
            "defenders": Units(**result.outcome["defenders"]),
            "besiegers": Units(heavy_infantry=result.outcome["besiegers"]),
        }
        rows.append((state["defenders"].total, state["level"], state["besiegers"].total, result.outcome["result"]))
    assert rows == [
        (1, 3, 5, "continuing"),
        (0, 3, 4, "continuing"),
        (0, 2, 3, "continuing"),
        (0, 1, 2, "continuing"),
        (0, 0, 1, "captured"),
    ]
    assert [roll.value for roll in dice.rolls] == [4, 8] and dice.unused == []


def test_ex12_first_stage_shows_its_working():
    case = SiegeStageInput(
        CITY_3, Units(heavy_infantry=6), 3, Units(heavy_infantry=2), (TrackFlag(3, 9),), declared_this_stage=True
    )
    result = siege_stage(case, EnteredDice([4]))
    assert lines(result, "step", "choice", "modifier", "die") == [
        ("modifier", "Room for additional defenders: 2 × defence level 3", 6),
        ("step", "6 besieging infantry > defence 5: the siege holds", True),
        ("choice", "The defender loses 1 heavy infantry", "heavy_infantry"),
        ("choice", "The besieger loses 1 heavy infantry", "heavy_infantry"),
        ("step", "5 besieging infantry > defence 4: the siege holds", True),
        ("step", "Siege-track field 3: flag 9+", 9),
        ("die", "d10 for early surrender of Bononia (9+)", 4),
        ("step", "Early surrender: 4 < 9", False),
    ]
    assert "first losses in the stage it is declared" in notes(result)


def test_the_next_stage_reading_spares_a_new_siege_its_first_losses():
    case = SiegeStageInput(
        CITY_3,
        Units(heavy_infantry=6),
        3,
        Units(heavy_infantry=2),
        (),
        declared_this_stage=True,
        options=SiegeStageOptions(first_attrition=FirstAttrition.NEXT_STAGE),
    )
    result = siege_stage(case, EnteredDice([]))
    assert (result.outcome["result"], result.outcome["besiegers"], result.outcome["defenders_lost"]) == (
        "continuing",
        6,
        0,
    )


@pytest.mark.parametrize("roll, result", [(9, "surrendered"), (8, "continuing")])
def test_early_surrender_on_field_3_needs_9_or_more(roll, result):
    """Mini-vector, 6.2 (L583-585): card on field 3 (flag 9+), roll 9 surrenders, 8 does not. No flags are
    entered, so the rulebook's field 3 is used."""
    case = SiegeStageInput(CITY_3, Units(light_infantry=6), 3, Units(light_infantry=1))
    outcome = siege_stage(case, EnteredDice([roll])).outcome
    assert outcome["result"] == result and outcome["level"] == 3


def test_a_field_whose_flag_is_not_entered_stops_the_siege_by_name():
    case = SiegeStageInput(CITY_3, Units(heavy_infantry=6), 3)  # no defenders: the card moves to field 2
    with pytest.raises(RulesError, match="field 2 of the siege track: whether it bears a flag") as refusal:
        siege_stage(case, EnteredDice([]))
    assert refusal.value.field == "flags"


def test_cavalry_in_a_besieged_city_die_one_a_stage_besides_the_infantry():
    """6.2 (L597): "besides reducing the defence level of the city or losing an infantry unit ... to
    eliminate additionally one cavalry or elephant unit (the defender's choice)"."""
    case = SiegeStageInput(
        CITY_3,
        Units(heavy_infantry=8),
        3,
        Units(heavy_infantry=1, cavalry=1, elephants=1),
        (),
        defender_order=(UnitType.ELEPHANTS,),
    )
    outcome = siege_stage(case, EnteredDice([])).outcome
    assert outcome["defenders"] == Units(cavalry=1).as_dict() and outcome["defenders_lost"] == 2


@pytest.mark.parametrize(
    "threshold, result", [(SiegeThreshold.LEVEL_AND_DEFENDERS, "broken"), (SiegeThreshold.CURRENT_LEVEL, "continuing")]
)
def test_the_siege_threshold_readings(threshold, result):
    """6.2: L573 counts "the defence level plus the additional defenders" (default); L591 only "the current
    defence level". Four besiegers against field 2 with 2 defenders: 4 is not more than 2 + 2, but is more
    than 2, and after the stage's losses 3 still outnumber the level 2."""
    case = SiegeStageInput(
        CITY_3, Units(heavy_infantry=4), 2, Units(heavy_infantry=2), (), options=SiegeStageOptions(threshold=threshold)
    )
    outcome = siege_stage(case, EnteredDice([])).outcome
    assert outcome["result"] == result


def test_declaring_a_siege_puts_the_card_on_its_defence_level():
    result = siege_declare(DeclareInput(CITY_3, Units(heavy_infantry=6), Units(heavy_infantry=2)), EnteredDice([]))
    assert result.outcome == {
        "level": 3,
        "defenders": Units(heavy_infantry=2).as_dict(),
        "besiegers": 6,
        "movement_points_left": 0,
    }


@pytest.mark.parametrize(
    "case, field",
    [
        (DeclareInput(CITY_3, Units(heavy_infantry=5), Units(heavy_infantry=2)), "besiegers"),
        (DeclareInput(CITY_3, Units(heavy_infantry=9, cavalry=2)), "besiegers"),
        (DeclareInput(CITY_3, Units(heavy_infantry=9), movement_points_left=0), "movement_points_left"),
    ],
)
def test_a_siege_declaration_is_refused_naming_the_input(case, field):
    with pytest.raises(RulesError) as refusal:
        siege_declare(case, EnteredDice([]))
    assert refusal.value.field == field


# ---- invariants ----------------------------------------------------------------------------------


@given(
    st.integers(1, 6),
    st.integers(0, 4),
    st.integers(1, 12),
    st.integers(0, 12),
    st.integers(0, 3),
    st.integers(1, 3),
    st.integers(0, 2**32 - 1),
)
def test_assault_losses_never_exceed_what_is_present(defence, level_drop, light, heavy, cavalry, volleys, seed):
    level = max(1, defence - level_drop)
    defenders = Units(
        heavy_infantry=min(heavy, 2 * defence - min(cavalry, 2 * defence)), cavalry=min(cavalry, 2 * defence)
    )
    case = AssaultInput(
        CityCard("X", defence=defence),
        Units(light_infantry=light, heavy_infantry=heavy + 1),
        level=level,
        defenders=defenders,
        volleys=volleys,
    )
    outcome = assault(case, SeededDice(seed)).outcome
    assert 0 <= outcome["attackers_lost"] <= light + heavy + 1
    assert 0 <= outcome["defenders_lost"] <= defenders.heavy_infantry
    assert outcome["defenders"]["cavalry"] == defenders.cavalry
    assert 0 <= outcome["level"] <= level and (outcome["result"] == "captured") == (outcome["level"] == 0)


@given(
    st.integers(1, 6),
    st.integers(0, 12),
    st.integers(0, 2),
    st.integers(0, 30),
    st.dictionaries(st.integers(1, 6), st.integers(1, 10), max_size=6),
    st.integers(0, 2**32 - 1),
)
def test_a_siege_always_ends_or_stands_with_bounded_tracks(defence, defenders, cavalry, besiegers, flags, seed):
    inside = Units(light_infantry=min(defenders, 2 * defence - cavalry), cavalry=cavalry)
    state = (defence, inside, Units(heavy_infantry=besiegers))
    track = tuple(TrackFlag(field, needs) for field, needs in flags.items())
    dice, result = SeededDice(seed), "continuing"
    for _stage in range(defence + inside.total + 2):
        outcome = siege_stage(
            SiegeStageInput(CityCard("X", defence=defence), state[2], state[0], state[1], track), dice
        ).outcome
        result = outcome["result"]
        assert 0 <= outcome["level"] <= defence and outcome["besiegers"] >= 0
        assert outcome["besiegers_lost"] in (0, 1) and outcome["defenders_lost"] <= 2
        if result != "continuing":
            break
        state = (outcome["level"], Units(**outcome["defenders"]), Units(heavy_infantry=outcome["besiegers"]))
    assert result in ("captured", "broken", "surrendered")


def test_the_siege_procedures_are_registered_with_their_rule():
    for key, source in (
        ("assault", "6.1 Assault on a City"),
        ("siege_declare", "6.2 Siege"),
        ("siege_stage", "6.2 Siege"),
    ):
        proc = get_procedure(f"hannibal_barkas.{key}")
        assert (proc.source, proc.run.__module__) == (source, siege.__name__)
