"""Seating umpires in an event's team, and keeping the role groups in step."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, User
from django.db import transaction

from umpire.models import AuditEntry, Event, Region, Role, UmpireSeat

from .audit import Actor
from .records import do_delete_record, do_save_record
from .undo import restore_with_steps


def do_assign_seat(*, event: Event, user: User, role: str, region: Region | None = None, actor: Actor) -> UmpireSeat:
    """Give `user` a seat of `role` (at `region`, for a Region umpire) in `event`."""
    return do_save_seat(UmpireSeat(event=event, user=user, role=role, region=region), actor=actor)


def do_save_seat(seat: UmpireSeat, *, actor: Actor) -> UmpireSeat:
    """Store a new or changed seat; the users concerned keep exactly their roles' groups."""
    with transaction.atomic():
        previous_user = UmpireSeat.objects.filter(pk=seat.pk).values_list("user", flat=True).first()
        do_save_record(seat, actor=actor)
        sync_role_groups(seat.user)
        if previous_user and previous_user != seat.user_id:
            sync_role_groups(type(seat.user).objects.get(pk=previous_user))
    return seat


def do_remove_seat(seat: UmpireSeat, *, actor: Actor) -> None:
    with transaction.atomic():
        do_delete_record(seat, actor=actor)
        sync_role_groups(seat.user)


def sync_role_groups(user: User) -> None:
    """The user's auth groups are exactly the roles of the seats he holds.

    A Control umpire is also staff, since the admin is where Control sets up the event.
    """
    held = {Role(role).label for role in user.seats.values_list("role", flat=True)}
    role_groups = Group.objects.filter(name__in=Role.labels)
    user.groups.remove(*role_groups.exclude(name__in=held))
    user.groups.add(*role_groups.filter(name__in=held))
    is_staff = user.is_superuser or Role.CONTROL.label in held
    if user.is_staff != is_staff:
        user.is_staff = is_staff
        user.save(update_fields=["is_staff"])


def undo_seat_change(entry: AuditEntry, *, actor: Actor, reason: str) -> None:
    """A seat given, changed or taken away is put back as any record is; then each umpire it concerned
    keeps exactly the groups of the seats he holds again."""
    restore_with_steps(entry, actor=actor, reason=reason)
    states = [values for values in (entry.before, entry.after) if isinstance(values, dict)]
    concerned = {values["user_id"] for values in states if values.get("user_id") is not None}
    for user in get_user_model().objects.filter(pk__in=concerned):
        sync_role_groups(user)
