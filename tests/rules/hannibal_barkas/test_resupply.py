"""6.2 Siege (L575): a fleet of the besieged side sails into a besieged port city. The rulebook gives no worked
example; every vector here is constructed, not from the text."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas import resupply
from umpire.rules.registry import run_procedure

PORT_3 = {"name": "Tarentum", "defence": 3}


def run(data):
    assert resupply.port_resupply  # registers hannibal_barkas.port_resupply
    return run_procedure("hannibal_barkas.port_resupply", data, EnteredDice([]))


def test_supply_ships_raise_the_level_one_each_up_to_the_card():
    """L575: "increased by as many levels as the number of ships without loaded units ... cannot exceed the
    defence level on the card". Constructed, not from the text: field 1, three supply ships, card 3."""
    result = run({"city": PORT_3, "port": True, "level": 1, "besiegers": {"heavy_infantry": 8}, "supply_ships": 3})
    assert result.outcome == {
        "level_before": 1,
        "level": 3,
        "defenders": {**result.outcome["defenders"]},
        "result": "continuing",
    }
    steps = [(line.text, line.value) for line in result.working if line.kind == "step"]
    assert (
        "3 ship(s) without units bring in supplies: +2 level(s), from 1 to 3 (never above the card's 3)",
        2,
    ) in steps
    assert "1 supply ship(s) add nothing" in " ".join(line.text for line in result.working)


def test_loaded_ships_land_their_units_among_the_defenders_and_may_break_the_siege():
    """L575: "such units can be added to the defenders of the city"; L573: the besiegers must outnumber the level
    plus the defenders. Constructed, not from the text: level 2 + 2 landed = 4 against 4 besiegers."""
    result = run(
        {
            "city": PORT_3,
            "port": True,
            "level": 2,
            "besiegers": {"heavy_infantry": 4},
            "loaded_ships": 1,
            "landed": {"heavy_infantry": 2},
        }
    )
    assert result.outcome["level"] == 2 and result.outcome["defenders"]["heavy_infantry"] == 2
    assert result.outcome["result"] == "broken"


def test_siga_has_a_port_by_the_rulebook():
    """1.3.2 (L198): Siga's card shows a port; defence 4 from the same card. Constructed vector."""
    result = run({"city": {"name": "Siga"}, "level": 3, "besiegers": {"heavy_infantry": 6}, "supply_ships": 1})
    assert result.outcome["level"] == 4
    assert ("step", "Siga: port True, from the rulebook") in [(line.kind, line.text) for line in result.working]


def test_a_city_whose_port_is_not_entered_stops_naming_the_cell():
    with pytest.raises(RulesError) as refusal:
        run({"city": PORT_3, "besiegers": {"heavy_infantry": 8}, "supply_ships": 1})
    assert refusal.value.field == "port"


def test_a_city_without_a_port_takes_no_fleet():
    with pytest.raises(RulesError, match="has no port"):
        run({"city": PORT_3, "port": False, "besiegers": {"heavy_infantry": 8}, "supply_ships": 1})


def test_loaded_ships_carry_two_land_units_each():
    """1.2.7 (L131): each ship carries 2 land units."""
    with pytest.raises(RulesError) as refusal:
        run(
            {
                "city": PORT_3,
                "port": True,
                "besiegers": {"heavy_infantry": 9},
                "loaded_ships": 1,
                "landed": {"heavy_infantry": 3},
            }
        )
    assert refusal.value.field == "landed"


def test_landed_units_must_fit_in_twice_the_defence_level():
    """VI (L547), applied to landed units as an inference. Constructed: 5 inside + 2 landed > 6."""
    with pytest.raises(RulesError, match="do not fit"):
        run(
            {
                "city": PORT_3,
                "port": True,
                "besiegers": {"heavy_infantry": 20},
                "defenders": {"heavy_infantry": 5},
                "loaded_ships": 1,
                "landed": {"heavy_infantry": 2},
            }
        )
