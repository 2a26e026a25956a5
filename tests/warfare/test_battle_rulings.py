"""The desk's steps 1, 3 and 4 (the commanders' choice to fight, the order of battle) and the
umpire's rulings on the battle's own figures: the tactical advantage and combat values while
it is fought, the units lost and the fallen's fates once the losses are proposed. Each is
audited, its refusals write nothing, and its effect lands where the engine reads it."""

import pytest

from regions.models import Force
from tests.warfare.test_battles import AUX, LEG, fresh, orders, refused
from umpire.models import AuditEntry, Character
from warfare.models import Battle, BattleOverride
from warfare.printing import get_battle_record
from warfare.selectors import battles_of
from warfare.services.battle_losses import do_confirm_battle, do_place_losses, do_propose_losses
from warfare.services.battle_overrides import do_override_figure
from warfare.services.battle_rounds import do_fight_round
from warfare.services.battles import do_decide_battle, do_deploy_forces, do_open_battle

ATTACK_DEFEND = {"a": orders("attack"), "b": orders("defend")}


@pytest.fixture
def undecided(illyria, umpire, example_1_forces):
    """Combat Example 1 opened before its commanders have chosen to fight."""
    f = example_1_forces
    return do_open_battle(
        illyria,
        side_a_forces=[f["xlv"]],
        side_b_forces=[f["xlvi"]],
        side_a_commander=f["bigius"],
        side_b_commander=f["flatulius"],
        place="Carnuntum",
        decided=False,
        actor=umpire,
    )


def rule(battle, what, value, umpire, reason="the umpire's ruling"):
    return do_override_figure(battle, what=what, umpire_value=value, reason=reason, actor=umpire)


def audited(battle, action):
    return AuditEntry.objects.filter(action=f"battle.{action}", target_id=str(battle.pk)).order_by("-pk").first()


# ---- step 1: the choice to fight -------------------------------------------------------------


def test_no_round_is_fought_before_both_commanders_choose_to_fight(ad69, umpire, undecided):
    assert undecided.awaits_decision
    refused(
        "__all__",
        "have not yet chosen to fight",
        do_fight_round,
        undecided,
        orders=ATTACK_DEFEND,
        dice=[10, 2],
        actor=umpire,
    )

    do_decide_battle(undecided, fight=True, actor=umpire)
    battle = fresh(undecided)
    assert battle.decided_at is not None and not battle.awaits_decision
    assert audited(battle, "decided").after == {"fight": True}
    assert do_fight_round(battle, orders=ATTACK_DEFEND, dice=[10, 2], actor=umpire).outcome["totals"] == {
        "a": 21,
        "b": 13,
    }
    refused("__all__", "already chosen to fight", do_decide_battle, battle, fight=True, actor=umpire)


def test_a_commander_who_will_not_fight_calls_the_battle_off_and_frees_his_forces(
    ad69, illyria, umpire, undecided, example_1_forces
):
    refused(
        "reason",
        "Say why the battle is called off",
        do_decide_battle,
        undecided,
        fight=False,
        declined_by="b",
        reason=" ",
        actor=umpire,
    )
    refused(
        "declined_by",
        "'c' is not one of",
        do_decide_battle,
        undecided,
        fight=False,
        declined_by="c",
        reason="he retreats",
        actor=umpire,
    )

    do_decide_battle(undecided, fight=False, declined_by="b", reason="he falls back on Poetovio", actor=umpire)
    battle = fresh(undecided)
    assert (battle.state, battle.is_locked, battle.claimed_by) == ("called_off", True, None)
    assert battle.summary == (
        "Bigius Diccus against Flatulius Butus: called off, Flatulius Butus will not fight: he falls back on Poetovio"
    )
    assert audited(battle, "called_off").reason == "he falls back on Poetovio"
    refused("__all__", "its record is locked", do_fight_round, battle, orders=ATTACK_DEFEND, dice=[10, 2], actor=umpire)
    f = example_1_forces
    again = do_open_battle(illyria, side_a_forces=[f["xlv"]], side_b_forces=[f["xlvi"]], actor=umpire)
    assert again.pk != battle.pk


# ---- steps 3 and 4: the order of battle -------------------------------------------------------


