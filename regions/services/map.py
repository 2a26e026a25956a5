"""Control's changes to the map: its points and routes, one by one from the map page, or a whole file imported.

Each change is one transaction, checked whole before anything is written, audited ("map_point.saved",
"map_point.removed", "map_route.saved", "map_route.removed", "map.imported") and heard by every umpire and
the hall as `MapChanged`: the map's geography is no secret. An import adds what is new and updates what it
names (a point by its name, a route by its two ends either way round), and never removes what the file leaves
out; it is one action whose steps are the records it saved, so the undo page takes the whole file back.
"""

from collections.abc import Iterable
from copy import copy
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model, ProtectedError, Q, QuerySet, TextChoices

from umpire.events import event_group, publish_on_commit, umpires_group
from umpire.models import AuditEntry, Event, Route
from umpire.services.audit import Actor, adopt_steps, gathering_steps, record_audit, snapshot, steps_of

from ..events import MapChanged
from ..map_io import FORMATS, MapFile, PointRow, RouteRow, normal, read_map
from ..models import Fleet, Force, MapPoint, MapRoute, Province
from ..models.map import FORTIFICATIONS

IMPORTED = "map.imported"
NEW, CHANGED, UNCHANGED = "new", "changed", "unchanged"
NAMED = 5  # the forces or routes a refusal names before saying how many more
POINT_FIELDS = ("name", "province", "kind", "fortification", "longitude", "latitude")


# ---- one record at a time ------------------------------------------------------------------------------------


def do_save_map_point(point: MapPoint, *, actor: Actor, reason: str = "") -> MapPoint:
    """Add or edit a map point. A point forces or fleets stand at keeps its province (they would stand outside
    their own), and its routes must still hold where it now lies (a designated crossing stays between two areas)."""
    with transaction.atomic():
        stored = MapPoint.objects.select_for_update().filter(pk=point.pk).first() if point.pk else None
        point.full_clean()
        if stored is not None and stored.province_id != point.province_id:
            check_nothing_stands_at(point, "province", "before it moves to another province")
        entry = saved(point, "map_point.saved", stored, actor=actor, reason=reason)
        check_routes_hold(point)
        if entry is not None:
            publish_map_changed(point.event, "saved", "map_point", point.pk, str(point))
    return point


def do_remove_map_point(point: MapPoint, *, actor: Actor, with_routes: bool = False, reason: str = "") -> None:
    """Remove a map point no force or fleet stands at. Its routes go with it only when asked (`with_routes`),
    in the same action, so one undo brings the point and its routes back; otherwise they are named, to be
    removed first."""
    with transaction.atomic():
        point = MapPoint.objects.select_for_update(of=("self",)).select_related("event", "province").get(pk=point.pk)
        check_nothing_stands_at(point, NON_FIELD, "before the point is removed")
        routes = list(routes_of([point.pk]))
        if routes and not with_routes:
            raise ValidationError(
                f"{point} is joined by {len(routes)} route{'s' if len(routes) > 1 else ''} ({named(routes)}): "
                "remove its routes first, or remove the point with its routes."
            )
        with gathering_steps() as gathered:
            for route in routes:
                removed(route, "map_route.removed", actor=actor, reason=f"with {point}")
        pk, label = point.pk, str(point)
        entry = removed(point, "map_point.removed", actor=actor, reason=reason)
        adopt_steps(entry, gathered)
        publish_map_changed(point.event, "removed", "map_point", pk, label)


def do_save_map_route(route: MapRoute, *, actor: Actor, reason: str = "") -> MapRoute:
    """Add or edit a road or river valley between two map points."""
    with transaction.atomic():
        stored = MapRoute.objects.select_for_update().filter(pk=route.pk).first() if route.pk else None
        route.full_clean()
        if saved(route, "map_route.saved", stored, actor=actor, reason=reason) is not None:
            publish_map_changed(route.event, "saved", "map_route", route.pk, str(route))
    return route


def do_remove_map_route(route: MapRoute, *, actor: Actor, reason: str = "") -> None:
    with transaction.atomic():
        route = (
            MapRoute.objects.select_for_update(of=("self",)).select_related("event", "one", "other").get(pk=route.pk)
        )
        pk, label = route.pk, str(route)
        removed(route, "map_route.removed", actor=actor, reason=reason)
        publish_map_changed(route.event, "removed", "map_route", pk, label)


NON_FIELD = "__all__"


def check_nothing_stands_at(point: MapPoint, field_name: str, until: str) -> None:
    """Forces and fleets stand at a point in its province: each is moved, or its station changed, first."""
    standing = [*Force.objects.filter(map_point=point), *Fleet.objects.filter(station=point)]
    if standing:
        raise ValidationError(
            {
                field_name: f"{named(standing)} stand{'s' if len(standing) == 1 else ''} at {point}: move {'it' if len(standing) == 1 else 'them'} {until}."
            }
        )


