"""No secret reaches a role that may not see it: a small event holds one secret of each kind, and the
HTML (and PDFs) of every page of the project, as each role fetches it, and the websocket frames each
role's socket hears, are searched for the secrets that role may not see.

The roles are the permission matrix's: Control; the Region umpire of Illyria, where the secrets are
("here"); the Region umpire of Gaul ("other"); the Senate umpire; the Non-Roman World umpire; a player
by his mailbox code; the projector by its code.
"""

import io
import json
from contextlib import ExitStack
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse
from django.utils.html import escape
from pypdf import PdfReader
from pypdf.errors import PyPdfError

from mail.consumers import MailboxConsumer
from mail.models import Letter
from mail.services.letters import do_deliver_letter, do_post_letter
from mail.services.mailboxes import do_issue_mailbox
from tests import test_permission_matrix as matrix
from tests.regions.forces_builders import legion
from tests.umpire.channels_helpers import listen
from umpire.consumers import DisplayConsumer, EventConsumer
from umpire.models import Briefing
from umpire.services.access_codes import do_reissue_display_code
from umpire.services.followups import do_send_follow_up
from warfare.services.battles import do_open_battle

pytestmark = pytest.mark.slow  # every page and socket for every role

TROOPS = [("legionary", 5, False)]


@dataclass(frozen=True)
class Secret:
    what: str
    text: str
    seen_by: str  # the roles that may see it; every other role must not


def make_secrets(world):
    """One secret of each kind, at Illyria: made by the services, as in play."""
    illyria, here, control = world.illyria, world.here, world.control
    do_open_battle(
        illyria,
        side_a_forces=[legion(world.event, "Legion LX", "Pannonia", TROOPS)],
        side_b_forces=[legion(world.event, "Legion LXI", "Pannonia", TROOPS)],
        place="Campus Arcanus",
        actor=here,
    )
    do_send_follow_up(world.event, text="Otho's agents wait at the ninth milestone", to_table=illyria, actor=control)
    do_post_letter(
        illyria,
        sender=world.other_character,
        addressee=world.player_character,
        destination=illyria,
        contents="Burn this after reading, Quintus",
        actor=here,
    )
    handed = do_post_letter(
        illyria,
        sender=world.other_character,
        addressee=world.player_character,
        destination=illyria,
        contents="The eagle of the Fourth is buried",
        actor=here,
    )
    do_deliver_letter(handed, actor=here)  # posted at the table it is for, it is there to hand over at once
    Briefing.objects.create(
        character=world.player_character,
        notes="He owes Vinius a million sesterces",
        objectives="To wear the purple by the Ides",
    )
    world.codes = {
        "player": do_issue_mailbox(world.player_character, actor=control).code,
        "display": do_reissue_display_code(world.event, actor=control).code,
    }
    return [
        Secret("a draft battle of Illyria", "Campus Arcanus", "control here"),
        Secret("a follow-up to Illyria", "Otho's agents wait at the ninth milestone", "control here"),
        Secret("a letter's contents, not yet handed over", "Burn this after reading, Quintus", "control"),
        Secret("a letter's contents, handed to the player", "The eagle of the Fourth is buried", "control player"),
        Secret("a briefing's secret notes", "He owes Vinius a million sesterces", "control player"),
        Secret("a briefing's secret objectives", "To wear the purple by the Ides", "control player"),
        Secret("the player's mailbox code", world.codes["player"], "control player"),
        Secret("another player's mailbox code", do_issue_mailbox(world.other_character, actor=control).code, "control"),
        Secret("the projector's code", world.codes["display"], "control display"),
    ]


def leaked(secrets, role, text):
    """The secrets `text` holds that `role` may not see."""
    return [
        f"{secret.what} ({secret.text!r})"
        for secret in secrets
        if role not in secret.seen_by.split() and holds(text, secret.text)
    ]


def holds(text, secret):
    """Whether `text` holds `secret`, written plainly or escaped for HTML, however a page wraps its lines."""
    flat = " ".join(text.split())
    return secret in flat or escape(secret) in flat


# ---- the pages -------------------------------------------------------------------------------------------------


def readable(response):
    """What a reader of the answer sees: a page's HTML, or a PDF's text."""
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if response.get("Content-Type", "").startswith("application/pdf"):
        try:
            return "\n".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(content)).pages)
        except PyPdfError:  # not a whole PDF (the matrix's print run is a stand-in): its bytes as they are
            return content.decode("latin-1")
    if response.get("Content-Type", "").startswith(("text/", "application/json")):
        return content.decode()
    return ""


