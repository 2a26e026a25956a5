"""5.1.4 Coronation and Taxation, §9.10.3 Limes, and the scenarios' special rules: the Dacian Control Table
(SN0.1), the liberations of S3 and S5, and the solitaire barbarians' tactic (Domitian's Reign)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure


def run(key, case, dice=()):
    return run_procedure(f"optimus_princeps.{key}", case, EnteredDice(list(dice)))


def notes(result):
    return " ".join(line.text for line in result.working if line.kind == "note")


# ---- 5.1.4 the supreme leader ------------------------------------------------------------------------------


def test_the_crowned_heir_takes_the_counter_and_its_plus_8():
    """5.1.4: "he transmits this bonus, shown by a counter, to his heir … the heir must perform a Coronation"."""
    crowned = run("coronation", {"side": "barbarian", "leader": "Usimas", "strategic": 6})
    assert crowned.outcome == {"leader": "Usimas", "strategic": 14, "counter": "Roi Barbare"}
    with pytest.raises(RulesError, match="passes only when the supreme leader dies"):
        run("coronation", {"side": "roman", "leader": "Hadrian", "strategic": 6, "counter_free": False})


def test_a25_trajan_s_printed_16_holds_the_plus_8_unless_read_otherwise():
    """A25: Trajan (8, +2) in 86 and (16, +2) as emperor: the printed 16 already holds the +8 (default)."""
    case = {"side": "roman", "leader": "Trajan", "strategic": 16, "crowned_in_play": False}
    assert run("coronation", case).outcome["strategic"] == 16
    added = run("coronation", {**case, "options": {"printed_value": "add_bonus"}})
    assert added.outcome["strategic"] == 24 and "Reading A25" in notes(added)


def test_taxation_gives_the_supreme_leader_one_booty_in_a_quiet_friendly_city():
    assert run("taxation", {"supreme": True}).outcome == {"booty": 1, "ap_spent": 0, "leader_ap_used": True}
    for refused in (
        {"supreme": False},
        {"pillaged": True},
        {"besieged": True},
        {"other_action": True},
        {"friendly_inhabited_region": False},
    ):
        with pytest.raises(RulesError):
            run("taxation", {"supreme": True, **refused})


# ---- 9.10.3 limes ------------------------------------------------------------------------------------------


def test_a_wooden_limes_costs_1_ap_1_sp_1_booty_and_gives_plus_1():
    result = run("build_limes", {"side": "barbarian", "region": "Tapae", "ap_left": 3, "booty": 1, "sp": 4})
    assert result.outcome == {
        "limes": "wooden",
        "counter": "Fortin dace",
        "bonus": 1,
        "ap_spent": 1,
        "sp_spent": 1,
        "booty_spent": 1,
        "ap_left": 2,
    }


def test_a_limes_turns_to_stone_in_a_later_season_at_the_cost_control_enters():
    """9.10.3 prices the building, not the turning to stone: with no cost entered it stops, naming the table."""
    case = {"side": "roman", "region": "Drobeta", "ap_left": 3, "limes": "wooden"}
    with pytest.raises(RulesError, match="Action Costs Table has no cost for 'Turn a wooden limes to stone'"):
        run("build_limes", case)
    stone = run("build_limes", {**case, "to_stone": {"action": "Turn a wooden limes to stone", "ap": 2}})
    assert (stone.outcome["limes"], stone.outcome["counter"], stone.outcome["bonus"]) == ("stone", "Limes de pierre", 2)
    assert stone.outcome["ap_left"] == 1 and "the umpire rules" in notes(stone)


@pytest.mark.parametrize(
    "case, words",
    [
        ({"limes": "wooden", "built_this_season": True}, "in another season"),
        ({"limes": "stone"}, "only be one limes per region"),
        ({"allowed": False}, "allows no limes"),
        ({"leader": False}, "requires a leader"),
        ({"booty": 0}, "1 Booty marker"),
    ],
)
def test_a_limes_the_rules_refuse(case, words):
    with pytest.raises(RulesError, match=words):
        run("build_limes", {"side": "roman", "region": "Novae", "ap_left": 3, "booty": 1, "sp": 2, **case})


# ---- SN0.1 Dacian Control Table (A28) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "area, year, season, holder",
    [
        ("104", 101, "thaw", "Jazyge"),
        ("103", 103, "summer", "Roman"),
        ("118", 120, "winter", "Roxolan"),
        ("dacia", 110, "spring", "Roman"),
        ("dacia", 105, "winter", "Dacian"),
    ],
)
def test_the_dacian_control_table(area, year, season, holder):
    assert run("dacian_control", {"area": area, "year": year, "season": season}).outcome["holder"] == holder


def test_a28_106_is_dacian_to_spring_and_roman_after_unless_read_as_one_column():
    assert run("dacian_control", {"area": "dacia", "year": 106, "season": "spring"}).outcome["holder"] == "Dacian"
    summer = run("dacian_control", {"area": "dacia", "year": 106, "season": "summer"})
    assert summer.outcome["holder"] == "Roman" and "Reading A28" in notes(summer)
    earlier = {"area": "dacia", "year": 106, "season": "summer", "options": {"year_106": "earlier"}}
    assert run("dacian_control", earlier).outcome["holder"] == "Dacian"
    later = {"area": "104", "year": 106, "season": "thaw", "options": {"year_106": "later"}}
    assert run("dacian_control", later).outcome["holder"] == "Roman"


# ---- S3 and S5 liberation --------------------------------------------------------------------------------


def test_s3_garrisons_not_yet_visited_are_liberated_in_plains():
    """S3.3: "if a Dacian army attacks them before the visit of a Roman army, they are considered to be in plains,
    this isn't a Dacian invasion, but a liberation!" (L764)."""
    assert run("liberation", {"scenario": "s3_second_dacian_war"}).outcome == {"liberation": True, "defences": False}
    visited = run("liberation", {"scenario": "s3_second_dacian_war", "visited": True}).outcome
    assert visited == {"liberation": False, "defences": True}


