from django.urls import path

from . import views

app_name = "regions"

urlpatterns = [
    path("events/<slug:slug>/world/", views.world, name="world"),
    # the table umpires' forces pages
    path("events/<slug:slug>/forces/", views.forces, name="forces"),
    path("events/<slug:slug>/forces/status.pdf", views.table_status_pdf, name="table-status-pdf"),
    path("events/<slug:slug>/forces/<int:pk>/", views.force, name="force"),
    path("events/<slug:slug>/forces/<int:pk>/status.pdf", views.force_status_pdf, name="force-status-pdf"),
    path("events/<slug:slug>/forces/<int:pk>/raise-levies/", views.raise_levies, name="force-raise-levies"),
    path("events/<slug:slug>/forces/<int:pk>/upgrade/", views.order_upgrade, name="force-upgrade"),
    path("events/<slug:slug>/forces/<int:pk>/detach/", views.detach, name="force-detach"),
    path("events/<slug:slug>/forces/<int:pk>/merge/", views.merge, name="force-merge"),
    path("events/<slug:slug>/forces/<int:pk>/march/", views.march, name="force-march"),
    path("events/<slug:slug>/forces/<int:pk>/embark/", views.embark, name="force-embark"),
    path("events/<slug:slug>/forces/<int:pk>/land/", views.land, name="force-land"),
    path("events/<slug:slug>/forces/<int:pk>/charter/", views.book_charter, name="force-charter"),
    path("events/<slug:slug>/fleets/<int:pk>/", views.fleet, name="fleet"),
    path("events/<slug:slug>/fleets/<int:pk>/crossing/", views.open_sea_crossing, name="fleet-crossing"),
    path("events/<slug:slug>/fleets/<int:pk>/repair/", views.repair_fleet, name="fleet-repair"),
    path("events/<slug:slug>/fleets/<int:pk>/strip-marines/", views.strip_marines, name="fleet-strip-marines"),
    path("events/<slug:slug>/fleets/<int:pk>/bridge/", views.build_bridge, name="fleet-bridge"),
]