def check_routes_hold(point: MapPoint) -> None:
    problems = []
    for route in routes_of([point.pk]):
        try:
            route.full_clean()
        except ValidationError as refusal:
            problems.append(f"its route {route}: {' '.join(refusal.messages)}")
    if problems:
        raise ValidationError({"province": problems})


def routes_of(point_ids: Iterable[int]) -> "QuerySet[MapRoute]":
    ids = list(point_ids)
    return MapRoute.objects.filter(Q(one_id__in=ids) | Q(other_id__in=ids)).select_related(
        "event", "one__province__region", "other__province__region"
    )


def named(records: list[Any]) -> str:
    names = ", ".join(str(record) for record in records[:NAMED])
    return names + (f" and {len(records) - NAMED} more" if len(records) > NAMED else "")


def saved(instance: Any, action: str, stored: Model | None, *, actor: Actor, reason: str) -> AuditEntry | None:
    """Store a record already checked, auditing its whole state before and after; a save that changes
    nothing writes no entry."""
    instance.save()
    before, after = snapshot(stored), snapshot(instance)
    if before == after:
        return None
    return record_audit(
        event=instance.event, actor=actor, action=action, target=instance, before=before, after=after, reason=reason
    )


def removed(instance: Any, action: str, *, actor: Actor, reason: str) -> AuditEntry:
    """Delete a record, its whole state kept in the audit, so an undo puts it back with its own id (and the
    routes that joined a point find it again). Another record still standing on it refuses, naming it."""
    entry = record_audit(
        event=instance.event, actor=actor, action=action, target=instance, before=snapshot(instance), reason=reason
    )
    try:
        with transaction.atomic():
            instance.delete()
    except ProtectedError as refusal:
        users = named(sorted({str(obj) for obj in refusal.protected_objects}))
        raise ValidationError(f"{instance} cannot be removed while these still refer to it: {users}.") from refusal
    return entry


def publish_map_changed(event: Event, action: str, what: str, record_id: int, label: str) -> None:
    publish_on_commit(
        [umpires_group(event.pk), event_group(event.pk)],
        MapChanged(action=action, what=what, record_id=record_id, label=label),
    )


# ---- a whole file --------------------------------------------------------------------------------------------


@dataclass
class World:
    """What a file's rows are read against, each fetched once: the event's provinces, map points and routes,
    the points something stands at, and the links between tables a designated crossing follows."""

    event: Event
    provinces: dict[str, Province]
    points: dict[str, MapPoint]
    routes: dict[frozenset, MapRoute]
    occupied: set[int]
    links: set[frozenset]
    in_file: dict[str, MapPoint] = field(default_factory=dict)

    @classmethod
    def of(cls, event: Event) -> "World":
        points = MapPoint.objects.filter(event=event).select_related("province")
        routes = MapRoute.objects.filter(event=event)
        links = Route.objects.filter(event=event, kind=Route.Kind.LAND).values_list("one_id", "other_id")
        return cls(
            event=event,
            provinces={normal(p.name): p for p in Province.objects.filter(event=event)},
            points={normal(p.name): p for p in points},
            routes={frozenset((r.one_id, r.other_id)): r for r in routes},
            occupied={
                *Force.objects.filter(event=event, map_point__isnull=False).values_list("map_point_id", flat=True),
                *Fleet.objects.filter(event=event, station__isnull=False).values_list("station_id", flat=True),
            },
            links={frozenset(pair) for pair in links},
        )

    def point(self, name: str) -> MapPoint | None:
        return self.in_file.get(normal(name)) or self.points.get(normal(name))


@dataclass
class Planned:
    """One row's record, as the file would leave it, and whether that is new, changed or unchanged."""

    row: PointRow | RouteRow
    record: MapPoint | MapRoute
    status: str


@dataclass
class Plan:
    points: list[Planned]
    routes: list[Planned]
    problems: list[str]

    def counts(self, planned: list[Planned]) -> dict[str, int]:
        return {status: sum(1 for p in planned if p.status == status) for status in (NEW, CHANGED, UNCHANGED)}

    @property
    def changes_anything(self) -> bool:
        return any(p.status != UNCHANGED for p in (*self.points, *self.routes))


