from django.apps import AppConfig


class RegionsConfig(AppConfig):
    name = "regions"
    verbose_name = "Regions and provinces"

    def ready(self):
        from umpire.clockwork import register_turn_end_hook

        from .hooks import end_of_turn, tax_turn

        register_turn_end_hook("regions.end_of_turn")(end_of_turn)
        register_turn_end_hook("regions.tax_turn")(tax_turn)
