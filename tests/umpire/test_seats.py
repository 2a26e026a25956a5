"""Seating the umpire team: roles as auth groups, and the seat_umpire command's refusals."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from tests.umpire.test_records import world_state
from umpire.management.commands.seed_demo import DEMO_PASSWORD
from umpire.models import AuditEntry, Region, Role, UmpireSeat
from umpire.services.seats import do_assign_seat, do_remove_seat


def test_a_seat_puts_the_umpire_in_his_roles_group(ad69, make_umpire):
    umpire = make_umpire(ad69, Role.REGION, "Gaul")
    assert list(umpire.groups.values_list("name", flat=True)) == ["Region"]
    assert not umpire.is_staff


def test_control_seat_makes_staff_and_removing_it_undoes_that(ad69, control):
    assert control.is_staff and control.groups.filter(name="Control").exists()
    do_remove_seat(control.seats.get(), actor=None)
    control.refresh_from_db()
    assert not control.is_staff and not control.groups.exists()
    assert AuditEntry.objects.filter(action="umpire.umpireseat.delete").exists()


def test_region_seat_needs_its_table(ad69, django_user_model):
    user = django_user_model.objects.create_user("nobody", password="x" * 10)
    with pytest.raises(ValidationError) as refusal:
        do_assign_seat(event=ad69, user=user, role=Role.REGION, actor=None)
    assert "region" in refusal.value.message_dict
    assert not UmpireSeat.objects.filter(user=user).exists()


def test_seat_umpire_command_seats_a_region_umpire(ad69):
    call_command("seat_umpire", event="ad69", username="marcus", role="region", table="Gaul", password="aquila-1234")
    seat = UmpireSeat.objects.get(user__username="marcus")
    assert seat.region == Region.objects.get(event=ad69, name="Gaul")
    assert get_user_model().objects.get(username="marcus").check_password("aquila-1234")


@pytest.mark.parametrize(
    "options, named",
    [
        ({"event": "ad70", "role": "control", "password": "aquila-1234"}, "--event: There is no event 'ad70'."),
        ({"event": "ad69", "role": "region", "table": "Gual", "password": "aquila-1234"}, "--table: "),
        (
            {"event": "ad69", "role": "senate", "table": "Gaul", "password": "aquila-1234"},
            "--table: A Senate umpire has no table.",
        ),
        ({"event": "ad69", "role": "legate", "password": "aquila-1234"}, "--role: Select a valid choice."),
        ({"event": "ad69", "role": "control"}, "--password: A new account needs a password"),
        ({"event": "ad69", "role": "control", "password": "short"}, "--password: "),
        (
            {"event": "ad69", "role": "control", "password": DEMO_PASSWORD},
            "--password: That is the demo's published password: give him one of his own.",
        ),
        ({"event": "ad69", "role": "control", "password": "m" * 129}, "--password: Ensure this value has at most 128"),
    ],
)
def test_seat_umpire_command_names_the_bad_field_and_changes_nothing(ad69, options, named):
    before = world_state(), list(UmpireSeat.objects.values()), get_user_model().objects.count()
    with pytest.raises(CommandError) as refusal:
        call_command("seat_umpire", username="marcus", **options)
    assert named in str(refusal.value)
    assert (world_state(), list(UmpireSeat.objects.values()), get_user_model().objects.count()) == before


def test_seat_umpire_command_leaves_an_accounts_password_as_it_is(ad69):
    """A password given for an account that exists was once dropped without a word: it is refused, by name."""
    call_command("seat_umpire", event="ad69", username="marcus", role="control", password="aquila-1234")
    before = AuditEntry.objects.count(), get_user_model().objects.get(username="marcus").password
    with pytest.raises(CommandError, match="--password: marcus has an account already: leave the password out."):
        call_command("seat_umpire", event="ad69", username="marcus", role="senate", password="another-1234")
    assert (AuditEntry.objects.count(), get_user_model().objects.get(username="marcus").password) == before


def test_unknown_table_lists_the_real_ones(ad69):
    with pytest.raises(CommandError, match="its tables are Northern, Gaul"):
        call_command("seat_umpire", event="ad69", username="m", role="region", table="Gual", password="aquila-1234")


def test_seating_twice_is_refused_and_changes_nothing(ad69):
    call_command("seat_umpire", event="ad69", username="marcus", role="control", password="aquila-1234")
    before = AuditEntry.objects.count()
    with pytest.raises(CommandError, match="already holds that seat"):
        call_command("seat_umpire", event="ad69", username="marcus", role="control")
    assert AuditEntry.objects.count() == before


@pytest.mark.parametrize(
    "username, named",
    [
        ("", "This field cannot be blank."),
        ("m" * 151, "Ensure this value has at most 150 characters"),
        ("marcus aurelius", "Enter a valid username."),
        ("a\x00b", "Enter a valid username."),
    ],
)
def test_seating_under_a_name_no_account_may_have_is_refused_by_name(ad69, username, named):
    """Found by the service fuzz: create_user stored any name, or failed with a ValueError, not a refusal."""
    from umpire.services.accounts import do_seat_umpire

    before = world_state(), list(UmpireSeat.objects.values()), get_user_model().objects.count()
    with pytest.raises(ValidationError) as refusal:
        do_seat_umpire(event=ad69, username=username, role=Role.CONTROL, password="aquila-1234", actor=None)
    assert any(named in problem for problem in refusal.value.message_dict["username"])
    assert (world_state(), list(UmpireSeat.objects.values()), get_user_model().objects.count()) == before