def do_import_map(
    event: Event, text: str, *, format: str, actor: Actor, as_demo: bool = False, reason: str = ""
) -> AuditEntry:
    """Import a map file (`format`: "geojson", "points_csv" or "routes_csv"): whole or nothing. Every row is
    checked before anything is written; any problem refuses the file, each named by its row or feature and
    field. Records it brings are flagged demo with `as_demo`; a record Control's own file changes is his."""
    found = read_map(text, format)
    with transaction.atomic():
        plan = plan_map(event, found, demo=as_demo)
        check_applicable(plan)
        counts = {"points": plan.counts(plan.points), "routes": plan.counts(plan.routes)}
        entry = record_audit(
            event=event,
            actor=actor,
            action=IMPORTED,
            target=event,
            after={**counts, "format": format, "demo": as_demo},
            reason=reason or f"map imported ({FORMATS[format]}): {summary(counts)}",
        )
        with steps_of(entry):
            apply(plan, actor=actor, entry=entry)
        publish_map_changed(event, "imported", "map", entry.pk, summary(counts))
    return entry


def summary(counts: dict[str, Any]) -> str:
    """An import's counts in words; `counts` is its entry's after."""
    return "; ".join(
        f"{noun}: {kinds[NEW]} new, {kinds[CHANGED]} changed, {kinds[UNCHANGED]} unchanged"
        for noun, kinds in ((noun, counts.get(noun) or {}) for noun in ("points", "routes"))
        if any(kinds.values())
    )


def check_applicable(plan: Plan) -> None:
    if plan.problems:
        count = len(plan.problems)
        raise ValidationError(
            {
                "file": [
                    *plan.problems,
                    f"Nothing was imported: fix the {count} problem{'s' if count > 1 else ''} and upload the file again.",
                ]
            }
        )
    if not plan.changes_anything:
        raise ValidationError({"file": "The file changes nothing: every point and route is as the map already has it."})


def apply(plan: Plan, *, actor: Actor, entry: AuditEntry) -> None:
    """Save the points, then the routes between them; a route's end the file brought new takes its id now.
    The model's own checks run again as each is saved, and any refusal is still named by its row."""
    why = f"map import #{entry.pk}"
    problems = []
    for planned in [*plan.points, *plan.routes]:
        if planned.status == UNCHANGED:
            continue
        record = planned.record
        if isinstance(record, MapRoute):
            record.one, record.other = record.one, record.other  # the ids of ends saved a moment ago
        try:
            record.full_clean()
        except ValidationError as refusal:
            problems += [f"{planned.row.where}, {where}: {' '.join(m)}" for where, m in refusal.message_dict.items()]
            continue
        stored = type(record)._default_manager.filter(pk=record.pk).first() if record.pk else None
        saved(
            record,
            f"{'map_route' if isinstance(record, MapRoute) else 'map_point'}.saved",
            stored,
            actor=actor,
            reason=why,
        )
    if problems:
        raise ValidationError({"file": problems})


def plan_map(event: Event, found: MapFile, *, demo: bool) -> Plan:
    world = World.of(event)
    problems: list[str] = []
    points = [plan_point(row, world, demo, problems) for row in found.points]
    problems += named_twice([row.name for row in found.points], found.points, "map point")
    routes = [plan_route(row, world, demo, problems) for row in found.routes]
    problems += named_twice(
        [" / ".join(sorted((normal(row.one), normal(row.other)))) for row in found.routes], found.routes, "route"
    )
    return Plan([p for p in points if p], [r for r in routes if r], problems)


def named_twice(keys: list[str], rows: Iterable[PointRow | RouteRow], noun: str) -> list[str]:
    """A point, or a pair of ends, twice in one file refuses both rows: which one was meant is Control's to say."""
    places: dict[str, list[str]] = {}
    for key, row in zip(keys, rows, strict=True):
        places.setdefault(normal(key), []).append(row.where)
    return [f"{' and '.join(where)}: the same {noun} twice." for where in places.values() if len(where) > 1]


def plan_point(row: PointRow, world: World, demo: bool, problems: list[str]) -> Planned | None:
    found = world.points.get(normal(row.name))
    point = copy(found) if found else MapPoint(event=world.event)
    reasons: list[str] = []
    province = known(world.provinces, row.province, "province", reasons)
    values = {
        "name": row.name,
        "province": province,
        "kind": choice(MapPoint.Kind, row.kind, "kind", reasons),
        "fortification": fortification(row.fortification, reasons),
        "longitude": row.longitude,
        "latitude": row.latitude,
    }
    changed = set_values(point, values)
    if found and found.pk in world.occupied and province and province.pk != found.province_id:
        reasons.append(f"province: forces or fleets stand at {found.name} in {found.province}: move them first")
    reasons += invalid(point)
    world.in_file[normal(row.name)] = point
    problems += [f"{row.where}, {reason}." for reason in reasons]
    return None if reasons else planned(row, point, found is None, changed, demo)


