"""Every player's mailbox code at once, for the whole event or one table: a code to everyone who has
none, or every code reissued (each replaced code's open page told and closed), in one audited action
that never holds a code and that undo refuses; Control's alone, from the mailboxes page, with its counts."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from mail.models import Mailbox
from mail.services.mailboxes import do_issue_mailbox, do_issue_mailboxes
from tests.umpire.channels_helpers import listen
from umpire.events import character_group, control_group, event_group, table_group, umpires_group
from umpire.models import AuditEntry, Character, Region
from umpire.services.undo import do_undo

PAGE = "/events/ad69/post/mailboxes/"
ISSUE = "/events/ad69/post/mailboxes/issue/"
CAST = 48  # the AD69 world's characters: 13 senators in the Senate room, 35 governors and procurators


def table(event, name):
    return Region.objects.get(event=event, name=name)


def characters_at(event, name):
    return list(Character.objects.filter(event=event, location__name=name))


def codes(characters):
    return dict(Mailbox.objects.filter(character__in=characters).values_list("character_id", "code"))


def squeezed(response):
    text = re.sub(r"<[^>]+>", " ", response.content.decode())
    return re.sub(r"\s+", " ", text).replace("&#x27;", "'")


def bulk_entries():
    return AuditEntry.objects.filter(action="mailbox.issued_together")


# ---- the service ------------------------------------------------------------------------------


def test_everyone_without_a_code_gets_one_in_one_audited_action_and_a_code_held_is_kept(ad69, control):
    blasio = Character.objects.get(event=ad69, name="Cornelius Blasio")
    kept = do_issue_mailbox(blasio, actor=control).code

    issued = do_issue_mailboxes(ad69, only_missing=True, actor=control)

    assert len(issued) == CAST - 1 and Mailbox.objects.filter(character__event=ad69).count() == CAST
    assert Mailbox.objects.get(character=blasio).code == kept
    [entry] = bulk_entries()
    assert (entry.actor, entry.target_label, entry.reason) == (control, str(ad69), "")
    assert len(entry.after["issued"]) == CAST - 1 and entry.after["reissued"] == []
    assert not any(box.code in str(entry.after) for box in Mailbox.objects.all())


def test_with_every_code_issued_issuing_the_missing_ones_writes_nothing(ad69, control):
    do_issue_mailboxes(ad69, only_missing=True, actor=control)
    entries = AuditEntry.objects.count()
    before = codes(Character.objects.filter(event=ad69))

    assert do_issue_mailboxes(ad69, only_missing=True, actor=control) == []
    assert AuditEntry.objects.count() == entries and codes(Character.objects.filter(event=ad69)) == before


def test_reissuing_one_tables_codes_replaces_them_alone_and_the_old_codes_open_nothing(client, ad69, control):
    do_issue_mailboxes(ad69, only_missing=True, actor=control)
    gaul, elsewhere = characters_at(ad69, "Gaul"), characters_at(ad69, "Illyria")
    old_gaul, old_elsewhere = codes(gaul), codes(elsewhere)

    reissued = do_issue_mailboxes(ad69, table=table(ad69, "Gaul"), only_missing=False, actor=control)

    assert sorted(box.character_id for box in reissued) == sorted(old_gaul)
    assert all(codes(gaul)[pk] != old for pk, old in old_gaul.items()) and codes(elsewhere) == old_elsewhere
    assert client.get("/post/ad69/mailbox/", {"code": next(iter(old_gaul.values()))}).status_code == 404
    assert client.get("/post/ad69/mailbox/", {"code": next(iter(codes(gaul).values()))}).status_code == 200
    entry = bulk_entries().latest("pk")
    assert (entry.target_label, entry.after["table"], entry.reason) == (
        "Gaul",
        "Gaul",
        "reissued: the old codes open nothing",
    )
    assert entry.after["issued"] == [] and len(entry.after["reissued"]) == len(gaul)


def test_reissuing_tells_each_replaced_codes_page_and_control_once_and_no_message_holds_a_code(
    ad69, control, django_capture_on_commit_callbacks
):
    gaul = characters_at(ad69, "Gaul")
    do_issue_mailbox(gaul[0], actor=control)
    stranger = characters_at(ad69, "Illyria")[0]
    do_issue_mailbox(stranger, actor=control)
    gaul_table = table(ad69, "Gaul")
    groups = [
        *(character_group(character.pk) for character in gaul),
        character_group(stranger.pk),
        control_group(ad69.pk),
        event_group(ad69.pk),
        umpires_group(ad69.pk),
        table_group(gaul_table.pk),
    ]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            changed = do_issue_mailboxes(ad69, table=gaul_table, only_missing=False, actor=control)
        messages = heard()

    # the one code replaced closes its page; the three first codes replace nothing
    assert sorted(messages) == sorted([character_group(gaul[0].pk), control_group(ad69.pk)])
    assert [m["event"] for m in messages[character_group(gaul[0].pk)]] == [
        {"type": "access.revoked", "kind": "mailbox"}
    ]
    assert [m["event"] for m in messages[control_group(ad69.pk)]] == [
        {"type": "mailboxes.issued", "table_id": gaul_table.pk, "issued": len(gaul) - 1, "reissued": 1}
    ]
    assert not any(box.code in str(messages) for box in changed)


def test_a_table_counts_the_players_on_their_way_to_it(ad69, control):
    traveller = characters_at(ad69, "Illyria")[0]
    Character.objects.filter(pk=traveller.pk).update(location=None, travelling_to=table(ad69, "Gaul"))

    issued = do_issue_mailboxes(ad69, table=table(ad69, "Gaul"), only_missing=True, actor=control)

    assert traveller.pk in {box.character_id for box in issued}
    assert len(issued) == len(characters_at(ad69, "Gaul")) + 1


def test_codes_issued_together_are_never_undone(ad69, control):
    do_issue_mailboxes(ad69, only_missing=False, actor=control)
    with pytest.raises(ValidationError, match="a replaced mailbox code stays dead"):
        do_undo(bulk_entries().get(), actor=control, reason="by mistake")
    assert Mailbox.objects.filter(character__event=ad69).count() == CAST


# ---- the page ---------------------------------------------------------------------------------


def test_the_page_counts_the_codes_and_offers_both_actions_reissue_behind_a_confirmation(client, ad69, control):
    do_issue_mailbox(characters_at(ad69, "Gaul")[0], actor=control)
    client.force_login(control)
    response = client.get(PAGE)
    text = squeezed(response)

    assert f"1 of {CAST} have a code" in text
    assert "Gaul (1 of 4 have a code)" in text and "Senate (0 of 13 have a code)" in text
    assert "Issue a code to everyone who has none" in text
    page = response.content.decode()
    start = page.index('<details class="confirm">')  # the menu's folds come before it
    confirmation = page[start : page.index("</details>", start)]
    assert 'name="reissue"' in confirmation and "briefings already printed stop working" in confirmation
    assert 'data-refresh="mailboxes.issued"' in page


def test_control_issues_every_missing_code_then_reissues_one_tables_from_the_page(client, ad69, control):
    client.force_login(control)
    text = squeezed(client.post(ISSUE, {"table": ""}, follow=True))
    assert f"{CAST} code(s) issued to the players in this game who had none." in text
    assert f"{CAST} of {CAST} have a code" in text

    gaul = characters_at(ad69, "Gaul")
    old = codes(gaul)
    text = squeezed(client.post(ISSUE, {"table": table(ad69, "Gaul").pk, "reissue": "on"}, follow=True))
    assert "4 code(s) issued to the players at Gaul: every earlier link of theirs opens nothing now." in text
    assert all(codes(gaul)[pk] != code for pk, code in old.items())

    text = squeezed(client.post(ISSUE, {"table": table(ad69, "Gaul").pk}, follow=True))
    assert "Nothing issued: every player already has a code at Gaul." in text
    assert bulk_entries().count() == 2


def test_the_links_shown_use_the_events_public_address_not_the_browsers(client, ad69, control):
    ad69.public_address = "http://192.168.1.10:8000"
    ad69.save(update_fields=["public_address"])
    box = do_issue_mailbox(characters_at(ad69, "Gaul")[0], actor=control)
    client.force_login(control)
    page = client.get(PAGE, HTTP_HOST="127.0.0.1:8000").content.decode()
    assert f"http://192.168.1.10:8000<wbr>/post/ad69/mailbox/<wbr>?code={box.code}" in page
    assert "127.0.0.1" not in page and "only this computer opens" not in page


def test_links_to_a_loopback_address_are_flagged_with_where_to_set_the_public_one(client, ad69, control, settings):
    settings.SERVED_AT = "http://127.0.0.1:8000"
    ad69.public_address = ""
    ad69.save(update_fields=["public_address"])
    client.force_login(control)
    text = squeezed(client.get(PAGE))
    assert "These links point at http://127.0.0.1:8000, which only this computer opens" in text
    assert 'href="/control/ad69/address/"' in client.get(PAGE).content.decode()


def test_a_table_of_another_event_or_none_is_refused_and_nothing_is_written(client, ad69, control):
    client.force_login(control)
    entries = AuditEntry.objects.count()
    text = squeezed(client.post(ISSUE, {"table": "999999"}, follow=True))
    assert "Players of: Select a valid choice." in text
    assert not Mailbox.objects.exists() and AuditEntry.objects.count() == entries


def test_only_control_issues_every_code(client, ad69, illyria_umpire):
    assert "/login/" in client.post(ISSUE).url
    client.force_login(illyria_umpire)
    assert client.post(ISSUE, {"reissue": "on"}).status_code == 404
    assert not Mailbox.objects.exists() and not bulk_entries().exists()


def test_the_page_reads_in_the_same_queries_however_many_codes_are_issued(client, ad69, control):
    client.force_login(control)

    def queries():
        with CaptureQueriesContext(connection) as counted:
            assert client.get(PAGE).status_code == 200
        return len(counted)

    client.get(PAGE)  # the first page reads the event's setting, kept for the pages after it
    none_issued = queries()
    do_issue_mailboxes(ad69, only_missing=True, actor=control)
    assert queries() == none_issued
