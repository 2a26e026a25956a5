"""The map as a graph for marching (IX. LAND MOVEMENT): map points joined by roads and river valleys, the
shortest way from one point to another and the points a force can reach in a turn.

"Movement is from map point to map point", so a march's length is the number of points it enters. "Players may
only enter or leave an area along the designated routes": a legal way stays in one area or crosses on a
designated route. The service builds the graph from the event's map; the engine's ad69.check_move judges the path.
"""

from collections import deque
from collections.abc import Hashable, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Stop:
    """A map point: its key (the service's id for it), its name, its province area and its table."""

    key: Hashable
    name: str
    area: str
    table: str


@dataclass(frozen=True)
class Way:
    """A route between two map points, run both ways: "road" or "river" (valley), designated or not."""

    one: Hashable
    other: Hashable
    kind: str
    designated: bool = False


class MapGraph:
    def __init__(self, stops: Iterable[Stop], ways: Iterable[Way]) -> None:
        self.stops = {stop.key: stop for stop in stops}
        self.ways: dict[Hashable, dict[Hashable, Way]] = {key: {} for key in self.stops}
        self.all_ways = [way for way in ways if way.one in self.stops and way.other in self.stops]
        for way in self.all_ways:
            self.ways[way.one][way.other] = way
            self.ways[way.other][way.one] = way

    def way(self, one: Hashable, other: Hashable) -> Way | None:
        return self.ways.get(one, {}).get(other)

    def is_legal(self, one: Hashable, other: Hashable) -> bool:
        """Within one area any route will do; between areas only a designated one."""
        way = self.way(one, other)
        if way is None:
            return False
        return way.designated or self.stops[one].area == self.stops[other].area

    def next_stops(self, key: Hashable, *, legal: bool) -> list[Hashable]:
        return [other for other in self.ways.get(key, {}) if not legal or self.is_legal(key, other)]

    def distances(self, start: Hashable, *, limit: int | None = None, legal: bool = True) -> dict[Hashable, int]:
        """Map points from `start` to each point it leads to, by the fewest (at most `limit`); legal ways only,
        unless `legal` is False."""
        return {key: len(path) - 1 for key, path in self.paths(start, limit=limit, legal=legal).items()}

    def paths(self, start: Hashable, *, limit: int | None = None, legal: bool = True) -> dict[Hashable, list[Hashable]]:
        """The shortest path (its points, `start` first) to each point `start` leads to. Ties go to the way
        found first, in the order the routes were given, so the same map always gives the same path."""
        found = {start: [start]}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if limit is not None and len(found[here]) - 1 >= limit:
                continue
            for there in self.next_stops(here, legal=legal):
                if there not in found:
                    found[there] = [*found[here], there]
                    queue.append(there)
        return found

    def shortest_path(self, start: Hashable, end: Hashable, *, legal: bool = True) -> list[Hashable] | None:
        """The points of the shortest way from `start` to `end`, both included, or None if there is none."""
        return self.paths(start, legal=legal).get(end)

    def reachable(self, start: Hashable, allowance: int) -> dict[Hashable, int]:
        """The points a march of at most `allowance` map points reaches by legal ways, with their distance;
        not `start` itself."""
        return {key: n for key, n in self.distances(start, limit=allowance).items() if key != start}

    def designated_from(self, area: str) -> list[str]:
        """The designated routes in or out of `area`, in words ("Bonna – Mogontiacum (river valley)")."""
        return sorted(
            f"{self.stops[way.one].name} – {self.stops[way.other].name} ({kind_words(way.kind)})"
            for way in self.all_ways
            if way.designated and area in (self.stops[way.one].area, self.stops[way.other].area)
        )


def kind_words(kind: str) -> str:
    return "river valley" if kind == "river" else kind
