"""The event's map as the march graph (umpire/rules/ad69/marching.py), and a march as the legs the AD69
engine's ad69.check_move judges: read here, checked there, so the service and the order form agree."""

from collections.abc import Hashable, Sequence
from typing import Any

from django.core.exceptions import ValidationError

from umpire.models import Event
from umpire.rules.ad69.marching import MapGraph, Stop, Way

from ..models import MapPoint, MapRoute


def map_graph(event: Event | int) -> MapGraph:
    """Every map point and route of the event, in two queries; points keyed by id."""
    points = MapPoint.objects.filter(event=event).values_list("pk", "name", "province__name", "province__region__name")
    routes = MapRoute.objects.filter(event=event).order_by("pk").values_list("one", "other", "kind", "designated")
    return MapGraph(
        (Stop(pk, name, area, table) for pk, name, area, table in points),
        (Way(one, other, kind, designated) for one, other, kind, designated in routes),
    )


def march_path(
    graph: MapGraph, start: Hashable, end: Hashable, path: Sequence[MapPoint] | None = None
) -> list[Hashable]:
    """The points of the march from `start` to `end`, both included: the path given, else the shortest legal
    way, else the shortest way at all (the engine then names the crossing that is not designated), else the
    two ends alone (the engine names the missing route)."""
    if path:
        keys: list[Hashable] = [point.pk for point in path]
        keys = keys if keys[0] == start else [start, *keys]
        if keys[-1] != end:
            raise ValidationError({"path": f"The path given ends at {path[-1]}, not at the point ordered."})
        return keys
    return graph.shortest_path(start, end) or graph.shortest_path(start, end, legal=False) or [start, end]


def legs_of(graph: MapGraph, keys: Sequence[Hashable]) -> list[dict[str, Any]]:
    """The march's legs, as the engine's case takes them."""
    return [leg(graph, one, other) for one, other in zip(keys, keys[1:], strict=False)]


def leg(graph: MapGraph, one: Hashable, other: Hashable) -> dict[str, Any]:
    start, end, way = graph.stops[one], graph.stops[other], graph.way(one, other)
    return {
        "start": start.name,
        "start_area": start.area,
        "start_table": start.table,
        "end": end.name,
        "end_area": end.area,
        "end_table": end.table,
        "route": way.kind if way else "none",
        "designated": bool(way and way.designated),
    }


def designated_routes(graph: MapGraph, legs: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The designated routes of each area the march leaves or enters, for the engine to name if it strays."""
    areas = sorted(
        {leg[end] for leg in legs if leg["start_area"] != leg["end_area"] for end in ("start_area", "end_area")}
    )
    return [{"area": area, "routes": graph.designated_from(area)} for area in areas]
