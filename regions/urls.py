from django.urls import path

from . import views

app_name = "regions"

urlpatterns = [
    path("events/<slug:slug>/world/", views.world, name="world"),
]
