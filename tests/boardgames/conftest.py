"""The board-game events the tests play: a Hannibal Barkas event with one map table and its umpires, an Optimus
Princeps event, and an Imperium Romanum event with its Control."""

import pytest

from tests.boardgames.builders import hannibal_barkas_session
from umpire.models import Event, Region, Role
from umpire.services.records import do_save_event


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


@pytest.fixture
def op(db):
    """An Optimus Princeps event; its dates and length are the test's own (Scenario 1 runs Thaw 101 to Spring
    102)."""
    return do_save_event(
        Event(
            slug="op",
            name="Optimus Princeps",
            ruleset=Event.Ruleset.OPTIMUS_PRINCEPS,
            start_year=101,
            start_month=3,
            number_of_turns=7,
        ),
        actor=None,
    )


@pytest.fixture
def ir(db):
    """An Imperium Romanum event; its dates and length are the test's own (no situation is in the text)."""
    return do_save_event(
        Event(
            slug="ir",
            name="Imperium Romanum",
            ruleset=Event.Ruleset.IMPERIUM_ROMANUM,
            start_year=69,
            start_month=1,
            number_of_turns=12,
        ),
        actor=None,
    )


@pytest.fixture
def ir_control(ir, make_umpire):
    return make_umpire(ir, Role.CONTROL, username="ir-control")
