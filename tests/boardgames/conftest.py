"""A Hannibal Barkas event with one map table, and its umpires."""

import pytest

from umpire.models import Event, Region, Role
from umpire.services.records import do_save_event


@pytest.fixture
def hb(db):
    """The event's dates and length are the test's own: the rulebook's game is open-ended (§XI)."""
    event = do_save_event(
        Event(
            slug="hb",
            name="Hannibal Barkas",
            ruleset=Event.Ruleset.HANNIBAL_BARKAS,
            start_year=218,
            start_month=3,
            number_of_turns=30,
        ),
        actor=None,
    )
    Region.objects.create(event=event, name="Italy")
    return event


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
