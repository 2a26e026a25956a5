from django.apps import AppConfig
from django.db.models.signals import post_delete


class PrintshopConfig(AppConfig):
    name = "printshop"
    verbose_name = "The print shop"

    def ready(self):
        from . import readiness, undo
        from .models import PrintRun
        from .outputs import remove_when_deleted

        undo.register()
        readiness.register()
        # a signal rather than a service: a run goes with its event's cascade too, which calls no service
        post_delete.connect(remove_when_deleted, sender=PrintRun, dispatch_uid="printshop.remove_outputs")
