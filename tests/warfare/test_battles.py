"""Battles through the desk's services: the handbook's combat examples played at a table and
landed on the forces, the claim lock, overrides, the verdict, the locked record, and who hears.

The dice are the handbook's, in the engine's order (tests/rules/ad69/test_battle.py): each
round side A's d12, side B's d12, then a d6 for each commander fighting in person.
"""

from datetime import timedelta

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.utils import timezone

from regions.models import Force, ForceTroops, Province
from tests.regions.forces_builders import composition, legion
from tests.umpire.channels_helpers import listen
from tests.warfare.builders import commander
from umpire.models import Announcement, AuditEntry, Character, Region, Role
from umpire.rules.dice import SeededDice
from umpire.rules.registry import run_procedure
from umpire.selectors import get_showing_announcements
from warfare.models import Battle, BattleForce, BattleOverride, BattleRound
from warfare.services.battle_losses import do_confirm_battle, do_place_losses, do_propose_losses
from warfare.services.battle_overrides import do_override_figure
from warfare.services.battle_rounds import do_fight_round, do_give_verdict
from warfare.services.battles import (
    do_claim_battle,
    do_open_battle,
    do_publish_battle,
    do_release_battle,
    do_take_over_battle,
)

LEG, AUX, WARBAND = "legionary", "auxiliary", "barbarian_warband"


def orders(stance, *, joins=False, outflanking=False, withdraw=False):
    return {"stance": stance, "joins": joins, "outflanking": outflanking, "withdraw": withdraw}


def fresh(battle):
    return Battle.objects.get(pk=battle.pk)


def rows():
    """Everything a battle service may write, to show a refusal wrote nothing."""
    return (
        Battle.objects.count(),
        BattleForce.objects.count(),
        BattleRound.objects.count(),
        BattleOverride.objects.count(),
        AuditEntry.objects.count(),
        list(
            Battle.objects.values_list(
                "state", "claimed_by", "claim_expires_at", "verdict", "losses_case", "published_at"
            )
        ),
        sorted(ForceTroops.objects.values_list("force__name", "type", "veteran", "count")),
        sorted(Character.objects.values_list("name", "wounded_until_turn", "died_turn")),
    )


def refused(field, match, service, *args, **kwargs):
    """The service refuses, naming `field`, with `match` in its words, and writes nothing."""
    before = rows()
    with pytest.raises(ValidationError) as refusal:
        service(*args, **kwargs)
    assert match in " ".join(refusal.value.message_dict[field])
    assert rows() == before


@pytest.fixture
def second_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Illyria", username="second-illyria")


def fight_example_1(ex, umpire):
    return do_fight_round(ex.battle, orders={"a": orders("attack"), "b": orders("defend")}, dice=[10, 2], actor=umpire)


def confirmed_example_1(ex, umpire):
    fight_example_1(ex, umpire)
    do_propose_losses(ex.battle, dice=[], actor=umpire)
    do_place_losses(
        ex.battle,
        side="b",
        actor=umpire,
        placed=[{"force": ex.xlvi, "type": LEG, "count": 2}, {"force": ex.xlvi, "type": AUX, "count": 3}],
    )
    return do_confirm_battle(ex.battle, actor=umpire)


# ---- the handbook's examples ------------------------------------------------------------------


