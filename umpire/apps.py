from django.apps import AppConfig


class UmpireConfig(AppConfig):
    name = "umpire"
    verbose_name = "Umpire control console"
