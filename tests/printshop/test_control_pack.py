"""Control's pack (issue 10, part 3): the cast list, the umpire rota and every table's contents,
then the turn schedule, in one PDF read back with pypdf."""

from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from printshop import table_packs
from printshop.control_pack import control_pack, get_control_pack
from regions.models import Force, ForceTroops, Province
from regions.printing import location
from tests.demo_data import load_demo_forces
from umpire.models import Character, Region, Role
from umpire.printing.styles import MARGIN
from umpire.rules.ad69.forces import COMBAT_VALUES, TroopType

from .test_briefings import text_positions

LEGATE = "Aulius Vitellius"  # legate of the four demo legions of Germania Inferior, at the Northern table


@pytest.fixture
def seated(ad69, make_umpire):
    """The demo forces, Control, and Region umpires at Illyria and Gaul only."""
    load_demo_forces()
    illyria = make_umpire(ad69, Role.REGION, "Illyria", username="agrippa")
    illyria.first_name, illyria.last_name = "Marcus", "Agrippa"
    illyria.save()
    make_umpire(ad69, Role.REGION, "Gaul")
    make_umpire(ad69, Role.CONTROL, username="control")
    return ad69


def pages(pdf):
    return PdfReader(BytesIO(pdf)).pages


def words_of(pdf_pages):
    """The pages' text with every run of whitespace one space, as a wrapped cell reads."""
    return " ".join(" ".join(page.extract_text() for page in pdf_pages).split())


def table_pages(pdf, table):
    """The pages of one table's contents: from its masthead up to the next table's, or the schedule's."""
    found, current = [], None
    for page in pages(pdf):
        lines = page.extract_text().split("\n")
        if "Table contents" in lines or "Turn schedule" in lines:
            current = lines[1]  # under the running header, the masthead's name
        if current == table:
            found.append(page)
    return found


def by_hand(force):
    """X. COMBAT VALUES, summed from the table row by row, not through the engine's combat_value."""
    return sum(
        t.count * COMBAT_VALUES.rows[TroopType(t.type)]["veteran" if t.veteran else "normal"]
        for t in force.troops.all()
    )


def test_the_cast_list_names_every_character_in_name_order(seated):
    text = words_of(pages(control_pack(seated)))
    names = list(Character.objects.filter(event=seated).order_by("name").values_list("name", flat=True))
    assert all(name in text for name in names)
    cast = text[text.index("Cast list") : text.index("Umpire rota")]
    assert [cast.index(name) for name in names] == sorted(cast.index(name) for name in names)


def test_a_legate_s_row_gives_his_start_office_and_legions(seated):
    text = words_of(pages(control_pack(seated)))
    legions = Force.objects.filter(event=seated, legate__name=LEGATE).order_by("name")
    assert legions.count() == 4
    he = Character.objects.select_related("career_rank").get(event=seated, name=LEGATE)
    commands = " ".join(f"{legion.name} (legate)" for legion in legions)
    row = (
        f"{LEGATE} {he.get_role_display()} {he.get_social_class_display()} {he.career_rank} "
        f"at the Northern table Governor of Germania Inferior {commands}"
    )
    assert row in text


def test_a_procurator_s_row_gives_his_office(seated):
    character = Character.objects.create(
        event=seated, name="Pompeius Propinquus", role=Character.Role.PROCURATOR, social_class="equestrian"
    )
    Province.objects.filter(event=seated, name="Belgica").update(procurator=character)
    text = words_of(pages(control_pack(seated)))
    assert "Pompeius Propinquus Procurator Equestrian no rank not placed yet Procurator of Belgica" in text


def test_each_table_gives_its_provinces_figures(seated):
    text = words_of(table_pages(control_pack(seated), "Gaul"))
    provinces = Province.objects.filter(event=seated, region__name="Gaul")
    assert provinces.exists()
    for province in provinces:
        road = "talent" if province.road_cost == 1 else "talents"
        assert f"{province.name} {province.income_per_quarter} talents {province.road_cost} {road}" in text


def test_each_force_s_combat_value_matches_the_table(seated):
    text = words_of(table_pages(control_pack(seated), "Northern"))
    forces = (
        Force.objects.filter(event=seated, province__region__name="Northern")
        .select_related("province__region", "legate")
        .prefetch_related("troops")
    )
    assert forces.count() > 8  # more than one page of them
    for force in forces:
        commander = f"{force.legate} (legate)" if force.legate else "none"
        assert f"{force.name} {location(force)} {commander} {by_hand(force)}" in text
        assert by_hand(force) > 0


