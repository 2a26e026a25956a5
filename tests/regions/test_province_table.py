"""The AD69 world in fixtures/ad69_world.json against the handbook it was transcribed from."""

import pytest
from django.core.management import call_command

from regions.models import Province
from tests.handbook import province_rows, senators_in_rome, weather_regions
from umpire.models import AuditEntry, Character, Region


def test_handbook_parser_reads_all_41_rows():
    rows = province_rows()
    assert len(rows) == 41
    judea = next(row for row in rows if row.name == "Judea")
    assert (judea.income, judea.potential, judea.road, judea.governor) == (0, 40, 4, "Flavius Vespasianus")


@pytest.mark.parametrize("row", province_rows(), ids=lambda row: row.name)
def test_province_matches_revenues_table(ad69, row):
    province = Province.objects.select_related("governor", "controlled_from").get(event=ad69, name=row.name)
    assert province.income_per_quarter == row.income
    assert province.potential_income == row.potential
    assert province.road_cost == row.road
    assert (province.governor.name if province.governor else None) == row.governor
    assert province.governed_by_senate == row.governed_by_senate
    assert province.province_type == row.province_type
    assert province.run_by_procurator == row.run_by_procurator
    assert province.military_governor == row.military_governor
    assert (province.controlled_from.name if province.controlled_from else None) == row.controlled_from


def test_every_province_is_in_the_table_and_nothing_else(ad69):
    assert set(Province.objects.filter(event=ad69).values_list("name", flat=True)) == {
        row.name for row in province_rows()
    }


def test_map_tables_are_the_weather_regions_plus_the_senate(ad69):
    tables = Region.objects.filter(event=ad69)
    assert [t.name for t in tables.filter(kind=Region.Kind.MAP_TABLE)] == [r[0] for r in weather_regions()]
    assert list(tables.filter(kind=Region.Kind.SENATE_ROOM).values_list("name", flat=True)) == ["Senate"]


def test_every_province_is_on_a_map_table(ad69):
    assert not Province.objects.filter(event=ad69).exclude(region__kind=Region.Kind.MAP_TABLE).exists()


def test_the_thirteen_senators_start_in_the_senate(ad69):
    names = senators_in_rome()
    assert len(names) == 13
    senators = Character.objects.filter(event=ad69, role=Character.Role.SENATOR)
    assert sorted(senators.values_list("name", flat=True)) == sorted(names)
    assert set(senators.values_list("location__name", flat=True)) == {"Senate"}


def test_governors_are_characters_at_their_provinces_table(ad69):
    for province in Province.objects.filter(event=ad69, governor__isnull=False).select_related("governor"):
        assert province.governor.location_id == province.region_id, province.name
    procurators = Character.objects.filter(governed_provinces__run_by_procurator=True)
    assert {c.role for c in procurators} == {Character.Role.PROCURATOR}
    assert {c.social_class for c in procurators} == {"equestrian"}


def test_loading_the_world_twice_changes_nothing(ad69):
    def state():
        return (
            sorted(
                Province.objects.values_list(
                    "name", "income_per_quarter", "road_cost", "governor__name", "region__name"
                )
            ),
            sorted(Character.objects.values_list("id", "name", "location__name", "career_rank__name")),
            sorted(Region.objects.values_list("id", "name")),
            AuditEntry.objects.count(),
        )

    before = state()
    call_command("loaddata", "ad69_world", verbosity=0)
    assert state() == before


def test_each_tables_winters_are_the_weather_tables(ad69):
    for name, land, sea in weather_regions():
        region = Region.objects.get(event=ad69, name=name)
        assert (region.winter_on_land, region.winter_at_sea) == (land, sea)


def test_the_tables_winters_agree_with_the_rules_engines_weather_table(ad69):
    """The world's data and the rules' WEATHER table are two transcriptions: they must agree."""
    from umpire.calendar import MONTH_NAMES, GameMonth
    from umpire.rules.ad69.weather import WINTER, WeatherRegion

    for region in WeatherRegion:
        table = Region.objects.get(event=ad69, name=region.label.removeprefix("the "))
        for month in range(1, 13):
            game_month = GameMonth(69, month)
            assert table.in_winter(game_month) == (month in WINTER.rows[region.value]["land"]), MONTH_NAMES[month - 1]
            assert table.in_winter(game_month, at_sea=True) == (month in WINTER.rows[region.value]["sea"])