def test_combat_example_1_bigius_triumphant_lands_on_the_legions(ad69, umpire, example_1):
    """Example 1: Bigius attacks, 10 + 5 + 5 + 1 = 21; Flatulius must defend, 2 + 5 + 5 + 1 = 13;
    by 8 Flatulius is defeated outright. Flatulius loses 50 ÷ 10 = 5 and chooses 2 legionary
    and 3 auxiliary vexillations; Bigius loses 50 ÷ 20 = 2, one of each, and his survivors are
    veterans (IX. WARFARE): the 4 + 4 veterans Example 2 begins with."""
    battle = example_1.battle
    assert (battle.title, battle.side_a_skill, battle.side_b_skill, battle.legion_against_legion) == (
        "Bigius Diccus v Flatulius Butus, Carnuntum",
        1,
        0,
        True,
    )

    fought = fight_example_1(example_1, umpire)
    assert (fought.outcome["totals"], fought.outcome["result"], fought.outcome["ahead"]) == (
        {"a": 21, "b": 13},
        "defeated outright",
        "a",
    )
    assert [(d["sides"], d["value"], d["rolled_by"]) for d in fought.dice] == [(12, 10, "entered"), (12, 2, "entered")]
    assert ("modifier", "Bigius Diccus: Military Skill of the army commander", 1) in [
        (w["kind"], w["text"], w["value"]) for w in fought.working
    ]
    battle = fresh(battle)
    assert (battle.advantage, battle.is_over, battle.victor, battle.needs_verdict, battle.next_round_number) == (
        "a",
        True,
        "a",
        False,
        None,
    )
    assert battle.ending == "Flatulius Butus was defeated outright in round 1"

    do_propose_losses(battle, dice=[], actor=umpire)
    battle = fresh(battle)
    assert (battle.state, battle.losses["a"]["units_lost"], battle.losses["b"]["units_lost"]) == (
        "losses_proposed",
        2,
        5,
    )
    assert battle.to_place == ["b"] and battle.losses["b"]["place_among"] == [
        "Legion XLVI auxiliary",
        "Legion XLVI legionary",
    ]
    refused("placed", "Flatulius Butus's player must still place 1 unit(s)", do_confirm_battle, battle, actor=umpire)

    do_place_losses(
        battle,
        side="b",
        actor=umpire,
        placed=[{"force": example_1.xlvi, "type": LEG, "count": 2}, {"force": example_1.xlvi, "type": AUX, "count": 3}],
    )
    assert fresh(battle).placed_losses["b"] == [
        {"force": "Legion XLVI", "type": LEG, "count": 2, "veteran": False},
        {"force": "Legion XLVI", "type": AUX, "count": 3, "veteran": False},
    ]
    do_confirm_battle(battle, actor=umpire)

    assert composition(example_1.xlv) == [(AUX, 4, True), (LEG, 4, True)]
    assert composition(example_1.xlvi) == [(AUX, 2, False), (LEG, 3, False)]
    assert set(Force.objects.filter(battle_places__battle=battle).values_list("fought_turn", flat=True)) == {1}
    # No one fought in person: "A great Triumph for Bigius Diccus!", and no one hurt.
    assert fresh(battle).fates == {}
    assert list(
        Character.objects.filter(name__in=["Bigius Diccus", "Flatulius Butus"]).values_list(
            "wounded_until_turn", "died_turn"
        )
    ) == [(None, None), (None, None)]
    battle = fresh(battle)
    assert (battle.state, battle.is_locked, battle.claimed_by, battle.confirmed_by) == ("confirmed", True, None, umpire)
    assert AuditEntry.objects.filter(action="force.battle").count() == 2


EUPHORIC_DEFENDS = orders("defend", outflanking=True)


def test_combat_example_2_bigius_holds_his_own_by_the_umpires_verdict(ad69, illyria, umpire):
    """Example 2: Euphoric (Military Skill 5, 20 warbands) defends and outflanks; Bigius's
    veterans attack. Pushed back, then three indecisive rounds, Euphoric in person for the
    last two (his risk dice 3 and 6): no clear victor after four. "The umpire ... awards
    the victory to the Romans": Euphoric loses 64 ÷ 10 = 6, Bigius 20 ÷ 20 = 1, which he
    chooses to be a (veteran) auxiliary."""
    xlv = legion(ad69, "Legion XLV", "Pannonia", [(LEG, 4, True), (AUX, 4, True)])
    horde = Force.objects.create(
        event=ad69,
        name="The German horde",
        kind=Force.Kind.BARBARIAN_HOST,
        province=Province.objects.get(event=ad69, name="Pannonia"),
    )
    ForceTroops.objects.create(force=horde, type=WARBAND, count=20)
    bigius = commander(ad69, "Bigius Diccus", 1, illyria)
    battle = do_open_battle(
        illyria,
        side_a_forces=[horde],
        side_b_forces=[xlv],
        side_a_name="Euphoric",
        side_a_skill=5,
        side_b_commander=bigius,
        actor=umpire,
    )
    assert not battle.legion_against_legion

    for joins, dice in [(False, [4, 6]), (False, [10, 3]), (True, [7, 4, 3]), (True, [5, 5, 6])]:
        do_fight_round(
            battle,
            dice=dice,
            actor=umpire,
            orders={"a": orders("defend", outflanking=True, joins=joins), "b": orders("attack")},
        )
    battle = fresh(battle)
    assert [(r.outcome["totals"], r.outcome["result"]) for r in battle.rounds.all()] == [
        ({"a": 14, "b": 18}, "pushed back"),
        ({"a": 18, "b": 15}, "indecisive"),
        ({"a": 19, "b": 16}, "indecisive"),
        ({"a": 17, "b": 17}, "indecisive"),
    ]
    assert (battle.is_over, battle.needs_verdict, battle.victor, battle.fallen) == (True, True, None, [])
    refused(
        "__all__",
        "The battle is over after round 4: 4 rounds were fought without a clear victory",
        do_fight_round,
        battle,
        orders={},
        dice=[1, 1],
        actor=umpire,
    )
    refused("victor", "No clear victor", do_propose_losses, battle, actor=umpire)

    do_give_verdict(battle, victor="b", reason="The Romans held the field (that's history for you)", actor=umpire)
    do_propose_losses(battle, dice=[], actor=umpire)
    do_place_losses(
        battle, side="b", actor=umpire, placed=[{"force": "Legion XLV", "type": AUX, "veteran": True, "count": 1}]
    )
    do_confirm_battle(battle, actor=umpire)

    battle = fresh(battle)
    assert (battle.verdict, battle.verdict_by, battle.victor) == ("b", umpire, "b")
    assert battle.summary == (
        "Bigius Diccus defeats Euphoric, by the umpire's verdict: 4 rounds were fought without a clear victory"
    )
    assert composition(horde) == [(WARBAND, 14, False)]
    assert composition(xlv) == [(AUX, 3, True), (LEG, 4, True)]


