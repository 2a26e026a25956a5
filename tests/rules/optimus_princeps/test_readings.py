"""Optimus Princeps' working names the reading of an ambiguous rule it followed (the extraction's A-numbers),
so the umpire sees which reading decided the result. The shape of its `options` is checked with every
ruleset's in tests/rules/test_readings.py."""

from umpire.rules.dice import EnteredDice
from umpire.rules.registry import run_procedure


def test_the_working_says_which_reading_it_followed():
    def notes(key, case, dice):
        result = run_procedure(f"optimus_princeps.{key}", case, EnteredDice(dice))
        return " ".join(line.text for line in result.working if line.kind == "note")

    cohorts = [{"name": f"C{i}", "kind": "infantry", "sp": 2} for i in range(5)]
    battle = notes(
        "battle",
        {
            "attacker": {"people": "roman", "units": cohorts, "tactic": "general_attack"},
            "defender": {"people": "dacian", "units": cohorts, "tactic": "general_attack"},
        },
        [1] * 20,
    )
    assert "Reading A9" in battle and "Reading A11" in battle
    attrition = notes("attrition", {"side": "roman", "season": "summer", "sp": 3, "cause": "supply"}, [6])
    assert "Reading A4" in attrition and "Reading A6" in attrition and "Reading A8" in attrition
    siege = notes(
        "siege_action",
        {
            "region": {"name": "R", "defensive_value": 0, "garrison_value": 6},
            "marker": 0,
            "besieging_sp": 7,
            "peoples": ["german"],
            "ap": 1,
        },
        [1],
    )
    assert "Reading A18" in siege and "Reading A19" in siege
