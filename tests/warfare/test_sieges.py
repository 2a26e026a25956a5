"""Sieges through the services (X. THE SIEGE SYSTEM, SIEGE COMBAT RESULTS, REDUCING DEFENCES):
each month's work checked by the AD69 engine, kept across turns, landed on the forces, audited
and told to the siege's table and to Control."""

import pytest
from django.core.exceptions import ValidationError

from regions.models import Force, ForceTroops, MapPoint, MapRoute, Province
from regions.services.forces import do_march
from tests.regions.forces_builders import composition, legion
from tests.umpire.channels_helpers import listen
from umpire import clockwork
from umpire.models import AuditEntry, Character, GroupSequence, Region
from umpire.rules.dice import SeededDice
from umpire.rules.registry import run_procedure
from warfare.models import Siege, SiegeMonth
from warfare.services.sieges import (
    do_assault,
    do_begin_siege,
    do_build_siege_engines,
    do_lift_siege,
    do_place_siege_losses,
    do_reduce_defences,
)

LEV, AUX, LEG = "raw_levy", "auxiliary", "legionary"
MINOR = "minor_fortified_city"


@pytest.fixture
def table(italia):
    return italia.region


@pytest.fixture
def primus(ad69, table):
    """The besiegers' army commander, at the table, with a Military Skill of +1."""
    return Character.objects.create(
        event=ad69, name="Antonius Primus", role="legate", social_class="senator", military_skill=1, location=table
    )


@pytest.fixture
def xlv(ad69, primus):
    """A full strength legion (X. COMBAT EXAMPLES, Example 1) with 10 levies, under Primus."""
    force = legion(
        ad69, "Legion XLV", "Italia", [(LEG, 5, False), (AUX, 5, False), (LEV, 10, False)], legate="Caecilius Simplex"
    )
    Force.objects.filter(pk=force.pk).update(army_commander=primus)
    return force


@pytest.fixture
def xlvi(ad69, primus):
    force = legion(ad69, "Legion XLVI", "Italia", [(LEG, 5, False), (AUX, 5, False)])
    Force.objects.filter(pk=force.pk).update(army_commander=primus)
    return force


@pytest.fixture
def garrison(ad69, italia):
    """Cremona's garrison: 3 auxiliaries and 4 levies, combat value 12 + 8 = 20, no commander."""
    force = Force.objects.create(event=ad69, name="Cremona garrison", kind=Force.Kind.DETACHMENT, province=italia)
    ForceTroops.objects.bulk_create(
        [ForceTroops(force=force, type=AUX, count=3), ForceTroops(force=force, type=LEV, count=4)]
    )
    return force


