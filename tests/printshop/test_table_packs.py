"""The table pack (issue 10, part 2): every sheet a table's umpire needs, in one PDF, read back with pypdf."""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from mail.codes import shown
from mail.models import StationeryCode
from printshop import table_packs
from printshop.table_packs import SLIPS_PER_PACK, table_pack
from regions.models import Province
from regions.selectors import get_legions_of_table
from tests.demo_data import load_demo_forces
from tests.map_builders import build_rhine_map
from tests.printing.paper import ink_outside_margins
from umpire import clockwork
from umpire.models import Region, Role


def pages(pdf):
    return PdfReader(BytesIO(pdf)).pages


def text_of(pdf):
    return "\n".join(page.extract_text() for page in pages(pdf))


@pytest.fixture
def illyria(ad69):
    load_demo_forces()
    clockwork.do_start_clock(ad69, actor=None)
    return Region.objects.get(event=ad69, name="Illyria")


def test_illyria_pack_holds_every_sheet_of_the_table(illyria):
    text = text_of(table_pack(illyria, page_size="A4"))
    for province in Province.objects.filter(region=illyria):
        assert province.name in text
        assert f"{province.income_per_quarter} talents a quarter" in text
        talents = "talent" if province.road_cost == 1 else "talents"  # Dalmatia's 7, Epirus's 1
        assert f"{province.road_cost} {talents} each March" in text
    legions = list(get_legions_of_table(illyria.event, illyria))
    assert legions and all(legion.name in text for legion in legions)
    assert "Battle sheet" in text and "Siege sheet" in text
    codes = StationeryCode.objects.filter(table=illyria)
    assert codes.count() == SLIPS_PER_PACK
    assert all(shown(row.code) in text for row in codes)
    assert "Turn schedule" in text
    assert "+7 or more" in text and "+8 or more" in text


def test_pack_page_count_is_the_sum_of_its_parts(illyria):
    pack = pages(table_pack(illyria, page_size="A4"))
    parts = [
        table_packs.cover(illyria, "A4"),
        table_packs.table_map(illyria, "A4"),
        table_packs.province_sheets(illyria, "A4"),
        table_packs.legion_charts(illyria, "A4"),
        table_packs.blank_battle_sheet(illyria, "A4"),
        table_packs.blank_siege_sheet(illyria, "A4"),
        table_packs.slips(illyria, "A4", None),
        table_packs.schedule(illyria.event, "A4"),
        table_packs.reference_card(illyria.event, "A4"),
    ]
    assert len(pack) == sum(len(pages(part)) for part in parts)


def test_the_map_follows_the_cover_turned_landscape_with_every_point_of_the_table(ad69):
    points = build_rhine_map(ad69)
    northern = points["Vetera"].province.region
    pack = pages(table_pack(northern, page_size="A4"))
    cover, first_map_page = pack[0], pack[1]
    assert "The table's map" in cover.extract_text()
    assert first_map_page.mediabox.width > first_map_page.mediabox.height
    assert f"{northern.name}: the map" in first_map_page.extract_text()
    ours = [name for name, point in points.items() if point.province.region_id == northern.pk]
    assert ours and all(name in first_map_page.extract_text() for name in ours)
    # the route to Gaul's table is drawn to its far end, but Gaul's other points are not on this table's map
    assert "Durocortorum" not in text_of(table_packs.table_map(northern, "A4"))


def test_pack_prints_on_letter(illyria):
    (width, height) = (float(v) for v in pages(table_pack(illyria, page_size="Letter"))[0].mediabox.upper_right)
    assert (round(width), round(height)) == (612, 792)


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_no_pack_page_has_ink_in_the_margins(illyria, page_size):
    assert ink_outside_margins(table_pack(illyria, page_size=page_size)) == []


def test_reference_card_is_one_page(ad69):
    assert len(pages(table_packs.reference_card(ad69, "A4"))) == 1
    assert len(pages(table_packs.reference_card(ad69, "Letter"))) == 1


def test_region_umpire_prints_his_own_tables_pack(client, illyria, make_umpire):
    client.force_login(make_umpire(illyria.event, Role.REGION, "Illyria"))
    response = client.post(reverse("printshop:table-pack", args=["ad69", illyria.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Illyria" in client.get(reverse("printshop:table-packs", args=["ad69"])).content.decode()


def test_gaul_umpire_gets_404_for_illyrias_pack(client, illyria, make_umpire):
    client.force_login(make_umpire(illyria.event, Role.REGION, "Gaul"))
    assert client.post(reverse("printshop:table-pack", args=["ad69", illyria.pk])).status_code == 404
    assert not StationeryCode.objects.filter(table=illyria).exists()


def test_control_lists_every_table(client, ad69, control):
    client.force_login(control)
    page = client.get(reverse("printshop:table-packs", args=["ad69"])).content.decode()
    assert "Illyria" in page and "Gaul" in page


def test_pack_is_not_built_on_a_get(client, illyria, control):
    client.force_login(control)
    assert client.get(reverse("printshop:table-pack", args=["ad69", illyria.pk])).status_code == 405