def test_combat_example_3_bigius_is_undone_with_the_handbooks_totals_as_the_umpires(ad69, illyria, umpire):
    """Example 3: by the rules Bigius (defending, in person) scores 9 + 5 + 5 + 2 + 1 + 1 = 23
    and Flatulius 2 + 5 + 10 + 2 = 19. The handbook prints 22 and 29 and has Bigius defeated
    outright; the umpire overrides both totals to the handbook's, and the results table then
    gives 7: defeated outright. Bigius's risk die is a 1: he falls; after the battle a 4 (he
    "does not die of his wounds") and 3 months wounded. He loses 100 ÷ 10 = 10, all his 7
    units; Flatulius 58 ÷ 20 = 2 and chooses an auxiliary from each legion. (The example is in
    Spain; it is fought here in Pannonia, as the table changes no rule.)"""
    xlv = legion(ad69, "Legion XLV", "Pannonia", [(LEG, 4, True), (AUX, 3, True)])
    lx = legion(ad69, "Legion LX", "Pannonia", [(LEG, 5, False), (AUX, 5, False)])
    lxi = legion(ad69, "Legion LXI", "Pannonia", [(LEG, 5, False), (AUX, 5, False)])
    bigius, flatulius = commander(ad69, "Bigius Diccus", 1, illyria), commander(ad69, "Flatulius Butus", 0, illyria)
    battle = do_open_battle(
        illyria,
        side_a_forces=[xlv],
        side_b_forces=[lx, lxi],
        side_a_commander=bigius,
        side_b_commander=flatulius,
        actor=umpire,
    )

    fought = do_fight_round(
        battle,
        dice=[9, 2, 1],
        actor=umpire,
        orders={"a": orders("defend", joins=True), "b": orders("attack", outflanking=True)},
    )
    assert (fought.outcome["totals"], fought.outcome["result"], fought.outcome["fallen"]) == (
        {"a": 23, "b": 19},
        "pushed back",
        ["a"],
    )
    do_override_figure(
        battle,
        round_number=1,
        what="total_a",
        umpire_value="22",
        actor=umpire,
        reason="Example 3 gives Bigius no +1 for defending",
    )
    do_override_figure(
        battle, round_number=1, what="total_b", umpire_value=29, actor=umpire, reason="Example 3's total for Flatulius"
    )

    battle = fresh(battle)
    last = battle.last_result
    assert (last.totals, last.phrase, last.overridden, battle.victor_by_dice, battle.fallen) == (
        {"a": 22, "b": 29},
        "a defeated outright",
        True,
        "b",
        ["a"],
    )
    assert [(o.label, o.engine_value, o.umpire_value) for o in battle.overrides.all()] == [
        ("round 1 side A total", "23", "22"),
        ("round 1 side B total", "19", "29"),
    ]

    do_propose_losses(battle, dice=[4, 3], actor=umpire)
    assert fresh(battle).fates == {"a": {"fate": "wounded", "months_wounded": 3}}
    do_place_losses(
        battle,
        side="b",
        actor=umpire,
        placed=[{"force": lx, "type": AUX, "count": 1}, {"force": lxi, "type": AUX, "count": 1}],
    )
    do_confirm_battle(battle, actor=umpire)

    assert composition(xlv) == []  # "Bigius loses his entire legion"
    assert composition(lx) == composition(lxi) == [(AUX, 4, True), (LEG, 5, True)]
    bigius.refresh_from_db()
    assert (bigius.wounded_until_turn, bigius.died_turn) == (1 + 3, None)
    assert AuditEntry.objects.filter(action="umpire.character.update", target_id=str(bigius.pk)).exists()


