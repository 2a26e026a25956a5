"""Map drawing: how long the server takes to draw the Empire's map, and what it weighs on a tablet.

Builds a synthetic Empire of 150 map points over 8 tables, 250 routes (roads and river valleys, some
designated crossings), 60 forces and fleets, and the links between the tables with letters in transit;
times laying it out and writing its SVG (what the map page does on every live reload) against
serialising the same data to JSON with json.dumps(dataclasses.asdict(...)): the floor, what any page
showing that data would pay, so draw/JSON is what the drawing adds. Each figure is the best of
`--repeat` runs. It prints the page weight too: the SVG's bytes as the server sends them (it does not
compress its pages: Django's GZipMiddleware is off, as its docs advise where pages carry a CSRF token), what
gzip would make of them, and the time and size of the same map on paper (the PDF). It prints and asserts nothing:

    .venv/bin/python bench/map_draw.py [--points 150] [--routes 250] [--forces 60] [--repeat 20]
"""

import argparse
import dataclasses
import gzip
import json
import math
import os
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.settings")

from maps.svg import map_svg  # noqa: E402
from umpire.printing.map_drawing import Link, MapData, Marker, Place, Way, lay_out  # noqa: E402
from umpire.printing.map_page import map_page_pdf  # noqa: E402

TABLES = ("Britannia", "Gaul", "Germania", "Hispania", "Italia", "Illyria", "Oriens", "Africa")
KINDS = ("town", "city", "fortress", "port", "way_station")
# the map page's box (maps/views.py)
WIDTH, HEIGHT = 1000, 750


def empire(points, routes, forces, seed=69):
    """A made-up Empire: each table a patch of the map from Britannia to Syria, its points scattered in it,
    routes to near neighbours (a few across tables), forces and fleets at random points."""
    rng = random.Random(seed)
    places = []
    for i in range(points):
        table = TABLES[i % len(TABLES)]
        t = TABLES.index(table)
        longitude = -5 + t * 5 + rng.uniform(0, 5)
        latitude = 30 + (t % 3) * 8 + rng.uniform(0, 8)
        places.append(Place(f"p{i}", f"Castra {i} {table}", rng.choice(KINDS), table, longitude, latitude, i % 4 == 0))
    ways = nearest_ways(places, routes, rng)
    markers = tuple(
        Marker(
            rng.choice(places).key,
            "fleet" if i % 6 == 0 else "force",
            f"Legio {i} Augusta",
            side=rng.choice(("Galba", "Otho", "Vitellius", "Vespasian")),
            strength=f"{rng.randint(1, 10)} vexillations",
        )
        for i in range(forces)
    )
    links = tuple(
        Link(TABLES[i], TABLES[j], "land", letters=rng.randint(0, 9))
        for i in range(len(TABLES))
        for j in range(i + 1, len(TABLES))
        if j - i in (1, 3)
    )
    return MapData("The Empire", TABLES, tuple(places), ways, markers, links)


def nearest_ways(places, count, rng):
    """`count` routes, each from a point to one of its three nearest others, none twice."""
    pairs = set()
    while len(pairs) < count:
        one = rng.choice(places)
        near = sorted(places, key=lambda p: math.dist((p.longitude, p.latitude), (one.longitude, one.latitude)))[1:4]
        other = rng.choice(near)
        pairs.add(tuple(sorted((one.key, other.key))))
    by_key = {p.key: p for p in places}
    return tuple(
        Way(
            a,
            b,
            rng.choice(("road", "river")),
            designated=(by_key[a].table != by_key[b].table),
            crossing=(by_key[a].table != by_key[b].table),
        )
        for a, b in sorted(pairs)
    )


def best_of(repeat, run):
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return min(times), result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--points", type=int, default=150)
    parser.add_argument("--routes", type=int, default=250)
    parser.add_argument("--forces", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    data = empire(args.points, args.routes, args.forces)
    layout_s, layout = best_of(args.repeat, lambda: lay_out(data, width=WIDTH, height=HEIGHT))
    svg_s, svg = best_of(args.repeat, lambda: map_svg(layout, label=data.title))
    draw_s = layout_s + svg_s
    json_s, text = best_of(args.repeat, lambda: json.dumps(dataclasses.asdict(data)))
    pdf_s, pdf = best_of(max(1, args.repeat // 5), lambda: map_page_pdf(data, event_name="AD69"))
    svg_bytes = svg.encode()
    print(f"python {platform.python_version()} on {platform.machine()}")
    print(
        f"map: {len(data.places)} points, {len(data.ways)} routes, {len(data.markers)} markers, {len(data.links)} links"
    )
    print(f"lay out         {layout_s * 1000:8.2f} ms")
    print(f"write SVG       {svg_s * 1000:8.2f} ms")
    print(f"draw (both)     {draw_s * 1000:8.2f} ms")
    print(f"JSON (floor)    {json_s * 1000:8.2f} ms   ({len(text):,} bytes)")
    print(f"draw/JSON ratio {draw_s / json_s:8.1f}")
    print(f"SVG weight      {len(svg_bytes):,} bytes, {len(gzip.compress(svg_bytes)):,} gzipped")
    print(f"elements        {svg.count('<'):,} tags")
    print(f"PDF (paper)     {pdf_s * 1000:8.2f} ms   ({len(pdf):,} bytes)")


if __name__ == "__main__":
    main()
