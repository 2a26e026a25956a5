"""The battle and siege rolls read on the AW Battle Results Table and the AW siege tables: refusing while the
tables are empty, and going on to the result once they are filled (9.16, L583; 4.92; 13.9)."""

import pytest

from umpire.rules.errors import RulesError

from .helpers import lines, run

BRT = [{"row": "-3", "attacker_loss": 20, "defender_loss": 5, "attacker_outcome": "major_defeat"}]
PERCENTAGES = [{"row": "5% of 130", "sp": 7}]
ALLOBROGES = {
    "attacker": "roman",
    "attacker_sp": 42,
    "defender_sp": 130,
    "entered": [{"text": "Odds 1:4", "drm": -4}, {"text": "Hannibal's Leader Tactical Ability", "drm": -4}],
}


def test_tv30_the_battle_refuses_while_the_brt_is_empty():
    """9.16 (L583): the adjusted -3 names its empty BRT line."""
    with pytest.raises(RulesError) as refusal:
        run("battle", ALLOBROGES, 5)
    assert "Battle Results Table" in refusal.value.message and "'-3'" in refusal.value.message
    assert "AW 8.0" in refusal.value.message


def test_tv30_the_allobroges_lose_20_5_and_hannibal_loses_7_sp():
    """TV-30, 9.16 (L583): "The Roman player rolls a 5, which reduces to a -3 on the BRT, for a 20/5 result. This
    is a Major Victory for the Carthaginians ... Hannibal has lost 7 SP". The BRT line and 5% of 130 are the
    text's; the Allobroges' own SP lost (20% of 42) are not given, so the chart here lacks them and the test gives
    no attacker SP."""
    case = {**ALLOBROGES, "attacker_sp": None, "table": BRT, "percentage_loss": PERCENTAGES}
    result = run("battle", case, 5)
    assert result.outcome == {
        "adjusted": -3,
        "attacker_loss": 20,
        "defender_loss": 5,
        "attacker_outcome": "major_defeat",
        "defender_outcome": "major_victory",
        "attacker_sp_lost": None,
        "defender_sp_lost": 7,
    }
    assert ("Battle Results Table, -3: 20/5", (20, 5)) in lines(result, "step")


def test_an_unfilled_percentage_stops_naming_its_cell():
    """The attacker's 20% of 42 is not in the text: with his SP given, the chart's empty cell is named."""
    with pytest.raises(RulesError) as refusal:
        run("battle", {**ALLOBROGES, "table": BRT, "percentage_loss": PERCENTAGES}, 5)
    assert "'20% of 42'" in refusal.value.message


SIEGE_TABLES = {
    "assault_table": [{"row": "6", "result": "the test's assault entry"}],
    "attrition_table": [{"row": "9", "result": "the test's attrition entry"}],
}


@pytest.mark.parametrize(
    "roll_kind, table", [("assault", "Siege Assault Table"), ("attrition", "Siege Attrition Table")]
)
def test_the_siege_refuses_while_its_table_is_empty(roll_kind, table):
    with pytest.raises(RulesError) as refusal:
        run("siege", {"roll": roll_kind}, 4)
    assert table in refusal.value.message and "AW 9.0" in refusal.value.message


def test_a_siege_assault_and_a_siege_attrition_read_their_tables():
    """4.92, 13.9: an assault with 2 Legions over and the besieger's Fleets, 0 net; an attrition DR with 3 over
    and the port held by the besieger's Fleet, +4. The tables' entries are the test's own. Constructed."""
    assault = {"roll": "assault", "roman_legions_over_efficiency": 2, "fleets": "besieger_only", **SIEGE_TABLES}
    assert run("siege", assault, 6).outcome == {"adjusted": 6, "result": "the test's assault entry"}
    attrition = {"roll": "attrition", "roman_legions_over_efficiency": 3, "fleets": "besieger_only", **SIEGE_TABLES}
    assert run("siege", attrition, 5).outcome == {"adjusted": 9, "result": "the test's attrition entry"}
