from typing import ClassVar

from django.conf import settings
from django.contrib.sessions.base_session import AbstractBaseSession, BaseSessionManager
from django.db import models


class BrowserSessionManager(BaseSessionManager["BrowserSession"]):
    def get_queryset(self):
        return super().get_queryset().select_related("user")


class BrowserSession(AbstractBaseSession):
    """A browser's session, naming the user signed in on it, so that a page reads the two in one query
    (umpire.sessions). Signing a user out of Django deletes it; deleting the user deletes it too."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="browser_sessions"
    )

    objects: ClassVar[BrowserSessionManager] = BrowserSessionManager()

    @classmethod
    def get_session_store_class(cls):
        from umpire.sessions import SessionStore

        return SessionStore