@pytest.mark.parametrize("role", matrix.ROLES)
def test_no_page_shows_a_role_a_secret_it_may_not_see(client, world, role):
    """Every GET of the matrix, the role's refusals included: a 404 must leak no more than a page."""
    secrets = make_secrets(world)
    if role in matrix.UMPIRES.split():
        client.force_login(getattr(world, role))
    found, opened = [], 0
    for row in (row for row in matrix.ROWS if row.method == matrix.GET):
        response = client.get(row.address(world, world.codes.get(role)))
        opened += response.status_code == 200
        found += [f"{row.name}: {leak}" for leak in leaked(secrets, role, readable(response))]
    assert opened, f"{role} opened no page: the search would mean nothing"
    assert not found, f"{role} was shown:\n" + "\n".join(found)


def test_the_search_finds_a_secret_where_it_may_be_shown(client, world):
    """The search would see a leak: the same reading finds each kind of secret on a page of a role
    that may see it (HTML, and the text of a PDF)."""
    secrets = {secret.what: secret.text for secret in make_secrets(world)}
    player = world.player_character.pk
    shown = [
        ("here", "warfare:battles", {"slug": "ad69"}, "a draft battle of Illyria"),
        ("here", "followups:table", {"slug": "ad69", "pk": world.illyria.pk}, "a follow-up to Illyria"),
        (
            "control",
            "mail:letter",
            {"slug": "ad69", "pk": unhanded_letter(world).pk},
            "a letter's contents, not yet handed over",
        ),
        ("control", "printshop:briefing", {"slug": "ad69", "character_id": player}, "a briefing's secret objectives"),
        ("control", "mail:mailboxes", {"slug": "ad69"}, "the player's mailbox code"),
        ("control", "umpire:clock", {"slug": "ad69"}, "the projector's code"),
    ]
    for role, name, kwargs, what in shown:
        client.force_login(getattr(world, role))
        assert holds(readable(client.get(reverse(name, kwargs=kwargs))), secrets[what]), (role, name, what)
    client.logout()
    his_page = client.get(reverse("mail:mailbox", kwargs={"slug": "ad69"}), {"code": world.codes["player"]})
    assert holds(readable(his_page), secrets["a letter's contents, handed to the player"])


def unhanded_letter(world):
    return Letter.objects.get(event=world.event, contents="Burn this after reading, Quintus")


# ---- the websocket frames --------------------------------------------------------------------------------------


def socket_of(world, role):
    """The consumer the role's screen opens, asked which groups it joins and what its snapshot says."""
    if role == "display":
        consumer, kwargs = DisplayConsumer(), {"slug": world.slug}
    elif role == "player":
        consumer, kwargs = MailboxConsumer(), {"slug": world.slug}
    else:
        consumer, kwargs = EventConsumer(), {"event_id": world.event.pk}
    consumer.scope = {
        "user": getattr(world, role, None) or AnonymousUser(),
        "url_route": {"kwargs": kwargs},
        "query_string": f"code={world.codes.get(role, '')}".encode(),
    }
    consumer.event, consumer.groups_joined = consumer.allowed_groups()
    return consumer


def test_no_socket_hears_a_secret_its_role_may_not_see(world, django_capture_on_commit_callbacks):
    """Each role's socket joins its groups (as its consumer grants them); the secrets are made while
    they listen, and what each heard, with its snapshot, is searched."""
    roles = [role for role in matrix.ROLES if role != "anon"]
    sockets = {role: socket_of(world, role) for role in roles}
    with ExitStack() as stack:
        heard = {role: stack.enter_context(listen(sockets[role].groups_joined)) for role in roles}
        with django_capture_on_commit_callbacks(execute=True):
            secrets = make_secrets(world)
        frames = {role: json.dumps(heard[role]()) for role in roles}
    assert all(frames[role] != "{}" for role in ("control", "here", "player")), "the search heard nothing"
    found = [f"{role}: {leak}" for role in roles for leak in leaked(secrets, role, frames[role])]
    sockets = {role: socket_of(world, role) for role in roles}  # opened again with the codes reissued
    found += [
        f"{role}'s snapshot: {leak}"
        for role in roles
        for leak in leaked(secrets, role, json.dumps(sockets[role].snapshot()))
    ]
    assert not found, "heard on the sockets:\n" + "\n".join(found)
