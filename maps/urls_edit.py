"""Control's map editor: the map points and routes of an event, added, edited, removed, imported and exported
(Perm.EDIT_WORLD), beside Control's other pages for preparing the event."""

from django.urls import path

from regions.map_io import GEOJSON, POINTS_CSV, ROUTES_CSV

from . import edit_views

urlpatterns = [
    path("control/<slug:slug>/map/", edit_views.map_editor, name="edit"),
    path("control/<slug:slug>/map/points/add/", edit_views.add_point, name="edit-point-add"),
    path("control/<slug:slug>/map/points/<int:pk>/", edit_views.edit_point, name="edit-point"),
    path("control/<slug:slug>/map/points/<int:pk>/remove/", edit_views.remove_point, name="edit-point-remove"),
    path("control/<slug:slug>/map/routes/add/", edit_views.add_route, name="edit-route-add"),
    path("control/<slug:slug>/map/routes/<int:pk>/", edit_views.edit_route, name="edit-route"),
    path("control/<slug:slug>/map/routes/<int:pk>/remove/", edit_views.remove_route, name="edit-route-remove"),
    path("control/<slug:slug>/map/import/", edit_views.import_map, name="edit-import"),
    path(
        "control/<slug:slug>/map/export/map.geojson",
        edit_views.export_map,
        {"file_format": GEOJSON},
        name="export-geojson",
    ),
    path(
        "control/<slug:slug>/map/export/points.csv",
        edit_views.export_map,
        {"file_format": POINTS_CSV},
        name="export-points",
    ),
    path(
        "control/<slug:slug>/map/export/routes.csv",
        edit_views.export_map,
        {"file_format": ROUTES_CSV},
        name="export-routes",
    ),
]
