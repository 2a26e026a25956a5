"""2 Game Sequence as data, the seasonal events, the AP ledger (2-3, the missing Action Costs Table), 14
Stratagems, and victory (the scenarios and the campaign's POP)."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.optimus_princeps.actions import ACTION_COSTS_GIVEN
from umpire.rules.optimus_princeps.turn import SEQUENCE_OF_PLAY, SETUP_CHECKLIST
from umpire.rules.registry import run_procedure


def run(key, case, dice=()):
    return run_procedure(f"optimus_princeps.{key}", case, EnteredDice(list(dice)))


def test_a_year_is_five_seasons_each_with_sequences_1_to_6_and_spring_has_no_weather_roll():
    assert [stage["stage"] for stage in SEQUENCE_OF_PLAY] == ["Thaw", "Spring", "Summer", "Autumn", "Winter"]
    keys = {stage["stage"]: [phase["key"] for phase in stage["phases"]] for stage in SEQUENCE_OF_PLAY}
    assert keys["Thaw"] == [
        "start_of_season",
        "thaw_weather",
        "action_points",
        "initiative",
        "operations",
        "supply",
        "end_turn",
    ]
    assert keys["Spring"][1] == "spring_reinforcements"
    assert all(
        phase["rule"] and phase["steps"] and all(step["rule"] for step in phase["steps"])
        for stage in SEQUENCE_OF_PLAY
        for phase in stage["phases"]
    )
    assert all(step["rule"] for step in SETUP_CHECKLIST)


def test_each_season_but_spring_reads_its_own_weather_line():
    """2 Sequence 1 (L126-134), each season its own line: "Thaw: 1-3 no effect; 4-6 marshes flooded …",
    "Summer: 1-3 marshes are dry and considered to be plains; 4-6 no effect.", "Autumn: 1 rivers are frozen; 2-5
    no effect; 6 marshes flooded …", "Winter: 1-3 watercourses are frozen; 4-6 no effect."; §5.2.4 "If the river
    freezes, the fleet [a bridge of boats] is destroyed"."""
    weather = {stage["stage"]: stage["phases"][1] for stage in SEQUENCE_OF_PLAY if stage["stage"] != "Spring"}
    assert {season: [step["text"] for step in phase["steps"]] for season, phase in weather.items()} == {
        "Thaw": [
            "Thaw: roll a D6: 1-3 no effect; 4-6 marshes flooded: being in them or moving through them is crossing "
            "a major river for attrition"
        ],
        "Summer": ["Summer: roll a D6: 1-3 marshes are dry: plains; 4-6 no effect"],
        "Autumn": [
            "Autumn: roll a D6: 1 rivers are frozen; 2-5 no effect; 6 marshes flooded: being in them or moving "
            "through them is crossing a major river for attrition",
            "If the rivers freeze, a bridge of boats is destroyed",
        ],
        "Winter": [
            "Winter: roll a D6: 1-3 watercourses are frozen; 4-6 no effect",
            "If the rivers freeze, a bridge of boats is destroyed",
        ],
    }
    assert [weather[season]["steps"][0]["rule"] for season in ("Thaw", "Summer", "Autumn", "Winter")] == [
        "2 Sequence 1 L126",
        "2 Sequence 1 L132",
        "2 Sequence 1 L133",
        "2 Sequence 1 L134",
    ]


def test_a_phase_key_means_the_same_phase_in_every_season_it_is_played():
    """The console knows a phase by its key in every stage it happens in (boardgames.sequence keeps the first it
    meets), so a key two seasons share must carry the same checklist: the weather of §2 Sequence 1 differs by
    season, so each season's roll has its own key."""
    seen: dict[str, dict] = {}
    for stage in SEQUENCE_OF_PLAY:
        for phase in stage["phases"]:
            assert seen.setdefault(phase["key"], phase) == phase, f"{phase['key']} differs in {stage['stage']}"


