"""16.7 City Surrender (optional), L764-787: the Cities Surrender Table and every one of its modifiers, each worked out
from the facts the umpire enters and shown as its own line, citing its words.

    "Once per year a faction (except for barbarians) in the same hex or an adjacent hex can ask for the surrender of
    a non-garrisoned city or non-city port by rolling one 6 sided die on the following table" (L765)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.imperium_romanum.surrender import SurrenderInput, SurrenderRow, city_surrender
from umpire.rules.schema import parse

SURRENDER = "16.7 City Surrender"
CALM = 100  # a morale between 76 and 124: no morale modifier (L777-778)


def ask(roll, army=120, morale=CALM, **facts):
    return city_surrender(SurrenderInput(army, morale, **facts), EnteredDice([roll]))


def modifier_lines(result):
    return [(line.text, line.value, line.rule) for line in result.working if line.kind == "modifier"]


def table_row(result):
    """The Cities Surrender Table's line of the working: its row, its column and the result read there."""
    line = next(line for line in result.working if line.kind == "table")
    row = line.text.removeprefix("Cities Surrender Table: ")
    return row[0], "100+" if "100+" in row else row, line.value


def test_the_printed_rows_row_4_surrenders_only_to_an_army_of_100_or_more():
    """L769-772: rows 1- to 3 are "-" in every column; row 4 is "S" at 100+ alone."""
    assert ask(4, army=120).outcome == {"roll": 4, "column": "100+", "surrenders": True}
    assert ask(4, army=60).outcome == {"roll": 4, "column": "51-99", "surrenders": False}
    assert ask(3, army=500).outcome["surrenders"] is False


def test_rows_5_and_up_are_controls_and_stop_until_entered():
    """L773: the table is cut off at "| 5 |"; a row 5 waits for Control's data tables."""
    with pytest.raises(RulesError, match="no result for a roll of 5 at army size 51-99"):
        ask(5, army=60)
    entered = SurrenderInput(60, CALM, rows=(SurrenderRow(5, size_51_99="S"),))
    assert city_surrender(entered, EnteredDice([5])).outcome["surrenders"] is True


def test_city_in_plundered_province_minus_2():
    """L775: "City in plundered province (if plundered by the asking force): -2"."""
    result = ask(6, plundered_by_asker=True)
    assert modifier_lines(result) == [
        ("City in plundered province (if plundered by the asking force): -2", -2, f"{SURRENDER} (L775)")
    ]
    assert result.outcome == {"roll": 4, "column": "100+", "surrenders": True}


def test_roman_faction_against_another_roman_factions_city_plus_1():
    """L776: "Roman faction vs other Roman factions' controlled cities: +1": a 3 becomes the 4 that an army of
    100+ needs."""
    result = ask(3, roman_against_roman=True)
    assert modifier_lines(result) == [
        ("Roman faction vs other Roman factions' controlled cities: +1", 1, f"{SURRENDER} (L776)")
    ]
    assert result.outcome["surrenders"] is True


@pytest.mark.parametrize(
    "morale, line",
    [
        (75, ("Morale of asking force 75 or less: -1", -1, f"{SURRENDER} (L777)")),
        (-3, ("Morale of asking force 75 or less: -1", -1, f"{SURRENDER} (L777)")),
        (125, ("Morale of asking force 125 or more: +1", 1, f"{SURRENDER} (L778)")),
    ],
)
def test_morale_of_the_asking_force(morale, line):
    """L777-778: "Morale of asking force 75 or less: -1"; "Morale of asking force 125 or more: +1"."""
    assert modifier_lines(ask(3, morale=morale)) == [line]


@pytest.mark.parametrize("morale", [76, 100, 124])
def test_a_morale_between_the_two_thresholds_changes_nothing(morale):
    result = ask(4, morale=morale)
    assert modifier_lines(result) == [] and result.outcome["roll"] == 4
    assert any(line.kind == "step" and "no modifier" in line.text for line in result.working)


def test_an_unset_morale_is_refused_not_taken_as_0():
    """The modifiers depend on the asking force's morale: without it the roll is not made (a morale of 0 would
    wrongly give -1)."""
    with pytest.raises(RulesError, match="morale"):
        parse(SurrenderInput, {"army": 120})


