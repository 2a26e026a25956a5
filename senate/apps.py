from django.apps import AppConfig


class SenateConfig(AppConfig):
    name = "senate"
    verbose_name = "The Senate in Rome"