@pytest.fixture
def started(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    return ad69


@pytest.fixture
def cremona(started, control, italia, xlv, xlvi, garrison):
    return do_begin_siege(
        besiegers=[xlv, xlvi], place="Cremona", place_type=MINOR, province=italia, garrison=[garrison], actor=control
    )


def next_turn(event, control):
    clockwork.do_skip_turn(event, actor=control)


def fresh(siege):
    return Siege.objects.get(pk=siege.pk)


def statuses(*forces):
    return [Force.objects.get(pk=force.pk).status for force in forces]


def state_of_everything():
    return (
        sorted(Siege.objects.values_list("place", "state", "multiplier", "ended_turn")),
        sorted(SiegeMonth.objects.values_list("turn", "action", "legion__name")),
        sorted(Force.objects.values_list("name", "status", "fought_turn")),
        sorted(ForceTroops.objects.values_list("force__name", "type", "veteran", "count")),
        AuditEntry.objects.count(),
        sorted(GroupSequence.objects.values_list("group", "last")),
    )


def refused(call, field, match):
    before = state_of_everything()
    with pytest.raises(ValidationError, match=match) as refusal:
        call()
    assert list(refusal.value.message_dict) == [field]
    assert state_of_everything() == before


def test_siege_of_a_minor_fortified_city_over_three_turns(ad69, control, cremona, xlv, xlvi, garrison):
    """Turn 1 both legions build their engines; turn 2 the two sets reduce Cremona's multiplier
    from 5 to 4; turn 3 the assault: (50 + 50) → +10, Primus +1, Simplex in person +2 and a 10 make
    23, against 20 × 4 = 80 → +8 and a 3 make 11. A difference of 12: the place falls, the garrison
    is wiped out and the besiegers lose 20 ÷ 20 = 1 unit, placed by their owner."""
    assert (cremona.starting_multiplier, cremona.multiplier, cremona.begun_turn) == (5, 5, 1)
    assert statuses(xlv, xlvi, garrison) == ["besieging", "besieging", "standing"]

    do_build_siege_engines(cremona, legion=xlv, actor=control)
    do_build_siege_engines(cremona, legion=xlvi, actor=control)
    assert list(SiegeMonth.objects.values_list("turn", "action", "legion__name", "outcome")) == [
        (1, "build_engines", "Legion XLV", {"sets_built": 1, "months": 1}),
        (1, "build_engines", "Legion XLVI", {"sets_built": 1, "months": 1}),
    ]

    next_turn(ad69, control)
    siege = do_reduce_defences(cremona, actor=control)
    assert (siege.multiplier, fresh(cremona).multiplier) == (4, 4)
    reduction = SiegeMonth.objects.get(action="reduce_defences")
    assert (reduction.turn, reduction.case["engine_sets"], reduction.outcome) == (
        2,
        2,
        {"multiplier_before": 5, "multiplier_after": 4, "reduced": True},
    )

    next_turn(ad69, control)
    Character.objects.filter(name="Caecilius Simplex").update(location=cremona.region)
    month = do_assault(cremona, commander_joins=True, dice=[10, 3], actor=control)
    assert month.outcome == {
        "result": "place_falls",
        "place_falls": True,
        "difference": 12,
        "attack_value": 100,
        "garrison_value": 20,
        "defence_value": 80,
        "attackers_lost": 1,
        "defenders_lost": 7,
    }
    assert (month.turn, month.dice, month.rolled_by_console, month.seed) == (
        3,
        [
            {"sides": 12, "value": 10, "purpose": "the attackers' siege roll"},
            {"sides": 12, "value": 3, "purpose": "the defenders' siege roll"},
        ],
        False,
        None,
    )
    assert {
        "kind": "modifier",
        "text": "+2 Legionary Commander in person",
        "rule": "X. SIEGE COMBAT RESULTS",
        "value": 2,
    } in month.working
    assert composition(garrison) == []
    assert month.losses["besiegers"]["to_place"] == 1 and month.sides_waiting == ["besiegers"]
    cremona = fresh(cremona)
    assert (cremona.state, cremona.ended_turn) == ("fallen", 3)
    assert statuses(xlv, xlvi) == ["standing", "standing"]
    assert Force.objects.get(pk=xlv.pk).fought_turn == 3

    do_place_siege_losses(
        month, side="besiegers", placed=[{"force": "Legion XLV", "type": AUX, "count": 1}], actor=control
    )
    assert composition(xlv) == [(AUX, 4, False), (LEG, 5, False), (LEV, 10, False)]
    assert composition(xlvi) == [(AUX, 5, False), (LEG, 5, False)]
    assert SiegeMonth.objects.get(pk=month.pk).sides_waiting == []
    assert list(
        AuditEntry.objects.filter(action__startswith="siege.").values_list("action", flat=True).order_by("pk")
    ) == [
        "siege.begun",
        "siege.engines_built",
        "siege.engines_built",
        "siege.defences_reduced",
        "siege.place_fell",
        "siege.losses_placed",
    ]


def test_two_actions_in_one_month_are_refused_and_change_nothing(control, cremona, xlv):
    do_build_siege_engines(cremona, legion=xlv, actor=control)
    refused(
        lambda: do_reduce_defences(cremona, actor=control),
        "siege",
        r"has had its month's work this turn \(build siege engines\): one action a month",
    )
    refused(lambda: do_assault(cremona, dice=[12, 1], actor=control), "siege", "one action a month")


def test_only_one_assault_a_month(control, cremona):
    do_assault(cremona, dice=[1, 12], actor=control)  # a repulse: the defenders lose nothing
    refused(lambda: do_assault(cremona, dice=[12, 1], actor=control), "siege", r"\(assault\): one action a month")


def test_a_second_set_of_engines_by_the_same_legion_is_refused(ad69, control, cremona, xlv):
    do_build_siege_engines(cremona, legion=xlv, actor=control)
    refused(
        lambda: do_build_siege_engines(cremona, legion=xlv, actor=control),
        "legion",
        "Legion XLV has built its set here: one set per legion",
    )
    next_turn(ad69, control)
    refused(lambda: do_build_siege_engines(cremona, legion=xlv, actor=control), "legion", "one set per legion")


def test_a_legion_without_its_aquila_builds_no_engines(control, cremona, xlvi):
    Force.objects.filter(pk=xlvi.pk).update(aquila=False)
    refused(
        lambda: do_build_siege_engines(cremona, legion=xlvi, actor=control),
        "legion",
        "builds siege engines only with its Aquila present",
    )


def test_a_legion_that_marched_this_month_builds_no_engines(control, cremona, xlvi):
    Force.objects.filter(pk=xlvi.pk).update(moved_turn=1, points_moved=3)
    refused(
        lambda: do_build_siege_engines(cremona, legion=xlvi, actor=control),
        "legion",
        "only by doing nothing else for the month",
    )


def test_only_a_besieger_builds_engines(control, cremona, garrison):
    refused(
        lambda: do_build_siege_engines(cremona, legion=garrison, actor=control),
        "legion",
        "Cremona garrison is not besieging Cremona",
    )


def test_one_set_of_engines_is_too_few_to_reduce_a_minor_fortified_city(ad69, control, cremona, xlv):
    do_build_siege_engines(cremona, legion=xlv, actor=control)
    next_turn(ad69, control)
    refused(
        lambda: do_reduce_defences(cremona, actor=control),
        "siege",
        "1 sets of siege engines are too few to reduce Cremona: it needs 2",
    )


def test_the_umpires_advice_on_engines_is_kept_with_the_siege(started, control, italia, xlv, xlvi):
    siege = do_begin_siege(
        besiegers=[xlv, xlvi],
        place="Mediolanum",
        place_type="fortified_town",
        province=italia,
        engines_required=3,
        actor=control,
    )
    do_build_siege_engines(siege, legion=xlv, actor=control)
    do_build_siege_engines(siege, legion=xlvi, actor=control)
    next_turn(started, control)
    refused(lambda: do_reduce_defences(siege, actor=control), "siege", "it needs 3")


def test_a_huge_mountain_fortified_city_needs_its_multiplier_entered(started, control, italia, xlv):
    refused(
        lambda: do_begin_siege(
            besiegers=[xlv], place="Masada", place_type="huge_mountain_fortified_city", province=italia, actor=control
        ),
        "multiplier",
        "the umpire must enter it",
    )
    siege = do_begin_siege(
        besiegers=[xlv],
        place="Masada",
        place_type="huge_mountain_fortified_city",
        province=italia,
        multiplier=22,
        actor=control,
    )
    assert (siege.starting_multiplier, siege.multiplier) == (22, 22)


@pytest.mark.parametrize(
    "change, field, match",
    [
        (lambda kw: kw.update(besiegers=[]), "besiegers", "Name the forces that lay siege to Cremona"),
        (lambda kw: kw.update(place=" "), "place", "cannot be blank"),
        (lambda kw: kw.update(place_type="castle"), "place_type", "not a valid choice"),
        (lambda kw: kw.update(multiplier=0), "multiplier", "must be 1 or more"),
        (
            lambda kw: Force.objects.filter(name="Legion XLVI").update(province=Province.objects.get(name="Pannonia")),
            "besiegers",
            "Legion XLVI is in Pannonia",
        ),
        (
            lambda kw: Force.objects.filter(name="Legion XLVI").update(status="upgrading"),
            "besiegers",
            r"Legion XLVI \(upgrading\): only a force standing on land",
        ),
        (lambda kw: kw.update(garrison=kw["besiegers"]), "garrison", "cannot both besiege and defend Cremona"),
        (
            lambda kw: ForceTroops.objects.filter(force__name="Cremona garrison", type=LEV).update(count=48),
            "garrison",
            "a garrison of 51 units is more than Cremona",
        ),
    ],
)
def test_a_siege_begun_wrongly_is_refused_and_changes_nothing(
    started, control, italia, xlv, xlvi, garrison, change, field, match
):
    kwargs = {
        "besiegers": [xlv, xlvi],
        "place": "Cremona",
        "place_type": MINOR,
        "province": italia,
        "garrison": [garrison],
    }
    change(kwargs)
    refused(lambda: do_begin_siege(**kwargs, actor=control), field, match)


def test_a_place_is_besieged_once_and_a_force_fights_one_siege(control, cremona, italia, xlv):
    refused(
        lambda: do_begin_siege(besiegers=[xlv], place="cremona", place_type=MINOR, province=italia, actor=control),
        "besiegers",
        "Legion XLV: already in another siege",
    )
    ally = legion(cremona.event, "Legion VII", "Italia", [(LEG, 5, False)])
    refused(
        lambda: do_begin_siege(besiegers=[ally], place="cremona", place_type=MINOR, province=italia, actor=control),
        "place",
        "Cremona is already under siege",
    )
    refused(
        lambda: do_begin_siege(
            besiegers=[ally],
            place="Bedriacum",
            place_type="fortified_town",
            province=italia,
            garrison=[xlv],
            actor=control,
        ),
        "garrison",
        "Legion XLV: already in another siege",
    )


def test_a_bloody_repulse_lands_an_even_split_at_once_and_waits_for_the_owner_on_an_uneven_one(
    ad69, control, cremona, xlv, xlvi, garrison
):
    """No engines: the full 20 × 5 = 100 → +10 with a 1 makes 11; the besiegers' 100 → +10, +1 and
    a 5 make 16. A difference of 5, a bloody repulse: the besiegers lose 20 ÷ 10 = 2 units, a
    quarter each of their four groups (so the owner places them); the garrison 100 ÷ 10 = 10,
    capped at its 7 units, all of them."""
    month = do_assault(cremona, dice=[5, 1], actor=control)
    assert (month.outcome["result"], month.outcome["attackers_lost"], month.outcome["defenders_lost"]) == (
        "bloody_repulse",
        2,
        7,
    )
    assert composition(garrison) == []
    assert month.losses["besiegers"]["among"] == [
        "Legion XLV auxiliary",
        "Legion XLV legionary",
        "Legion XLVI auxiliary",
        "Legion XLVI legionary",
    ]
    assert fresh(cremona).state == "active" and statuses(xlv, xlvi) == ["besieging", "besieging"]

    next_turn(ad69, control)
    refused(
        lambda: do_reduce_defences(cremona, actor=control),
        "siege",
        r"assault of turn 1 wait for their owners to place them \(besiegers\)",
    )
    refused(
        lambda: do_place_siege_losses(
            month, side="besiegers", placed=[{"force": "Legion XLV", "type": AUX, "count": 2}], actor=control
        ),
        "placed",
        "must place 0 or 1 on Legion XLV auxiliary",
    )
    refused(lambda: do_place_siege_losses(month, side="garrison", placed=[], actor=control), "side", "already placed")
    do_place_siege_losses(
        month,
        side="besiegers",
        placed=[{"force": "Legion XLV", "type": LEG, "count": 1}, {"force": "Legion XLVI", "type": AUX, "count": 1}],
        actor=control,
    )
    assert composition(xlv) == [(AUX, 5, False), (LEG, 4, False), (LEV, 10, False)]
    assert composition(xlvi) == [(AUX, 4, False), (LEG, 5, False)]


def test_an_even_split_lands_on_the_forces_at_once(started, control, italia, xlvi, garrison):
    """Legion XLVI alone (50 → +5, Primus +1) rolls a 12 against 20 × 5 = 100 → +10 and a 2: 18
    against 12, a bloody repulse. It loses 20 ÷ 10 = 2 units, one from each of its two groups of 5:
    no choice, so they come off at once. The garrison loses 50 ÷ 10 = 5 of its 3 auxiliaries and
    4 levies: its owner's choice."""
    siege = do_begin_siege(
        besiegers=[xlvi], place="Cremona", place_type=MINOR, province=italia, garrison=[garrison], actor=control
    )
    month = do_assault(siege, dice=[12, 2], actor=control)
    assert (month.outcome["result"], month.losses["besiegers"]["applied"]) == ("bloody_repulse", True)
    assert composition(xlvi) == [(AUX, 4, False), (LEG, 4, False)]
    assert month.losses["garrison"]["to_place"] == 1  # 5 of 3 auxiliaries and 4 levies: the owner's choice


def test_the_console_rolls_seeded_dice_that_replay(control, cremona):
    month = do_assault(cremona, actor=control)
    assert month.rolled_by_console and month.seed is not None and len(month.dice) == 2
    replay = run_procedure("ad69.siege_assault", month.case, SeededDice(month.seed))
    assert replay.outcome == month.outcome


def test_dice_not_on_the_die_or_too_many_are_refused(control, cremona):
    refused(lambda: do_assault(cremona, dice=[13, 1], actor=control), "dice", "is a d12: 13 is not on it")
    refused(
        lambda: do_assault(cremona, dice=[6, 6, 6], actor=control), "dice", "3 dice entered, but the procedure rolled 2"
    )


def test_an_unknown_military_skill_is_refused_not_guessed(control, cremona, primus):
    Character.objects.filter(pk=primus.pk).update(military_skill=None)
    refused(
        lambda: do_assault(cremona, dice=[6, 6], actor=control),
        "besiegers",
        "Antonius Primus's Military Skill is missing",
    )


def test_a_commander_joins_only_if_he_is_at_the_table_and_fit(control, cremona):
    Character.objects.filter(name__in=["Antonius Primus", "Caecilius Simplex"]).update(
        location=Region.objects.get(event=cremona.event, name="Gaul")
    )
    refused(
        lambda: do_assault(cremona, commander_joins=True, dice=[6, 6], actor=control),
        "commander_joins",
        "No commander of this side is at the table",
    )


def test_lifting_a_siege_ends_it_and_the_besiegers_stand(control, cremona, xlv, xlvi):
    refused(lambda: do_lift_siege(cremona, reason=" ", actor=control), "reason", "Say why")
    do_lift_siege(cremona, reason="Vitellius' army approaches", actor=control)
    cremona = fresh(cremona)
    assert (cremona.state, cremona.ended_turn, cremona.lifted_reason) == ("lifted", 1, "Vitellius' army approaches")
    assert statuses(xlv, xlvi) == ["standing", "standing"]
    refused(
        lambda: do_assault(cremona, dice=[6, 6], actor=control),
        "siege",
        r"The siege of Cremona is over \(lifted in turn 1\)",
    )


def test_a_besieger_cannot_march_off_until_the_siege_is_lifted(ad69, control, cremona, italia, xlv):
    """X. REDUCING DEFENCES: "Siege engines and equipment cannot be moved from place to place"."""
    camp, bedriacum = (
        MapPoint.objects.create(event=ad69, name=name, province=italia) for name in ("Camp", "Bedriacum")
    )
    MapRoute.objects.create(event=ad69, one=camp, other=bedriacum)
    Force.objects.filter(pk=xlv.pk).update(map_point=camp)
    before = state_of_everything()
    with pytest.raises(ValidationError, match="Legion XLV is besieging: lift the siege first"):
        do_march(Force.objects.get(pk=xlv.pk), to_point=bedriacum, actor=control)
    assert state_of_everything() == before
    do_lift_siege(cremona, reason="Vitellius' army approaches", actor=control)
    marched = do_march(Force.objects.get(pk=xlv.pk), to_point=bedriacum, actor=control)
    assert marched.map_point == bedriacum


def test_a_besieger_that_marched_away_stops_the_siege_work(control, cremona, xlv):
    Force.objects.filter(pk=xlv.pk).update(province=Province.objects.get(name="Pannonia"))
    refused(lambda: do_reduce_defences(cremona, actor=control), "siege", "Legion XLV left Italia")


def test_the_table_and_control_hear_of_each_siege_change_and_no_one_else(
    ad69, started, control, italia, xlv, xlvi, garrison, django_capture_on_commit_callbacks
):
    gaul = Region.objects.get(event=ad69, name="Gaul")
    groups = [f"control-{ad69.pk}", f"table-{italia.region_id}", f"table-{gaul.pk}", f"event-{ad69.pk}"]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            siege = do_begin_siege(
                besiegers=[xlv, xlvi],
                place="Cremona",
                place_type=MINOR,
                province=italia,
                garrison=[garrison],
                actor=control,
            )
        with django_capture_on_commit_callbacks(execute=True):
            do_assault(siege, dice=[5, 1], actor=control)
        messages = heard()
    assert sorted(messages) == [f"control-{ad69.pk}", f"table-{italia.region_id}"]
    for group in messages:
        sieges = [m["event"] for m in messages[group] if m["event"]["type"] == "siege.changed"]
        assert [(e["action"], e["siege_id"], e["place"], e["state"], e["multiplier"], e["result"]) for e in sieges] == [
            ("begun", siege.pk, "Cremona", "active", 5, ""),
            ("assaulted", siege.pk, "Cremona", "active", 5, "bloody_repulse"),
        ]
        forces = {m["event"]["name"] for m in messages[group] if m["event"]["type"] == "force.changed"}
        assert forces == {"Legion XLV", "Legion XLVI", "Cremona garrison"}
