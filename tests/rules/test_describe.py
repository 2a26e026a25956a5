"""Every procedure is described with an example case that runs under the console's seeded dice, and with the
dice that example rolls in order (manage.py rules describe, GET /api/rules/<ruleset>/<procedure>)."""

import json

import pytest

from umpire.rules.describing import describe_procedure, field_words, procedure_text
from umpire.rules.examples import BUILT, EXAMPLE_SEED, built_cases, explicit_examples, get_example, run_example
from umpire.rules.registry import get_procedure, get_procedures
from umpire.rules.working import Result

EVERY_PROCEDURE = [proc.key for proc in get_procedures()]


@pytest.mark.parametrize("key", EVERY_PROCEDURE)
def test_every_procedures_example_runs_under_the_consoles_seeded_dice(key):
    proc = get_procedure(key)
    assert isinstance(run_example(proc, get_example(proc)), Result)


def test_every_explicit_example_is_a_registered_procedures_and_says_where_it_comes_from():
    assert set(explicit_examples()) <= set(EVERY_PROCEDURE)
    assert all(entry["from"] and isinstance(entry["case"], dict) for entry in explicit_examples().values())


def test_combat_example_1_is_the_battles_example_and_its_dice_are_the_rounds_d12s():
    """X. THE BATTLE SYSTEM, Combat Example 1: Bigius Diccus's Legion XLV against Flatulius Butus's Legion XLVI;
    the skills differ, so no d6 for the advantage, and each round rolls a d12 for side A, then for side B."""
    described = describe_procedure(get_procedure("ad69.battle"))
    example = described["example"]
    assert "combat_example_1" in example["from"] and example["seed"] == EXAMPLE_SEED
    assert example["case"]["side_a"]["name"] == "Bigius Diccus"
    assert example["dice"][:2] == [
        {"sides": 12, "purpose": "Bigius Diccus's battle roll, round 1"},
        {"sides": 12, "purpose": "Flatulius Butus's battle roll, round 1"},
    ]


def test_an_example_built_from_the_description_leaves_defaults_out_and_takes_minimums_and_first_choices():
    cases = built_cases(get_procedure("ad69.combat_value"))
    force = cases[0]["force"]
    assert force == {"name": "", "troops": []}
    assert cases[1]["force"]["troops"] == [{"type": "legionary", "count": 0}]


def test_a_procedure_without_an_explicit_example_is_built():
    proc = get_procedure("ad69.winter")
    assert proc.key not in explicit_examples()
    assert get_example(proc).source == BUILT


def test_the_description_prints_inputs_as_paths_with_types_limits_and_help():
    text = procedure_text(get_procedure("ad69.battle"))
    assert text.startswith("ad69.battle: Battle\nRule: X. COMBAT RESOLUTION, THE BATTLE SYSTEM")
    assert "    side_a.forces.<n>.troops.<n>.count: integer, 0 to 1000, required: How many units" in text
    assert "  rounds: list of group, at most 4 entries, default []: Orders for each round" in text
    assert "  1. d12 for Bigius Diccus's battle roll, round 1" in text
    assert "can depend on the case" in text
    assert "Run it: manage.py rules run ad69.battle --input example.json --seed 1" in text


def test_the_example_printed_is_json_that_runs():
    text = procedure_text(get_procedure("ad69.battle"))
    printed = text[text.index("\n{") : text.index("\n}\n") + 2]
    assert json.loads(printed) == get_example(get_procedure("ad69.battle")).case


def test_a_choice_field_lists_its_choices_and_a_nullable_one_says_so():
    described = {field["name"]: field for field in get_procedure("ad69.battle").describe()["input"]}
    assert field_words(described["umpire_verdict"]).startswith("one of a | b | draw, or null, default null: ")
