"""The menu bar: a few links for what the umpire's role does all day, the rest folded into groups.

A Region umpire's day is his table: its console first, then its battles, post and rules desk; every other
page is one tap away under "More". Control runs the hall, so his links are grouped by what he does: the
hall, the war, Rome and the post, the desk, and preparing the event. Each page still checks its own
permission; the menu only leaves out what a role never opens."""

from dataclasses import dataclass

from django.urls import get_script_prefix, get_urlconf

from umpire.addresses import address
from umpire.event_setting import kept
from umpire.models import Region, Role
from umpire.permissions import Perm
from umpire.selectors import can, get_regions, get_roles, get_tables_kept


@dataclass(frozen=True)
class Link:
    label: str
    url: str


@dataclass(frozen=True)
class Group:
    label: str
    links: tuple[Link, ...]


def link(label, name, event, *args):
    return Link(label, address(name, event.slug, *args))


def get_menu(user, event):
    """The menu bar's entries for `user` in `event`: Links and Groups, in the order shown. Every page has the bar,
    and its score of addresses and permission checks cost more than some pages' queries (issue 34); it depends
    on his seats and the event's tables, which are the event's setting, so the process keeps it under the
    setting's mark (umpire.event_setting), and on what the key names."""
    key = f"menu of user {user.pk} {user.is_active} {user.is_superuser} {event.slug} {get_script_prefix()} {get_urlconf()}"
    return kept(event, key, lambda: menu_of(user, event))


def menu_of(user, event):
    if not event.is_megagame:
        return board_game_menu(user, event)
    roles = get_roles(user, event)
    if user.is_superuser or Role.CONTROL in roles:
        return control_menu(user, event)
    if roles == {Role.REGION}:
        return region_menu(user, event)
    return team_menu(user, event, roles)


def table_links(user, event):
    """Each of his tables' console, and its map beside it (named by the table when he keeps more than one)."""
    kept = get_tables_kept(user, event)
    tables = [region for region in get_regions(event) if region.pk in kept]
    return tuple(
        entry
        for table in tables
        for entry in (
            link(table.name, "table:console", event, table.pk),
            *map_link(event, table, named=len(tables) > 1),
        )
    )


def map_link(event, table, *, named):
    """A map table's map (the Senate room has none)."""
    if table.kind != Region.Kind.MAP_TABLE:
        return ()
    return (link(f"{table.name} map" if named else "Map", "maps:table-map", event, table.pk),)


def war_links(event):
    return (link("Battles", "warfare:battles", event), link("Sieges", "warfare:sieges", event))


def world_links(event):
    return (
        link("All tables", "regions:world", event),
        link("Forces", "regions:forces", event),
        link("Treasury", "regions:treasury", event),
    )


def desk_links(event):
    return (
        link("Rules desk", "umpire:rules", event),
        link("Follow-ups", "followups:mine", event),
        link("Rulings", "rulings:index", event),
    )


def region_menu(user, event):
    return (
        *table_links(user, event),
        *war_links(event),
        link("Post", "mail:post", event),
        link("Rules desk", "umpire:rules", event),
        link("Follow-ups", "followups:mine", event),
        Group(
            "More",
            (
                *world_links(event),
                link("Senate", "senate:home", event),
                link("Clock", "umpire:clock", event),
                link("Rulings", "rulings:index", event),
            ),
        ),
    )


def team_menu(user, event, roles):
    """A Senate or Non-Roman World umpire: his own pages first, the world folded."""
    own = (link("Senate", "senate:home", event),) if Role.SENATE in roles else war_links(event)
    return (
        *own,
        link("Post", "mail:post", event),
        *desk_links(event),
        Group(
            "More",
            (
                *world_links(event),
                *(war_links(event) if Role.SENATE in roles else (link("Senate", "senate:home", event),)),
                link("Map", "maps:empire-map", event),
                link("Clock", "umpire:clock", event),
            ),
        ),
    )


def control_menu(user, event):
    return (
        link("Hall", "umpire:hall", event),
        link("Clock", "umpire:clock", event),
        Group("Tables", (*world_links(event), link("Map", "maps:empire-map", event))),
        Group("War", war_links(event)),
        link("Post", "mail:post", event),
        link("Senate", "senate:home", event),
        Group("Desk", (*desk_links(event), link("Print", "printshop:home", event))),
        Group("Prepare", preparing_links(user, event)),
    )


def board_game_menu(user, event):
    control = user.is_superuser or Role.CONTROL in get_roles(user, event)
    return (
        *((link("Hall", "umpire:hall", event),) if control else ()),
        link("Sequence of play", "boardgames:sequence", event),
        link("Trackers", "boardgames:trackers", event),
        link("Rules desk", "umpire:rules", event),
        Group(
            "More",
            (
                link("Data tables", "boardgames:data-tables", event),
                link("Tables", "regions:world", event),
                link("Clock", "umpire:clock", event),
                link("Follow-ups", "followups:mine", event),
                link("Rulings", "rulings:index", event),
            ),
        ),
        *((Group("Prepare", preparing_links(user, event)),) if control else ()),
    )


def preparing_links(user, event):
    """Control's pages for preparing the event and repairing it, each only where his seat may."""
    offered = (
        (Perm.EDIT_WORLD, link("Prepare", "readiness:page", event)),
        *(
            ((Perm.EDIT_WORLD, link("Edit the map", "maps:edit", event)),) if event.is_megagame else ()
        ),  # AD69's map points
        (Perm.MANAGE_SEATS, link("Seats", "events:seats", event)),
        (Perm.EDIT_WORLD, link("Backups", "backups:snapshots", event)),
        (Perm.VIEW_AUDIT, link("Audit", "audit:log", event)),
        (Perm.EDIT_WORLD, Link("New event", address("events:new"))),
    )
    return tuple(entry for perm, entry in offered if can(user, event, perm))
