from django.urls import path

from . import history_views, treasury_views, views

app_name = "regions"

urlpatterns = [
    path("events/<slug:slug>/world/", views.world, name="world"),
    # the table umpires' forces pages
    path("events/<slug:slug>/forces/", views.forces, name="forces"),
    path("events/<slug:slug>/forces/status.pdf", views.table_status_pdf, name="table-status-pdf"),
    path("events/<slug:slug>/forces/adopt-demo/", views.adopt_demo_forces, name="forces-adopt-demo"),
    path("events/<slug:slug>/forces/adopt-demo-map/", views.adopt_demo_map, name="map-adopt-demo"),
    path("events/<slug:slug>/forces/<int:pk>/", views.force, name="force"),
    path("events/<slug:slug>/forces/<int:pk>/status.pdf", views.force_status_pdf, name="force-status-pdf"),
    path("events/<slug:slug>/forces/<int:pk>/raise-levies/", views.raise_levies, name="force-raise-levies"),
    path("events/<slug:slug>/forces/<int:pk>/upgrade/", views.order_upgrade, name="force-upgrade"),
    path("events/<slug:slug>/forces/<int:pk>/detach/", views.detach, name="force-detach"),
    path("events/<slug:slug>/forces/<int:pk>/merge/", views.merge, name="force-merge"),
    path("events/<slug:slug>/forces/<int:pk>/march/", views.march, name="force-march"),
    path("events/<slug:slug>/forces/<int:pk>/place/", views.place, name="force-place"),
    path("events/<slug:slug>/forces/<int:pk>/embark/", views.embark, name="force-embark"),
    path("events/<slug:slug>/forces/<int:pk>/land/", views.land, name="force-land"),
    path("events/<slug:slug>/forces/<int:pk>/charter/", views.book_charter, name="force-charter"),
    path("events/<slug:slug>/forces/<int:pk>/demand-tribute/", views.demand_tribute, name="force-demand-tribute"),
    path("events/<slug:slug>/forces/<int:pk>/loot/", views.loot, name="force-loot"),
    path("events/<slug:slug>/forces/<int:pk>/bribe/", views.offer_bribe, name="force-bribe"),
    path("events/<slug:slug>/fleets/<int:pk>/", views.fleet, name="fleet"),
    path("events/<slug:slug>/fleets/<int:pk>/crossing/", views.open_sea_crossing, name="fleet-crossing"),
    path("events/<slug:slug>/fleets/<int:pk>/repair/", views.repair_fleet, name="fleet-repair"),
    path("events/<slug:slug>/fleets/<int:pk>/strip-marines/", views.strip_marines, name="fleet-strip-marines"),
    path("events/<slug:slug>/fleets/<int:pk>/bridge/", views.build_bridge, name="fleet-bridge"),
    # the money: provinces' treasuries, purses, Rome's treasuries, statements and bills
    path("events/<slug:slug>/treasury/", treasury_views.treasury, name="treasury"),
    path("events/<slug:slug>/treasury/draw-up/", treasury_views.draw_up_statements, name="treasury-draw-up"),
    path("events/<slug:slug>/treasury/provinces/<int:pk>/", treasury_views.province_books, name="treasury-province"),
    path(
        "events/<slug:slug>/treasury/provinces/<int:pk>/statement-<int:turn>.pdf",
        treasury_views.statement_pdf,
        name="treasury-statement-pdf",
    ),
    path(
        "events/<slug:slug>/treasury/provinces/<int:pk>/pay-bills/", treasury_views.pay_bills, name="treasury-pay-bills"
    ),
    path(
        "events/<slug:slug>/treasury/provinces/<int:pk>/disruption/",
        treasury_views.set_disruption,
        name="treasury-disruption",
    ),
    path("events/<slug:slug>/treasury/provinces/<int:pk>/spend/", treasury_views.spend, name="treasury-spend"),
    path(
        "events/<slug:slug>/treasury/provinces/<int:pk>/corn-dole/",
        treasury_views.pay_corn_dole,
        name="treasury-corn-dole",
    ),
    path(
        "events/<slug:slug>/treasury/statements/<int:pk>/confirm/",
        treasury_views.confirm_statement,
        name="treasury-confirm",
    ),
    path("events/<slug:slug>/treasury/purses/<int:pk>/", treasury_views.purse, name="treasury-purse"),
    path("events/<slug:slug>/treasury/accounts/<int:pk>/transfer/", treasury_views.transfer, name="treasury-transfer"),
    path(
        "events/<slug:slug>/treasury/transactions/<int:pk>/reverse/",
        treasury_views.reverse_transaction,
        name="treasury-reverse",
    ),
    path(
        "events/<slug:slug>/treasury/transactions/<int:pk>/intercept/",
        treasury_views.intercept_shipment,
        name="treasury-intercept",
    ),
    path("events/<slug:slug>/treasury/rome/", treasury_views.rome, name="treasury-rome"),
    path("events/<slug:slug>/treasury/rome/deposit/", treasury_views.deposit, name="treasury-deposit"),
    path("events/<slug:slug>/treasury/rome/open-books/", treasury_views.open_books, name="treasury-open-books"),
    # Control's look back: a province, force or account at the start of a past turn
    path("control/<slug:slug>/as-of/<str:kind>/<int:pk>/", history_views.as_of, name="as-of"),
]
