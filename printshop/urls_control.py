"""Control's pack: the cast list, the umpire rota and every table's contents."""

from django.urls import path

from . import control_views

urlpatterns = [
    path("events/<slug:slug>/print/control/", control_views.control_pack, name="control-pack"),
]
