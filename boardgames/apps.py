import importlib

from django.apps import AppConfig

from umpire.rules.registry import RULESETS


class BoardgamesConfig(AppConfig):
    name = "boardgames"
    verbose_name = "Board games: trackers, data tables and the sequence of play"

    def ready(self):
        from umpire.clockwork import register_turn_end_hook
        from umpire.services.rules import register_case_preparer, register_run_follower
        from umpire.table_console import register_console_panel

        from . import undo
        from .case_sources import fill_from_data_tables
        from .console_panels import count_sequence, gather_sequence, shown_in
        from .hooks import next_stage
        from .services.trackers import propose_from_run

        register_rulesets()
        register_event_templates()
        undo.register()
        register_console_panel(
            "boardgames.sequence",
            title="Sequence of play",
            order=5,
            gather=gather_sequence,
            count=count_sequence,
            live_on="sequence.moved",
            shown_in=shown_in,
        )
        register_case_preparer(fill_from_data_tables)  # a case's empty card cells from the event's data tables
        register_run_follower(propose_from_run)  # a run saved at the rules desk proposes its fed trackers' moves
        register_turn_end_hook("boardgames.next_stage")(next_stage)


def register_rulesets():
    """Each board game's module here (boardgames/hannibal_barkas.py…) declares its data tables, standard
    trackers and round name in its register()."""
    for ruleset in RULESETS:
        try:
            module = importlib.import_module(f"boardgames.{ruleset}")
        except ModuleNotFoundError as missing:
            if missing.name != f"boardgames.{ruleset}":
                raise
            continue
        module.register()


def register_event_templates():
    """Each board game's event starts with its standard trackers, its data tables and the sequence of play at its
    start; its rulebook gives no start or length that fits the clock, so Control gives them."""
    from umpire.event_templates import register_event_template
    from umpire.models import Event

    for ruleset in RULESETS:
        if ruleset != Event.Ruleset.AD69:
            register_event_template(
                ruleset,
                make=make_board_game,
                gives="its standard trackers, its data tables (the cells the rulebook gives filled in) and the "
                "sequence of play at its start",
                asks_calendar=True,
            )


def make_board_game(new, *, actor):
    """The event Control asked for, with what its ruleset keeps in every game: each part audited by its service."""
    from umpire.event_templates import new_event
    from umpire.services.records import do_save_event

    from .sequence import load_sequence
    from .services.sequence import position_of
    from .services.tables import do_prepare_data_tables
    from .services.trackers import do_open_standard_trackers

    event = do_save_event(new_event(new), actor=actor)
    do_open_standard_trackers(event, actor=actor)
    do_prepare_data_tables(event, actor=actor)
    sequence = load_sequence(event.ruleset)
    if sequence is not None:
        position_of(event, sequence)
    return event
