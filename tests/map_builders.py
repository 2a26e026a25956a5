"""A small map of the Rhine frontier and its ways into Gaul and the Alpes, for tests that need map points
and routes in the AD69 world: every kind of route a march can meet (within an area, across areas at one
table, across tables, designated or not), with the distances easy to count."""

from regions.models import MapPoint, MapRoute, Province

# name: (province, kind, fortification, longitude, latitude)
RHINE_POINTS = {
    "Vetera": ("Germania Inferior", "fortress", "legionary_fort", 6.45, 51.66),
    "Novaesium": ("Germania Inferior", "fortress", "legionary_fort", 6.70, 51.20),
    "Colonia Agrippina": ("Germania Inferior", "city", "minor_fortified_city", 6.96, 50.94),
    "Bonna": ("Germania Inferior", "fortress", "legionary_fort", 7.10, 50.73),
    "Mogontiacum": ("Germania Superior", "fortress", "legionary_fort", 8.27, 50.00),
    "Argentorate": ("Germania Superior", "town", "fortified_town", 7.75, 48.58),
    "Vindonissa": ("Germania Superior", "fortress", "legionary_fort", 8.22, 47.48),
    "Augusta Treverorum": ("Belgica", "city", "minor_fortified_city", 6.64, 49.75),
    "Durocortorum": ("Belgica", "town", "", 4.03, 49.26),
    "Lugdunum": ("Gallia Lugdunensis", "city", "minor_fortified_city", 4.83, 45.76),
    "Augusta Vindelicorum": ("Raetia", "town", "", 10.90, 48.37),
    "Londinium": ("Britannia", "port", "", -0.09, 51.51),
}

# (one, other, kind, designated)
RHINE_ROUTES = [
    ("Vetera", "Novaesium", "river", False),
    ("Novaesium", "Colonia Agrippina", "road", False),
    ("Colonia Agrippina", "Bonna", "road", False),
    ("Bonna", "Mogontiacum", "river", True),  # Germania Inferior to Superior, both at the Northern table
    ("Mogontiacum", "Argentorate", "river", False),
    ("Argentorate", "Vindonissa", "road", False),
    ("Colonia Agrippina", "Augusta Treverorum", "road", False),  # drawn, but not a designated crossing
    ("Mogontiacum", "Augusta Treverorum", "road", True),  # the Northern table to Gaul's
    ("Augusta Treverorum", "Durocortorum", "road", False),
    ("Durocortorum", "Lugdunum", "road", True),  # Belgica to Lugdunensis, both at Gaul's table
    ("Vindonissa", "Augusta Vindelicorum", "road", True),  # the Northern table to the Alpes'
]


def build_rhine_map(event):
    """The Rhine map in `event` (the AD69 world's provinces), as {name: MapPoint}."""
    provinces = {p.name: p for p in Province.objects.filter(event=event)}
    points = {
        name: MapPoint.objects.create(
            event=event,
            name=name,
            province=provinces[province],
            kind=kind,
            fortification=fortification,
            longitude=longitude,
            latitude=latitude,
        )
        for name, (province, kind, fortification, longitude, latitude) in RHINE_POINTS.items()
    }
    for one, other, kind, designated in RHINE_ROUTES:
        route = MapRoute(event=event, one=points[one], other=points[other], kind=kind, designated=designated)
        route.full_clean()
        route.save()
    return points
