from django.apps import AppConfig


class UmpireConfig(AppConfig):
    name = "umpire"
    verbose_name = "Umpire control console"

    def ready(self):
        from umpire import event_setting, forked, readiness_checks
        from umpire.services.readings import undo_readings
        from umpire.services.seats import undo_seat_change
        from umpire.undo import register_compensation

        register_compensation("rules.readings", undo_readings)
        for verb in ("create", "update", "delete"):
            register_compensation(f"umpire.umpireseat.{verb}", undo_seat_change)
        readiness_checks.register()
        forked.register()
        event_setting.register()
