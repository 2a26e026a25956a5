"""Control's pages for preparing an event: the cast's sheets and players, and the public address printed links use."""

from django.urls import path

from umpire.views import address, cast_grid

urlpatterns = [
    path("control/<slug:slug>/cast/", cast_grid.cast_grid, name="cast"),
    path("control/<slug:slug>/cast/<int:pk>/sheet/", cast_grid.sheet, name="sheet"),
    path("control/<slug:slug>/cast/players/add/", cast_grid.add_player, name="player-add"),
    path("control/<slug:slug>/cast/players/<int:pk>/", cast_grid.player, name="player"),
    path("control/<slug:slug>/cast/players/<int:pk>/remove/", cast_grid.remove_player, name="player-remove"),
    path("control/<slug:slug>/address/", address.public_address_page, name="address"),
]
