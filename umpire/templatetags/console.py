"""Template tags of the console: what the signed-in umpire may do, for the links a page shows him, and the
console's and the hall's many small repeated parts, drawn in Python."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from umpire.follow_up_selectors import is_control
from umpire.menu import Group, get_menu
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


# Drawn in Python, as the menu bar on every page, the forty players of a table's console and the hall's cell for
# every panel of every table are: through the template's tags, each cost more than the queries behind it (issue 34).


@register.simple_tag(takes_context=True)
def menu(context, event):
    """`{% menu event %}`: the menu bar's links for the page's user, grouped by what his role does; the page he
    is on marked as current."""
    request = context["request"]
    entries = format_html_join(
        "", "{}", ((menu_entry(entry, request.path),) for entry in get_menu(request.user, event))
    )
    return format_html('<nav class="menu" aria-label="Pages of this event">{}\n</nav>', entries)


def menu_entry(entry, here):
    if not isinstance(entry, Group):
        return format_html("\n  {}", menu_link(entry, here))
    if not entry.links:
        return ""  # a group with nothing in it for this seat
    links = format_html_join("", "{}", ((menu_link(link, here),) for link in entry.links))
    return format_html(
        '\n  <details class="menu-group">\n    <summary>{}</summary>\n    <div class="menu-links">{}</div>\n  </details>',
        entry.label,
        links,
    )


def menu_link(link, here):
    if link.url == here:
        return format_html('<a href="{}" aria-current="page">{}</a>', link.url, link.label)
    return format_html('<a href="{}">{}</a>', link.url, link.label)


@register.simple_tag
def panel_rows(rows):
    """`{% panel_rows item.view.rows %}`: a panel's rows as list items; the late ones marked OVERDUE."""
    if not rows:
        return mark_safe('<li class="muted">Nothing.</li>')
    return format_html_join("\n", "{}", ((panel_row(row),) for row in rows))


def panel_row(row):
    text = format_html('<a href="{}">{}</a>', row.link, row.text) if row.link else row.text
    note = format_html(' <span class="muted">· {}</span>', row.note) if row.note else ""
    if row.overdue:
        return format_html('<li class="overdue">{}{} <strong>OVERDUE</strong></li>', text, note)
    return format_html("<li>{}{}</li>", text, note)


@register.simple_tag
def hall_cells(panels):
    """`{% hall_cells row.panels %}`: a hall row's cells, each panel's work waiting and what of it is overdue."""
    return format_html_join("\n", "{}", ((hall_cell(item),) for item in panels))


def hall_cell(item):
    view = item.view
    shown = format_html('<span class="tally">{}</span>', view.tally) if view.tally else view.needs_action
    if view.overdue:
        return format_html(
            '<td class="cell overdue" data-panel="{}">{}<br><span class="overdue">{} overdue</span></td>',
            item.panel.name,
            shown,
            view.overdue,
        )
    return format_html('<td class="cell" data-panel="{}">{}</td>', item.panel.name, shown)
