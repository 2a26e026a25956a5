"""X. BATTLE DIE ROLLING SYSTEM: "-2 for each part of the force that has force marched last turn", read with
IV. THE TURN (forces move at the start of the turn, combats after) and IX ("their combat power is reduced as a
result"): a force that force-marched in this turn's moves fights this turn's battles at -2, and next turn's, as X
says; the turn after, at full strength (docs/rules.md, Readings). The battle desk, the odds and the rules desk's
picker read it alike."""

import pytest

from regions.models import Force
from regions.services.forces import do_march
from tests.map_builders import build_rhine_map
from tests.regions.forces_builders import legion
from umpire import clockwork
from umpire.models import Region
from warfare.models import BattleForce
from warfare.rules_cases import fill_battle_side
from warfare.selectors import forced_marches
from warfare.services.battle_rounds import do_fight_round
from warfare.services.battles import do_open_battle

LEG, AUX = "legionary", "auxiliary"


@pytest.fixture
def rhine(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    return build_rhine_map(ad69)


@pytest.fixture
def northern(ad69):
    return Region.objects.get(event=ad69, name="Northern")


def detachment(event, name, point):
    """A vexillation without its eagle: it marches by its Region umpire's (here Control's) order."""
    force = legion(event, name, point.province.name, [(LEG, 2, False), (AUX, 2, False)], aquila=False, at=point.name)
    Force.objects.filter(pk=force.pk).update(kind=Force.Kind.DETACHMENT)
    return Force.objects.get(pk=force.pk)


@pytest.fixture
def marched(ad69, control, rhine):
    """A vexillation force-marched 3 map points, Vetera to Colonia Agrippina, in turn 1's moves."""
    force = detachment(ad69, "Vexillatio XV Primigeniae", rhine["Vetera"])
    return do_march(force, to_point=rhine["Colonia Agrippina"], forced_march=True, actor=control)


@pytest.fixture
def ubii(ad69, rhine):
    return detachment(ad69, "Ubian militia", rhine["Colonia Agrippina"])


def orders(stance):
    return {"stance": stance, "joins": False, "outflanking": False, "withdraw": False}


def test_a_force_that_force_marched_this_turn_fights_this_turns_battle_at_minus_2(
    ad69, control, northern, marched, ubii
):
    assert marched.forced_march_turn == 1
    battle = do_open_battle(northern, side_a_forces=[marched], side_b_forces=[ubii], actor=control)
    assert [(f.force_name, f.force_marched) for f in BattleForce.objects.filter(battle=battle)] == [
        ("Vexillatio XV Primigeniae", True),
        ("Ubian militia", False),
    ]
    # both sides without a commander: equal skills, a d6 each for the tactical advantage first (4 and 2), then the d12s
    fought = do_fight_round(
        battle, orders={"a": orders("attack"), "b": orders("defend")}, dice=[4, 2, 6, 6], actor=control
    )
    assert ("modifier", "Vexillatio XV Primigeniae: 1 part(s) force-marched last turn", -2) in [
        (w["kind"], w["text"], w["value"]) for w in fought.working
    ]


def test_a_force_that_force_marched_last_turn_still_fights_at_minus_2(ad69, control, northern, marched, ubii):
    clockwork.do_skip_turn(ad69, actor=control)  # turn 2: its forced march was turn 1's, "last turn"
    battle = do_open_battle(northern, side_a_forces=[marched], side_b_forces=[ubii], actor=control)
    assert [f.force_marched for f in BattleForce.objects.filter(battle=battle)] == [True, False]


def test_a_force_that_force_marched_two_turns_ago_fights_at_full_strength(ad69, control, northern, marched, ubii):
    clockwork.do_skip_turn(ad69, actor=control)
    clockwork.do_skip_turn(ad69, actor=control)  # turn 3
    battle = do_open_battle(northern, side_a_forces=[marched], side_b_forces=[ubii], actor=control)
    assert [f.force_marched for f in BattleForce.objects.filter(battle=battle)] == [False, False]


def test_the_odds_and_the_sheet_count_the_same_forced_marches(ad69, control, marched, ubii):
    assert forced_marches([marched, ubii], ad69) == 1
    clockwork.do_skip_turn(ad69, actor=control)
    assert forced_marches([Force.objects.get(pk=marched.pk), ubii], ad69) == 1
    clockwork.do_skip_turn(ad69, actor=control)
    assert forced_marches([Force.objects.get(pk=marched.pk), ubii], ad69) == 0


def test_the_rules_desk_picker_counts_this_turns_and_last_turns_forced_march(ad69, control, marched):
    for turn, counted in ((1, 1), (2, 1), (3, 0)):
        if turn > 1:
            clockwork.do_skip_turn(ad69, actor=control)
        side, _ = fill_battle_side(ad69, {"force": str(marched.pk)}, {})
        assert (turn, side["force_marched"]) == (turn, counted)
