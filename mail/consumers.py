"""A player's own live socket, opened with his mailbox code: it hears his group alone."""

from django.http import Http404
from django.utils import timezone

from umpire.consumers import LiveConsumer, code_of
from umpire.events import character_group, get_sequences

from .mailbox_selectors import access_mailbox


class MailboxConsumer(LiveConsumer):
    """`/ws/mailbox/<event>/?code=…`: his group `character-<id>`, never the event's, a table's or
    Control's; closed once Control reissues his code."""

    opened_by_code = True

    def allowed_groups(self):
        try:
            mailbox = self.mailbox()
        except Http404:
            return None, []
        self.character_id = mailbox.character_id
        return mailbox.character.event, [character_group(mailbox.character_id)]

    def still_allowed(self):
        try:
            return self.mailbox().character_id == self.character_id
        except Http404:
            return False

    def mailbox(self):
        return access_mailbox(self.scope["url_route"]["kwargs"]["slug"], code_of(self.scope))

    def snapshot(self):
        """Only the sequence numbers: his page shows no clock, and he hears no clock message that
        would keep one right."""
        return {"type": "snapshot", "now": timezone.now().isoformat(), "seq": get_sequences(self.groups_joined)}
