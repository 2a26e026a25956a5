"""The gods' page (XI. GODS OF ROME) and its forms."""

from django.urls import path

from . import gods_views

urlpatterns = [
    path("events/<slug:slug>/senate/gods/", gods_views.gods, name="gods"),
    path("events/<slug:slug>/senate/gods/devotions/", gods_views.record_devotion, name="gods-devotion"),
    path("events/<slug:slug>/senate/gods/oaths/", gods_views.swear_oath, name="gods-oath"),
    path("events/<slug:slug>/senate/gods/oaths/<int:pk>/rule/", gods_views.rule_oath, name="gods-rule"),
    path("events/<slug:slug>/senate/gods/signs/", gods_views.publish_sign, name="gods-sign"),
]