def test_the_rota_names_each_umpire_and_his_table(seated):
    text = words_of(pages(control_pack(seated)))
    assert "Control – control Region Gaul region-gaul Region Illyria Marcus Agrippa" in text
    assert "Umpires: Marcus Agrippa" in words_of(table_pages(control_pack(seated), "Illyria"))


def test_a_table_with_no_umpire_is_flagged(seated):
    text = words_of(pages(control_pack(seated)))
    unseated = Region.objects.filter(event=seated, kind=Region.Kind.MAP_TABLE).exclude(name__in=["Illyria", "Gaul"])
    assert unseated.count() == 6
    assert all(f"{table.name}: no umpire seated." in text for table in unseated)
    assert "Illyria: no umpire seated" not in text and "Senate: no umpire seated" not in text
    assert "Umpires: no umpire seated" in words_of(table_pages(control_pack(seated), "Northern"))


def test_the_turn_schedule_follows_the_tables(seated):
    pack, schedule = pages(control_pack(seated)), pages(table_packs.schedule(seated, "A4"))
    assert words_of(pack[-len(schedule) :]) == words_of(schedule)
    assert "Turn schedule" in words_of(schedule) and "Turn schedule" not in words_of(pack[: -len(schedule)])


def test_every_map_table_has_its_own_page(seated):
    pdf = control_pack(seated)
    for table in Region.objects.filter(event=seated, kind=Region.Kind.MAP_TABLE):
        assert table_pages(pdf, table.name), table.name
    assert not table_pages(pdf, "Senate")


@pytest.mark.parametrize("page_size, points", [("A4", (595, 842)), ("Letter", (612, 792))])
def test_every_page_is_the_size_asked_for(seated, page_size, points):
    for page in pages(control_pack(seated, page_size=page_size)):
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == points


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_no_text_lies_outside_the_margins(seated, page_size):
    for page in pages(control_pack(seated, page_size=page_size)):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        for text, left, right, baseline in text_positions(page):
            # the running header and footer sit in the top and bottom margins, halfway
            assert MARGIN - 1 <= left and right <= width - MARGIN + 1, text
            assert MARGIN / 2 - 1 <= baseline <= height - MARGIN / 2 + 1, text


def test_the_pack_costs_the_same_queries_however_big_the_cast(seated, make_umpire):
    get_control_pack(seated)  # once to fill the caches a first call fills (content types, fonts), so both count alike
    with CaptureQueriesContext(connection) as before:
        get_control_pack(seated)
    newcomer = Character.objects.create(
        event=seated,
        name="Gaius Newcomer",
        role=Character.Role.LEGIONARY_LEGATE,
        social_class="senatorial",
        location=Region.objects.get(name="Spain"),
    )
    legion = Force.objects.create(
        event=seated, name="Legio Nova", province=Province.objects.get(name="Baetica"), legate=newcomer
    )
    ForceTroops.objects.create(force=legion, type=TroopType.LEGIONARY.value, count=3)
    make_umpire(seated, Role.REGION, "Spain")
    with CaptureQueriesContext(connection) as after:
        pack = get_control_pack(seated)
    assert "Gaius Newcomer" in [member.name for member in pack.cast]
    assert len(after) == len(before)


def test_control_prints_the_pack(client, seated):
    client.force_login(seated.seats.get(role=Role.CONTROL).user)
    response = client.get(reverse("printshop:control-pack", args=["ad69"]), {"size": "Letter"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Umpire rota" in words_of(pages(response.content))


def test_a_region_umpire_gets_404(client, seated):
    client.force_login(seated.seats.get(role=Role.REGION, region__name="Illyria").user)
    assert client.get(reverse("printshop:control-pack", args=["ad69"])).status_code == 404


def test_a_bad_size_is_refused_naming_the_sizes(client, seated):
    client.force_login(seated.seats.get(role=Role.CONTROL).user)
    response = client.get(reverse("printshop:control-pack", args=["ad69"]), {"size": "A3"})
    assert response.status_code == 400
    assert "A4" in response.content.decode() and "Letter" in response.content.decode()
