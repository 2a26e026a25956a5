"""Links that work in the hall: every player link and QR code a briefing prints opens the event's public
address, never the address of the browser that printed it; player links to a loopback address are refused,
printing nothing; and each printed briefing is noted, for the readiness check of briefings changed since."""

import shutil
import subprocess
import zipfile
from pathlib import Path
from tempfile import TemporaryDirectory

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from mail.services.mailboxes import do_issue_mailbox
from printshop import runs
from printshop.models import PrintedBriefing, PrintRun
from printshop.runs import do_print_run, do_request_print_run
from tests.conftest import missing_service
from umpire.models import AuditEntry, Character, Event
from umpire.public_address import is_loopback, public_address

HALL = "http://192.168.1.10:8000"
QR_DPI = 200  # enough pixels a module for zbarimg to read the briefing's 3 cm code


@pytest.fixture
def vinius(ad69):
    return Character.objects.get(event=ad69, name="Titus Vinius")


@pytest.fixture
def in_the_hall(ad69):
    Event.objects.filter(pk=ad69.pk).update(public_address=HALL)
    ad69.refresh_from_db()
    return ad69


def briefing_url(character):
    return reverse("printshop:briefing", args=[character.event.slug, character.pk])


def pdf_text(pdf):
    """The PDF's text as pdftotext reads it, whitespace and line breaks taken out (a long link wraps)."""
    with TemporaryDirectory() as folder:
        path = Path(folder) / "briefing.pdf"
        path.write_bytes(pdf)
        text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    return "".join(text.split())


def qr_codes(pdf):
    """The text of every QR code on the PDF's pages, read from their images as a phone's camera would."""
    if not shutil.which("zbarimg"):
        missing_service("reading QR codes needs zbarimg (apt-get install zbar-tools)")
    with TemporaryDirectory() as folder:
        path = Path(folder) / "briefing.pdf"
        path.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", str(QR_DPI), "-gray", "-png", str(path), str(Path(folder) / "p")], check=True)
        found = []
        for image in sorted(Path(folder).glob("p-*.png")):
            read = subprocess.run(["zbarimg", "--quiet", "--raw", str(image)], capture_output=True, text=True)
            found += read.stdout.split()
    return found


# ---- one briefing ----------------------------------------------------------------------------------------------


def test_his_qr_code_and_link_open_his_page_at_the_public_address(client, control, in_the_hall, vinius):
    code = do_issue_mailbox(vinius, actor=None).code
    client.force_login(control)
    response = client.get(briefing_url(vinius), HTTP_HOST="127.0.0.1:8000")
    assert response["Content-Type"] == "application/pdf"
    his_page = f"{HALL}/post/ad69/mailbox/?code={code}"
    assert his_page in pdf_text(response.content)
    assert "127.0.0.1" not in pdf_text(response.content)
    # The summary for the table and the section on his player page each carry it.
    assert qr_codes(response.content) == [his_page, his_page]


def test_without_an_address_of_its_own_the_event_uses_where_the_console_is_served(
    client, control, ad69, vinius, settings
):
    settings.SERVED_AT = "http://10.1.2.3:8000"
    code = do_issue_mailbox(vinius, actor=None).code
    client.force_login(control)
    response = client.get(briefing_url(vinius))
    assert f"http://10.1.2.3:8000/post/ad69/mailbox/?code={code}" in pdf_text(response.content)


def test_a_briefing_with_a_player_code_is_refused_while_the_address_is_loopback(client, control, ad69, vinius):
    do_issue_mailbox(vinius, actor=None)
    client.force_login(control)
    response = client.get(briefing_url(vinius), follow=True)
    assert response.redirect_chain[-1][0] == reverse("printshop:briefings", args=["ad69"]) + f"#character-{vinius.pk}"
    page = response.content.decode()
    assert "Titus Vinius&#x27;s briefing is not printed: Player links would point at http://127.0.0.1:8000" in page
    assert reverse("prepare:address", args=["ad69"]) in page
    assert not PrintedBriefing.objects.filter(character=vinius).exists()


def test_a_briefing_with_no_player_link_prints_whatever_the_address(client, control, ad69, vinius):
    client.force_login(control)
    response = client.get(briefing_url(vinius))
    assert response["Content-Type"] == "application/pdf"
    assert qr_codes(response.content) == []


