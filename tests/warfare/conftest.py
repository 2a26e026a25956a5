"""What the battle and siege desks' tests share: the Illyria table and its umpire, the handbook's
Combat Example 1 at it (opened, and fought to its proposed losses), and the armies before Cremona."""

from types import SimpleNamespace

import pytest

from regions.models import Force, ForceTroops, Province
from tests.regions.forces_builders import legion
from tests.warfare.builders import commander
from umpire import clockwork
from umpire.models import Character, Region, Role
from warfare.models import Battle
from warfare.services.battle_losses import do_propose_losses
from warfare.services.battle_rounds import do_fight_round
from warfare.services.battles import do_open_battle
from warfare.services.sieges import do_begin_siege

LEV, AUX, LEG = "raw_levy", "auxiliary", "legionary"
MINOR = "minor_fortified_city"


@pytest.fixture
def italia(ad69):
    return Province.objects.get(event=ad69, name="Italia")


@pytest.fixture
def armies(ad69, italia):
    """Legions XLV (with 10 levies) and XLVI under Antonius Primus (Military Skill +1), and Cremona's
    garrison of 3 auxiliaries and 4 levies (combat value 20), as in tests/warfare/test_sieges.py."""
    primus = Character.objects.create(
        event=ad69,
        name="Antonius Primus",
        role="legate",
        social_class="senator",
        military_skill=1,
        location=italia.region,
    )
    xlv = legion(
        ad69, "Legion XLV", "Italia", [(LEG, 5, False), (AUX, 5, False), (LEV, 10, False)], legate="Caecilius Simplex"
    )
    xlvi = legion(ad69, "Legion XLVI", "Italia", [(LEG, 5, False), (AUX, 5, False)])
    Force.objects.filter(pk__in=[xlv.pk, xlvi.pk]).update(army_commander=primus)
    garrison = Force.objects.create(event=ad69, name="Cremona garrison", kind=Force.Kind.DETACHMENT, province=italia)
    ForceTroops.objects.bulk_create(
        [ForceTroops(force=garrison, type=AUX, count=3), ForceTroops(force=garrison, type=LEV, count=4)]
    )
    clockwork.do_start_clock(ad69, actor=None)
    return xlv, xlvi, garrison


@pytest.fixture
def cremona(control, italia, armies):
    xlv, xlvi, garrison = armies
    return do_begin_siege(
        besiegers=[xlv, xlvi], place="Cremona", place_type=MINOR, province=italia, garrison=[garrison], actor=control
    )


@pytest.fixture
def illyria(ad69):
    return Region.objects.get(event=ad69, name="Illyria")


@pytest.fixture
def umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Illyria")


@pytest.fixture
def example_1_forces(ad69, illyria):
    """Example 1's sides in Pannonia, at the Illyria table, before any battle is opened."""
    xlv = legion(ad69, "Legion XLV", "Pannonia", [(LEG, 5, False), (AUX, 5, False)])
    xlvi = legion(ad69, "Legion XLVI", "Pannonia", [(LEG, 5, False), (AUX, 5, False)])
    return {
        "xlv": xlv,
        "xlvi": xlvi,
        "bigius": commander(ad69, "Bigius Diccus", 1, illyria),
        "flatulius": commander(ad69, "Flatulius Butus", 0, illyria),
    }


@pytest.fixture
def opened(illyria, umpire, example_1_forces):
    return open_example_1(illyria, umpire, example_1_forces)


def open_example_1(illyria, umpire, f):
    """Combat Example 1 opened at Carnuntum, Legion XLV under Bigius Diccus against Legion XLVI."""
    return do_open_battle(
        illyria,
        side_a_forces=[f["xlv"]],
        side_b_forces=[f["xlvi"]],
        side_a_commander=f["bigius"],
        side_b_commander=f["flatulius"],
        place="Carnuntum",
        actor=umpire,
    )


@pytest.fixture
def example_1(ad69, illyria, umpire):
    """Example 1: Legion XLV and Legion XLVI, each 5 legionaries and 5 auxiliaries with their
    Aquila, face off in Pannonia; Bigius Diccus (Military Skill 1) against Flatulius Butus."""
    xlv = legion(ad69, "Legion XLV", "Pannonia", [(LEG, 5, False), (AUX, 5, False)])
    xlvi = legion(ad69, "Legion XLVI", "Pannonia", [(LEG, 5, False), (AUX, 5, False)])
    bigius, flatulius = commander(ad69, "Bigius Diccus", 1, illyria), commander(ad69, "Flatulius Butus", 0, illyria)
    battle = do_open_battle(
        illyria,
        side_a_forces=[xlv],
        side_b_forces=[xlvi],
        side_a_commander=bigius,
        side_b_commander=flatulius,
        place="Carnuntum",
        actor=umpire,
    )
    return SimpleNamespace(battle=battle, xlv=xlv, xlvi=xlvi, bigius=bigius, flatulius=flatulius)


@pytest.fixture
def proposed(umpire, opened):
    """Example 1 fought, Bigius in person and falling (a 1 on his risk die), then his wound dice
    (a 4, and 3 months): Flatulius loses 5, Bigius 2."""
    attack_in_person = {"stance": "attack", "joins": True, "outflanking": False, "withdraw": False}
    defend = {"stance": "defend", "joins": False, "outflanking": False, "withdraw": False}
    do_fight_round(opened, orders={"a": attack_in_person, "b": defend}, dice=[10, 2, 1], actor=umpire)
    return do_propose_losses(Battle.objects.get(pk=opened.pk), dice=[4, 3], actor=umpire)
