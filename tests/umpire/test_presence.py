"""Players checked out of a table, travelling, and checked in at the next (VI. COMMUNICATIONS)."""

import pytest
from django.core.exceptions import ValidationError

from regions.services.forces import do_march
from tests.regions.forces_builders import build_danube_map, legion
from tests.umpire.channels_helpers import listen
from umpire.events import control_group, table_group
from umpire.models import AuditEntry, Character, Region
from umpire.services.presence import do_check_in, do_check_out


def table(event, name):
    return Region.objects.get(event=event, name=name)


def person(event, name):
    return Character.objects.get(event=event, name=name)


def where(character):
    character.refresh_from_db()
    return character.location, character.travelling_to


def state_of_everyone():
    return list(Character.objects.order_by("pk").values()), AuditEntry.objects.count()


@pytest.fixture
def blasio(ad69):
    """Cornelius Blasio, at the Illyria table; Illyria is linked to the Alpes, Italia/Rome and the Eastern Med."""
    return person(ad69, "Cornelius Blasio")


def test_checked_out_along_a_route_he_is_travelling(ad69, control, blasio):
    alpes = table(ad69, "Alpes")
    do_check_out(blasio, to_table=alpes, actor=control)
    assert where(blasio) == (None, alpes)
    assert blasio.is_travelling and blasio.whereabouts == "travelling to Alpes"
    assert blasio.left_table_at is not None


def test_check_out_off_the_routes_is_refused_naming_the_tables(ad69, control, blasio):
    before = state_of_everyone()
    with pytest.raises(ValidationError) as refusal:
        do_check_out(blasio, to_table=table(ad69, "Gaul"), actor=control)
    assert refusal.value.message_dict["to_table"] == [
        "Illyria and Gaul are not linked: from Illyria Cornelius Blasio can go to Alpes, Italia/Rome, Eastern Med."
    ]
    assert state_of_everyone() == before


def test_a_traveller_cannot_check_out_again(ad69, control, blasio):
    do_check_out(blasio, to_table=table(ad69, "Alpes"), actor=control)
    with pytest.raises(ValidationError, match="already travelling to Alpes: check him in there first"):
        do_check_out(blasio, to_table=table(ad69, "Italia/Rome"), actor=control)


def test_the_dead_do_not_travel(ad69, control, blasio):
    Character.objects.filter(pk=blasio.pk).update(died_turn=3)
    blasio.refresh_from_db()
    before = state_of_everyone()
    with pytest.raises(ValidationError, match="fell in turn 3: the dead do not travel"):
        do_check_out(blasio, to_table=table(ad69, "Alpes"), actor=control)
    assert state_of_everyone() == before


def test_a_player_at_no_table_cannot_check_out(ad69, control, blasio):
    Character.objects.filter(pk=blasio.pk).update(location=None)
    with pytest.raises(ValidationError, match="at no table: Control checks him in at one first"):
        do_check_out(blasio, to_table=table(ad69, "Alpes"), actor=control)


def test_a_stale_roster_cannot_check_out_a_player_who_has_left(ad69, control, blasio):
    alpes = table(ad69, "Alpes")
    do_check_out(blasio, to_table=alpes, actor=control)
    do_check_in(blasio, at_table=alpes, actor=control)
    with pytest.raises(ValidationError, match="no longer at Illyria: he is at Alpes"):
        do_check_out(blasio, to_table=table(ad69, "Eastern Med"), from_table=table(ad69, "Illyria"), actor=control)


def test_he_checks_in_at_the_table_he_set_out_for(ad69, control, blasio):
    alpes = table(ad69, "Alpes")
    do_check_out(blasio, to_table=alpes, actor=control)
    do_check_in(blasio, at_table=alpes, actor=control)
    assert where(blasio) == (alpes, None)
    assert blasio.left_table_at is None and blasio.whereabouts == "at Alpes"


def test_checking_in_at_another_table_is_refused_naming_both(ad69, control, blasio):
    do_check_out(blasio, to_table=table(ad69, "Alpes"), actor=control)
    before = state_of_everyone()
    with pytest.raises(ValidationError) as refusal:
        do_check_in(blasio, at_table=table(ad69, "Italia/Rome"), actor=control)
    assert refusal.value.message_dict["character"] == [
        "Cornelius Blasio set out for Alpes, not Italia/Rome: check him in at Alpes."
    ]
    assert state_of_everyone() == before


def test_checking_in_where_he_already_is_is_refused(ad69, control, blasio):
    with pytest.raises(ValidationError, match="already at Illyria"):
        do_check_in(blasio, at_table=table(ad69, "Illyria"), actor=control)


