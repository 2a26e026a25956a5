"""The maps to look at: a table's and the Empire's for the umpires, the projector's by its display code, and
Control's switch that lets the projector show it."""

from django.urls import path

from . import views

urlpatterns = [
    path("events/<slug:slug>/tables/<int:pk>/map/", views.table_map, name="table-map"),
    path("events/<slug:slug>/map/", views.empire_map, name="empire-map"),
    path("display/<slug:slug>/map/", views.projector_map, name="projector-map"),
    path("control/<slug:slug>/projector-map/", views.switch_projector_map, name="projector-map-switch"),
]
