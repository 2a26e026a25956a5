"""Simulated transit: the turns a letter takes from one table to another along the links the
hall is laid out by (VI. COMMUNICATIONS: players "must move from table to table by the
geographical links shown"), each link's posting time set by Control, slower at sea in winter.

Pure: given the links and a way to tell winter at sea, it finds the quickest way. The post
does not wait at a table for winter to end, so each link is timed from the turn the letter
sets out along it.
"""

import heapq
from dataclasses import dataclass


@dataclass(frozen=True)
class Link:
    one: int
    other: int
    turns: int
    winter_turns: int | None  # at sea, when either end's sea is in winter; None: no slower
    by_sea: bool

    def ends(self):
        return ((self.one, self.other), (self.other, self.one))

    def time_from(self, table, turn, winter_at_sea):
        """Turns along this link setting out from `table` in `turn`."""
        slower = self.by_sea and self.winter_turns is not None
        if slower and (winter_at_sea(self.one, turn) or winter_at_sea(self.other, turn)):
            return self.winter_turns
        return self.turns


@dataclass(frozen=True)
class Posting:
    turns: int
    tables: tuple  # the tables it passes, from the first to the last

    def arrives(self, turn):
        return turn + self.turns


def quickest(links, origin, destination, turn, winter_at_sea):
    """The quickest posting from `origin` to `destination` setting out in `turn`, or None if no
    chain of timed links joins them. `winter_at_sea(table, turn)` says whether that table's sea
    is in winter then."""
    neighbours = {}
    for link in links:
        for here, there in link.ends():
            neighbours.setdefault(here, []).append((there, link))
    best = {origin: 0}
    queue = [(0, origin, (origin,))]
    while queue:
        taken, table, path = heapq.heappop(queue)
        if table == destination:
            return Posting(taken, path)
        if taken > best.get(table, taken):
            continue
        for there, link in neighbours.get(table, ()):
            arrival = taken + link.time_from(table, turn + taken, winter_at_sea)
            if arrival < best.get(there, arrival + 1):
                best[there] = arrival
                heapq.heappush(queue, (arrival, there, path + (there,)))
    return None
