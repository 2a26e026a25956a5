"""Websocket URLs."""
from django.urls import path

from umpire import consumers

websocket_urlpatterns = [
    path("ws/events/<int:event_id>/", consumers.EventConsumer.as_asgi()),
    path("ws/display/<slug:slug>/", consumers.DisplayConsumer.as_asgi()),
]