# ---- overrides --------------------------------------------------------------------------------


def test_an_override_is_audited_shown_beside_the_engines_value_and_sets_the_next_round(ad69, umpire, example_1):
    """The engine has Flatulius defeated outright; the umpire rules him only pushed back. The
    battle goes on, and round 2 starts with Flatulius's -2."""
    fight_example_1(example_1, umpire)
    override = do_override_figure(
        example_1.battle,
        round_number=1,
        what="result",
        umpire_value="b pushed back",
        reason="Flatulius's flank held on the river",
        actor=umpire,
    )

    assert (override.label, override.engine_value, override.umpire_value, override.by) == (
        "round 1 result",
        "b defeated outright",
        "b pushed back",
        umpire,
    )
    entry = AuditEntry.objects.get(action="battle.overridden")
    assert (entry.actor, entry.before, entry.after, entry.reason) == (
        umpire,
        {"round 1 result": "b defeated outright"},
        {"round 1 result": "b pushed back"},
        "Flatulius's flank held on the river",
    )
    battle = fresh(example_1.battle)
    assert (battle.is_over, battle.next_round_number, battle.rounds.get().outcome["result"]) == (
        False,
        2,
        "defeated outright",
    )  # the engine's outcome is kept as it gave it

    second = do_fight_round(battle, orders={"a": orders("attack"), "b": orders("defend")}, dice=[5, 5], actor=umpire)
    assert (second.case["pushed_back"], second.case["advantage"]) == ("b", "a")
    assert ("modifier", "Flatulius Butus: pushed back in the last round", -2) in [
        (w["kind"], w["text"], w["value"]) for w in second.working
    ]


def test_only_the_last_rounds_figures_and_real_ones_can_be_overridden(ad69, umpire, example_1):
    battle = example_1.battle
    do_fight_round(battle, orders={"a": orders("defend"), "b": orders("defend")}, actor=umpire)  # inaction
    do_fight_round(battle, orders={"a": orders("defend"), "b": orders("defend")}, actor=umpire)
    kwargs = {"reason": "a ruling", "actor": umpire}
    refused(
        "round_number",
        "Only the last round fought can be overridden (round 2)",
        do_override_figure,
        battle,
        round_number=1,
        what="result",
        umpire_value="indecisive",
        **kwargs,
    )
    refused(
        "what",
        "Round 2 passed in inaction",
        do_override_figure,
        battle,
        round_number=2,
        what="total_a",
        umpire_value="20",
        **kwargs,
    )
    refused(
        "what",
        "did not fight in person in round 2",
        do_override_figure,
        battle,
        round_number=2,
        what="fallen_a",
        umpire_value="fallen",
        **kwargs,
    )
    refused(
        "what",
        "'combat_value' cannot be overridden",
        do_override_figure,
        battle,
        round_number=2,
        what="combat_value",
        umpire_value="60",
        **kwargs,
    )
    refused(
        "umpire_value",
        "'a routed' is not one of",
        do_override_figure,
        battle,
        round_number=2,
        what="result",
        umpire_value="a routed",
        **kwargs,
    )
    refused(
        "reason",
        "Give the reason",
        do_override_figure,
        battle,
        round_number=2,
        what="result",
        umpire_value="indecisive",
        reason=" ",
        actor=umpire,
    )


