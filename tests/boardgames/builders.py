"""A Hannibal Barkas session as the board-game tests, the home page's and the browser's all set it up."""

from umpire.models import Event, Region
from umpire.services.records import do_save_event


def hannibal_barkas_session():
    """The event, with its one table, Italy. Its dates and length are the test's own: the rulebook's game is
    open-ended (§XI)."""
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
