from django.apps import AppConfig


class SenateConfig(AppConfig):
    name = "senate"
    verbose_name = "The Senate in Rome"

    def ready(self):
        from umpire.clockwork import register_turn_end_hook

        from . import undo, whereabouts
        from .hooks import mob_corn_dole, mob_spending

        register_turn_end_hook("senate.mob_spending")(mob_spending)
        register_turn_end_hook("senate.mob_corn_dole")(mob_corn_dole)
        undo.register()
        whereabouts.register()
