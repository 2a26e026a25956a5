from hypothesis import given, strategies as st

import pytest

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
