"""A result read aloud: the verdict first, in words, then the working as the umpire says it at the table,
each modifier signed, each table by its row in words, each die with what it was for, each with its rule.
The rulebooks' own worked examples first, then every procedure's example."""

import enum

import pytest

# AD69's Combat Example 1: Bigius (skill +1) attacks with 21 against Flatulius's 13 and defeats him outright
from tests.rules.ad69.test_battle import EXAMPLE_1, legion
from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.examples import get_example, run_example
from umpire.rules.read_aloud import Spoken, read_aloud, spell, spoken
from umpire.rules.registry import get_procedures, run_procedure
from umpire.rules.tables import KeyedTable
from umpire.rules.working import Line, Result, Working

ROLLING = "X. COMBAT RESOLUTION, BATTLE DIE ROLLING SYSTEM"
LOSSES = "X. COMBAT RESOLUTION, LOSSES"


# Hannibal Barkas, 5.5 Example 6: B loses LI, cavalry (A's 10), HI, withdraws, and A's pursuit takes its last HI.
EXAMPLE_6 = {
    "attacker": {"name": "A", "units": {"light_infantry": 2, "heavy_infantry": 3, "cavalry": 3}},
    "defender": {
        "name": "B",
        "units": {"light_infantry": 1, "heavy_infantry": 2, "cavalry": 1},
        "withdraw_after_round": 1,
    },
}
EXAMPLE_6_DICE = [5, 9, 7, 7, 1, 6, 8, 2, 7, 10, 10, 6, 8, 4]


def test_combat_example_1_reads_the_verdict_first_then_every_term_labelled_with_its_rule():
    result = run_procedure("ad69.battle", EXAMPLE_1, EnteredDice([10, 2]))
    said = spoken(result)

    assert said.verdict[:8] == (
        "Verdict: Bigius Diccus is the victor (ended: defeated outright; decided by the dice)",
        "Tactical advantage: a",
        "Ended: defeated outright",
        "Victor: a",
        "Decided by: dice",
        "Verdict needed: no",
        "Factors: none",
        "Combat values: a 50; b 50",
    )
    assert "  1. round 1; stances (a attack, b defend); inaction no; totals (a 21, b 13); difference 8; " in "\n".join(
        said.verdict
    )
    assert said.working[9:14] == (
        "d12 for Bigius Diccus's battle roll, round 1: 10",
        f"Bigius Diccus: every legion's Aquila present: +5 ({ROLLING})",
        f"Bigius Diccus: combat value 50: +1 for every 10 points: +5 ({ROLLING})",
        f"Bigius Diccus: Military Skill of the army commander: +1 ({ROLLING})",
        f"Bigius Diccus's total: 10 (d12) + 5 (every legion's Aquila present) + 5 (combat value 50: +1 for every 10 "
        f"points) + 1 (Military Skill of the army commander) = 21 ({ROLLING})",
    )
    assert f"Flatulius Butus: defending: +1 ({ROLLING})" in said.working
    assert f"Battle results: +7 or more: enemy defeated outright (score 8) ({ROLLING})" in said.working
    assert f"Legion XLVI legionary: 5 units, share 2.5: 2 ({LOSSES})" in said.working


def test_the_read_aloud_text_puts_the_verdict_before_the_working():
    result = run_procedure("ad69.battle", EXAMPLE_1, EnteredDice([10, 2]))
    text = read_aloud(result)
    said = spoken(result)

    assert text.splitlines() == ["Verdict", *said.verdict, "", "Working", *said.working]
    assert text.index("Victor: a") < text.index("d12 for Bigius Diccus's battle roll")


def test_hannibal_barkas_example_6_reads_its_losses_by_unit_and_each_die_and_choice():
    result = run_procedure("hannibal_barkas.battle", EXAMPLE_6, EnteredDice(EXAMPLE_6_DICE))
    said = spoken(result)

    assert said.verdict[:3] == ("Winner: attacker", "End: eliminated in pursuit", "Rounds: 1")
    assert said.verdict[6:8] == (
        "Attacker: left (light infantry 1, heavy infantry 3, cavalry 2); lost (light infantry 1, cavalry 1); "
        "lost total 2; lost in pursuit none",
        "Defender: left none; lost (light infantry 1, heavy infantry 2, cavalry 1); lost total 4; "
        "lost in pursuit (heavy infantry 1)",
    )
    assert said.working[-5:] == (
        "d10 for A cavalry 1 to hit (8+): 8",
        "d10 for A cavalry 2 to hit (8+): 4",
        "A: 1 hit(s) (5.9 Pursuit)",
        "B picks B's heavy infantry to eliminate (5.5 Losses)",
        "A: 4 enemy units eliminated, +1 VP per full 5: 0 VP (5.11 Victory Points)",
    )


