"""Winter by region, on land and at sea (IX. WARFARE, WEATHER)."""

import pytest

from umpire.rules.ad69.weather import WINTER, WeatherRegion, Where, WinterInput, months, winter
from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.registry import run_procedure


def test_weather_table_matches_handbook():
    """Northern and Gaul Oct-Feb / Sept-Apr; Alpes, Spain, Italia Nov-Jan / Oct-Mar; Illyria Oct-Feb / Oct-Apr;
    Eastern Med Dec-Jan / Oct-Apr; North Africa none / Sept-Mar."""
    as_written = {
        "northern": ((10, 2), (9, 4)),
        "gaul": ((10, 2), (9, 4)),
        "alpes": ((11, 1), (10, 3)),
        "spain": ((11, 1), (10, 3)),
        "italia_rome": ((11, 1), (10, 3)),
        "illyria": ((10, 2), (10, 4)),
        "eastern_med": ((12, 1), (10, 4)),
    }
    for region, (land, sea) in as_written.items():
        assert WINTER.rows[region] == {"land": months(*land), "sea": months(*sea)}
    assert WINTER.rows["north_africa"] == {"land": (), "sea": months(9, 3)}


def test_months_run_across_the_new_year():
    assert months(10, 2) == (10, 11, 12, 1, 2) and months(3, 5) == (3, 4, 5)


def test_october_is_winter_at_sea_in_italia_but_not_on_land():
    at_sea = run_procedure("ad69.winter", {"region": "italia_rome", "month": 10, "where": "sea"}, EnteredDice([]))
    assert at_sea.outcome == {"winter": True}
    assert at_sea.working[-1].text == "October is winter at sea in Italia/Rome"
    on_land = winter(WinterInput(WeatherRegion.ITALIA, 10, Where.LAND), EnteredDice([]))
    assert on_land.outcome == {"winter": False}


def test_north_africa_has_no_winter_on_land():
    assert all(
        not winter(WinterInput(WeatherRegion.NORTH_AFRICA, m), EnteredDice([])).outcome["winter"] for m in range(1, 13)
    )


def test_a_thirteenth_month_is_refused():
    with pytest.raises(RulesError) as refusal:
        run_procedure("ad69.winter", {"region": "gaul", "month": 13}, EnteredDice([]))
    assert refusal.value.field == "month"