def test_the_order_of_battle_is_kept_force_by_force_until_the_first_round(ad69, umpire, opened):
    xlv, xlvi = (opened.forces.get(force_name=name) for name in ("Legion XLV", "Legion XLVI"))
    do_deploy_forces(opened, deployment={xlv.pk: "on the ridge, facing XLVI", xlvi.pk: "by the ford"}, actor=umpire)
    assert dict(opened.forces.values_list("force_name", "deployment")) == {
        "Legion XLV": "on the ridge, facing XLVI",
        "Legion XLVI": "by the ford",
    }
    assert audited(opened, "deployed").after == {
        "Legion XLV": "on the ridge, facing XLVI",
        "Legion XLVI": "by the ford",
    }
    record = get_battle_record(battles_of(opened.event).get(pk=opened.pk))
    assert record.sides[0].forces[0][0] == "Legion XLV: on the ridge, facing XLVI"

    refused(
        "deployment",
        "No force 999999 fights in this battle",
        do_deploy_forces,
        opened,
        deployment={999999: "nowhere"},
        actor=umpire,
    )
    refused(
        "deployment", "at most 120 characters", do_deploy_forces, opened, deployment={xlv.pk: "x" * 121}, actor=umpire
    )
    do_fight_round(opened, orders=ATTACK_DEFEND, dice=[10, 2], actor=umpire)
    refused(
        "deployment",
        "the order of battle stands",
        do_deploy_forces,
        fresh(opened),
        deployment={xlv.pk: "elsewhere"},
        actor=umpire,
    )


# ---- rulings while the battle is fought -------------------------------------------------------


def test_a_ruled_combat_value_counts_from_the_next_round_and_the_engines_stays_beside_it(ad69, umpire, opened):
    """Example 1 with Bigius's value ruled 70: his round-1 total is 23, not 21 (+7, not +5)."""
    override = rule(opened, "combat_value_a", "70", umpire, reason="a cohort of XIII joined him")
    assert (override.round, override.engine_value, override.umpire_value) == (None, "50", "70")
    entry = audited(opened, "overridden")
    assert (entry.before, entry.after, entry.reason) == (
        {"side A combat value": "50"},
        {"side A combat value": "70"},
        "a cohort of XIII joined him",
    )

    fought = do_fight_round(fresh(opened), orders=ATTACK_DEFEND, dice=[10, 2], actor=umpire)
    assert fought.case["side_a"]["ruled_combat_value"] == 70
    assert fought.outcome["totals"] == {"a": 23, "b": 13}
    do_propose_losses(fresh(opened), dice=[], actor=umpire)
    assert fresh(opened).losses["b"]["units_lost"] == 7  # 70 ÷ 10


def test_a_ruled_advantage_takes_the_place_of_the_dice(ad69, illyria, umpire, example_1_forces):
    """With equal Military Skill the engine would ask for a d6 each; the umpire's ruling stands instead."""
    f = example_1_forces
    battle = do_open_battle(
        illyria, side_a_forces=[f["xlv"]], side_b_forces=[f["xlvi"]], side_a_skill=2, side_b_skill=2, actor=umpire
    )
    override = rule(battle, "advantage", "b", umpire, reason="Flatulius holds the ford")
    assert (override.engine_value, fresh(battle).advantage) == ("by dice, not yet rolled", "b")
    fought = do_fight_round(
        fresh(battle), orders={"a": orders("defend"), "b": orders("attack")}, dice=[4, 6], actor=umpire
    )
    assert [die["purpose"] for die in fought.dice] == [
        "Legion XLV's battle roll, round 1",
        "Legion XLVI's battle roll, round 1",
    ]
    assert fought.outcome["tactical_advantage"] == "b"


def test_rulings_refuse_what_does_not_fit_and_write_nothing(ad69, umpire, opened):
    refused("umpire_value", "'c' is not one of", rule, opened, "advantage", "c", umpire)
    refused("umpire_value", "'many' is not a whole number", rule, opened, "combat_value_b", "many", umpire)
    refused("umpire_value", "-5 is not between 0 and 10000", rule, opened, "combat_value_b", "-5", umpire)
    refused("what", "The losses are not proposed yet", rule, opened, "losses_b", "3", umpire)
    refused("what", "'morale' cannot be overridden", rule, opened, "morale", "3", umpire)


