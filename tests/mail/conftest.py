"""What the post's tests share: the AD69 tables with the clock started, a writer at Italia/Rome
and his correspondent at Illyria, and the umpires of the tables a letter passes."""

from types import SimpleNamespace

import pytest

from mail.models import PostingTime, PostOffice
from umpire import clockwork
from umpire.models import Character, Region, Role, Route


def table(event, name):
    return Region.objects.get(event=event, name=name)


def link(event, one, other, turns, winter_turns=None):
    """Control's posting time along the link between two tables."""
    route = Route.objects.get(event=event, one__name=one, other__name=other)
    return PostingTime.objects.create(route=route, turns=turns, winter_turns=winter_turns)


@pytest.fixture
def started(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    return ad69


@pytest.fixture
def hall(started, make_umpire):
    """Quintus Scribonius writes from Rome to Vespasian's legate Antonius Primus at Illyria."""
    rome, illyria, gaul, alpes = (table(started, name) for name in ("Italia/Rome", "Illyria", "Gaul", "Alpes"))
    scribonius = Character.objects.create(
        event=started, name="Quintus Scribonius", role="senator", social_class="senator", location=rome
    )
    primus = Character.objects.create(
        event=started, name="Antonius Primus", role="legate", social_class="senator", location=illyria
    )
    runner = Character.objects.create(
        event=started, name="Cornelius Fuscus", role="procurator", social_class="equestrian", location=rome
    )
    return SimpleNamespace(
        event=started,
        rome=rome,
        illyria=illyria,
        gaul=gaul,
        alpes=alpes,
        scribonius=scribonius,
        primus=primus,
        fuscus=runner,
        rome_umpire=make_umpire(started, Role.REGION, "Italia/Rome"),
        illyria_umpire=make_umpire(started, Role.REGION, "Illyria"),
        gaul_umpire=make_umpire(started, Role.REGION, "Gaul"),
        control=make_umpire(started, Role.CONTROL, username="control"),
    )


@pytest.fixture
def simulated(hall):
    """Simulated transit, Control having timed the links Rome uses."""
    PostOffice.objects.update_or_create(event=hall.event, defaults={"carriage": PostOffice.Carriage.SIMULATED})
    link(hall.event, "Italia/Rome", "Illyria", 1)
    link(hall.event, "Italia/Rome", "North Africa", 1, winter_turns=3)
    link(hall.event, "Gaul", "Italia/Rome", 1, winter_turns=2)
    link(hall.event, "Alpes", "Illyria", 1)
    link(hall.event, "Gaul", "Alpes", 2)
    return hall
