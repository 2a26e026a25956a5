from django.apps import AppConfig


class WarfareConfig(AppConfig):
    name = "warfare"
    verbose_name = "Battles and sieges"
