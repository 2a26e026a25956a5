"""Control adopts the demo order of battle as the event's own, from the forces page: one action,
undone whole; a Region umpire is offered nothing and may do nothing."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from regions.models import Fleet, Force
from regions.services.demo import do_adopt_demo_forces
from tests.demo_data import load_demo_forces
from umpire.models import AuditEntry
from umpire.services.undo import do_undo


@pytest.fixture
def demo_forces(ad69):
    load_demo_forces()
    return ad69


def demo_counts(event):
    return Force.objects.filter(event=event, is_demo=True).count(), Fleet.objects.filter(
        event=event, is_demo=True
    ).count()


def test_adopting_clears_every_flag_in_one_action_undone_whole(demo_forces, control):
    before = demo_counts(demo_forces)
    assert before[0] > 20 and before[1] > 0
    entry = do_adopt_demo_forces(demo_forces, actor=control)
    assert demo_counts(demo_forces) == (0, 0)
    assert entry.after == {"forces": before[0], "fleets": before[1]}
    assert entry.parts.count() == sum(before)
    do_undo(entry, actor=control, reason="adopted too early")
    assert demo_counts(demo_forces) == before


def test_nothing_to_adopt_is_refused_and_writes_nothing(ad69, control):
    entries = AuditEntry.objects.count()
    with pytest.raises(ValidationError, match="nothing to adopt"):
        do_adopt_demo_forces(ad69, actor=control)
    assert AuditEntry.objects.count() == entries


def test_control_adopts_them_from_the_forces_page(client, demo_forces, control):
    client.force_login(control)
    page = client.get(reverse("regions:forces", args=["ad69"]))
    assert b"Adopt the demo forces and fleets" in page.content
    done = client.post(reverse("regions:forces-adopt-demo", args=["ad69"]), follow=True)
    assert "are the event&#x27;s own now" in done.content.decode() or "are the event's own now" in done.content.decode()
    assert demo_counts(demo_forces) == (0, 0)
    assert b"Adopt the demo forces" not in done.content


def test_a_region_umpire_is_offered_nothing_and_refused(client, demo_forces, illyria_umpire):
    client.force_login(illyria_umpire)
    assert b"Adopt the demo forces" not in client.get(reverse("regions:forces", args=["ad69"])).content
    assert client.post(reverse("regions:forces-adopt-demo", args=["ad69"])).status_code == 404
    assert demo_counts(demo_forces)[0] > 0