def test_a_commander_who_fell_can_be_ruled_unharmed_and_fights_on(ad69, umpire, example_1):
    battle = example_1.battle
    do_fight_round(
        battle, orders={"a": orders("attack", joins=True), "b": orders("defend")}, dice=[3, 3, 1], actor=umpire
    )
    assert fresh(battle).fallen == ["a"]
    do_override_figure(
        battle, round_number=1, what="fallen_a", umpire_value="unharmed", reason="a glancing blow", actor=umpire
    )
    second = do_fight_round(
        battle, orders={"a": orders("attack", joins=True), "b": orders("defend")}, dice=[3, 3, 6], actor=umpire
    )
    assert second.case["fallen"] == [] and second.outcome["fallen"] == []


# ---- the rounds -------------------------------------------------------------------------------


def test_the_consoles_dice_are_seeded_and_repeat(ad69, umpire, example_1):
    fought = do_fight_round(example_1.battle, orders={"a": orders("attack"), "b": orders("defend")}, actor=umpire)
    assert fought.rolled_by_console and fought.seed is not None
    assert {d["rolled_by"] for d in fought.dice} == {"console"}
    again = run_procedure("ad69.battle_round", fought.case, SeededDice(fought.seed))
    assert again.outcome == fought.outcome


def test_wrong_extra_or_missing_dice_and_bad_orders_are_refused(ad69, umpire, example_1):
    battle, fight = example_1.battle, {"a": orders("attack"), "b": orders("defend")}
    refused(
        "dice.2",
        "3 dice entered, but the procedure rolled 2: die 3 and after are not its.",
        do_fight_round,
        battle,
        orders=fight,
        dice=[10, 2, 5],
        actor=umpire,
    )
    refused(
        "dice.1",
        "die 2 is needed: a d12 for Flatulius Butus's battle roll, round 1",
        do_fight_round,
        battle,
        orders=fight,
        dice=[10],
        actor=umpire,
    )
    refused("dice.0", "is a d12: 13 is not on it", do_fight_round, battle, orders=fight, dice=[13, 2], actor=umpire)
    refused(
        "orders.a.stance",
        "'flee' is not one of",
        do_fight_round,
        battle,
        orders={"a": {"stance": "flee"}},
        dice=[10, 2],
        actor=umpire,
    )


def test_a_wounded_commander_may_not_join_in_person(ad69, umpire, example_1):
    """X. RISK TO PLAYER CHARACTERS: wounded, he "may not take an active role in battles"."""
    Character.objects.filter(pk=example_1.bigius.pk).update(wounded_until_turn=3)
    refused(
        "orders.a.joins",
        "Bigius Diccus is wounded until turn 3",
        do_fight_round,
        example_1.battle,
        orders={"a": orders("attack", joins=True), "b": orders("defend")},
        dice=[10, 2, 4],
        actor=umpire,
    )


def test_a_withdrawal_after_a_push_back_ends_the_battle_and_needs_a_verdict(ad69, umpire, example_1):
    battle = example_1.battle
    do_fight_round(
        battle, orders={"a": orders("attack", withdraw=True), "b": orders("defend")}, dice=[9, 4], actor=umpire
    )
    battle = fresh(battle)
    assert (battle.is_over, battle.needs_verdict, battle.ending) == (
        True,
        True,
        "Bigius Diccus pushed the enemy back and withdrew in round 1",
    )
    refused("__all__", "The battle is over after round 1", do_fight_round, battle, orders={}, actor=umpire)
    do_give_verdict(battle, victor="draw", actor=umpire)
    do_propose_losses(battle, actor=umpire)
    battle = fresh(battle)
    assert (battle.losses["a"]["units_lost"], battle.losses["b"]["units_lost"]) == (2, 2)  # both as victors
    assert not battle.losses["a"]["become_veterans"] and not battle.losses["b"]["become_veterans"]


def test_a_verdict_is_refused_while_the_battle_goes_on_or_the_dice_decided(ad69, umpire, example_1):
    refused(
        "victor", "The battle goes on: round 1 is next", do_give_verdict, example_1.battle, victor="a", actor=umpire
    )
    fight_example_1(example_1, umpire)
    refused(
        "victor",
        "The dice decided it: Flatulius Butus was defeated outright",
        do_give_verdict,
        example_1.battle,
        victor="b",
        actor=umpire,
    )


