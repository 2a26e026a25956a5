"""The table packs: each table's umpire prints his own; Control any table's."""

from django.urls import path

from . import pack_views

urlpatterns = [
    path("events/<slug:slug>/print/tables/", pack_views.table_packs, name="table-packs"),
    path("events/<slug:slug>/print/tables/<int:region_id>/", pack_views.table_pack, name="table-pack"),
]