# ---- rulings once the losses are proposed -----------------------------------------------------


def test_a_ruled_loss_is_split_again_and_lands_on_the_legion(ad69, umpire, proposed, example_1_forces):
    do_place_losses(
        proposed,
        side="b",
        actor=umpire,
        placed=[{"force": "Legion XLVI", "type": LEG, "count": 2}, {"force": "Legion XLVI", "type": AUX, "count": 3}],
    )
    override = rule(fresh(proposed), "losses_b", "4", umpire, reason="the ford slowed the pursuit")
    assert (override.engine_value, override.umpire_value) == ("5", "4")
    battle = fresh(proposed)
    assert battle.placed_losses["b"] == []  # made for 5: set aside for the owner to make again
    assert (battle.losses["b"]["units_lost"], battle.to_place) == (4, [])
    assert [die["value"] for die in battle.losses_result["dice"]] == [4, 3]  # the wound dice stand

    do_confirm_battle(battle, actor=umpire)
    xlvi = example_1_forces["xlvi"]
    assert sorted(xlvi.troops.values_list("type", "count")) == [(AUX, 3), (LEG, 3)]


def test_a_ruled_fate_is_the_one_applied_to_the_commander(ad69, umpire, proposed, example_1_forces):
    battle = fresh(proposed)
    assert battle.fates == {"a": {"fate": "wounded", "months_wounded": 3}}
    refused("what", "Flatulius Butus's commander did not fall", rule, battle, "fate_b", "killed", umpire)
    refused("umpire_value", "type “killed”, or the months wounded", rule, battle, "fate_a", "maimed", umpire)
    refused("umpire_value", "30 is not between 1 and 24", rule, battle, "fate_a", "wounded 30", umpire)
    refused("what", "the side A combat value stands", rule, battle, "combat_value_a", "60", umpire)

    override = rule(battle, "fate_a", "killed", umpire, reason="taken and put to the sword")
    assert (override.engine_value, override.umpire_value) == ("wounded 3", "killed")
    battle = fresh(battle)
    assert battle.fates == {"a": {"fate": "killed"}}
    do_place_losses(
        battle,
        side="b",
        actor=umpire,
        placed=[{"force": "Legion XLVI", "type": LEG, "count": 2}, {"force": "Legion XLVI", "type": AUX, "count": 3}],
    )
    xlv = example_1_forces["xlv"]
    Force.objects.filter(pk=xlv.pk).update(legate=example_1_forces["bigius"], army_commander=example_1_forces["bigius"])
    do_confirm_battle(fresh(battle), actor=umpire)
    bigius = Character.objects.get(pk=example_1_forces["bigius"].pk)
    assert (bigius.died_turn, bigius.wounded_until_turn) == (fresh(battle).turn, None)
    xlv.refresh_from_db()
    assert (xlv.legate, xlv.army_commander) == (None, None)  # a dead man commands nothing
    assert AuditEntry.objects.get(action="force.commander_killed").reason == (
        "Bigius Diccus killed in Bigius Diccus v Flatulius Butus, Carnuntum"
    )


def test_months_wounded_may_be_typed_plainly(ad69, umpire, proposed):
    assert rule(fresh(proposed), "fate_a", "5 months", umpire).umpire_value == "wounded 5"
    assert fresh(proposed).fates == {"a": {"fate": "wounded", "months_wounded": 5}}


def test_the_figures_offered_follow_the_battle(ad69, umpire, opened):
    assert opened.figures_open == ["advantage", "combat_value_a", "combat_value_b"]
    do_fight_round(opened, orders=ATTACK_DEFEND, dice=[10, 2], actor=umpire)
    battle = Battle.objects.get(pk=opened.pk)
    assert battle.figures_open == ["result", "total_a", "total_b", "advantage", "combat_value_a", "combat_value_b"]
    do_propose_losses(battle, dice=[], actor=umpire)
    assert fresh(battle).figures_open == ["losses_a", "losses_b"]
    assert not BattleOverride.objects.exists()