def test_a_misplaced_loss_is_refused_by_its_line(ad69, umpire, example_1):
    fight_example_1(example_1, umpire)
    do_propose_losses(example_1.battle, dice=[], actor=umpire)
    refused(
        "placed.0.count",
        "must place 2 or 3 on Legion XLVI legionary",
        do_place_losses,
        example_1.battle,
        side="b",
        actor=umpire,
        placed=[{"force": example_1.xlvi, "type": LEG, "count": 4}, {"force": example_1.xlvi, "type": AUX, "count": 1}],
    )
    refused("side", "'c' is not one of", do_place_losses, example_1.battle, side="c", placed=[], actor=umpire)


def test_a_force_whose_units_changed_during_the_battle_stops_the_confirmation(ad69, umpire, example_1):
    fight_example_1(example_1, umpire)
    do_propose_losses(example_1.battle, dice=[], actor=umpire)
    do_place_losses(
        example_1.battle,
        side="b",
        actor=umpire,
        placed=[{"force": example_1.xlvi, "type": LEG, "count": 3}, {"force": example_1.xlvi, "type": AUX, "count": 2}],
    )
    ForceTroops.objects.filter(force=example_1.xlv, type=AUX).update(count=4)
    refused(
        "__all__",
        "Legion XLV's units have changed since the battle began",
        do_confirm_battle,
        example_1.battle,
        actor=umpire,
    )


# ---- opening ----------------------------------------------------------------------------------


def test_forces_must_be_at_the_table_together_and_free(ad69, illyria, umpire, example_1):
    dalmatia = legion(ad69, "Legion XI", "Dalmatia", [(LEG, 4, False)])
    noricum = legion(ad69, "Legion XII", "Noricum", [(LEG, 4, False)])
    fresh_legion = legion(ad69, "Legion XIII", "Pannonia", [(LEG, 4, False)])
    open_with = {"region": illyria, "actor": umpire}
    refused(
        "side_b_forces",
        "Legion XI is in Dalmatia, Legion XIII in Pannonia",
        do_open_battle,
        side_a_forces=[fresh_legion],
        side_b_forces=[dalmatia],
        **open_with,
    )
    refused(
        "side_b_forces",
        "Legion XII is not at this table (Illyria)",
        do_open_battle,
        side_a_forces=[fresh_legion],
        side_b_forces=[noricum],
        **open_with,
    )
    refused(
        "side_b_forces",
        "Legion XLV is already in the battle “Bigius Diccus v Flatulius Butus, Carnuntum”",
        do_open_battle,
        side_a_forces=[fresh_legion],
        side_b_forces=[example_1.xlv],
        **open_with,
    )
    refused(
        "side_b_forces",
        "Each side needs at least one force",
        do_open_battle,
        side_a_forces=[fresh_legion],
        side_b_forces=[],
        **open_with,
    )
    refused(
        "side_b_forces",
        "named twice, or on both sides",
        do_open_battle,
        side_a_forces=[fresh_legion],
        side_b_forces=[fresh_legion],
        **open_with,
    )


def test_commanders_bring_their_own_military_skill(ad69, illyria, umpire):
    one, two = (legion(ad69, f"Legion {n}", "Pannonia", [(LEG, 4, False)]) for n in ("XC", "XCI"))
    unknown = Character.objects.create(event=ad69, name="Anonymus", role="legate", social_class="senator")
    dead = commander(ad69, "Mortuus", 2, illyria)
    Character.objects.filter(pk=dead.pk).update(died_turn=1)
    dead.refresh_from_db()
    sides = {"region": illyria, "side_a_forces": [one], "side_b_forces": [two], "actor": umpire}
    refused(
        "side_a_commander",
        "Anonymus's Military Skill is missing",
        do_open_battle,
        side_a_commander=unknown,
        **sides,
    )
    refused(
        "side_a_skill",
        "Vivus's Military Skill is on his record",
        do_open_battle,
        side_a_commander=commander(ad69, "Vivus", 2, illyria),
        side_a_skill=4,
        **sides,
    )
    refused("side_a_commander", "Mortuus fell in turn 1", do_open_battle, side_a_commander=dead, **sides)