@pytest.mark.parametrize(
    "season, roll, effect",
    [
        ("thaw", 4, "marshes flooded"),
        ("thaw", 3, "no effect"),
        ("summer", 2, "marshes are dry: plains"),
        ("autumn", 1, "rivers are frozen"),
        ("autumn", 6, "marshes flooded"),
        ("winter", 3, "watercourses are frozen"),
        ("summer", 4, "no effect"),
        ("autumn", 5, "no effect"),
        ("winter", 4, "no effect"),
    ],
)
def test_seasonal_events(season, roll, effect):
    """2 Sequence 1 (L126-134)."""
    assert run("seasonal_event", {"season": season}, [roll]).outcome["effect"].startswith(effect)


def test_spring_rolls_each_pillaged_region_back_on_4_or_more():
    case = {"season": "spring", "pillaged_regions": ["Apulum", "Tapae"]}
    assert run("seasonal_event", case, [4, 3]).outcome == {"season": "spring", "recovered": ["Apulum"]}


def test_the_ap_ledger_spends_a_cost_the_text_gives():
    result = run("spend_ap", {"side": "roman", "ap_left": 5, "action": {"action": "Activate a fleet"}})
    assert result.outcome == {"side": "roman", "ap_spent": 2, "ap_left": 3, "leader_ap_used": False}
    assert ACTION_COSTS_GIVEN["Bridge of Boats"] == {"ap": 6, "source": "5.2.4 L233"}


def test_a_leader_ap_pays_the_first_ap_of_an_action():
    """4.1: "He may add to it additional AP to perform a more costly action"."""
    case = {"side": "barbarian", "ap_left": 0, "action": {"action": "Declare a siege"}, "leader_ap": True}
    assert run("spend_ap", case).outcome["ap_spent"] == 0


def test_an_action_the_text_gives_no_cost_for_stops_until_control_enters_it():
    case = {"side": "roman", "ap_left": 5, "action": {"action": "Recruit"}}
    with pytest.raises(
        RulesError, match="the Action Costs Table has no cost for 'Recruit'.*Control enters it"
    ) as missing:
        run("spend_ap", case)
    assert missing.value.field == "action.ap"
    assert run("spend_ap", {**case, "action": {"action": "Recruit", "ap": 2}}).outcome["ap_left"] == 3


def test_spending_more_ap_than_the_d10_shows_is_refused():
    with pytest.raises(RulesError, match="the D10 shows 5"):
        run("spend_ap", {"side": "roman", "ap_left": 5, "action": {"action": "Bridge of Boats"}})


def test_stratagems_cost_and_limits():
    """14: Artillery deployed 2 AP per artillery; Domitian in Rome +1 AP to the barbarian; one per leader per
    season; Forced March once per player per season."""
    case = {"side": "roman", "stratagem": "Artillery deployed", "artillery": 2, "ap_left": 9}
    assert run("stratagem", case).outcome == {"ap_spent": 4, "ap_left": 5}
    rome = {"side": "barbarian", "stratagem": "Night battle", "ap_left": 9, "domitian_in_rome": True}
    assert run("stratagem", rome).outcome["ap_spent"] == 2
    with pytest.raises(RulesError, match="once per player per season"):
        run("stratagem", {"side": "roman", "stratagem": "Forced March", "ap_left": 9, "played_before": True})
    with pytest.raises(RulesError, match="one stratagem per leader"):
        run("stratagem", {**rome, "leader_played_this_season": True})


def test_scenario_stratagems_with_the_red_version_and_the_missing_cost():
    case = {"side": "barbarian", "stratagem": "S5 Moors Revolt", "ap_left": 9}
    assert run("stratagem", case).outcome["ap_spent"] == 3
    assert run("stratagem", {**case, "options": {"red_version": True}}).outcome["ap_spent"] == 4
    with pytest.raises(RulesError, match="gives no AP cost for S4 Opportunistic Germans"):
        run("stratagem", {**case, "stratagem": "S4 Opportunistic Germans"})


def test_pop_ledger_and_verdict():
    """Domitian's Reign, Victory: a total victory +40, Sarmizegetusa +50, 2 eagles +10, 30 Booty +30, a truce -10,
    a historic leader -10 and events +25: 135, "worthy of his father Vespasian"."""
    case = {
        "total_victories": 1,
        "sarmizegetusa_captured": True,
        "eagles_recovered": 2,
        "booty_spent_by_romans": 30,
        "truces": 1,
        "roman_historic_leaders": 1,
        "events": 25,
    }
    assert run("pop", case).outcome == {"pop": 135, "verdict": "worthy of his father Vespasian"}
    twice = run("pop", {**case, "options": {"historic_counts_twice": True}}).outcome
    assert twice["pop"] == 130
    assert run("pop", {"rome_falls": True}).outcome["verdict"] == "damnatio memoriae"


