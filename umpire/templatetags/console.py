"""Template tags of the console: what the signed-in umpire may do, for the links a page shows him, and the
console's and the hall's many small repeated parts, drawn in Python."""

from django import template
from django.utils.safestring import mark_safe

from umpire import addresses
from umpire.drawn import text
from umpire.follow_up_selectors import is_control
from umpire.menu import Group, get_menu
from umpire.permissions import Perm
from umpire.selectors import can

register = template.Library()


@register.simple_tag
def address(name, *args):
    """`{% address "table:console" event.slug table.pk %}`: as `{% url %}`, worked out once a process
    (umpire.addresses)."""
    return addresses.address(name, *args)


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
# Each part is built as one string and marked safe once; every word in it goes through umpire.drawn.text.


@register.simple_tag(takes_context=True)
def menu(context, event):
    """`{% menu event %}`: the menu bar's links for the page's user, grouped by what his role does; the page he
    is on marked as current."""
    request = context["request"]
    entries = "".join(menu_entry(entry, request.path) for entry in get_menu(request.user, event))
    return mark_safe(f'<nav class="menu" aria-label="Pages of this event">{entries}\n</nav>')


def menu_entry(entry, here):
    if not isinstance(entry, Group):
        return f"\n  {menu_link(entry, here)}"
    if not entry.links:
        return ""  # a group with nothing in it for this seat
    links = "".join(menu_link(link, here) for link in entry.links)
    return (
        f'\n  <details class="menu-group">\n    <summary>{text(entry.label)}</summary>\n'
        f'    <div class="menu-links">{links}</div>\n  </details>'
    )


def menu_link(link, here):
    current = ' aria-current="page"' if link.url == here else ""
    return f'<a href="{text(link.url)}"{current}>{text(link.label)}</a>'


@register.simple_tag
def console_panels(panels):
    """`{% console_panels panels %}`: each panel of a table's console, its heading's counts, its rows and the
    link to its app's page."""
    return mark_safe("".join(console_panel(item) for item in panels))


def console_panel(item):
    view, panel = item.view, item.panel
    has_overdue = " has-overdue" if view.overdue else ""
    overdue = f'\n        <span class="count overdue" title="overdue">{text(view.overdue)} overdue</span>'
    link = f'<a class="button" href="{text(view.link)}">{text(view.link_text or "Open")}</a>' if view.link else ""
    return (
        f'\n  <section class="panel{has_overdue}" id="panel-{text(panel.name)}">'
        f"\n    <h2><span>{text(panel.title)}</span>"
        f'\n      <span><span class="count">{text(view.count_words)}</span>{overdue if view.overdue else ""}</span></h2>'
        f"\n    <ul>\n      {panel_rows(view.rows)}\n    </ul>"
        f"\n    {link}\n  </section>\n"
    )


@register.simple_tag
def table_buttons(event, tables):
    """`{% table_buttons event other_tables %}`: a button to each table's console."""
    return mark_safe("".join(table_button(event, table) for table in tables))


def table_button(event, table):
    link = addresses.address("table:console", event.slug, table.pk)
    return f'<a class="button" href="{text(link)}">{text(table.name)}</a>'


@register.simple_tag
def hall_rows(event, hall):
    """`{% hall_rows event hall %}`: the hall's row for each table, its name the button to its console and a cell
    for each panel."""
    return mark_safe("".join(hall_row(event, row) for row in hall))


def hall_row(event, row):
    has_overdue = ' class="has-overdue"' if row.overdue else ""
    return (
        f'\n    <tr id="table-{text(row.table.pk)}"{has_overdue}>'
        f"\n      <td>{table_button(event, row.table)}</td>"
        f"\n      {hall_cells(row.panels)}\n    </tr>\n  "
    )


@register.simple_tag
def panel_rows(rows):
    """`{% panel_rows item.view.rows %}`: a panel's rows as list items; the late ones marked OVERDUE."""
    if not rows:
        return mark_safe('<li class="muted">Nothing.</li>')
    return mark_safe("\n".join(panel_row(row) for row in rows))


def panel_row(row):
    shown = f'<a href="{text(row.link)}">{text(row.text)}</a>' if row.link else text(row.text)
    note = f' <span class="muted">· {text(row.note)}</span>' if row.note else ""
    if row.overdue:
        return f'<li class="overdue">{shown}{note} <strong>OVERDUE</strong></li>'
    return f"<li>{shown}{note}</li>"


@register.simple_tag
def hall_cells(panels):
    """`{% hall_cells row.panels %}`: a hall row's cells, each panel's work waiting and what of it is overdue."""
    return mark_safe("\n".join(hall_cell(item) for item in panels))


def hall_cell(item):
    view, name = item.view, text(item.panel.name)
    shown = f'<span class="tally">{text(view.tally)}</span>' if view.tally else text(view.needs_action)
    if view.overdue:
        overdue = f'<br><span class="overdue">{text(view.overdue)} overdue</span>'
        return f'<td class="cell overdue" data-panel="{name}">{shown}{overdue}</td>'
    return f'<td class="cell" data-panel="{name}">{shown}</td>'
