"""VIII. The Gauls: the attitude test with Table 2 (P16), armed resistance (P17), recruitment (P18)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas.cities import Side
from umpire.rules.hannibal_barkas.gauls import (
    GALLIC_TRIBES_GIVEN,
    GALLIC_TRIBES_NAMED,
    TABLE_2,
    AttitudeInput,
    AttitudeOptions,
    GallicRoles,
    HostileResult,
    NeutralResult,
    RecruitInput,
    ResistanceInput,
    ResistanceOptions,
    Token,
    Tribe,
    Trigger,
    WhoTests,
    Winner,
    gallic_attitude,
    gallic_recruitment,
    gallic_resistance,
)
from umpire.rules.registry import run_procedure

LINGONES = Tribe("Lingones")  # strength from the rulebook: 6-2 (Example 13)
LEPONTI = Tribe("Leponti")  # 4-1 (VIII L654)


def lines(result, *kinds):
    return [(line.kind, line.text, line.value) for line in result.working if line.kind in kinds]


def test_table_2_and_the_tribes_the_rulebook_gives():
    assert [(b.low, b.high, b.result) for b in TABLE_2.bands] == [
        (9, None, "alliance"),
        (7, 8, "friendly"),
        (5, 6, "neutral"),
        (3, 4, "unfriendly"),
        (None, 2, "hostile"),
    ]
    assert {name: (t["infantry"], t["cavalry"]) for name, t in GALLIC_TRIBES_GIVEN.items()} == {
        "Leponti": (4, 1),
        "Lingones": (6, 2),
    }
    assert len(GALLIC_TRIBES_NAMED) == 11


def test_ex13_a_roman_army_rolls_5_less_4_and_the_lingones_rise_6_2():
    """Example 13 (8.3 L703): Carthage's Friendly token is Unfriendly to Rome, −4; 5 − 4 = 1: Hostile; the
    Lingones take the field with 6 Gallic infantry and 2 Gallic cavalry. By default the Hostile result
    places Carthage's Alliance token (Hostile to Rome is Alliance with Carthage, 8.1 L664)."""
    data = {"tribe": {"name": "Lingones"}, "token": "friendly_carthage", "side": "rome"}
    result = run_procedure("hannibal_barkas.gallic_attitude", data, EnteredDice([5]))
    assert result.outcome == {
        "tested": True,
        "standing_before": "unfriendly",
        "score": 1,
        "result": "hostile",
        "token": "alliance_carthage",
        "volunteers": 0,
        "armed_resistance": True,
        "army_stops": True,
        "gallic_army": {"gallic_infantry": 6, "gallic_cavalry": 2},
    }
    assert lines(result, "die", "modifier", "table") == [
        ("die", "d10 for the Lingones' attitude toward Rome", 5),
        ("table", "Attitude modifier: unfriendly", -4),
        ("modifier", "-4: the tribe is unfriendly toward Rome", -4),
        ("table", "Table 2. Attitude of the Gallic tribes: 2-1: Hostile (score 1)", "hostile"),
    ]


def test_ex13_the_gauls_are_directed_by_carthage_and_defend():
    """8.3 (L695): "directed by the player who is the enemy of the player with whom the Gauls are fighting";
    the Roman army entered, so it attacks (5.1)."""
    result = gallic_resistance(ResistanceInput(LINGONES, Token.ALLIANCE_CARTHAGE, Side.ROME), EnteredDice([]))
    assert result.outcome == {
        "tribe": "Lingones",
        "director": "carthage",
        "gallic_army": {"gallic_infantry": 6, "gallic_cavalry": 2},
        "gauls_are": "defender",
    }


def test_the_keep_token_reading_leaves_a_hostile_result_without_a_new_token():
    case = AttitudeInput(
        LINGONES, Token.FRIENDLY_CARTHAGE, Side.ROME, options=AttitudeOptions(hostile_result=HostileResult.KEEP_TOKEN)
    )
    assert gallic_attitude(case, EnteredDice([5])).outcome["token"] == "friendly_carthage"


