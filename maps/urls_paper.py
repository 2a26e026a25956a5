"""The maps on paper: a table's and the Empire's, for whoever may open them on the screen."""

from django.urls import path

from . import paper_views

urlpatterns = [
    path("events/<slug:slug>/tables/<int:pk>/map.pdf", paper_views.table_map_pdf, name="table-map-pdf"),
    path("events/<slug:slug>/map.pdf", paper_views.empire_map_pdf, name="empire-map-pdf"),
]
