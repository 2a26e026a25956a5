from django.apps import AppConfig


class RegionsConfig(AppConfig):
    name = "regions"
    verbose_name = "Regions and provinces"
