from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from umpire.models import GameClock
from umpire.permissions import Perm
from umpire.selectors import access_event, can

from .selectors import get_characters_travelling, get_tables_with_contents


@login_required
def world(request, slug):
    """The event at a glance: each table with its provinces, the people there and its umpires."""
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    clock = GameClock.objects.filter(event=event).first()
    context = {
        "event": event,
        "clock": clock,
        "game_month": event.game_month(clock.turn) if clock else None,
        "tables": get_tables_with_contents(event),
        "travelling": get_characters_travelling(event),
        "can_edit": can(request.user, event, Perm.EDIT_WORLD),
        "my_tables": set(request.user.seats.filter(event=event).values_list("region", flat=True)),
    }
    return render(request, "regions/world.html", context)
