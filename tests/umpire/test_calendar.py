import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from umpire import calendar
from umpire.calendar import game_month


def test_ad69_runs_from_september_68_to_may_70():
    assert str(game_month(68, 9, 1)) == "September 68"
    assert str(game_month(68, 9, 5)) == "January 69"
    assert str(game_month(68, 9, 21)) == "May 70"


def test_turn_zero_is_refused():
    with pytest.raises(ValueError, match="turn must be 1 or more"):
        game_month(68, 9, 0)


@given(st.integers(1, 200), st.integers(1, 12), st.integers(1, 500))
def test_each_turn_is_the_month_after_the_last(year, month, turn):
    this, following = game_month(year, month, turn), game_month(year, month, turn + 1)
    assert (following.year * 12 + following.month) - (this.year * 12 + this.month) == 1


def test_schedule_reproduces_the_handbooks_turn_table():
    from datetime import datetime

    from tests.handbook import turn_table
    from umpire.calendar import turn_schedule

    expected = turn_table()
    assert len(expected) == 21
    schedule = turn_schedule(
        first_turn_starts=datetime(2026, 12, 5, 11, 0),
        turn_minutes=20,
        number_of_turns=21,
        start_year=68,
        start_month=9,
    )
    for row, (start, end, month, year, tax) in zip(schedule, expected, strict=True):
        assert f"{row.starts:%H%M}" == start and f"{row.ends:%H%M}" == end
        assert row.month.name.startswith(month) and row.month.year == year  # the handbook writes "Sept"
        assert row.tax_turn == tax


def test_road_costs_fall_due_in_march_only():
    from umpire.calendar import is_road_cost_month

    months = [game_month(68, 9, turn) for turn in range(1, 22)]
    assert [str(m) for m in months if is_road_cost_month(m)] == ["March 69", "March 70"]


def test_winter_spans_wrap_round_the_new_year():
    from umpire.calendar import GameMonth, WinterSpan, in_winter

    northern_sea = WinterSpan.parse("Sept-Apr")
    assert [m for m in range(1, 13) if in_winter(GameMonth(69, m), northern_sea)] == [1, 2, 3, 4, 9, 10, 11, 12]
    assert WinterSpan.parse("none") is None and not in_winter(GameMonth(69, 1), None)
    assert str(WinterSpan.parse("Dec-Jan")) == "Dec-Jan"


def test_phases_of_a_turn_follow_the_minutes_and_tax_turns():
    from datetime import timedelta

    from umpire.calendar import Phase, phases_now

    phases = [Phase("Movement", 0, 2), Phase("Taxes", 2, None, True), Phase("Combat and diplomacy", 2, None)]
    names = lambda turn, minutes: [p.name for p in phases_now(phases, turn=turn, elapsed=timedelta(minutes=minutes))]  # noqa: E731
    assert names(1, 1) == ["Movement"]
    assert names(1, 2) == ["Taxes", "Combat and diplomacy"]
    assert names(2, 19) == ["Combat and diplomacy"]


def test_years_bc_count_down_and_1_bc_runs_into_ad_1():
    """Hannibal Barkas opens in 218 BC: its years count down, and there is no year 0."""
    assert str(calendar.game_month(-218, 3, 1)) == "March 218 BC"
    assert str(calendar.game_month(-218, 3, 11)) == "January 217 BC"
    assert str(calendar.game_month(-1, 12, 2)) == "January 1"
    assert str(calendar.game_month(68, 9, 5)) == "January 69"


def test_an_event_of_year_0_is_refused(ad69):
    ad69.start_year = 0
    with pytest.raises(ValidationError, match="no year 0"):
        ad69.full_clean()
