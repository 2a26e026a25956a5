"""A player's mailbox code, the key to his own page of letters (players have no logins).

Control issues it, and reissues it when a code is lost or shared: the new code replaces the
old in one step, so the old link opens nothing from then on."""

from django.db import transaction
from django.utils import timezone

from umpire.events import AccessRevoked, character_group, publish_on_commit
from umpire.models import Character
from umpire.services.audit import Actor, record_audit

from ..models import Mailbox
from ..models.office import token


def do_issue_mailbox(character: Character, *, actor: Actor) -> Mailbox:
    """Issue the character's mailbox code, or a new one in place of the old; a page of his still
    open with the old code is told, on commit, and closes."""
    with transaction.atomic():
        mailbox, issued = Mailbox.objects.select_for_update().get_or_create(character=character)
        if not issued:
            mailbox.code, mailbox.issued_at = token(), timezone.now()
            mailbox.save(update_fields=["code", "issued_at"])
        # the code stays out of the audit: it is a key to a player's letters, not a fact of the game
        record_audit(
            event=character.event,
            actor=actor,
            action="mailbox.issued",
            target=mailbox,
            after={"issued_at": mailbox.issued_at.isoformat()},
            reason="" if issued else "reissued: the old code opens nothing",
        )
        if not issued:
            publish_on_commit([character_group(character.pk)], AccessRevoked(kind="mailbox"))
    return mailbox
