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
        from .console_panels import gather_sequence
        from .hooks import next_stage
        from .services.trackers import propose_from_run

        register_rulesets()
        undo.register()
        register_console_panel(
            "boardgames.sequence", title="Sequence of play", order=5, gather=gather_sequence, live_on="sequence.moved"
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
