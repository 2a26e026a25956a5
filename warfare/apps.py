from django.apps import AppConfig


class WarfareConfig(AppConfig):
    name = "warfare"
    verbose_name = "Battles and sieges"

    def ready(self):
        from umpire.follow_up_selectors import register_follow_up_record
        from umpire.table_console import register_console_panel

        from . import readiness, rules_cases, undo, whereabouts
        from .console_panels import count_fights, gather_fights
        from .selectors import access_battle
        from .siege_selectors import access_siege

        register_follow_up_record("warfare.battle", access_battle)
        register_follow_up_record("warfare.siege", access_siege)
        register_console_panel(
            "warfare.fights",
            title="Battles and sieges",
            order=30,
            gather=gather_fights,
            count=count_fights,
            live_on="battle.changed siege.changed",
        )
        undo.register()
        whereabouts.register()
        readiness.register()
        rules_cases.register()  # the rules desk fills a force, a side and its commander from the records
