"""The maps to look at: a table's, the whole Empire's and the projector's. Each page draws its MapData
(maps.selectors, which decides what the viewer may see) as one SVG the server writes, with the same facts
as a list below it, and reloads its main section live on the events that change what it shows."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from umpire.code_tries import limits_code_tries
from umpire.follow_up_selectors import is_control
from umpire.permissions import Perm
from umpire.printing.map_drawing import lay_out
from umpire.selectors import access_display, access_event

from .selectors import (
    access_empire_map,
    access_table_map,
    empire_map_data,
    get_map_facts,
    projector_map_data,
    table_map_data,
)
from .services import do_show_projector_map
from .svg import map_svg

# What moves on a map: forces and fleets, sieges and battles, the map itself, players (a legate goes with
# his legion), the turn; the Empire's map also carries the letters along its links.
TABLE_LIVE_ON = (
    "force.changed fleet.changed map.changed siege.changed battle.changed battle.published character.moved "
    "clock.changed"
)
EMPIRE_LIVE_ON = f"{TABLE_LIVE_ON} letter.moved letters.arrived"
# The projector hears only the public groups: the map's geography, and Control taking the map off.
PROJECTOR_LIVE_ON = "map.changed map.projector"
# The drawing's box: a tablet's screen turned either way shows it whole at width 100%.
WIDTH, HEIGHT = 1000, 750


def drawn(data):
    """The page's picture and words of one MapData."""
    layout = lay_out(data, width=WIDTH, height=HEIGHT)
    shown = {p.place.table for p in layout.places}
    return {
        "svg": map_svg(layout, label=data.title),
        "table_colours": [(table, colour) for table, colour in layout.colours.items() if table in shown],
        "facts": get_map_facts(data),
        "data": data,
    }


@login_required
def table_map(request, slug, pk):
    table = access_table_map(request.user, slug, pk)
    data = table_map_data(table, user=request.user)
    context = {"event": table.event, "table": table, "live_on": TABLE_LIVE_ON, **drawn(data)}
    return render(request, "maps/table_map.html", context)


@login_required
def empire_map(request, slug):
    event = access_empire_map(request.user, slug)
    data = empire_map_data(event, user=request.user)
    context = {
        "event": event,
        "control": is_control(request.user, event),
        "live_on": EMPIRE_LIVE_ON,
        **drawn(data),
    }
    return render(request, "maps/empire_map.html", context)


@limits_code_tries
def projector_map(request, slug):
    """The hall's map, by the display code; a 404 until Control switches it on, as for a wrong code."""
    code = request.GET.get("code", "")
    event = access_display(slug, code)
    if not event.projector_map:
        raise Http404("No such display.")
    context = {"event": event, "code": code, "live_on": PROJECTOR_LIVE_ON, **drawn(projector_map_data(event))}
    return render(request, "maps/projector_map.html", context)


@login_required
@require_POST
def switch_projector_map(request, slug):
    """Control's switch, on the clock desk beside the projector's link."""
    event = access_event(request.user, slug, Perm.MANAGE_DISPLAYS)
    shown = request.POST.get("shown") == "on"
    try:
        do_show_projector_map(event, shown=shown, actor=request.user)
    except ValidationError as refusal:
        messages.error(request, " ".join(refusal.messages))
    else:
        messages.success(request, "The projector may show the map." if shown else "The projector's map is off.")
    return redirect("umpire:clock", slug=slug)
