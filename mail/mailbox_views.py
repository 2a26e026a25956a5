"""A player's mailbox page, opened with his code and no login (players have none); and
Control's list of the mailbox codes, where each is issued or reissued, one player at a time or
every player of the event or of one table at once."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from umpire.code_tries import limits_code_tries
from umpire.models import Character, Region
from umpire.permissions import Perm
from umpire.public_address import is_loopback, public_address
from umpire.selectors import access_event
from umpire.views.refusals import refusal_text, valid

from .mailbox_selectors import access_mailbox, get_mailbox, get_mailbox_holders, players_may_track
from .services.mailboxes import do_issue_mailbox, do_issue_mailboxes

# A mailbox code opens a player's typed letters, which are his and Control's alone: only Control issues one.
ISSUES_MAILBOXES = Perm.ISSUE_MAILBOXES
LIVE_ON = "mailboxes.issued"


@limits_code_tries
def mailbox(request, slug):
    """His letters; a wrong or replaced code is a 404, as on the projector."""
    code = request.GET.get("code", "")
    box = access_mailbox(slug, code)
    context = {"event": box.character.event, "code": code, "page": get_mailbox(box)}
    return render(request, "mail/mailbox.html", context)


class CodeCount:
    """How many of a group of characters hold a code: "41 of 48 have a code"."""

    def __init__(self, holders):
        self.total, self.held = len(holders), sum(1 for _, box in holders if box)

    def __str__(self):
        return f"{self.held} of {self.total} {'has' if self.total == 1 else 'have'} a code"


class IssueMailboxesForm(forms.Form):
    """Every player's code at once: of the whole event or of one table (those at it or on their way)."""

    table = forms.ModelChoiceField(
        label="Players of", queryset=Region.objects.none(), required=False, empty_label="Every table"
    )
    reissue = forms.BooleanField(label="Reissue every code", required=False)

    def __init__(self, *args, event, counts=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["table"].queryset = Region.objects.filter(event=event).order_by("position", "name")
        if counts is not None:
            self.fields["table"].label_from_instance = lambda table: (
                f"{table.name} ({counts.get(table.pk, CodeCount([]))})"
            )


def table_counts(holders):
    """Each table's count, a character counted at the table he is at or on his way to."""
    by_table = {}
    for character, box in holders:
        by_table.setdefault(character.location_id or character.travelling_to_id, []).append((character, box))
    return {table: CodeCount(found) for table, found in by_table.items()}


@login_required
def mailboxes(request, slug):
    event = access_event(request.user, slug, ISSUES_MAILBOXES)
    holders, address = get_mailbox_holders(event), public_address(event)
    context = {
        "event": event,
        "holders": holders,
        "tracking": players_may_track(event),
        "address": address,
        "loopback": is_loopback(address),
        "count": CodeCount(holders),
        "issue_form": IssueMailboxesForm(event=event, counts=table_counts(holders)),
        "live_on": LIVE_ON,
    }
    return render(request, "mail/mailboxes.html", context)


@login_required
@require_POST
def issue_mailbox(request, slug, character_id):
    event = access_event(request.user, slug, ISSUES_MAILBOXES)
    character = get_object_or_404(Character, event=event, pk=character_id)
    do_issue_mailbox(character, actor=request.user)
    messages.success(request, f"{character.name}'s mailbox code issued: any earlier link of his opens nothing now.")
    return redirect("mail:mailboxes", slug=slug)


@login_required
@require_POST
def issue_mailboxes(request, slug):
    """Every player's code, or every player's of one table: those with none, or all of them anew."""
    event = access_event(request.user, slug, ISSUES_MAILBOXES)
    try:
        data = valid(IssueMailboxesForm(request.POST, event=event))
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, {}))
        return redirect("mail:mailboxes", slug=slug)
    table, reissue = data["table"], data["reissue"]
    changed = do_issue_mailboxes(event, table=table, only_missing=not reissue, actor=request.user)
    messages.success(request, issued_message(len(changed), table, reissue))
    return redirect("mail:mailboxes", slug=slug)


def issued_message(count, table, reissue):
    where = f"at {table.name}" if table else "in this game"
    if not count:
        return f"Nothing issued: {'there is no player' if reissue else 'every player already has a code'} {where}."
    if reissue:
        return (
            f"{count} code(s) issued to the players {where}: every earlier link of theirs opens nothing now. "
            "Print their briefings again, with the new codes."
        )
    return f"{count} code(s) issued to the players {where} who had none."
