from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "mail"
    verbose_name = "Mail in transit"

    def ready(self):
        from umpire.clockwork import register_turn_end_hook

        from .hooks import end_of_turn

        register_turn_end_hook("mail.end_of_turn")(end_of_turn)