def test_a_friendly_tribe_rolling_6_plus_4_allies_and_sends_2_volunteers():
    """Mini-vector (Table 2, 8.2): Friendly(S), roll 6 + 4 = 10: Alliance, +2 Gallic infantry volunteers."""
    result = gallic_attitude(AttitudeInput(LEPONTI, Token.FRIENDLY_CARTHAGE, Side.CARTHAGE), EnteredDice([6]))
    assert (result.outcome["result"], result.outcome["token"], result.outcome["volunteers"]) == (
        "alliance",
        "alliance_carthage",
        2,
    )
    assert "Friendly's +4 applies" in " ".join(text for _, text, _ in lines(result, "note"))


def test_a_score_above_10_reads_as_alliance():
    outcome = gallic_attitude(AttitudeInput(LEPONTI, Token.FRIENDLY_ROME, Side.ROME), EnteredDice([10])).outcome
    assert (outcome["score"], outcome["result"]) == (14, "alliance")


def test_the_friendly_exempt_reading_makes_no_test():
    case = AttitudeInput(
        LEPONTI, Token.FRIENDLY_ROME, Side.ROME, options=AttitudeOptions(who_tests=WhoTests.FRIENDLY_EXEMPT)
    )
    result = gallic_attitude(case, EnteredDice([]))
    assert (result.outcome["tested"], result.dice) == (False, ())


@pytest.mark.parametrize(
    "roll, token, clear, expected",
    [
        (9, Token.FRIENDLY_CARTHAGE, NeutralResult.KEEP_TOKEN, "friendly_carthage"),
        (10, Token.FRIENDLY_CARTHAGE, NeutralResult.CLEAR_TOKEN, "none"),
        (7, Token.NONE, NeutralResult.KEEP_TOKEN, "friendly_rome"),
        (3, Token.NONE, NeutralResult.KEEP_TOKEN, "friendly_carthage"),
    ],
)
def test_the_token_each_result_leaves(roll, token, clear, expected):
    """A Neutral result keeps the token by default ("nothing happens"); Friendly and Unfriendly results
    place the tester's or the other side's Friendly token (inference)."""
    case = AttitudeInput(LEPONTI, token, Side.ROME, options=AttitudeOptions(neutral_result=clear))
    assert gallic_attitude(case, EnteredDice([roll])).outcome["token"] == expected


def test_the_tribe_is_tested_once_a_stage():
    case = AttitudeInput(LEPONTI, Token.NONE, Side.ROME, tested_this_stage=True)
    result = gallic_attitude(case, EnteredDice([]))
    assert result.outcome["tested"] is False and result.dice == ()


def test_an_ally_enters_freely_and_an_enemy_ally_fights_at_once_without_a_roll():
    ally = gallic_attitude(AttitudeInput(LEPONTI, Token.ALLIANCE_CARTHAGE, Side.CARTHAGE), EnteredDice([]))
    assert (ally.outcome["tested"], ally.outcome["armed_resistance"]) == (False, False)
    enemy = gallic_attitude(AttitudeInput(LEPONTI, Token.ALLIANCE_CARTHAGE, Side.ROME), EnteredDice([]))
    assert enemy.outcome["armed_resistance"] is True and enemy.dice == ()
    assert enemy.outcome["gallic_army"] == {"gallic_infantry": 4, "gallic_cavalry": 1}


def test_a_syracusan_army_meets_hostile_gauls():
    """10.4 (L811): "In every other case the attitude is hostile, without the possibility of changing it." """
    outcome = gallic_attitude(AttitudeInput(LEPONTI, Token.NONE, Side.SYRACUSE), EnteredDice([])).outcome
    assert (outcome["standing_before"], outcome["armed_resistance"]) == ("hostile", True)


def test_a_tribe_whose_strength_is_not_given_stops_by_name_when_it_must_fight():
    with pytest.raises(RulesError) as refusal:
        gallic_attitude(AttitudeInput(Tribe("Boii"), Token.ALLIANCE_CARTHAGE, Side.ROME), EnteredDice([]))
    assert refusal.value.field == "tribe.infantry"
    assert refusal.value.message.startswith("the Gallic tribe Boii: its infantry strength is not in the rulebook")


def test_the_gauls_beaten_turn_friendly_to_the_winner():
    """8.3 (L697): "If the tribe loses the battle, its attitude changes to 'Friendly' towards the side that
    won." No volunteers (L701)."""
    case = ResistanceInput(LINGONES, Token.ALLIANCE_CARTHAGE, Side.ROME, winner=Winner.INTRUDER)
    assert gallic_resistance(case, EnteredDice([])).outcome == {
        "tribe": "Lingones",
        "director": "carthage",
        "token": "friendly_rome",
        "withdraw": False,
        "gauls_pursue": False,
    }


