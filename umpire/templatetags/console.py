"""Template tags of the console: what the signed-in umpire may do, for the links a page shows him."""

from django import template

from umpire.follow_up_selectors import is_control
from umpire.menu import get_menu
from umpire.permissions import Perm
from umpire.selectors import can

register = template.Library()


@register.simple_tag(takes_context=True)
def may(context, event, perm):
    """`{% may event "view_audit" as may_audit %}`: whether the page's user holds `perm` in `event`."""
    return can(context["user"], event, Perm(perm))


@register.simple_tag(takes_context=True)
def is_control_of(context, event):
    """`{% is_control_of event as control %}`: whether the page's user is the event's Control (the hall is his)."""
    return is_control(context["user"], event)


@register.inclusion_tag("umpire/_menu.html", takes_context=True)
def menu(context, event):
    """`{% menu event %}`: the menu bar's links for the page's user, grouped by what his role does."""
    request = context["request"]
    return {"entries": get_menu(request.user, event), "here": request.path}