def plan_route(row: RouteRow, world: World, demo: bool, problems: list[str]) -> Planned | None:
    reasons: list[str] = []
    one, other = end(world, row.one, "from", reasons), end(world, row.other, "to", reasons)
    kind = choice(MapRoute.Kind, row.kind, "kind", reasons)
    if one is not None and one is other:
        reasons.append("to: a route joins two different map points")
    found = world.routes.get(frozenset((one.pk, other.pk))) if one and other and one.pk and other.pk else None
    route = copy(found) if found else MapRoute(event=world.event, one=one, other=other)
    changed = set_values(route, {"kind": kind, "designated": row.designated})
    if one is not None and other is not None and not reasons:
        reasons += crossing_problems(route, one, other, world)
    problems += [f"{row.where}, {reason}." for reason in reasons]
    return None if reasons else planned(row, route, found is None, changed, demo)


def planned(row: PointRow | RouteRow, record: MapPoint | MapRoute, new: bool, changed: bool, demo: bool) -> Planned:
    """A record the file adds or changes takes the file's flag: the demo map's is demo data, and a point Control's
    own file corrects is his."""
    if new or changed:
        record.is_demo = demo
    return Planned(row, record, NEW if new else CHANGED if changed else UNCHANGED)


def end(world: World, name: str, column: str, reasons: list[str]) -> MapPoint | None:
    point = world.point(name)
    if point is None:
        reasons.append(f"{column}: no map point “{name}” in the event or in the file")
    return point


def crossing_problems(route: MapRoute, one: MapPoint, other: MapPoint, world: World) -> list[str]:
    """MapRoute.clean's rules for a designated crossing, read against the world fetched once, since either end
    may be a point the file brings."""
    if not route.designated:
        return []
    if one.province_id == other.province_id:
        return [
            f"designated: {one.name} and {other.name} are both in {one.province}: only a route between two areas is designated"
        ]
    tables = frozenset((one.province.region_id, other.province.region_id))
    if len(tables) > 1 and tables not in world.links:
        return [
            f"designated: {one.province.region} and {other.province.region} have no link between their tables: "
            "add the link before designating a crossing between them"
        ]
    return []


def known(records: dict[str, Province], name: str, column: str, reasons: list[str]) -> Any:
    if normal(name) in records:
        return records[normal(name)]
    if name:
        reasons.append(f"{column}: no province “{name}” in the event")
    return None


def choice(choices: type[TextChoices], text: str, column: str, reasons: list[str]) -> Any:
    """A kind by its value or its label, whatever the case ("way_station" or "Way-station")."""
    for value, label in choices.choices:
        if normal(text) in (normal(value), normal(label)):
            return value
    if text:
        reasons.append(f"{column}: unknown “{text}” (one of {', '.join(value for value, _ in choices.choices)})")
    return None


def fortification(text: str, reasons: list[str]) -> str:
    """Its walls as the siege table reads them, by value or label; blank for an open place."""
    if not text:
        return ""
    for value, label in FORTIFICATIONS:
        if normal(text) in (normal(value), normal(label)):
            return value
    reasons.append(f"fortification: unknown “{text}” (blank, or one of {', '.join(v for v, _ in FORTIFICATIONS)})")
    return ""


def set_values(record: Model, values: dict[str, Any]) -> bool:
    """Set the values the row gives (None where it could not be read leaves the field, and the row is refused);
    whether any field changed."""
    changed = False
    for name, value in values.items():
        if value is None and name not in ("longitude", "latitude"):
            continue
        now = getattr(record, f"{name}_id") if isinstance(value, Model) else getattr(record, name)
        if now != (value.pk if isinstance(value, Model) else value):
            setattr(record, name, value)
            changed = True
    return changed


def invalid(point: MapPoint) -> list[str]:
    """The model's own refusals (a latitude beyond the pole, a position half given, a name too long), in the
    file's words. Uniqueness is the file's own check (named twice), and the province was found in the event."""
    try:
        point.full_clean(exclude=["event", "province"], validate_unique=False, validate_constraints=False)
    except ValidationError as refusal:
        return [f"{name}: {' '.join(messages)}" for name, messages in refusal.message_dict.items()]
    return []


# ---- what the export writes ----------------------------------------------------------------------------------


def map_rows(event: Event) -> tuple[list[PointRow], list[RouteRow]]:
    """The event's map as the file's rows: what regions.map_io writes."""
    points = MapPoint.objects.filter(event=event).select_related("province")
    routes = MapRoute.objects.filter(event=event).select_related("one", "other")
    return (
        [PointRow("", p.name, p.province.name, p.kind, p.fortification, p.longitude, p.latitude) for p in points],
        [RouteRow("", r.one.name, r.other.name, r.kind, r.designated) for r in routes],
    )