def test_the_gauls_winning_drive_the_army_back_and_may_pursue_with_cavalry():
    """8.3 (L699): the army withdraws "to the region from which it entered"; the Gauls may pursue with
    their cavalry; the tribe's status stays."""
    case = ResistanceInput(LINGONES, Token.ALLIANCE_CARTHAGE, Side.ROME, winner=Winner.GAULS, gallic_cavalry_left=1)
    outcome = gallic_resistance(case, EnteredDice([])).outcome
    assert (outcome["token"], outcome["withdraw"], outcome["gauls_pursue"]) == ("alliance_carthage", True, True)


def test_the_roles_reading_when_the_army_was_activated_on_gallic_land():
    base = ResistanceInput(LINGONES, Token.ALLIANCE_CARTHAGE, Side.ROME, tested_by=Trigger.ACTIVATED)
    assert gallic_resistance(base, EnteredDice([])).outcome["gauls_are"] == "defender"
    other = ResistanceInput(
        LINGONES,
        Token.ALLIANCE_CARTHAGE,
        Side.ROME,
        tested_by=Trigger.ACTIVATED,
        options=ResistanceOptions(roles=GallicRoles.GAULS_ATTACK_ON_ACTIVATION),
    )
    assert gallic_resistance(other, EnteredDice([])).outcome["gauls_are"] == "attacker"


def test_ex14_one_gallic_infantry_in_the_allied_boii_costs_2():
    """Example 14 (L750), its Gallic part: 1 Gallic infantry among the allied Boii costs 2. The Boii's
    strength is not in the rulebook: Control enters it (here 3-1, for the test only)."""
    case = RecruitInput(Tribe("Boii", 3, 1), Token.ALLIANCE_CARTHAGE, Side.CARTHAGE, talents=3, gallic_infantry=1)
    assert gallic_recruitment(case, EnteredDice([])).outcome == {
        "cost": 2,
        "talents_left": 1,
        "recruited": {"gallic_infantry": 1, "gallic_cavalry": 0},
    }


def test_the_leponti_give_at_most_4_infantry_and_1_cavalry_at_one_time():
    case = RecruitInput(
        LEPONTI, Token.ALLIANCE_CARTHAGE, Side.CARTHAGE, talents=50, gallic_infantry=4, gallic_cavalry=1
    )
    assert gallic_recruitment(case, EnteredDice([])).outcome["cost"] == 4 * 2 + 4


@pytest.mark.parametrize(
    "case, field",
    [
        (RecruitInput(LEPONTI, Token.ALLIANCE_CARTHAGE, Side.CARTHAGE, talents=50, gallic_cavalry=2), "gallic_cavalry"),
        (RecruitInput(LEPONTI, Token.FRIENDLY_CARTHAGE, Side.CARTHAGE, talents=50, gallic_infantry=1), "token"),
        (RecruitInput(LEPONTI, Token.ALLIANCE_CARTHAGE, Side.CARTHAGE, talents=1, gallic_infantry=1), "talents"),
        (
            RecruitInput(Tribe("Boii"), Token.ALLIANCE_CARTHAGE, Side.CARTHAGE, talents=9, gallic_infantry=1),
            "tribe.infantry",
        ),
    ],
)
def test_gallic_recruitment_is_refused_naming_the_input(case, field):
    with pytest.raises(RulesError) as refusal:
        gallic_recruitment(case, EnteredDice([]))
    assert refusal.value.field == field


@given(st.sampled_from(list(Token)), st.sampled_from([Side.ROME, Side.CARTHAGE]), st.integers(1, 10))
def test_every_test_ends_on_a_row_of_table_2_and_only_an_alliance_brings_volunteers(tok, side, roll):
    outcome = gallic_attitude(AttitudeInput(LINGONES, tok, side), EnteredDice([roll])).outcome
    assert outcome["result"] in (None, "alliance", "friendly", "neutral", "unfriendly", "hostile")
    assert (outcome["volunteers"] == 2) == (outcome["result"] == "alliance" and outcome["tested"])
    assert outcome["armed_resistance"] == (outcome["result"] == "hostile")
