from django.urls import path

from . import mob_views as views

urlpatterns = [
    path("events/<slug:slug>/senate/mob/", views.mob, name="mob"),
    path("events/<slug:slug>/senate/mob/move/", views.move_mood, name="mob-move"),
    path("events/<slug:slug>/senate/mob/open/", views.open_mood, name="mob-open"),
    path("events/<slug:slug>/senate/mob/effects/", views.set_effect, name="mob-effect"),
    path("events/<slug:slug>/senate/mob/support/<int:pk>/", views.change_support, name="mob-support"),
    path("events/<slug:slug>/senate/mob/readings/<int:pk>/publish/", views.publish_mood, name="mob-publish"),
]
