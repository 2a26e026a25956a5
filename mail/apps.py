from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "mail"
    verbose_name = "Mail in transit"

    def ready(self):
        from umpire.clockwork import register_turn_end_hook
        from umpire.event_setting import keep_setting_of
        from umpire.table_console import register_console_panel

        from . import readiness, undo
        from .console_panels import count_letters, gather_letters
        from .hooks import end_of_turn
        from .models import PostOffice

        register_turn_end_hook("mail.end_of_turn")(end_of_turn)
        register_console_panel(
            "mail.letters",
            title="Letters to hand out",
            order=20,
            gather=gather_letters,
            count=count_letters,
            live_on="letter.moved letters.arrived",
        )
        keep_setting_of(PostOffice)  # its stuck-letter time is on every console
        undo.register()
        readiness.register()