def test_legion_against_legion_needs_an_umpire_but_detachments_may_fight_without(
    ad69, illyria, umpire, django_user_model
):
    """X. THE BATTLE SYSTEM: "Legion vs Legion battles must be with an Umpire present ... Local
    battles involving detached vexillations (minor garrisons etc), can be dealt with by players"."""
    player = django_user_model.objects.create_user(username="player", password="ad69-test-pass")
    one, two = (legion(ad69, f"Legion {n}", "Pannonia", [(LEG, 4, False)]) for n in ("XC", "XCI"))
    refused(
        "__all__",
        "A battle of legion against legion needs an umpire present",
        do_open_battle,
        illyria,
        side_a_forces=[one],
        side_b_forces=[two],
        actor=player,
    )
    garrison = Force.objects.create(
        event=ad69,
        name="Garrison of Siscia",
        kind=Force.Kind.DETACHMENT,
        province=Province.objects.get(event=ad69, name="Pannonia"),
    )
    battle = do_open_battle(illyria, side_a_forces=[garrison], side_b_forces=[two], actor=player)
    assert not battle.legion_against_legion and battle.claimed_by == player


# ---- the claim --------------------------------------------------------------------------------


def test_a_round_is_refused_to_an_umpire_without_the_claim(ad69, umpire, second_umpire, example_1):
    until = timezone.localtime(fresh(example_1.battle).claim_expires_at).strftime("%H:%M")
    refused(
        "claim",
        f"Claimed by region-illyria until {until}: take it over first",
        do_fight_round,
        example_1.battle,
        orders={},
        dice=[10, 2],
        actor=second_umpire,
    )
    refused("claim", "Claimed by region-illyria", do_claim_battle, example_1.battle, actor=second_umpire)
    do_release_battle(example_1.battle, actor=umpire)
    refused(
        "claim",
        "Nobody is running this battle now: claim it first",
        do_fight_round,
        example_1.battle,
        orders={},
        dice=[10, 2],
        actor=umpire,
    )


def test_a_takeover_is_recorded_and_the_old_holder_is_then_refused(ad69, umpire, second_umpire, example_1):
    refused("reason", "Say why", do_take_over_battle, example_1.battle, reason="", actor=second_umpire)
    do_take_over_battle(example_1.battle, reason="Her tablet's battery died", actor=second_umpire)

    entry = AuditEntry.objects.get(action="battle.taken_over")
    assert (entry.actor, entry.before["claimed_by"], entry.after["claimed_by"], entry.reason) == (
        second_umpire,
        "region-illyria",
        "second-illyria",
        "Her tablet's battery died",
    )
    refused("claim", "Claimed by second-illyria", fight_example_1, example_1, umpire)
    assert fight_example_1(example_1, second_umpire).fought_by == second_umpire


def test_a_lapsed_claim_is_free_to_take_and_each_step_renews_it(ad69, umpire, second_umpire, example_1):
    opened = timezone.now()
    with time_machine.travel(opened + timedelta(minutes=4), tick=False):
        fight_example_1(example_1, umpire)  # renewed: good for 5 minutes from now
    with time_machine.travel(opened + timedelta(minutes=8), tick=False):
        refused("claim", "Claimed by region-illyria", do_claim_battle, example_1.battle, actor=second_umpire)
    with time_machine.travel(opened + timedelta(minutes=10), tick=False):
        do_claim_battle(example_1.battle, actor=second_umpire)
    entry = AuditEntry.objects.get(action="battle.claimed")
    assert (entry.actor, entry.reason) == (second_umpire, "region-illyria's claim had lapsed")
    assert fresh(example_1.battle).claimed_by == second_umpire


# ---- the locked record ------------------------------------------------------------------------


def test_a_confirmed_battle_is_locked_against_every_service(ad69, umpire, second_umpire, example_1):
    confirmed_example_1(example_1, umpire)
    battle = example_1.battle
    locked = "its record is locked"
    refused("__all__", locked, do_confirm_battle, battle, actor=umpire)
    refused("__all__", locked, do_fight_round, battle, orders={}, dice=[1, 1], actor=umpire)
    refused(
        "__all__",
        locked,
        do_override_figure,
        battle,
        round_number=1,
        what="result",
        umpire_value="indecisive",
        reason="second thoughts",
        actor=umpire,
    )
    refused("__all__", locked, do_give_verdict, battle, victor="b", actor=umpire)
    refused("__all__", locked, do_propose_losses, battle, actor=umpire)
    refused("__all__", locked, do_place_losses, battle, side="b", placed=[], actor=umpire)
    refused("__all__", locked, do_claim_battle, battle, actor=second_umpire)
    refused("__all__", locked, do_take_over_battle, battle, reason="to fix it", actor=second_umpire)
    refused("__all__", locked, do_release_battle, battle, actor=umpire)


