"""VII. Politics (P15): the political track, alliances gained and lost, aggression, captured capitals and
the card "Hiero II dies"."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas.politics import (
    ALLIANCE_REWARD,
    POLITICAL_ACTION,
    ChangeCause,
    ChangeInput,
    ChangeOptions,
    FlipReward,
    HieroInput,
    HieroOptions,
    HieroReading,
    MovedBy,
    MoveInput,
    Scenario,
    Side,
    State,
    alliance_change,
    field_name,
    hiero_dies,
    political_move,
)
from umpire.rules.registry import run_procedure


def lines(result, *kinds):
    return [(line.kind, line.text, line.value) for line in result.working if line.kind in kinds]


def test_the_track_and_its_prices():
    """VII (L615-619), 3.4.5 (L311): 7 fields; 2 IP and 10 Talents a field; the Alliance field +2 VP, 2 HI."""
    assert [field_name(p) for p in (-3, 0, 2, 3)] == [
        "Alliance with Carthage",
        "Neutral status",
        "2 fields toward Rome",
        "Alliance with Rome",
    ]
    assert POLITICAL_ACTION == {"ip": 2, "talents": 10, "fields": 1}
    assert ALLIANCE_REWARD == {"vp": 2, "heavy_infantry": 2}


def test_a_political_action_onto_the_alliance_field_brings_2_vp_and_2_heavy_infantry():
    """Mini-vector (3.4.5): −2 IP, −10 Talents, 1 field; VII (L619): the Alliance field gives +2 VP and 2 HI
    in the state's capital (Numidia's is Siga)."""
    data = {"state": "numidia", "position": 2, "side": "rome", "ip": 3, "talents": 12}
    result = run_procedure("hannibal_barkas.political_move", data, EnteredDice([]))
    assert result.outcome == {
        "state": "numidia",
        "position": 3,
        "field": "Alliance with Rome",
        "ip_spent": 2,
        "talents_spent": 10,
        "alliance_lost": None,
        "alliance_gained": {"side": "rome", "vp": 2, "heavy_infantry": 2},
    }
    assert lines(result, "modifier") == [
        ("modifier", "Political action: -2 IP", -2),
        ("modifier", "Political action: -10 Talents", -10),
        ("modifier", "Rome brings Numidia into alliance: +2 VP", 2),
    ]
    assert ("step", "Rome places 2 heavy infantry of Numidia in Siga (1.3.2 L198)", 2) in lines(result, "step")


def test_an_event_card_moves_without_the_political_price():
    case = MoveInput(State.MASSILIA, 0, Side.CARTHAGE, by=MovedBy.EVENT_CARD, fields=2)
    outcome = political_move(case, EnteredDice([])).outcome
    assert (outcome["position"], outcome["ip_spent"], outcome["alliance_gained"]) == (-2, 0, None)


@pytest.mark.parametrize(
    "case, field",
    [
        (MoveInput(State.MACEDONIA, -3, Side.ROME, ip=5, talents=50), "position"),
        (MoveInput(State.MACEDONIA, 0, Side.ROME, ip=1, talents=50), "ip"),
        (MoveInput(State.MACEDONIA, 0, Side.ROME, ip=2, talents=9), "talents"),
        (MoveInput(State.MACEDONIA, 0, Side.ROME, fields=2, ip=9, talents=50), "fields"),
        (MoveInput(State.SYRACUSE, 0, Side.ROME, ip=9, talents=50, syracuse_is_a_player=True), "state"),
    ],
)
def test_a_political_move_is_refused_naming_the_input(case, field):
    with pytest.raises(RulesError) as refusal:
        political_move(case, EnteredDice([]))
    assert refusal.value.field == field


def test_capturing_an_allied_capital_flips_the_alliance_to_the_conqueror():
    """VII (L630, L638-642): Rome loses Numidia (−2 VP, its cards, its units home); Carthage, the conqueror,
    gains it. By default the flip earns the Alliance field's +2 VP and 2 HI (11.2 item 4)."""
    case = ChangeInput(State.NUMIDIA, 3, ChangeCause.CAPITAL_CAPTURED, Side.CARTHAGE)
    result = alliance_change(case, EnteredDice([]))
    assert result.outcome == {
        "state": "numidia",
        "position": -3,
        "field": "Alliance with Carthage",
        "alliance_lost": {"side": "rome", "vp": -2},
        "alliance_gained": {"side": "carthage", "vp": 2, "heavy_infantry": 2},
    }
    assert "earns its +2 VP" in " ".join(text for _, text, _ in lines(result, "note"))