@pytest.mark.parametrize(
    "place, people, becomes",
    [
        ("dacian_village", "dacian", "a Dacian region"),
        ("tribal_site_104", "sarmatian", "a Jazyge region"),
        ("village_118", "sarmatian", "a Roxolan region"),
        ("dacian_village", "german", None),
    ],
)
def test_s5_barbarian_liberation(place, people, becomes):
    case = {"scenario": "s5_dacian_revolt", "place": place, "people": people}
    assert run("liberation", case).outcome["becomes"] == becomes


def test_only_s3_and_s5_liberate():
    with pytest.raises(RulesError, match="only S3 and S5"):
        run("liberation", {"scenario": "s1_first_dacian_war"})


# ---- Domitian's Reign: the solitaire barbarians' tactic (A31) --------------------------------------------


@pytest.mark.parametrize(
    "people, drawn, tactic",
    [
        ("dacian", "envelopment", "dissuasion"),
        ("german", "envelopment", "frontal_attack"),
        ("sarmatian", "general_attack", "dissuasion"),
        ("dacian", "frontal_attack", "frontal_attack"),
    ],
)
def test_the_drawn_tactic_as_each_people_reads_it(people, drawn, tactic):
    """Domitian's Reign L1106: Dacian Envelopment and Sarmatian General Attack become "Harassment" (A31:
    Dissuasion); German Envelopment becomes Frontal Assault."""
    assert run("barbarian_tactic", {"people": people, "drawn": drawn}).outcome["tactic"] == tactic


def test_a31_harassment_may_be_read_as_no_tactic():
    case = {"people": "sarmatian", "drawn": "general_attack", "options": {"harassment": "general_attack"}}
    result = run("barbarian_tactic", case)
    assert result.outcome["tactic"] == "general_attack" and "Reading A31" in notes(result)
