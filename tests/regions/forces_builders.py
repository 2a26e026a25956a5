"""Building forces for tests, through the audited services where it matters."""

from regions.models import Force, ForceTroops, Province
from umpire.models import Character


def legion(event, name, province_name, troops, *, aquila=True, legate=None):
    """A legion placed directly (test set-up, not a game action): troops as (type, count, veteran)."""
    province = Province.objects.get(event=event, name=province_name)
    force = Force.objects.create(
        event=event,
        name=name,
        kind=Force.Kind.LEGION,
        aquila=aquila,
        province=province,
        legate=Character.objects.get(event=event, name=legate) if legate else None,
    )
    ForceTroops.objects.bulk_create(ForceTroops(force=force, type=t, count=n, veteran=v) for t, n, v in troops)
    return force


def composition(force):
    return sorted((t.type, t.count, t.veteran) for t in force.troops.all() if t.count)
