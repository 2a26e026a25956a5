from django.apps import AppConfig


class BackupsConfig(AppConfig):
    name = "backups"
    verbose_name = "Backups: an event to one file and back, and snapshots every N turns"

    def ready(self):
        from umpire.clockwork import register_turn_end_hook

        from .hooks import snapshot_at_turn_end

        register_turn_end_hook("backups.snapshot")(snapshot_at_turn_end)
