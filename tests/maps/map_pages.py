"""Reading a map page back: its SVG's points, routes, markers and links, by the markup maps/svg.py writes."""

import re
import xml.etree.ElementTree as ET

from regions.models import Force
from tests.regions.forces_builders import legion

SVG = re.compile(r'<svg xmlns="http://www.w3.org/2000/svg"[^>]*class="map".*?</svg>', re.S)


def drawing(response):
    """The page's map, parsed: one SVG, whole and well formed."""
    found = SVG.findall(response.content.decode())
    assert len(found) == 1, f"{len(found)} maps on the page"
    return ET.fromstring(found[0])


def classed(root, name):
    return [el for el in root.iter() if name in el.get("class", "").split()]


def points(root):
    return sorted(el.get("data-point") for el in classed(root, "map-point"))


def routes(root):
    return sorted(el.get("data-route") for el in classed(root, "map-route"))


def markers(root, kind=None):
    found = [el for el in classed(root, "map-marker") if kind is None or el.get("data-kind") == kind]
    return {el.get("data-name"): el for el in found}


def said(marker):
    """What a marker says of itself: its title."""
    return marker.find("{http://www.w3.org/2000/svg}title").text


def links(root):
    return {el.get("data-tables"): int(el.get("data-letters")) for el in classed(root, "map-link")}


def standing(event, name, point, troops=(("legionary", 10, False), ("auxiliary", 5, False))):
    """A legion at a map point (test set-up, not a march)."""
    force = legion(event, name, point.province.name, list(troops))
    Force.objects.filter(pk=force.pk).update(map_point=point)
    force.refresh_from_db()
    return force