def test_the_other_reading_gives_a_flip_no_vp():
    case = ChangeInput(
        State.NUMIDIA,
        3,
        ChangeCause.CAPITAL_CAPTURED,
        Side.CARTHAGE,
        options=ChangeOptions(flip_reward=FlipReward.NONE),
    )
    outcome = alliance_change(case, EnteredDice([])).outcome
    assert outcome["alliance_gained"] == {"side": "carthage", "vp": 0, "heavy_infantry": 0}
    assert outcome["alliance_lost"] == {"side": "rome", "vp": -2}


def test_aggression_makes_a_neutral_state_an_ally_of_the_other_side():
    """VII (L644): a Roman army entering neutral Massilia makes Massilia Carthage's ally."""
    outcome = alliance_change(
        ChangeInput(State.MASSILIA, 1, ChangeCause.AGGRESSION, Side.ROME), EnteredDice([])
    ).outcome
    assert (outcome["position"], outcome["alliance_gained"]["side"], outcome["alliance_lost"]) == (-3, "carthage", None)


@pytest.mark.parametrize(
    "case, field",
    [
        (ChangeInput(State.MASSILIA, 3, ChangeCause.AGGRESSION, Side.CARTHAGE), "position"),
        (
            ChangeInput(State.MASSILIA, 0, ChangeCause.AGGRESSION, Side.ROME, aggressor_is_syracuse=True),
            "aggressor_is_syracuse",
        ),
        (ChangeInput(State.MASSILIA, 0, ChangeCause.AGGRESSION), "side"),
        (ChangeInput(State.MASSILIA, 0, ChangeCause.EVENT), "new_position"),
    ],
)
def test_an_alliance_change_is_refused_naming_the_input(case, field):
    with pytest.raises(RulesError) as refusal:
        alliance_change(case, EnteredDice([]))
    assert refusal.value.field == field


def test_hiero_dies_with_syracuse_allied_to_rome_costs_10_talents_4_ip_and_makes_it_neutral():
    """The card's text (1.3.1 L181), no player controlling Syracuse: Rome loses its alliance."""
    result = hiero_dies(HieroInput(Scenario.II, position=3, talents=10, ip=4), EnteredDice([]))
    assert result.outcome == {
        "syracuse_allied_with": None,
        "position": 0,
        "paid": {"talents": 10, "ip": 4},
        "alliance_lost": {"side": "rome", "vp": -2},
        "alliance_gained": None,
    }


def test_hiero_dies_otherwise_moves_syracuse_2_fields_toward_carthage():
    outcome = hiero_dies(HieroInput(Scenario.III, position=-1), EnteredDice([])).outcome
    assert (outcome["position"], outcome["syracuse_allied_with"]) == (-3, "carthage")
    assert outcome["alliance_gained"] == {"side": "carthage", "vp": 2, "heavy_infantry": 2}


def test_hiero_dies_with_a_syracuse_player_makes_it_carthages_ally_by_10_4():
    """10.4 (L800): "Syracuse then automatically becomes an ally of Carthage (battles should be resolved at
    once)". The card's "becomes neutral" cannot apply: a player's Syracuse has no token on the track."""
    result = hiero_dies(HieroInput(Scenario.II, syracuse_is_a_player=True), EnteredDice([]))
    assert result.outcome == {"syracuse_allied_with": "carthage", "position": None, "paid": {}}


def test_the_10_4_always_reading_makes_even_a_track_syracuse_carthages_ally():
    case = HieroInput(Scenario.II, position=3, options=HieroOptions(HieroReading.SECTION_10_4_ALWAYS))
    outcome = hiero_dies(case, EnteredDice([])).outcome
    assert (outcome["position"], outcome["paid"]) == (-3, {})
    assert outcome["alliance_lost"] == {"side": "rome", "vp": -2} and outcome["alliance_gained"]["vp"] == 2


@pytest.mark.parametrize(
    "case, field",
    [
        (HieroInput(Scenario.IV, position=0), "scenario"),
        (HieroInput(Scenario.II, position=3, talents=9, ip=4), "talents"),
        (HieroInput(Scenario.II), "position"),
        (HieroInput(Scenario.II, position=-3), "position"),
    ],
)
def test_hiero_dies_is_refused_naming_the_input(case, field):
    with pytest.raises(RulesError) as refusal:
        hiero_dies(case, EnteredDice([]))
    assert refusal.value.field == field
