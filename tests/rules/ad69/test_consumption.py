"""Bread and circuses (VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION), checked against the handbook's own
"Typical costs" table."""

import re

import pytest

from tests.handbook import between, handbook_text
from umpire.rules.ad69.consumption import (
    CATALOGUE,
    CORN_DOLE_IN_ROME,
    ConsumptionInput,
    Item,
    conspicuous_consumption,
)
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure

# The table's rows are numbered by their notes, (1) to (7).
NOTE_OF = {
    1: "entertainment_venue",
    2: "temple",
    3: "circus_show",
    4: "religious_ceremony",
    5: "free_dinners",
    6: "public_works",
    7: "cash_hand_outs",
}
ROW = re.compile(
    r"(?P<name>[A-Za-z ]+?) \((?P<note>\d)\) (?P<cost>\d+) "
    r"(?P<time>Immediate|(?P<months>\d+) months?(?P<plus>\+?))"
)
ENTERTAINMENTS = {"entertainment_venue", "circus_show", "religious_ceremony"}


def typical_costs():
    """{item: (cost, months, "or more")} from the handbook's table, which arrives as running text."""
    body = between(handbook_text(), "Typical costs are:", "Notes:")
    rows = {
        NOTE_OF[int(m["note"])]: (int(m["cost"]), int(m["months"] or 0), bool(m["plus"])) for m in ROW.finditer(body)
    }
    assert len(rows) == 7, body
    return rows


def buy(item, *, in_rome=True, multiples=1, months=0):
    return run_procedure(
        "ad69.conspicuous_consumption",
        {"item": item, "in_rome": in_rome, "multiples": multiples, "months": months},
        EnteredDice([]),
    )


def test_catalogue_matches_the_handbooks_typical_costs():
    handbook = typical_costs()
    assert {key: (row["cost"], row["months"]) for key, row in CATALOGUE.rows.items()} == {
        key: (cost, months) for key, (cost, months, _) in handbook.items()
    }
    assert [key for key, (_, _, plus) in handbook.items() if plus] == ["public_works"]


@pytest.mark.parametrize("item", list(NOTE_OF.values()))
def test_each_item_in_rome_costs_and_takes_what_the_table_says(item):
    cost, months, _ = typical_costs()[item]
    outcome = buy(item).outcome
    assert (outcome["cost"], outcome["months"]) == (cost, months)


def test_the_entertainment_venue_costs_100_and_takes_3_months_with_the_senates_leave_in_rome():
    result = buy("entertainment_venue")
    assert result.outcome == {"cost": 100, "months": 3, "permission": True, "needs": None}
    assert [(line.kind, line.text) for line in result.working] == [
        ("table", "Conspicuous consumption: entertainment venue"),
        ("step", "Ready in 3 months"),
        ("note", "Needs the Senate's permission"),
        ("note", "Popular with the mob"),
    ]


def test_in_a_province_the_venue_needs_the_governors_permission():
    result = buy("entertainment_venue", in_rome=False)
    assert result.outcome["permission"] is True
    assert ("note", "Needs the governor's permission") in [(line.kind, line.text) for line in result.working]


@pytest.mark.parametrize("item", [i for i in NOTE_OF.values() if i != "entertainment_venue"])
def test_only_the_entertainment_venue_needs_permission(item):
    assert buy(item).outcome["permission"] is False


def test_a_show_needs_a_venue_and_a_ceremony_a_temple():
    assert buy("circus_show").outcome["needs"] == "venue"
    assert buy("religious_ceremony").outcome["needs"] == "temple"
    assert {buy(i).outcome["needs"] for i in NOTE_OF.values() if i not in ("circus_show", "religious_ceremony")} == {
        None
    }


@pytest.mark.parametrize("item", list(NOTE_OF.values()))
def test_provincial_entertainments_cost_half_and_nothing_else_does(item):
    """PROVINCIAL GOVERNMENT & TAXATION, 2: "in the case of provincial entertainments, you can get away
    with halving the costs involved"."""
    cost, months, _ = typical_costs()[item]
    outcome = buy(item, in_rome=False).outcome
    assert (outcome["cost"], outcome["months"]) == (cost // 2 if item in ENTERTAINMENTS else cost, months)


def test_a_provincial_circus_show_shows_the_halving_in_its_working():
    result = buy("circus_show", in_rome=False)
    assert ("step", "A provincial entertainment: half of 10 is 5 talents", 5) in [
        (line.kind, line.text, line.value) for line in result.working
    ]


@pytest.mark.parametrize(
    "item, multiples, cost", [("free_dinners", 3, 60), ("cash_hand_outs", 2, 100), ("free_dinners", 1, 20)]
)
def test_dinners_and_hand_outs_come_in_proportional_multiples(item, multiples, cost):
    """Notes (5) and (7): "Additional multiples of this figure will have a proportional effect"."""
    assert buy(item, multiples=multiples).outcome["cost"] == cost


@pytest.mark.parametrize("item", ["entertainment_venue", "temple", "circus_show", "religious_ceremony", "public_works"])
def test_other_items_are_bought_once_not_in_multiples(item):
    with pytest.raises(RulesError, match="is bought once, not in multiples") as refusal:
        buy(item, multiples=2)
    assert refusal.value.field == "multiples"


def test_public_works_take_one_month_or_more():
    """Note (6) and the table's "1 month+"."""
    assert buy("public_works").outcome["months"] == 1
    assert buy("public_works", months=4).outcome["months"] == 4
    assert (
        conspicuous_consumption(ConsumptionInput(Item.PUBLIC_WORKS, months=1), EnteredDice([])).outcome["months"] == 1
    )


@pytest.mark.parametrize("item", ["temple", "circus_show", "free_dinners"])
def test_only_public_works_may_take_longer_than_the_table(item):
    with pytest.raises(RulesError, match="takes the catalogue's time") as refusal:
        buy(item, months=5)
    assert refusal.value.field == "months"


def test_the_corn_dole_in_rome_is_20_talents_a_quarter():
    """Bread: "costs (at current corn prices) 20 Talents per quarter"."""
    text = handbook_text()
    assert re.search(r"costs \(at current corn prices\) (\d+) Talents per quarter", text)[1] == str(CORN_DOLE_IN_ROME)
