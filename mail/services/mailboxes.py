"""A player's mailbox code, the key to his own page of letters (players have no logins).

Control issues it, and reissues it when a code is lost or shared: the new code replaces the
old in one step, so the old link opens nothing from then on. Before the day Control issues
them all at once, for the whole event or one table, rather than one player at a time."""

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from umpire.events import AccessRevoked, character_group, control_group, publish_on_commit
from umpire.models import Character, Event, Region
from umpire.services.audit import Actor, record_audit

from ..events import MailboxesIssued
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


def do_issue_mailboxes(event: Event, *, table: Region | None = None, only_missing: bool, actor: Actor) -> list[Mailbox]:
    """Issue a code to every character of the event, or of one table, who has none; and unless
    `only_missing`, a new code in place of each one issued before, whose open pages are told and
    close. One audited action, never undone (a replaced code stays dead); nothing to do writes nothing."""
    with transaction.atomic():
        characters = list(characters_of(event, table).select_for_update().order_by("name"))
        held = Mailbox.objects.select_for_update().filter(character__in=[character.pk for character in characters])
        existing = {box.character_id: box for box in held}
        issued = Mailbox.objects.bulk_create(
            [Mailbox(character=character) for character in characters if character.pk not in existing]
        )
        reissued = [] if only_missing else replace_codes(list(existing.values()))
        if issued or reissued:
            record_issue(event, table, characters, issued, reissued, actor=actor)
    return issued + reissued


def characters_of(event: Event, table: Region | None) -> QuerySet[Character]:
    """The event's characters; with a table, those at it or on their way to it."""
    characters = Character.objects.filter(event=event)
    return characters if table is None else characters.filter(Q(location=table) | Q(travelling_to=table))


def replace_codes(mailboxes: list[Mailbox]) -> list[Mailbox]:
    now = timezone.now()
    for mailbox in mailboxes:
        mailbox.code, mailbox.issued_at = token(), now
    Mailbox.objects.bulk_update(mailboxes, ["code", "issued_at"])
    return mailboxes


def record_issue(
    event: Event,
    table: Region | None,
    characters: list[Character],
    issued: list[Mailbox],
    reissued: list[Mailbox],
    *,
    actor: Actor,
) -> None:
    """The action's one audit entry, naming whose codes changed but never a code; each replaced code's
    open pages told, and Control once."""
    names = {character.pk: character.name for character in characters}
    record_audit(
        event=event,
        actor=actor,
        action="mailbox.issued_together",
        target=table or event,
        after={
            "table": table.name if table else "every table",
            "issued": sorted(names[box.character_id] for box in issued),
            "reissued": sorted(names[box.character_id] for box in reissued),
        },
        reason="reissued: the old codes open nothing" if reissued else "",
    )
    if reissued:
        publish_on_commit([character_group(box.character_id) for box in reissued], AccessRevoked(kind="mailbox"))
    publish_on_commit(
        [control_group(event.pk)],
        MailboxesIssued(table_id=table.pk if table else None, issued=len(issued), reissued=len(reissued)),
    )
