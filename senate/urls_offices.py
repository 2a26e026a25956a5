from django.urls import path

from . import offices_views

urlpatterns = [
    path("events/<slug:slug>/senate/offices/", offices_views.offices, name="offices"),
    path("events/<slug:slug>/senate/offices/appoint/", offices_views.appoint, name="office-appoint"),
    path("events/<slug:slug>/senate/offices/enter-senate/", offices_views.enter_senate, name="office-enter-senate"),
    path(
        "events/<slug:slug>/senate/offices/appointments/<int:pk>/publish/",
        offices_views.publish,
        name="office-publish",
    ),
]
