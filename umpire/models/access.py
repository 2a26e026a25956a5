import secrets

from django.db import models

from .event import Event


def new_code():
    """About 190 bits: far beyond guessing, and still short enough for a QR code."""
    return secrets.token_urlsafe(24)


class AccessCode(models.Model):
    """A code that opens a page without a login, as the projector's display link.

    Control revokes a code to lock out every screen that uses it, and issues another.
    """

    class Kind(models.TextChoices):
        DISPLAY = "display", "Projector display"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="access_codes")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    code = models.CharField(max_length=64, unique=True, default=new_code)
    issued_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "kind", "-issued_at"]

    def __str__(self):
        return f"{self.get_kind_display()} code for {self.event}"

    @property
    def is_valid(self):
        return self.revoked_at is None
