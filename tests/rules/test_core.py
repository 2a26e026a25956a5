"""The rules core: dice, working, tables, input parsing and the registry."""

import enum
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.dice import EnteredDice, SeededDice, parse_dice_list
from umpire.rules.errors import DiceError, MissingData, RulesError
from umpire.rules.registry import get_procedure, get_procedures, run_procedure
from umpire.rules.schema import describe, parse, spec
from umpire.rules.tables import Band, BandTable, KeyedTable
from umpire.rules.working import Working


class Stance(enum.Enum):
    ATTACK = "attack"
    DEFEND = "defend"


@dataclass(frozen=True)
class Unit:
    kind: str = spec("What it is")
    count: int = spec("How many", min=0, max=20)


@dataclass(frozen=True)
class Case:
    units: tuple[Unit, ...] = spec("The units", max_items=3)
    stance: Stance = spec("Attack or defend", default=Stance.ATTACK)
    skill: int | None = spec("Military skill", min=0, default=None)
    veteran: bool = spec("Veterans", default=False)


def test_seeded_dice_repeat_from_their_seed_and_record_every_roll():
    first, second = SeededDice(7), SeededDice(7)
    assert [first.roll(12, "a") for _ in range(5)] == [second.roll(12, "a") for _ in range(5)]
    assert [r.sides for r in first.rolls] == [12] * 5 and first.rolls[0].purpose == "a"


def test_entered_dice_name_the_die_that_is_wrong_or_missing():
    dice = EnteredDice([3, 13])
    assert dice.roll(12, "Bigius's attack") == 3
    with pytest.raises(DiceError, match=r"die 2 \(Flatulius's defence\) is a d12: 13 is not on it") as wrong:
        dice.roll(12, "Flatulius's defence")
    assert wrong.value.field == "dice.1"
    with pytest.raises(DiceError, match="die 1 is needed: a d6 for risk"):
        EnteredDice([]).roll(6, "risk")


@given(st.integers(0, 2**32 - 1), st.lists(st.sampled_from([3, 6, 10, 12]), min_size=1, max_size=20))
def test_the_same_dice_give_the_same_rolls_however_they_are_supplied(seed, sides):
    seeded = SeededDice(seed)
    rolled = [seeded.roll(s, "x") for s in sides]
    entered = EnteredDice(rolled)
    assert [entered.roll(s, "x") for s in sides] == rolled


def test_typed_dice_are_read_or_refused_by_name():
    assert parse_dice_list("10, 2,5") == [10, 2, 5]
    with pytest.raises(DiceError) as refusal:
        parse_dice_list("10, two")
    assert refusal.value.field == "dice"


def test_band_table_looks_up_and_shows_the_row_with_its_source():
    table = BandTable("Results", "X. TABLE", (Band(7, None, "rout", "+7 or more"), Band(None, 6, "hold", "+6 or less")))
    working = Working()
    assert table.lookup(8, working) == "rout" and table.lookup(-3) == "hold"
    assert working.lines[0].text == "Results: +7 or more (score 8)" and working.lines[0].rule == "X. TABLE"


def test_a_missing_cell_stops_the_procedure_naming_it():
    table = KeyedTable("Morale", "Morale Table (cut off)", {"legion": {"rout": None, "hold": 3}})
    assert table.lookup("legion", column="hold") == 3
    with pytest.raises(MissingData, match=r"Morale\[legion/rout\]: not filled in yet"):
        table.lookup("legion", column="rout")


def test_parse_builds_the_frozen_input():
    case = parse(Case, {"units": [{"kind": "legionary", "count": 5}], "stance": "defend", "skill": 2})
    assert case == Case(units=(Unit("legionary", 5),), stance=Stance.DEFEND, skill=2)
    assert parse(Case, {"units": []}).stance is Stance.ATTACK


@pytest.mark.parametrize(
    "data, field, message",
    [
        ({}, "units", "is required"),
        ({"units": [{"kind": "x", "count": -1}]}, "units.0.count", "must be 0 or more, not -1"),
        ({"units": [{"kind": "x", "count": 21}]}, "units.0.count", "must be 20 or less"),
        ({"units": [{"kind": "x", "count": "5"}]}, "units.0.count", "must be a whole number"),
        ({"units": [{"kind": "x", "count": True}]}, "units.0.count", "must be a whole number"),
        ({"units": [{"kind": "x"}]}, "units.0.count", "is required"),
        ({"units": [{}] * 4}, "units", "may hold at most 3, not 4"),
        ({"units": [], "stance": "flee"}, "stance", "'flee' is not one of attack, defend"),
        ({"units": [], "veteran": "yes"}, "veteran", "must be true or false"),
        ({"units": [], "morale": 3}, "morale", "is not an input here"),
        ({"units": {"kind": "x"}}, "units", "must be a list"),
        ([], "input", "must be an object"),
    ],
)
def test_bad_input_is_refused_naming_the_field(data, field, message):
    with pytest.raises(RulesError) as refusal:
        parse(Case, data)
    assert refusal.value.field == field and message in refusal.value.message


def test_describe_gives_a_form_what_it_needs():
    fields = {f["name"]: f for f in describe(Case)}
    assert fields["units"]["type"] == "list" and fields["units"]["max_items"] == 3
    assert [f["name"] for f in fields["units"]["items"]["fields"]] == ["kind", "count"]
    assert fields["stance"] == {
        "name": "stance",
        "help": "Attack or defend",
        "required": False,
        "default": "attack",
        "type": "choice",
        "choices": ["attack", "defend"],
    }
    assert fields["skill"]["nullable"] and fields["skill"]["min"] == 0


def test_registry_finds_procedures_by_name_and_refuses_unknown_ones():
    assert get_procedure("ad69.combat_value").ruleset == "ad69"
    assert "ad69.combat_value" in [p.key for p in get_procedures("ad69")]
    with pytest.raises(RulesError, match="there is no procedure 'ad69.chariots'"):
        get_procedure("ad69.chariots")


def test_full_legion_with_levies_is_worth_70_and_110_as_veterans():
    """X. COMBAT VALUES: "a full strength legion with maximum levies would have a combat
    value of 70, if veteran would be 110"."""
    legion = {
        "name": "Legion XLV",
        "aquila": True,
        "troops": [
            {"type": "legionary", "count": 5},
            {"type": "auxiliary", "count": 5},
            {"type": "raw_levy", "count": 10},
        ],
    }
    result = run_procedure("ad69.combat_value", {"force": legion}, SeededDice(1))
    assert result.outcome == {"combat_value": 70, "if_veteran": 110}
    assert [line.value for line in result.working if line.kind == "step"] == [30, 20, 20, 70]


def test_a_list_can_need_at_least_one_item():
    @dataclass(frozen=True)
    class Side:
        forces: tuple[Unit, ...] = spec("Forces", min_items=1)

    with pytest.raises(RulesError, match="needs at least 1, not 0"):
        parse(Side, {"forces": []})


def test_defaults_describe_as_plain_data_even_nested_enums():
    import json

    @dataclass(frozen=True)
    class Orders:
        stance: Stance = spec("Stance", default=Stance.DEFEND)

    @dataclass(frozen=True)
    class Round:
        orders: Orders = spec("Orders", default=Orders())

    json.dumps(describe(Round))
    assert describe(Round)[0]["default"] == {"stance": "defend"}
