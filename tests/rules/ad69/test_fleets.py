"""A fleet's repairs, marines and bridge of boats (VIII. NAVAL FLEET MAINTENANCE AND REPAIR; IX. FLEETS)."""

import pytest

from umpire.rules.ad69.fleets import FLEET_REPAIRS, Repair, RepairInput, StripInput, fleet_repair, strip_marines
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure


def test_fleet_repair_table_matches_handbook():
    assert FLEET_REPAIRS.rows == {
        "serious_storm_damage": {"cost": 40, "months": 2},
        "light_storm_damage": {"cost": 20, "months": 1},
        "replacement_marines": {"cost": 36, "months": 2},
    }


def test_serious_storm_damage_costs_40_and_takes_2_months():
    result = run_procedure(
        "ad69.fleet_repair", {"fleet": "Classis Ravennas", "repair": "serious_storm_damage"}, EnteredDice([])
    )
    assert result.outcome == {"cost": 40, "months": 2}
    assert result.working[-1].text == "Classis Ravennas: serious storm damage, 40 talents, 2 months"


def test_light_storm_damage_costs_20_and_takes_1_month():
    result = fleet_repair(RepairInput("Classis Ravennas", Repair.LIGHT_STORM_DAMAGE), EnteredDice([]))
    assert result.outcome == {"cost": 20, "months": 1}


def test_stripping_marines_makes_6_auxiliaries_and_ends_anti_pirate_work():
    result = run_procedure("ad69.strip_marines", {"fleet": "Classis Misenensis"}, EnteredDice([]))
    assert result.outcome == {
        "troops": {"type": "auxiliary", "count": 6, "veteran": False},
        "anti_pirate_operations": False,
    }
    replaced = fleet_repair(RepairInput("Classis Misenensis", Repair.REPLACEMENT_MARINES), EnteredDice([]))
    assert replaced.outcome == {"cost": 36, "months": 2}


def test_a_fleet_without_marines_cannot_be_stripped_again():
    with pytest.raises(RulesError) as refusal:
        strip_marines(StripInput("Classis Misenensis", marines_aboard=False), EnteredDice([]))
    assert refusal.value.field == "marines_aboard"


def test_a_bridge_of_boats_takes_one_month():
    result = run_procedure(
        "ad69.bridge_of_boats", {"fleet": "Classis Pontica", "waterway": "the Hellespont"}, EnteredDice([])
    )
    assert result.outcome == {"months": 1}
    assert result.working[0].text == "Classis Pontica bridges the Hellespont in 1 month"
