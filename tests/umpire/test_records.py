"""Every change through the console is audited; a rejected one changes nothing at all."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.models import Province
from umpire.events import _next_sequence
from umpire.models import AuditEntry, Character, GameClock, GroupSequence
from umpire.services.records import do_delete_record, do_save_record


def test_edit_writes_audit_with_before_after_and_game_date(ad69, control):
    GameClock.objects.filter(event=ad69).update(turn=5)
    province = Province.objects.get(event=ad69, name="Achaea")
    province.income_per_quarter = 8
    do_save_record(province, actor=control, reason="looting in the Peloponnese")
    entry = AuditEntry.objects.get(action="regions.province.update")
    assert entry.actor == control and entry.actor_name == "control"
    assert entry.event == ad69 and entry.target_label == "Achaea"
    assert (entry.game_turn, entry.game_date) == (5, "January 69")
    assert entry.before["income_per_quarter"] == 10 and entry.after["income_per_quarter"] == 8
    assert entry.reason == "looting in the Peloponnese"


def test_saving_without_a_change_writes_no_audit(ad69, control):
    before = AuditEntry.objects.count()
    do_save_record(Province.objects.get(event=ad69, name="Achaea"), actor=control)
    assert AuditEntry.objects.count() == before


def world_state():
    return (
        list(Province.objects.order_by("pk").values()),
        list(Character.objects.order_by("pk").values()),
        list(AuditEntry.objects.order_by("pk").values()),
        list(GroupSequence.objects.order_by("pk").values()),
    )


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("income_per_quarter", -5, "greater than or equal to 0"),
        ("road_cost", None, "cannot be null"),
        ("province_type", "republican", "not a valid choice"),
    ],
)
def test_rejected_edit_leaves_database_and_audit_untouched(ad69, control, field, value, message):
    before = world_state()
    province = Province.objects.get(event=ad69, name="Achaea")
    setattr(province, field, value)
    with pytest.raises(ValidationError) as refusal:
        do_save_record(province, actor=control)
    assert field in refusal.value.message_dict
    assert message in " ".join(refusal.value.message_dict[field])
    assert world_state() == before


def test_senate_province_cannot_also_have_a_governor(ad69, control):
    before = world_state()
    italia = Province.objects.get(event=ad69, name="Italia")
    italia.governor = Character.objects.get(event=ad69, name="Titus Vinius")
    with pytest.raises(ValidationError) as refusal:
        do_save_record(italia, actor=control)
    assert "governor" in refusal.value.message_dict
    assert world_state() == before


def test_career_rank_must_belong_to_the_characters_class(ad69, control):
    vinius = Character.objects.get(event=ad69, name="Titus Vinius")
    vinius.career_rank_id = Character.objects.get(event=ad69, name="Sempronius Rufus").career_rank_id
    with pytest.raises(ValidationError, match="Equestrian ladder"):
        do_save_record(vinius, actor=control)


def test_removing_a_record_still_in_use_is_refused_by_name(ad69, control):
    before = world_state()
    italia = Province.objects.get(event=ad69, name="Italia")
    with pytest.raises(ValidationError, match="Alpes"):
        do_delete_record(italia, actor=control)
    assert world_state() == before


def test_change_is_published_to_control_and_the_table_only_after_commit(
    ad69, control, django_capture_on_commit_callbacks
):
    from tests.umpire.channels_helpers import listen

    province = Province.objects.get(event=ad69, name="Achaea")
    groups = [f"control-{ad69.pk}", f"table-{province.region_id}", f"event-{ad69.pk}"]
    sent_before = GroupSequence.objects.filter(group=groups[0]).values_list("last", flat=True).first() or 0
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=False) as callbacks:
            province.road_cost = 2
            do_save_record(province, actor=control)
        assert heard() == {}
        for callback in callbacks:
            callback()
        messages = heard()
    assert set(messages) == {groups[0], groups[1]}
    event = messages[groups[0]][0]["event"]
    assert event == {
        "type": "world.changed",
        "action": "update",
        "model": "regions.province",
        "record_id": str(province.pk),
        "label": "Achaea",
    }
    assert messages[groups[0]][0]["seq"] == sent_before + 1


def test_a_groups_next_number_is_counted_and_read_in_one_statement(db):
    """Every group of every change counts its message: one round trip, not an update and a read (issue 34)."""
    assert _next_sequence("control-counted") == 1  # the group's first: its row is made
    with CaptureQueriesContext(connection) as queries:
        numbers = [_next_sequence("control-counted") for _ in range(2)]
    assert numbers == [2, 3]
    assert len(queries) == 2
    assert GroupSequence.objects.get(group="control-counted").last == 3
