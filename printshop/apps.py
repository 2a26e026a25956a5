from django.apps import AppConfig


class PrintshopConfig(AppConfig):
    name = "printshop"
    verbose_name = "The print shop"

    def ready(self):
        from . import readiness, undo

        undo.register()
        readiness.register()