def test_a_player_at_a_table_must_check_out_before_arriving_elsewhere(ad69, control, blasio):
    with pytest.raises(ValidationError, match="at Illyria: check him out of it"):
        do_check_in(blasio, at_table=table(ad69, "Alpes"), actor=control)


def test_control_places_a_player_at_no_table_anywhere(ad69, control, blasio):
    Character.objects.filter(pk=blasio.pk).update(location=None)
    blasio.refresh_from_db()
    assert blasio.whereabouts == "not placed"
    do_check_in(blasio, at_table=table(ad69, "Gaul"), actor=control)
    assert where(blasio) == (table(ad69, "Gaul"), None)


def test_both_moves_are_audited_with_before_and_after(ad69, control, blasio):
    illyria, alpes = table(ad69, "Illyria"), table(ad69, "Alpes")
    do_check_out(blasio, to_table=alpes, actor=control)
    do_check_in(blasio, at_table=alpes, actor=control)
    out = AuditEntry.objects.get(action="character.checked_out")
    arrived = AuditEntry.objects.get(action="character.checked_in")
    assert out.actor == control and out.target_label == "Cornelius Blasio"
    assert (out.before["location_id"], out.before["travelling_to_id"]) == (illyria.pk, None)
    assert (out.after["location_id"], out.after["travelling_to_id"]) == (None, alpes.pk)
    assert (arrived.before["travelling_to_id"], arrived.after["location_id"]) == (alpes.pk, alpes.pk)
    assert arrived.reason == "at Alpes"


def test_check_out_is_heard_by_both_tables_and_control_and_no_other_table(
    ad69, control, blasio, django_capture_on_commit_callbacks
):
    illyria, alpes, gaul = table(ad69, "Illyria"), table(ad69, "Alpes"), table(ad69, "Gaul")
    groups = [control_group(ad69.pk), table_group(illyria.pk), table_group(alpes.pk), table_group(gaul.pk)]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            do_check_out(blasio, to_table=alpes, actor=control)
        messages = heard()
    assert set(messages) == set(groups[:3])
    event = messages[table_group(alpes.pk)][0]["event"]
    assert event == {
        "type": "character.moved",
        "character_id": blasio.pk,
        "name": "Cornelius Blasio",
        "from_table_id": illyria.pk,
        "to_table_id": alpes.pk,
        "state": "travelling",
    }


def test_check_in_is_heard_by_the_table_he_reaches_and_control(
    ad69, control, blasio, django_capture_on_commit_callbacks
):
    illyria, alpes = table(ad69, "Illyria"), table(ad69, "Alpes")
    do_check_out(blasio, to_table=alpes, actor=control)
    groups = [control_group(ad69.pk), table_group(illyria.pk), table_group(alpes.pk)]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            do_check_in(blasio, at_table=alpes, actor=control)
        messages = heard()
    assert set(messages) == {control_group(ad69.pk), table_group(alpes.pk)}
    assert messages[control_group(ad69.pk)][0]["event"]["state"] == "at_table"


def test_a_refused_move_is_heard_by_nobody(ad69, control, blasio, django_capture_on_commit_callbacks):
    with listen([control_group(ad69.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True), pytest.raises(ValidationError):
            do_check_out(blasio, to_table=table(ad69, "Gaul"), actor=control)
        assert heard() == {}


def test_a_travelling_legate_stays_on_the_road_when_his_legion_marches(ad69, control):
    """The army commander at the table goes with the legion (IX. LAND MOVEMENT); the legate who
    has already checked out is not at the legion's table, so he travels on, and checks in himself."""
    alpes = table(ad69, "Alpes")
    danube = build_danube_map(ad69)
    xlv = legion(ad69, "Legion XLV", "Pannonia", [("legionary", 3, False)], legate="Tampius Flavianus", at="Carnuntum")
    xlv.army_commander = person(ad69, "Aponius Saturninus")
    xlv.save()
    do_check_out(xlv.legate, to_table=alpes, actor=control)
    do_march(xlv, to_point=danube["Lauriacum"], actor=control)
    assert where(xlv.army_commander) == (alpes, None)
    assert where(xlv.legate) == (None, alpes)
    do_check_in(xlv.legate, at_table=alpes, actor=control)
    assert where(xlv.legate) == (alpes, None)


def test_a_player_cannot_be_at_a_table_and_on_his_way_to_another(ad69, blasio):
    blasio.travelling_to = table(ad69, "Alpes")
    with pytest.raises(ValidationError, match="He is at Illyria: he cannot also be on his way to Alpes"):
        blasio.full_clean()
