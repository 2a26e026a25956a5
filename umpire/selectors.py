"""Reads: access_* fetches or refuses, can_* answers yes or no, get_* reads.

A refusal never says whether the thing exists: "not yours" and "no such thing"
look the same.
"""
from django.http import Http404

from umpire.models import Event, UmpireSeat
from umpire.permissions import Perm, permissions_of_roles


def get_roles(user, event):
    if not user.is_authenticated:
        return frozenset()
    return frozenset(UmpireSeat.objects.filter(user=user, event=event).values_list("role", flat=True))


def can(user, event, perm):
    if not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or perm in permissions_of_roles(get_roles(user, event))


def can_edit_world_anywhere(user):
    """The admin is Control's tool: open to a Control umpire of any event."""
    if not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or UmpireSeat.objects.filter(user=user, role="control").exists()


def access_event(user, slug, perm=Perm.VIEW_WORLD):
    event = Event.objects.filter(slug=slug).first()
    if event is None or not can(user, event, perm):
        raise Http404("No such event.")
    return event


def get_events_of(user):
    events = Event.objects.all()
    if user.is_superuser:
        return events
    return events.filter(seats__user=user).distinct()