def test_proposed_losses_close_the_rounds_and_the_verdict(ad69, umpire, example_1):
    fight_example_1(example_1, umpire)
    do_propose_losses(example_1.battle, dice=[], actor=umpire)
    refused(
        "what",
        "The losses are proposed",
        do_override_figure,
        example_1.battle,
        round_number=1,
        what="result",
        umpire_value="indecisive",
        reason="second thoughts",
        actor=umpire,
    )
    refused("__all__", "The losses are proposed", do_propose_losses, example_1.battle, actor=umpire)
    refused("__all__", "The battle is over after round 1", do_fight_round, example_1.battle, orders={}, actor=umpire)


# ---- who hears ------------------------------------------------------------------------------


def test_a_draft_is_told_only_to_its_table_and_control_until_published(
    ad69, illyria, umpire, example_1, django_capture_on_commit_callbacks
):
    gaul = Region.objects.get(event=ad69, name="Gaul")
    groups = [f"control-{ad69.pk}", f"table-{illyria.pk}", f"event-{ad69.pk}", f"display-{ad69.pk}", f"table-{gaul.pk}"]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            confirmed_example_1(example_1, umpire)
        drafted = heard()
        with django_capture_on_commit_callbacks(execute=True):
            do_publish_battle(example_1.battle, actor=umpire)
        published = heard()

    assert sorted(drafted) == [f"control-{ad69.pk}", f"table-{illyria.pk}"]
    change = drafted[f"table-{illyria.pk}"][0]["event"]
    assert (change["type"], change["action"], change["battle_id"], change["claimed_by"]) == (
        "battle.changed",
        "round_fought",
        example_1.battle.pk,
        "region-illyria",
    )
    assert sorted(published) == [f"control-{ad69.pk}", f"event-{ad69.pk}", f"table-{illyria.pk}"]
    news = published[f"event-{ad69.pk}"][0]["event"]
    assert (news["type"], news["to_projector"], news["summary"]) == (
        "battle.published",
        False,
        "Bigius Diccus defeats Flatulius Butus: Flatulius Butus was defeated outright in round 1",
    )
    assert fresh(example_1.battle).is_draft is False


@pytest.mark.parametrize("stage", ["opened", "fought", "losses proposed"])
def test_a_battle_is_published_only_once_confirmed(ad69, control, umpire, example_1, stage):
    """Published while still fought, the projector would list both sides' troops before the result."""
    if stage != "opened":
        fight_example_1(example_1, umpire)
    if stage == "losses proposed":
        do_propose_losses(example_1.battle, dice=[], actor=umpire)
    before = rows(), AuditEntry.objects.count()
    for who, to_projector in ((umpire, False), (control, True)):
        refused(
            "__all__",
            "Confirm the battle's result first",
            do_publish_battle,
            example_1.battle,
            to_projector=to_projector,
            actor=who,
        )
    assert (rows(), AuditEntry.objects.count()) == before
    assert fresh(example_1.battle).is_draft and not Announcement.objects.exists()


def test_control_may_put_a_published_battle_on_the_projector_once(ad69, control, umpire, example_1):
    confirmed_example_1(example_1, umpire)
    do_publish_battle(example_1.battle, actor=control)
    do_publish_battle(example_1.battle, to_projector=True, actor=control)
    battle = fresh(example_1.battle)
    assert (battle.on_projector, battle.published_by) == (True, control)
    refused("__all__", "already published", do_publish_battle, battle, to_projector=True, actor=control)
    assert AuditEntry.objects.filter(action="battle.published").count() == 2
    (news,) = get_showing_announcements(ad69)
    assert news["text"] == (
        "Bigius Diccus v Flatulius Butus, Carnuntum: Bigius Diccus defeats Flatulius Butus: "
        "Flatulius Butus was defeated outright in round 1"
    )


def test_only_control_puts_a_battle_on_the_projectors_news(ad69, umpire, example_1):
    confirmed_example_1(example_1, umpire)
    refused("to_projector", "Only Control", do_publish_battle, example_1.battle, to_projector=True, actor=umpire)
    assert not Announcement.objects.exists()
