from django.apps import AppConfig


class BoardgamesConfig(AppConfig):
    name = "boardgames"
    verbose_name = "Board games: trackers, data tables and the sequence of play"

    def ready(self):
        from umpire.services.rules import register_run_follower
        from umpire.table_console import register_console_panel

        from . import hannibal_barkas
        from .console_panels import gather_sequence
        from .services.trackers import propose_from_run

        hannibal_barkas.register()
        register_console_panel("boardgames.sequence", title="Sequence of play", order=5, gather=gather_sequence,
                               live_on="sequence.moved")
        register_run_follower(propose_from_run)  # a run saved at the rules desk proposes its fed trackers' moves
