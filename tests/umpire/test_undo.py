"""Undo from the audit log, for any record the log keeps whole: the fields the action changed put
back (a creation removed, a removal restored), audited as the undo's own work; refused, writing
nothing, when the record changed since or when the action is one that is put right elsewhere;
Control's alone, on its page, heard live."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from regions.models import Province
from tests.umpire.channels_helpers import listen
from umpire import clockwork
from umpire.models import AuditEntry, GameClock, ProcedureReadings, Region, Role, Route
from umpire.services.audit import record_audit
from umpire.services.readings import do_set_readings
from umpire.services.records import do_delete_record, do_save_record
from umpire.services.undo import do_undo


@pytest.fixture
def achaea(ad69):
    return Province.objects.get(event=ad69, name="Achaea")


def last_entry():
    return AuditEntry.objects.order_by("pk").last()


def raise_income(province, control, talents=15):
    province.income_per_quarter = talents
    do_save_record(province, actor=control, reason="a rich harvest")
    return last_entry()


def test_an_edit_is_undone_by_putting_back_the_fields_it_changed(ad69, control, achaea):
    edit = raise_income(achaea, control)
    undo = do_undo(edit, actor=control, reason="the harvest was Macedonia's")
    achaea.refresh_from_db()
    assert achaea.income_per_quarter == 10
    put_back = AuditEntry.objects.get(part_of=undo)
    assert (put_back.action, put_back.before["income_per_quarter"], put_back.after["income_per_quarter"]) == (
        "regions.province.update",
        15,
        10,
    )


def test_a_record_changed_since_outside_the_log_is_not_put_back(ad69, control, achaea):
    edit = raise_income(achaea, control)
    Province.objects.filter(pk=achaea.pk).update(income_per_quarter=12)
    written = AuditEntry.objects.count()
    with pytest.raises(ValidationError, match=r"Achaea has changed since #\d+ \(income_per_quarter\): undo refused"):
        do_undo(edit, actor=control, reason="wrong province")
    assert AuditEntry.objects.count() == written
    assert Province.objects.get(pk=achaea.pk).income_per_quarter == 12


def test_a_later_edit_must_be_undone_first_and_then_both_come_undone(ad69, control, achaea):
    first = raise_income(achaea, control, 15)
    second = raise_income(achaea, control, 20)
    with pytest.raises(ValidationError, match=rf"Later changes depend on #{first.pk}: #{second.pk} "):
        do_undo(first, actor=control, reason="wrong province")
    do_undo(second, actor=control, reason="too much")
    do_undo(first, actor=control, reason="none at all")
    achaea.refresh_from_db()
    assert achaea.income_per_quarter == 10


def test_a_creation_is_undone_by_removing_it_and_a_removal_by_restoring_it(ad69, control):
    route = Route.objects.filter(event=ad69).first()
    kept = (route.pk, route.one_id, route.other_id, route.kind)
    do_delete_record(route, actor=control, reason="no such road")
    do_undo(last_entry(), actor=control, reason="the road is there")
    restored = Route.objects.get(pk=kept[0])
    assert (restored.pk, restored.one_id, restored.other_id, restored.kind) == kept

    linked = {(one, other) for one, other in Route.objects.values_list("one", "other")}
    one, other = next(
        (a, b)
        for a in Region.objects.filter(event=ad69)
        for b in Region.objects.filter(event=ad69)
        if a.pk < b.pk and (a.pk, b.pk) not in linked and (b.pk, a.pk) not in linked
    )
    created = do_save_record(Route(event=ad69, one=one, other=other, kind="sea"), actor=control)
    do_undo(last_entry(), actor=control, reason="a second road by mistake")
    assert not Route.objects.filter(pk=created.pk).exists()


def test_an_action_put_right_elsewhere_is_refused_with_where(ad69, control):
    clockwork.do_start_clock(ad69, actor=control)
    with pytest.raises(ValidationError, match="the turn's end has been acted on .* set the turn on the clock desk"):
        do_undo(AuditEntry.objects.get(action="clock.start"), actor=control, reason="too early")


def test_a_pause_undone_lets_the_turn_run_as_if_it_never_stopped(ad69, control):
    clockwork.do_start_clock(ad69, actor=control)
    running = GameClock.objects.get(event=ad69)
    clockwork.do_pause_clock(ad69, actor=control)
    do_undo(AuditEntry.objects.get(action="clock.pause"), actor=control, reason="paused by mistake")
    clock = GameClock.objects.get(event=ad69)
    to_the_millisecond = running.ends_at.replace(microsecond=running.ends_at.microsecond // 1000 * 1000)  # as audited
    assert (clock.state, clock.ends_at, clock.remaining) == (running.state, to_the_millisecond, None)
    clockwork.do_skip_turn(ad69, actor=control)
    with pytest.raises(ValidationError, match="the turn's end has been acted on"):
        do_undo(AuditEntry.objects.get(action="clock.next_turn"), actor=control, reason="too early")


def test_an_entry_that_kept_only_a_summary_is_refused(ad69, control, achaea):
    summary = record_audit(
        event=ad69, actor=control, action="regions.province.noted", target=achaea, after={"note": "looted"}
    )
    with pytest.raises(ValidationError, match="kept no record of Achaea before and after"):
        do_undo(summary, actor=control, reason="not looted")


# ---- the page -----------------------------------------------------------------------------------


def test_control_undoes_from_its_page_and_hears_it_live(
    client, ad69, control, achaea, django_capture_on_commit_callbacks
):
    edit = raise_income(achaea, control)
    url = reverse("umpire:undo", args=[ad69.slug, edit.pk])
    client.force_login(control)
    assert "Undo #" in client.get(url).content.decode()

    response = client.post(url, {"reason": ""}, follow=True)
    assert "Why: This field is required." in response.content.decode()
    assert Province.objects.get(pk=achaea.pk).income_per_quarter == 15

    with listen([f"control-{ad69.pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(url, {"reason": "wrong province"}, follow=True)
        messages = heard()
    page = response.content.decode()
    assert "is undone by #" in page and "undone</span> by #" in page
    assert Province.objects.get(pk=achaea.pk).income_per_quarter == 10
    said = [m["event"] for m in messages[f"control-{ad69.pk}"] if m["event"]["type"] == "audit.undone"]
    assert [(e["entry_id"], e["action"]) for e in said] == [(edit.pk, "regions.province.update")]


def test_the_page_says_why_an_undo_is_refused_before_it_is_tried(client, ad69, control, achaea):
    first = raise_income(achaea, control, 15)
    raise_income(achaea, control, 20)
    client.force_login(control)
    page = client.get(reverse("umpire:undo", args=[ad69.slug, first.pk])).content.decode()
    assert "It cannot be undone now." in page and "Later changes depend on" in page
    assert "<button" not in page.split('id="undo"')[1]


def test_only_control_reaches_the_undo(client, ad69, control, make_umpire, achaea):
    edit = raise_income(achaea, control)
    url = reverse("umpire:undo", args=[ad69.slug, edit.pk])
    for role, table in ((Role.REGION, "Illyria"), (Role.SENATE, None), (Role.NON_ROMAN_WORLD, None)):
        client.force_login(make_umpire(ad69, role, table, username=f"not-control-{role}"))
        assert client.get(url).status_code == 404
        assert client.post(url, {"reason": "mine"}).status_code == 404
    assert Province.objects.get(pk=achaea.pk).income_per_quarter == 15
    assert not AuditEntry.objects.filter(action="audit.undo").exists()


def test_a_change_of_readings_is_undone_by_setting_back_the_readings_it_replaced(ad69, control):
    key = "hannibal_barkas.battle"
    do_set_readings(ad69, procedure=key, options={"command_reduction": "first_round"}, actor=control)
    do_set_readings(ad69, procedure=key, options={"mutual_annihilation": "defender_wins"}, actor=control)
    do_undo(last_entry(), actor=control, reason="Control meant to keep the first-round reading")
    options = ProcedureReadings.objects.get(event=ad69, procedure=key).options
    assert (options["command_reduction"], options["mutual_annihilation"]) == ("first_round", "no_winner")


def test_a_seat_undone_takes_the_umpires_role_group_with_it(ad69, control, django_user_model):
    from umpire.services.seats import do_assign_seat

    gaul = Region.objects.get(event=ad69, name="Gaul")
    umpire = django_user_model.objects.create_user(username="new-gaul", password="x")
    do_assign_seat(event=ad69, user=umpire, role=Role.REGION, region=gaul, actor=control)
    assert umpire.groups.filter(name=Role.REGION.label).exists()
    do_undo(
        AuditEntry.objects.filter(action="umpire.umpireseat.create").order_by("pk").last(),
        actor=control,
        reason="seated at the wrong table",
    )
    assert not umpire.seats.exists() and not umpire.groups.filter(name=Role.REGION.label).exists()