def test_pop_reads_the_reign_events_by_name():
    """Domitian's Reign, Events and Stratagems: Mons Graupius +10 (L1005), Dominus -5 (L996), Self-proclaimed
    Consul -1 each Thaw (L998), Pay Raise no POP (L1010), Fiscus judaicus +10 (L1064), and 12 more summed: the
    +25 of the ledger above, each named event on its own line."""
    named = {
        "total_victories": 1,
        "sarmizegetusa_captured": True,
        "eagles_recovered": 2,
        "booty_spent_by_romans": 30,
        "truces": 1,
        "roman_historic_leaders": 1,
        "events": 12,
        "reign_events": [
            {"name": "Mons Graupius"},
            {"name": "Dominus"},
            {"name": "Self-proclaimed Consul", "times": 2},
            {"name": "Pay Raise"},
            {"name": "Fiscus judaicus"},
        ],
    }
    result = run("pop", named)
    assert result.outcome["pop"] == 135
    steps = [line.text for line in result.working if line.kind == "step"]
    assert "Self-proclaimed Consul × 2: -1 POP each" in steps and "Pay Raise: the text gives it no POP" in steps


def test_an_event_neither_printed_nor_entered_stops_pop_naming_it():
    with pytest.raises(RulesError, match="events table has no POP for 'Ludi Saeculares'"):
        run("pop", {"reign_events": [{"name": "Ludi Saeculares"}]})
    assert run("pop", {"reign_events": [{"name": "Ludi Saeculares", "pop": 7}]}).outcome["pop"] == 7


@pytest.mark.parametrize(
    "case, winner, victory",
    [
        (
            {
                "scenario": "s1_first_dacian_war",
                "supreme_roman_dead": True,
                "eagles_captured": 3,
                "decebalus_dead": True,
                "sarmizegetusa": "roman",
            },
            "barbarian",
            "Barbarian Automatic Victory",
        ),
        (
            {
                "scenario": "s1_first_dacian_war",
                "dacian_regions_held": 6,
                "fortresses_held": 3,
                "tapae_fortress_destroyed": True,
            },
            "roman",
            "Historical Roman Victory",
        ),
        ({"scenario": "s1_first_dacian_war"}, "draw", "draw"),
        ({"scenario": "s2_dacian_jazyges_wars"}, "jazyge", "Jazyges victory"),
        ({"scenario": "s3_second_dacian_war"}, "barbarian", "Barbarian Near-Historical Victory"),
        (
            {
                "scenario": "s4_roman_jazyges_war",
                "roman_regions_103_104": 4,
                "jazyge_regions_103_104": 3,
                "legions_in_dacia": 2,
            },
            "jazyge",
            "Recent Conquest: Dacia revolts, the Roman player loses (S4.3)",
        ),
        ({"scenario": "s5_dacian_revolt", "all_dacian_cities_held": True}, "roman", "Roman Victory"),
        (
            {"scenario": "s5_dacian_revolt", "all_dacian_cities_held": True, "colonist_sp_destroyed": 3},
            "barbarian",
            "Barbarian Automatic Victory",
        ),
        ({"scenario": "s3_second_dacian_war", "all_leaders_killed": "barbarian"}, "roman", "automatic"),
    ],
)
def test_scenario_victory(case, winner, victory):
    assert run("scenario_victory", case).outcome == {"winner": winner, "victory": victory}


def test_barbarian_activation_rolls_an_event_on_a_6():
    result = run("barbarian_activation", {"tribe": "Quadi", "posture": "offensive"}, [6, 2])
    assert result.outcome["action"].startswith("Barbarian Events")
    assert result.outcome["event"].startswith("Former barbarian slave")
    assert run("barbarian_activation", {"tribe": "Quadi", "posture": "defensive"}, [1]).outcome == {
        "action": "Recruit 4 SP",
        "event": None,
    }