@pytest.mark.parametrize("rating, expected", [(0, []), (1, []), (2, [1]), (3, [1])])
def test_a_plus_2_or_plus_3_leader_plus_1(rating, expected):
    """L779: "Leader +2 or +3: +1"."""
    assert [value for _, value, _ in modifier_lines(ask(3, leader=rating))] == expected


@pytest.mark.parametrize("rating, expected", [(1, []), (2, [-1]), (3, [-1])])
def test_an_enemy_plus_2_or_plus_3_leader_in_the_province_minus_1(rating, expected):
    """L780: "Enemy Leader +2 or +3 in the same province: -1"."""
    assert [value for _, value, _ in modifier_lines(ask(3, enemy_leader=rating))] == expected


@pytest.mark.parametrize(
    "owner, expected",
    [
        (0, []),
        (119, [("Original city owner's units in the same province, < strength points than asking force: -1", -1)]),
        (120, [("Original city owner's units in the same province, ≥ strength points than asking force: -2", -2)]),
        (300, [("Original city owner's units in the same province, ≥ strength points than asking force: -2", -2)]),
    ],
)
def test_the_original_owners_units_in_the_province(owner, expected):
    """L781-783: "Original city owner's units in the same province: ≥ strength points than asking force: -2; <
    strength points than asking force: -1", against an asking force of 120."""
    assert [(text, value) for text, value, _ in modifier_lines(ask(3, army=120, owner_strength=owner))] == expected


@pytest.mark.parametrize("situation, expected", [("1", [-2]), ("7", [-2]), ("8", []), ("II", [])])
def test_an_iudean_city_in_scenarios_1_to_7_minus_2(situation, expected):
    """L784: "Any Iudean city, scenarios 1-7: -2"."""
    assert [value for _, value, _ in modifier_lines(ask(3, iudean=True, situation=situation))] == expected


def test_an_iudean_city_needs_the_situation():
    with pytest.raises(RulesError, match="enter the situation played"):
        ask(6, iudean=True)
    with pytest.raises(RulesError, match="'33' is not a situation"):
        ask(6, situation="33")


def test_every_modifier_at_once_each_its_own_line_then_the_roll_and_the_table():
    """All nine lines of L775-784 that can hold together: -2 +1 +1 +1 -1 -1 -2 = -3 on a 6, row 3: no effect."""
    result = ask(
        6,
        army=120,
        morale=130,
        plundered_by_asker=True,
        roman_against_roman=True,
        leader=3,
        enemy_leader=2,
        owner_strength=50,
        iudean=True,
        situation="3",
    )
    assert [(text.split(":")[0], value) for text, value, _ in modifier_lines(result)] == [
        ("Morale of asking force 125 or more", 1),
        ("Original city owner's units in the same province, < strength points than asking force", -1),
        ("City in plundered province (if plundered by the asking force)", -2),
        ("Roman faction vs other Roman factions' controlled cities", 1),
        ("Leader +2 or +3", 1),
        ("Enemy Leader +2 or +3 in the same province", -1),
        ("Any Iudean city, scenarios 1-7", -2),
    ]
    kinds = [line.kind for line in result.working]
    assert kinds[0] == "die" and kinds[-3:] == ["step", "table", "step"]
    assert result.working[-3].text == "6 -3 = 3" and table_row(result) == ("3", "100+", "-")
    assert result.outcome == {"roll": 3, "column": "100+", "surrenders": False}


def test_a_roll_below_1_reads_the_row_1_minus():
    """L769: the first row is "1-": a 1 modified below 1 reads it."""
    result = ask(1, plundered_by_asker=True, owner_strength=500)
    assert result.outcome["roll"] == -3 and table_row(result) == ("1", "100+", "-")


@pytest.mark.parametrize(
    "fact, words",
    [
        ("barbarian", "barbarians may not ask"),
        ("garrisoned", "non-garrisoned city"),
        ("asked_this_year", "once per year"),
    ],
)
def test_who_may_ask_and_what_may_be_asked(fact, words):
    """L765: "Once per year a faction (except for barbarians) ... a non-garrisoned city or non-city port"."""
    with pytest.raises(RulesError, match=words) as refused:
        ask(4, **{fact: True})
    assert refused.value.field == fact
