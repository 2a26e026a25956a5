"""The audit log, Control's alone: every entry filed under the tables and characters it concerns,
filtered by table, character, type and game month, and taken away as a CSV, in a fixed number of
queries however long the log."""

import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.models import Account, Province
from regions.services.forces import do_correct_troops
from regions.services.ledger import do_transfer
from tests.regions.forces_builders import legion
from tests.regions.test_ledger import open_account
from umpire.audit_selectors import get_audit_log, in_pages
from umpire.models import AuditEntry, Character, GameClock, Region
from umpire.services.audit import compensating, record_audit
from umpire.services.presence import do_check_out
from umpire.services.rulings import do_record_ruling

SEATED = "umpire.umpireseat.create"  # Control's own seat, the first entry of every log here
LOG = "/control/ad69/audit/"
CSV = "/control/ad69/audit/audit.csv"
ONE_LEGIONARY = [{"type": "legionary", "count": 1, "veteran": False}]


def table(event, name):
    return Region.objects.get(event=event, name=name)


def character(event, name):
    return Character.objects.get(event=event, name=name)


def names(records):
    return {record.name for record in records.all()}


@pytest.fixture
def gaul_legion(ad69):
    return legion(ad69, "Legio I Germanica", "Belgica", [("legionary", 4, False)], legate="Valerius Asiaticus")


@pytest.fixture
def log(ad69, control, gaul_legion):
    """Three changes in turn 1 (a force at Gaul, a check-out from Gaul to Spain, a ruling at no table),
    then one in turn 2 (the force again)."""
    do_correct_troops(gaul_legion, troops=ONE_LEGIONARY, actor=control, reason="miscounted")
    do_check_out(character(ad69, "Valerius Asiaticus"), to_table=table(ad69, "Spain"), actor=control)
    do_record_ruling(ad69, actor=control, question="May a legate swim?", ruling="No.", section="")
    GameClock.objects.filter(event=ad69).update(turn=2)
    do_correct_troops(
        gaul_legion, troops=[{"type": "legionary", "count": 2, "veteran": False}], actor=control, reason="recounted"
    )
    return AuditEntry.objects.filter(event=ad69)


def listed(client, query=""):
    response = client.get(LOG + query)
    assert response.status_code == 200
    return response, [entry.action for entry in response.context["page"]]


def csv_rows(response):
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))


# ---- whereabouts ------------------------------------------------------------------------------


def test_a_force_correction_is_filed_under_its_table_and_its_legate(ad69, control, gaul_legion):
    do_correct_troops(gaul_legion, troops=ONE_LEGIONARY, actor=control, reason="miscounted")
    entry = AuditEntry.objects.get(action="force.corrected")
    assert names(entry.tables) == {"Gaul"}
    assert names(entry.characters) == {"Valerius Asiaticus"}


def test_a_check_out_is_filed_under_the_table_he_left_and_the_one_he_makes_for(ad69, control):
    do_check_out(character(ad69, "Valerius Asiaticus"), to_table=table(ad69, "Spain"), actor=control)
    entry = AuditEntry.objects.get(action="character.checked_out")
    assert names(entry.tables) == {"Gaul", "Spain"}
    assert names(entry.characters) == {"Valerius Asiaticus"}


def test_a_transfer_is_filed_under_both_accounts_tables_and_the_purse_holder(ad69, control):
    outside = open_account(ad69, "The world outside", Account.Kind.EXTERNAL)
    achaea = open_account(
        ad69,
        "Treasury of Achaea",
        Account.Kind.PROVINCE_TREASURY,
        province=Province.objects.get(event=ad69, name="Achaea"),
    )
    purse = open_account(
        ad69, "Purse of Valerius", Account.Kind.CHARACTER_PURSE, character=character(ad69, "Valerius Asiaticus")
    )
    do_transfer(source=outside, target=achaea, talents=30, why="taxes", actor=control)
    do_transfer(source=achaea, target=purse, talents=10, why="a gift", actor=control)
    gift = AuditEntry.objects.filter(action="ledger.transfer").order_by("pk").last()
    assert names(gift.tables) == {"Illyria", "Gaul"}
    assert names(gift.characters) == {"Valerius Asiaticus"}


