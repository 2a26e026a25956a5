"""The AD69 demo data for tests that need it on the session's world: the demo forces stand at the demo map's
points, so the map comes first, as seed_demo loads them.

The map goes in through Control's importer once a session (some 400 audited records: seconds); the rows it
leaves are kept as a fixture and loaded as such by every later test, the expensive fixture shared. The
importer's own tests (tests/regions/test_demo_map.py, tests/maps) call it afresh."""

import tempfile
from pathlib import Path

from django.core import serializers
from django.core.management import call_command

from regions.models import MapPoint, MapRoute

_imported: dict[str, Path] = {}


def load_demo_map(slug: str = "ad69", *, through_the_importer: bool = False) -> None:
    """The demo map in the event `slug`; `through_the_importer` for a test of the import itself (its audit)."""
    if slug in _imported and not through_the_importer:
        call_command("loaddata", str(_imported[slug]), verbosity=0)
        return
    call_command("load_demo_map", slug, verbosity=0)
    rows = [*MapPoint.objects.filter(event__slug=slug), *MapRoute.objects.filter(event__slug=slug)]
    kept = Path(tempfile.mkdtemp(prefix="demo-map-")) / f"{slug}_demo_map.json"
    kept.write_text(serializers.serialize("json", rows, use_natural_foreign_keys=True, use_natural_primary_keys=True))
    _imported[slug] = kept


def load_demo_forces(slug: str = "ad69", *, through_the_importer: bool = False) -> None:
    """The demo map, then the demo order of battle at its points."""
    load_demo_map(slug, through_the_importer=through_the_importer)
    call_command("loaddata", "ad69_demo_forces", verbosity=0)