def test_printing_a_briefing_notes_when_and_writes_no_audit_entry(client, control, in_the_hall, vinius):
    client.force_login(control)
    entries = AuditEntry.objects.count()
    before = timezone.now()
    client.get(briefing_url(vinius))
    first = PrintedBriefing.objects.get(character=vinius).printed_at
    client.get(briefing_url(vinius))
    again = PrintedBriefing.objects.get(character=vinius).printed_at
    assert before <= first <= again
    assert AuditEntry.objects.count() == entries


def test_the_briefings_page_says_where_links_open_and_warns_of_loopback(client, control, ad69, vinius):
    client.force_login(control)
    page = client.get(reverse("printshop:briefings", args=["ad69"])).content.decode()
    assert "Player links and QR codes open <strong>http://127.0.0.1:8000</strong>" in page
    assert 'id="loopback"' in page
    Event.objects.filter(pk=ad69.pk).update(public_address=HALL)
    client.get(briefing_url(vinius))
    page = client.get(reverse("printshop:briefings", args=["ad69"])).content.decode()
    assert f"<strong>{HALL}</strong>" in page and 'id="loopback"' not in page
    assert "never" in page  # the others, not yet printed


# ---- a batch of briefings --------------------------------------------------------------------------------------


def test_a_batch_with_player_codes_is_refused_while_the_address_is_loopback(client, control, ad69, vinius):
    do_issue_mailbox(vinius, actor=None)
    client.force_login(control)
    response = client.post(reverse("printshop:runs", args=["ad69"]), {"kind": "briefings", "size": "A4"})
    assert response.status_code == 400
    assert "Player links would point at http://127.0.0.1:8000" in response.content.decode()
    assert not PrintRun.objects.exists()


def test_table_packs_carry_no_player_link_and_are_never_refused(ad69, control):
    run = do_request_print_run(ad69, kind=PrintRun.Kind.TABLE_PACKS, page_size="A4", actor=control)
    assert run.state == PrintRun.State.QUEUED


@pytest.mark.slow  # a whole run of briefings
def test_a_batch_prints_every_link_at_the_public_address_and_notes_each_briefing_printed(
    client, control, in_the_hall, vinius, monkeypatch, django_capture_on_commit_callbacks
):
    code = do_issue_mailbox(vinius, actor=None).code
    monkeypatch.setattr(runs, "start", do_print_run)  # print at once, in the request's own thread
    client.force_login(control)
    before = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("printshop:runs", args=["ad69"]), {"kind": "briefings", "size": "A4"})
    run = PrintRun.objects.get()
    assert (run.state, run.site) == (PrintRun.State.DONE, HALL)
    with zipfile.ZipFile(run.bundle.path) as bundle:
        his = bundle.read(next(name for name in bundle.namelist() if name.endswith(f"-{vinius.pk}.pdf")))
    assert qr_codes(his) == [f"{HALL}/post/ad69/mailbox/?code={code}"] * 2  # on the summary and its own section
    printed = PrintedBriefing.objects.filter(character__event=in_the_hall)
    assert printed.count() == Character.objects.filter(event=in_the_hall).count() == run.total
    assert all(before <= when <= run.finished_at for when in printed.values_list("printed_at", flat=True))
    assert len(PdfReader(run.merged_pdf.path).pages) == run.pages


def test_a_failed_batch_notes_no_briefing_printed(ad69, control, monkeypatch, django_capture_on_commit_callbacks):
    monkeypatch.setattr(runs, "start", lambda run_id: None)
    run = do_request_print_run(ad69, kind=PrintRun.Kind.BRIEFINGS, page_size="A4", actor=control)
    monkeypatch.setattr(runs, "get_briefing", lambda character, site="": 1 / 0)
    do_print_run(run.pk)
    run.refresh_from_db()
    assert run.state == PrintRun.State.FAILED
    assert not PrintedBriefing.objects.filter(character__event=ad69).exists()


def test_served_on_every_interface_the_links_open_this_machines_network_address(ad69, settings, monkeypatch):
    """`UMPIRE_BIND=0.0.0.0:8000` is where to listen, not an address a phone can open: the links use the
    machine's own address on the hall's network."""
    settings.SERVED_AT = "http://0.0.0.0:8000"
    monkeypatch.setattr("umpire.public_address.lan_address", lambda: "192.168.1.10")
    assert public_address(ad69) == "http://192.168.1.10:8000"
    assert is_loopback("http://0.0.0.0:8000")
    assert not is_loopback(public_address(ad69))