def test_an_admin_edit_files_the_old_and_the_new_governor(ad69, control):
    from umpire.services.records import do_save_record

    belgica = Province.objects.get(event=ad69, name="Belgica")
    belgica.governor = character(ad69, "Cluvius Rufus")
    do_save_record(belgica, actor=control)
    entry = AuditEntry.objects.get(action="regions.province.update")
    assert names(entry.tables) == {"Gaul"}
    assert names(entry.characters) == {"Valerius Asiaticus", "Cluvius Rufus"}


# ---- the page ---------------------------------------------------------------------------------


def test_the_log_lists_every_entry_newest_first_with_what_it_changed_in_words(client, control, log):
    client.force_login(control)
    response, actions = listed(client)
    assert actions == ["force.corrected", "ruling.recorded", "character.checked_out", "force.corrected", SEATED]
    page = response.content.decode()
    assert "recounted" in page and "Troops: 1 legionary → 2 legionary" in page
    assert "Location: Gaul → –" in page and "Travelling to: – → Spain" in page


def test_the_table_filter_keeps_the_entries_filed_at_that_table(client, ad69, control, log):
    client.force_login(control)
    assert listed(client, f"?table={table(ad69, 'Spain').pk}")[1] == ["character.checked_out"]
    assert listed(client, f"?table={table(ad69, 'Gaul').pk}")[1] == [
        "force.corrected",
        "character.checked_out",
        "force.corrected",
    ]


def test_the_character_filter_keeps_the_entries_concerning_him(client, ad69, control, log):
    client.force_login(control)
    assert listed(client, f"?character={character(ad69, 'Valerius Asiaticus').pk}")[1] == [
        "force.corrected",
        "character.checked_out",
        "force.corrected",
    ]
    assert listed(client, f"?character={character(ad69, 'Cluvius Rufus').pk}")[1] == []


def test_the_type_filter_keeps_one_family_of_actions(client, control, log):
    client.force_login(control)
    response, actions = listed(client, "?type=force")
    assert actions == ["force.corrected", "force.corrected"]
    assert ("force", "Forces: orders and corrections") in response.context["form"].fields["type"].choices


def test_the_month_filter_keeps_one_turn(client, control, log):
    client.force_login(control)
    response, actions = listed(client, "?turn=1")
    assert actions == ["ruling.recorded", "character.checked_out", "force.corrected", SEATED]
    assert listed(client, "?turn=2&type=force")[1] == ["force.corrected"]
    assert (2, "Turn 2: October 68") in response.context["form"].fields["turn"].choices


@pytest.mark.parametrize(
    "query, field",
    [
        ("?table=abc", "table"),
        ("?table=99999", "table"),
        ("?character=99999", "character"),
        ("?type=nonsense", "type"),
        ("?turn=99", "turn"),
        ("?turn=abc", "turn"),
    ],
)
def test_a_bad_filter_is_a_form_error_and_the_log_without_it(client, control, log, query, field):
    client.force_login(control)
    response, actions = listed(client, query)
    assert field in response.context["form"].errors
    assert len(actions) == 5
    assert "shown without the filter in error" in response.content.decode()


def test_undone_entries_and_the_undos_own_are_marked(client, ad69, control, log):
    undone = log.get(action="ruling.recorded")
    with compensating(undone):
        record_audit(event=ad69, actor=control, action=AuditEntry.UNDO, target=undone, reason="asked twice")
    client.force_login(control)
    response, _ = listed(client)
    rows = {row["entry"].action: row["entry"] for row in response.context["rows"]}
    assert rows["ruling.recorded"].undone and not rows["force.corrected"].undone
    assert rows[AuditEntry.UNDO].compensates_id == undone.pk
    page = response.content.decode()
    assert page.count('<span class="tag">undone</span>') == 1
    assert page.count('<span class="tag">written by an undo</span>') == 1


