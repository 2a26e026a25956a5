"""A Hannibal Barkas event with one map table, and its umpires."""

import pytest

from tests.boardgames.builders import hannibal_barkas_session
from umpire.models import Region, Role


@pytest.fixture
def hb(db):
    return hannibal_barkas_session()


@pytest.fixture
def italy(hb):
    return Region.objects.get(event=hb, name="Italy")


@pytest.fixture
def hb_control(hb, make_umpire):
    return make_umpire(hb, Role.CONTROL, username="hb-control")


@pytest.fixture
def hb_umpire(hb, make_umpire):
    """A table umpire: he runs the rules, but is not Control."""
    return make_umpire(hb, Role.REGION, "Italy", username="hb-italy")


@pytest.fixture
def outsider(django_user_model):
    return django_user_model.objects.create_user(username="outsider", password="not-an-umpire")
