"""URLs for the umpire team."""
from django.urls import path

from umpire.views import home

app_name = "umpire"

urlpatterns = [
    path("", home.home, name="home"),
]
