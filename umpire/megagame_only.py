"""AD69's own world in a board-game event: its pages answer with a 404 that says so, and its panels stay off the
table consoles.

Which apps are AD69's own is the settings' to say (MEGAGAME_ONLY_APPS), since they name the installed apps: the
core knows none of them. A page of one of them that every ruleset shares (the tables' page) is named in
EVERY_RULESET_PAGES.
"""

from django.conf import settings
from django.shortcuts import render

from umpire.selectors import access_event, find_event


def serves(event, app_label):
    """Whether the app's pages and panels belong in `event`: every app in AD69, none of AD69's own elsewhere."""
    return event.is_megagame or app_label not in settings.MEGAGAME_ONLY_APPS


class MegagameOnlyMiddleware:
    """One place for every page of the AD69 apps: each finds its event by the address's slug."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        if match.app_name not in settings.MEGAGAME_ONLY_APPS or match.view_name in settings.EVERY_RULESET_PAGES:
            return None
        event = find_event(view_kwargs.get("slug", ""))
        if event is None or serves(event, match.app_name):
            return None
        # one who may not see the event hears only that there is no such event, as everywhere else
        event = access_event(request.user, event.slug)
        return render(request, "umpire/megagame_only.html", {"event": event, "app": match.app_name}, status=404)
