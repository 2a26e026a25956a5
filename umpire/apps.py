from django.apps import AppConfig


class UmpireConfig(AppConfig):
    name = "umpire"
    verbose_name = "Umpire control console"

    def ready(self):
        from umpire.services.readings import undo_readings
        from umpire.undo import register_compensation

        register_compensation("rules.readings", undo_readings)
