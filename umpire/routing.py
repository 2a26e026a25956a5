"""Websocket URLs: the project's, as umpire/urls.py is, so it includes the apps' consumers."""

from django.urls import path

from mail.consumers import MailboxConsumer
from umpire import consumers

websocket_urlpatterns = [
    path("ws/events/<int:event_id>/", consumers.EventConsumer.as_asgi()),
    path("ws/display/<slug:slug>/", consumers.DisplayConsumer.as_asgi()),
    path("ws/mailbox/<slug:slug>/", MailboxConsumer.as_asgi()),
]
