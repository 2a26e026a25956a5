"""Building forces for tests, through the audited services where it matters."""

from regions.models import Force, ForceTroops, MapPoint, MapRoute, Province
from umpire.models import Character


def legion(event, name, province_name, troops, *, aquila=True, legate=None, at=None):
    """A legion placed directly (test set-up, not a game action): troops as (type, count, veteran); `at`, the
    name of the map point it stands at, in its province."""
    province = Province.objects.get(event=event, name=province_name)
    force = Force.objects.create(
        event=event,
        name=name,
        kind=Force.Kind.LEGION,
        aquila=aquila,
        province=province,
        map_point=MapPoint.objects.get(event=event, name=at) if at else None,
        legate=Character.objects.get(event=event, name=legate) if legate else None,
    )
    ForceTroops.objects.bulk_create(ForceTroops(force=force, type=t, count=n, veteran=v) for t, n, v in troops)
    return force


def composition(force):
    return sorted((t.type, t.count, t.veteran) for t in force.troops.all() if t.count)


# The middle Danube and its ways into Noricum (the Alpes table), Dalmatia and Moesia (Illyria's): a march of
# every length from Carnuntum. name: province
DANUBE_POINTS = {
    "Carnuntum": "Pannonia",
    "Savaria": "Pannonia",
    "Poetovio": "Pannonia",
    "Siscia": "Pannonia",
    "Sirmium": "Pannonia",
    "Lauriacum": "Noricum",
    "Celeia": "Noricum",
    "Virunum": "Noricum",
    "Burnum": "Dalmatia",
    "Salona": "Dalmatia",
    "Singidunum": "Moesia",
    "Viminacium": "Moesia",
    "Naissus": "Moesia",
}
# (one, other, kind, designated)
DANUBE_ROUTES = [
    ("Carnuntum", "Savaria", "road", False),
    ("Savaria", "Poetovio", "road", False),
    ("Poetovio", "Siscia", "road", False),
    ("Siscia", "Sirmium", "river", False),
    ("Carnuntum", "Lauriacum", "river", True),  # Illyria's table to the Alpes'
    ("Poetovio", "Celeia", "road", True),  # Illyria's table to the Alpes'
    ("Celeia", "Virunum", "road", False),
    ("Virunum", "Lauriacum", "road", False),
    ("Siscia", "Burnum", "road", True),  # Pannonia to Dalmatia, both at Illyria
    ("Burnum", "Salona", "road", False),
    ("Sirmium", "Singidunum", "river", True),  # Pannonia to Moesia, both at Illyria
    ("Singidunum", "Viminacium", "river", False),
    ("Viminacium", "Naissus", "road", False),
]


def build_danube_map(event):
    """The Danube map in `event` (the AD69 world's provinces), as {name: MapPoint}."""
    provinces = {p.name: p for p in Province.objects.filter(event=event)}
    points = {
        name: MapPoint.objects.create(event=event, name=name, province=provinces[province])
        for name, province in DANUBE_POINTS.items()
    }
    for one, other, kind, designated in DANUBE_ROUTES:
        route = MapRoute(event=event, one=points[one], other=points[other], kind=kind, designated=designated)
        route.full_clean()
        route.save()
    return points
