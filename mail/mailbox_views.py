"""A player's mailbox page, opened with his code and no login (players have none); and
Control's list of the mailbox codes, where each is issued or reissued."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from umpire.code_tries import limits_code_tries
from umpire.models import Character
from umpire.permissions import Perm
from umpire.selectors import access_event

from .mailbox_selectors import access_mailbox, get_mailbox, get_mailbox_holders, players_may_track
from .services.mailboxes import do_issue_mailbox

# A mailbox code opens a player's typed letters, which are his and Control's alone: only Control issues one.
ISSUES_MAILBOXES = Perm.ISSUE_MAILBOXES


@limits_code_tries
def mailbox(request, slug):
    """His letters; a wrong or replaced code is a 404, as on the projector."""
    code = request.GET.get("code", "")
    box = access_mailbox(slug, code)
    context = {"event": box.character.event, "code": code, "page": get_mailbox(box)}
    return render(request, "mail/mailbox.html", context)


@login_required
def mailboxes(request, slug):
    event = access_event(request.user, slug, ISSUES_MAILBOXES)
    context = {"event": event, "holders": get_mailbox_holders(event), "tracking": players_may_track(event)}
    return render(request, "mail/mailboxes.html", context)


@login_required
@require_POST
def issue_mailbox(request, slug, character_id):
    event = access_event(request.user, slug, ISSUES_MAILBOXES)
    character = get_object_or_404(Character, event=event, pk=character_id)
    do_issue_mailbox(character, actor=request.user)
    messages.success(request, f"{character.name}'s mailbox code issued: any earlier link of his opens nothing now.")
    return redirect("mail:mailboxes", slug=slug)