def test_an_undo_is_filed_where_the_entry_it_undoes_was(ad69, control, log):
    undone = log.filter(action="force.corrected").order_by("pk").last()
    with compensating(undone):
        undo = record_audit(event=ad69, actor=control, action=AuditEntry.UNDO, target=undone, reason="wrong legion")
    assert names(undo.tables) == {"Gaul"} and names(undo.characters) == {"Valerius Asiaticus"}


def test_only_control_sees_the_log_and_its_csv(client, ad69, illyria_umpire, control, log):
    client.force_login(illyria_umpire)
    assert client.get(LOG).status_code == 404
    assert client.get(CSV).status_code == 404
    assert "/control/ad69/audit/" not in client.get("/events/ad69/rulings/").content.decode()
    client.force_login(control)
    assert 'href="/control/ad69/audit/">Audit</a>' in client.get("/events/ad69/rulings/").content.decode()


# ---- the CSV ----------------------------------------------------------------------------------


def test_the_csv_has_its_header_and_one_row_per_matching_entry(client, ad69, control, log):
    client.force_login(control)
    response = client.get(CSV + f"?table={table(ad69, 'Gaul').pk}")
    assert response["Content-Type"].startswith("text/csv")
    header, *rows = csv_rows(response)
    assert header == [
        "id",
        "at",
        "game turn",
        "game date",
        "actor",
        "action",
        "target type",
        "target id",
        "target label",
        "tables",
        "characters",
        "reason",
        "undone",
        "before",
        "after",
    ]
    assert [row[5] for row in rows] == ["force.corrected", "character.checked_out", "force.corrected"]
    check_out = rows[1]
    assert check_out[9].split("; ") == ["Gaul", "Spain"] and check_out[10] == "Valerius Asiaticus"
    assert (rows[0][2], rows[0][3], rows[0][4], rows[0][11], rows[0][12]) == (
        "2",
        "October 68",
        "control",
        "recounted",
        "no",
    )


def test_the_csv_link_keeps_the_filters(client, control, log):
    client.force_login(control)
    page = client.get(LOG + "?type=force&turn=2&page=1").content.decode()
    assert 'href="/control/ad69/audit/audit.csv?type=force&amp;turn=2"' in page


# ---- queries ----------------------------------------------------------------------------------


def corrections(force, actor, n):
    for count in range(1, n + 1):
        do_correct_troops(
            force,
            troops=[{"type": "legionary", "count": count, "veteran": False}],
            actor=actor,
            reason=f"count {count}",
        )


def count_queries(client, url):
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
        assert response.status_code == 200
        if response.streaming:
            b"".join(response.streaming_content)
    return len(captured)


def test_the_csvs_pages_walk_every_entry_once_newest_first_through_ties_in_time(ad69, control, gaul_legion):
    corrections(gaul_legion, control, 6)
    entries = list(AuditEntry.objects.filter(event=ad69).order_by("-at", "-pk"))
    tied = entries[1:5]  # four saved within the same microsecond, across the pages' edges
    AuditEntry.objects.filter(pk__in=[entry.pk for entry in tied]).update(at=tied[0].at)
    newest_first = [entry.pk for entry in AuditEntry.objects.filter(event=ad69).order_by("-at", "-pk")]
    with CaptureQueriesContext(connection) as captured:
        walked = [entry.pk for entry in in_pages(get_audit_log(ad69), size=3)]
    assert walked == newest_first and len(walked) == len(entries)
    pages = [query for query in captured if 'FROM "umpire_auditentry"' in query["sql"].split(" WHERE ")[0]]
    assert len(pages) == 3  # 3, 3 and the last 1


@pytest.mark.parametrize("url", [LOG, CSV])
def test_the_log_and_the_csv_read_in_the_same_queries_for_5_entries_or_25(client, ad69, control, gaul_legion, url):
    client.force_login(control)
    corrections(gaul_legion, control, 5)
    client.get(url)  # warm: the session and the like
    few = count_queries(client, url)
    corrections(gaul_legion, control, 20)
    assert count_queries(client, url) == few