def test_a_keyed_tables_row_is_read_in_words_as_the_rulebook_names_it():
    """IX. SIEGES, fortifications: the row is "minor fortified city", never the key "minor_fortified_city"."""
    data = {
        "place": {"type": "minor_fortified_city", "name": "Cremona"},
        "attackers": {"forces": [legion("Legion XLV", 5, 5)], "commander_in_person": True, "military_skill": 1},
        "defenders": {"forces": [{"name": "Cremona garrison", "troops": [{"type": "auxiliary", "count": 3}]}]},
    }
    result = run_procedure("ad69.siege_assault", data, EnteredDice([10, 2]))
    tables = [line for line in spoken(result).working if line.startswith("Fortifications: ")]

    assert tables[0].startswith("Fortifications: minor fortified city, capacity: 50 (")
    assert not any("_" in line for line in tables)


class Town(enum.Enum):
    MINOR_FORTIFIED_CITY = "minor_fortified_city"


def test_a_row_named_by_an_enum_or_several_keys_is_named_in_words_in_one_place():
    table = KeyedTable("Siege table", "IX. SIEGES", {Town.MINOR_FORTIFIED_CITY: {"capacity": 3}, ("a_b", 2): 7})
    working = Working()

    table.lookup(Town.MINOR_FORTIFIED_CITY, working, "capacity")
    table.lookup(("a_b", 2), working)

    assert [line.text for line in working.lines] == [
        "Siege table: minor fortified city, capacity",
        "Siege table: a b, 2",
    ]
    assert spoken(Result("t", {}, tuple(working.lines))).working[0] == (
        "Siege table: minor fortified city, capacity: 3 (IX. SIEGES)"
    )


def test_a_total_names_each_of_its_terms_and_returns_their_sum():
    working = Working()

    total = working.total("Bigius Diccus's total", [("d12", 10), ("Aquila", 5), ("pushed back", -2)], "X. ROLLING")

    assert total == 13
    assert working.lines == [
        Line("step", "Bigius Diccus's total: 10 (d12) + 5 (Aquila) - 2 (pushed back) = 13", "X. ROLLING", 13)
    ]


def test_each_kind_of_line_is_said_with_its_value_and_rule():
    working = Working()
    working.step("Combat value 50", "X. COMBAT VALUES", 50)  # the value is in the words: not said twice
    working.modifier("Veterans", 2, "X. COMBAT VALUES")
    working.modifier("Raw levies", -1, "X. COMBAT VALUES")
    working.roll(EnteredDice([4]), 6, "the defender's losses")
    working.choice("The owner places the loss", "X. LOSSES", 5)
    working.note("Winter: no crossing", "VIII. SEA")

    assert spoken(Result("t", {}, tuple(working.lines))).working == (
        "Combat value 50 (X. COMBAT VALUES)",
        "Veterans: +2 (X. COMBAT VALUES)",
        "Raw levies: -1 (X. COMBAT VALUES)",
        "d6 for the defender's losses: 4",
        "The owner places the loss: 5 (X. LOSSES)",
        "Winter: no crossing (VIII. SEA)",
    )


def test_values_are_said_in_words():
    assert [spell(True), spell(False), spell(None), spell(Town.MINOR_FORTIFIED_CITY), spell(2.0)] == [
        "yes",
        "no",
        "none",
        "minor fortified city",
        "2",
    ]
    assert spell({"heavy_infantry": 3, "cavalry": 0, "elephants": 1}) == "heavy infantry 3; elephants 1"
    assert spell({"cavalry": 0}) == "none"
    assert spell([]) == "none"


def test_the_verdict_says_what_was_decided_before_the_records_behind_it():
    outcome = {"sides": [{"name": "Rome", "lost": {"legion": 1}}], "victor_found": True, "log": {"x": {"y": 1}}}

    assert spoken(Result("t", outcome, ())) == Spoken(
        verdict=("Victor found: yes", "Log: x (y 1)", "Sides:", "  1. name Rome; lost (legion 1)"),
        working=(),
    )
    assert spoken(Result("t", {}, ())).verdict == ("Nothing to report.",)


def test_a_saved_run_reads_aloud_as_it_was_run():
    result = run_procedure("ad69.battle", EXAMPLE_1, EnteredDice([10, 2]))

    assert read_aloud(Result.from_dict(result.as_dict())) == read_aloud(result)


@pytest.mark.parametrize("proc", get_procedures(), ids=lambda proc: proc.key)
def test_every_procedures_example_reads_aloud_verdict_first_and_every_line_of_its_working(proc):
    result = run_example(proc, get_example(proc))
    said = spoken(result)

    assert said.verdict and len(said.working) == len(result.working)
    assert read_aloud(result).startswith("Verdict\n")


def test_a_battle_rolled_by_the_console_reads_aloud_whatever_its_dice():
    for seed in range(20):
        result = run_procedure("hannibal_barkas.battle", EXAMPLE_6, SeededDice(seed))
        assert read_aloud(result).startswith("Verdict\nWinner: ")


def test_the_rulebooks_abbreviations_are_read_as_they_print_them():
    """Optimus Princeps 8: hits are HDC and strength SP; an outcome's keys spell them in lower case."""
    said = spoken(Result("optimus_princeps.battle", {"hdc_suffered": 19, "sp_left": 1, "spent": 2}, ()))
    assert said.verdict == ("HDC suffered: 19", "SP left: 1", "Spent: 2")
