"""Batch printing (issue 10, part 4): every briefing or every table's pack in the background, its
progress sent to Control live, ending in one merged PDF and a ZIP of one file each."""

import threading
import zipfile
from datetime import timedelta
from io import BytesIO
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from mail.codes import shown
from mail.models import StationeryCode
from printshop import runs
from printshop.models import PrintRun
from printshop.runs import STALLED_AFTER, do_print_run, do_request_print_run, do_resume_stalled_runs
from printshop.table_packs import SLIPS_PER_PACK
from tests.demo_data import load_demo_forces
from tests.umpire.channels_helpers import listen
from umpire.events import control_group
from umpire.models import AuditEntry, Character, Region, Role

pytestmark = pytest.mark.slow  # whole print runs, in threads and through the queue


@pytest.fixture
def demo(ad69):
    load_demo_forces()
    return ad69


def page_count(pdf):
    return len(PdfReader(BytesIO(pdf)).pages)


def kept(output):
    """A finished run's output, read back from its file."""
    return Path(output.path).read_bytes()


def files_in(bundle):
    with zipfile.ZipFile(BytesIO(bundle)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.fixture
def started(monkeypatch):
    """The runs given to a printer, in order; none is printed until the test says so."""
    started = []
    monkeypatch.setattr(runs, "start", started.append)
    return started


@pytest.fixture
def queued(demo, control, django_capture_on_commit_callbacks, started):
    """Request a run through the service, keeping the worker from starting it."""

    def queue(kind=PrintRun.Kind.BRIEFINGS, page_size="A4"):
        with django_capture_on_commit_callbacks(execute=True):
            run = do_request_print_run(demo, kind=kind, page_size=page_size, actor=control)
        assert started == [run.pk]
        started.clear()
        return run

    return queue


def test_briefings_run_reports_progress_and_merges_every_briefing(demo, queued, django_capture_on_commit_callbacks):
    run = queued()
    characters = Character.objects.filter(event=demo).count()
    assert run.state == PrintRun.State.QUEUED and run.total == characters
    with listen([control_group(demo.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True):  # the worker runs in autocommit
            do_print_run(run.pk)
        progress = [message["event"] for message in heard()[control_group(demo.pk)]]
    assert {event["type"] for event in progress} == {"print.progress"}
    done = [event["done"] for event in progress]
    assert done == sorted(done) and len(set(done)) > 2  # the bar moves in steps, not all at once
    assert progress[-1] == {
        "type": "print.progress",
        "run_id": run.pk,
        "state": "done",
        "done": characters,
        "total": characters,
    }
    run.refresh_from_db()
    files = files_in(kept(run.bundle))
    assert len(files) == characters
    assert run.pages == page_count(kept(run.merged_pdf)) == sum(page_count(pdf) for pdf in files.values())
    assert run.pages > characters  # the legates' briefings run past one page


def test_each_file_is_one_character_s_briefing(demo, queued):
    run = queued()
    do_print_run(run.pk)
    run.refresh_from_db()
    vitellius = Character.objects.get(event=demo, name="Aulius Vitellius")
    pdf = files_in(kept(run.bundle))[f"aulius-vitellius-{vitellius.pk}.pdf"]
    first_page = PdfReader(BytesIO(pdf)).pages[0].extract_text()
    assert "PERSONAL — Aulius Vitellius" in first_page


def test_table_packs_run_prints_every_table_and_reserves_its_slips(demo, queued):
    run = queued(PrintRun.Kind.TABLE_PACKS, "Letter")
    do_print_run(run.pk)
    run.refresh_from_db()
    tables = Region.objects.filter(event=demo, kind=Region.Kind.MAP_TABLE)
    assert run.state == PrintRun.State.DONE and len(files_in(kept(run.bundle))) == tables.count()
    for table in tables:
        assert StationeryCode.objects.filter(table=table).count() == SLIPS_PER_PACK
    width, height = PdfReader(run.merged_pdf.path).pages[0].mediabox.upper_right
    assert (round(float(width)), round(float(height))) == (612, 792)


def test_a_second_delivery_prints_nothing_again(demo, queued):
    run = queued(PrintRun.Kind.TABLE_PACKS)
    do_print_run(run.pk)
    do_print_run(run.pk)  # Celery delivers at least once
    assert StationeryCode.objects.filter(table__event=demo).count() == SLIPS_PER_PACK * run.total


def test_a_failing_document_fails_the_run_and_says_why(demo, queued, monkeypatch):
    run = queued()

    def broken(character, site=""):
        raise RuntimeError(f"no sheet for {character.name}")

    monkeypatch.setattr(runs, "get_briefing", broken)
    do_print_run(run.pk)
    run.refresh_from_db()
    assert run.state == PrintRun.State.FAILED and run.failure.startswith("RuntimeError: no sheet for")
    assert not run.merged_pdf and run.finished_at is not None


def test_the_request_is_audited(demo, queued, control):
    run = queued(PrintRun.Kind.TABLE_PACKS)
    entry = AuditEntry.objects.get(event=demo, action="print run requested")
    assert entry.actor == control and entry.target_id == str(run.pk)
    assert (entry.after["kind"], entry.after["page_size"], entry.after["documents"]) == ("table_packs", "A4", run.total)


def test_a_run_still_queued_is_undone_and_one_printing_is_not(demo, queued, control):
    from umpire.services.undo import do_undo

    waiting, printing = queued(PrintRun.Kind.TABLE_PACKS), queued(PrintRun.Kind.BRIEFINGS)
    PrintRun.objects.filter(pk=printing.pk).update(state=PrintRun.State.PRINTING)
    entries = {entry.target_id: entry for entry in AuditEntry.objects.filter(action="print run requested")}
    do_undo(entries[str(waiting.pk)], actor=control, reason="requested twice")
    assert not PrintRun.objects.filter(pk=waiting.pk).exists()
    with pytest.raises(ValidationError, match="is printing: paper once printing is not taken back"):
        do_undo(entries[str(printing.pk)], actor=control, reason="too late")
    assert PrintRun.objects.filter(pk=printing.pk).exists()


class Killed(BaseException):
    """What a SIGKILL leaves in the database: the printer stops between two documents, saying nothing."""


def printer_dies_after(monkeypatch, documents):
    printed = []

    def print_one(run, document):
        if len(printed) == documents:
            raise Killed
        printed.append(document)
        return real_print_one(run, document)

    real_print_one = runs.print_one
    monkeypatch.setattr(runs, "print_one", print_one)
    return lambda: monkeypatch.setattr(runs, "print_one", real_print_one)


def sweep(django_capture_on_commit_callbacks, now):
    with django_capture_on_commit_callbacks(execute=True):
        return do_resume_stalled_runs(now=now)


def test_a_run_whose_printer_died_is_printed_again_from_the_start(
    client, demo, control, queued, monkeypatch, started, django_capture_on_commit_callbacks
):
    run = queued()
    step = max(1, run.total // runs.UPDATES_PER_RUN)  # the documents between two reports
    revive = printer_dies_after(monkeypatch, step + 1)
    with pytest.raises(Killed):
        do_print_run(run.pk)
    revive()
    run.refresh_from_db()
    assert (run.state, run.done, run.attempts) == (PrintRun.State.PRINTING, step, 1)

    assert sweep(django_capture_on_commit_callbacks, run.heard_at + STALLED_AFTER - timedelta(seconds=1)) == []
    assert sweep(django_capture_on_commit_callbacks, run.heard_at + STALLED_AFTER + timedelta(seconds=1)) == [run.pk]
    assert started == [run.pk]
    run.refresh_from_db()
    assert (run.state, run.done) == (PrintRun.State.QUEUED, 0)
    entry = AuditEntry.objects.get(event=demo, action="print run resumed")
    assert entry.actor is None and entry.target_id == str(run.pk)
    assert (entry.before["state"], entry.before["done"], entry.after["state"]) == ("printing", step, "queued")

    do_print_run(run.pk)
    run.refresh_from_db()
    assert (run.state, run.done, run.attempts) == (PrintRun.State.DONE, run.total, 2)
    assert len(files_in(kept(run.bundle))) == run.total == Character.objects.filter(event=demo).count()
    client.force_login(control)
    page = client.get(reverse("printshop:runs", args=[demo.slug])).content.decode()
    assert "(try 2: a printer stopped and the run started again)" in page


def slip_codes(run):
    """Each table's reserved slip codes, and the text of the run's merged PDF."""
    text = " ".join(page.extract_text() for page in PdfReader(run.merged_pdf.path).pages)
    tables = Region.objects.filter(event=run.event, kind=Region.Kind.MAP_TABLE)
    return {
        table.pk: list(StationeryCode.objects.filter(table=table).values_list("code", flat=True)) for table in tables
    }, text


def test_a_run_taken_up_again_prints_the_slip_codes_it_reserved_before(
    demo, queued, monkeypatch, started, django_capture_on_commit_callbacks
):
    """The printer dies after two packs; the run printed again reserves codes for the other tables alone, and
    the two packs' slips carry the codes reserved the first time, none twice."""
    run = queued(PrintRun.Kind.TABLE_PACKS)
    revive = printer_dies_after(monkeypatch, 2)
    with pytest.raises(Killed):
        do_print_run(run.pk)
    revive()
    first = {
        table: sorted(StationeryCode.objects.filter(table_id=table).values_list("code", flat=True))
        for table in StationeryCode.objects.values_list("table", flat=True).distinct()
    }
    assert len(first) == 2 and all(len(codes) == SLIPS_PER_PACK for codes in first.values())

    run.refresh_from_db()
    assert sweep(django_capture_on_commit_callbacks, run.heard_at + STALLED_AFTER + timedelta(seconds=1)) == [run.pk]
    do_print_run(run.pk)
    run.refresh_from_db()
    assert run.state == PrintRun.State.DONE
    codes, printed = slip_codes(run)
    assert all(len(kept) == SLIPS_PER_PACK for kept in codes.values())
    assert {table: sorted(codes[table]) for table in first} == first
    every = [code for kept in codes.values() for code in kept]
    assert len(every) == len(set(every)) == SLIPS_PER_PACK * run.total
    assert all(shown(code) in printed for code in every)
    assert AuditEntry.objects.filter(action="letter.stationery_printed").count() == run.total


def test_a_printer_that_finds_its_run_taken_back_stops_and_leaves_it_to_the_next(
    demo, queued, monkeypatch, started, django_capture_on_commit_callbacks
):
    """A printer slower than STALLED_AFTER, not dead: the sweep has put its run back in the queue."""
    run = queued()
    real_print_one = runs.print_one

    def slow_print_one(printing, document):
        if printing.done == 2:
            sweep(django_capture_on_commit_callbacks, timezone.now() + STALLED_AFTER * 2)
        return real_print_one(printing, document)

    monkeypatch.setattr(runs, "print_one", slow_print_one)
    do_print_run(run.pk)
    run.refresh_from_db()
    assert (run.state, run.done, run.attempts, started) == (PrintRun.State.QUEUED, 0, 1, [run.pk])
    monkeypatch.setattr(runs, "print_one", real_print_one)
    do_print_run(run.pk)
    run.refresh_from_db()
    assert (run.state, run.done, run.attempts) == (PrintRun.State.DONE, run.total, 2)


def test_a_queued_run_that_no_printer_took_up_is_queued_again(
    demo, queued, started, django_capture_on_commit_callbacks
):
    """Redis keeps nothing on disk: a started Redis has forgotten the task."""
    run = queued()
    later = run.heard_at + STALLED_AFTER + timedelta(seconds=1)
    assert sweep(django_capture_on_commit_callbacks, later) == [run.pk]
    assert sweep(django_capture_on_commit_callbacks, later) == []  # the next sweep gives the new task its time
    assert started == [run.pk]


def test_a_finished_run_is_never_resumed(demo, queued, monkeypatch, started, django_capture_on_commit_callbacks):
    printed, failed = queued(PrintRun.Kind.TABLE_PACKS), queued()
    do_print_run(printed.pk)
    monkeypatch.setattr(runs, "get_briefing", lambda character, site="": 1 / 0)
    do_print_run(failed.pk)
    assert sweep(django_capture_on_commit_callbacks, timezone.now() + STALLED_AFTER * 10) == []
    assert started == []


def test_a_resumed_run_is_not_undone_from_the_log(demo, queued, control, started, django_capture_on_commit_callbacks):
    from umpire.services.undo import do_undo

    run = queued()
    sweep(django_capture_on_commit_callbacks, run.heard_at + STALLED_AFTER * 2)
    entry = AuditEntry.objects.get(event=demo, action="print run resumed")
    with pytest.raises(ValidationError, match="its printer had stopped"):
        do_undo(entry, actor=control, reason="leave it")
    assert PrintRun.objects.get(pk=run.pk).state == PrintRun.State.QUEUED


def test_celery_beat_sweeps_for_stalled_runs_twice_a_minute():
    from printshop.tasks import resume_stalled_print_runs
    from umpire.celery import app

    schedule = app.conf.beat_schedule["resume-stalled-print-runs"]
    assert schedule["task"] == resume_stalled_print_runs.name and schedule["schedule"] == 30.0
    assert timedelta(seconds=schedule["schedule"]) < STALLED_AFTER


@pytest.mark.parametrize(
    "kind, size, refusal",
    [("posters", "A4", "unknown print run 'posters'"), ("briefings", "A3", "unknown page size 'A3'")],
)
def test_a_bad_request_is_refused_and_queues_nothing(demo, control, kind, size, refusal):
    with pytest.raises(ValueError, match=refusal):
        do_request_print_run(demo, kind=kind, page_size=size, actor=control)
    assert not PrintRun.objects.exists() and not AuditEntry.objects.filter(action="print run requested").exists()


# ---- where the run is printed ---------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_in_one_process_mode_a_thread_prints_the_run(demo, control, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    run = do_request_print_run(demo, kind=PrintRun.Kind.BRIEFINGS, page_size="A4", actor=control)
    printer = next(thread for thread in threading.enumerate() if thread.name == f"print-run-{run.pk}")
    printer.join(timeout=120)
    run.refresh_from_db()
    assert run.state == PrintRun.State.DONE and run.done == run.total > 0


def test_with_a_worker_the_run_is_a_celery_task(
    demo, control, settings, monkeypatch, django_capture_on_commit_callbacks
):
    from printshop.tasks import print_run_task

    settings.CELERY_TASK_ALWAYS_EAGER = False
    sent = []
    monkeypatch.setattr(print_run_task, "apply_async", lambda args, **options: sent.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        run = do_request_print_run(demo, kind=PrintRun.Kind.BRIEFINGS, page_size="A4", actor=control)
    assert sent == [(run.pk,)] and not any(thread.name.startswith("print-run-") for thread in threading.enumerate())


@pytest.mark.django_db(transaction=True)
def test_with_the_broker_down_the_run_prints_here(demo, control, broker_down, caplog):
    """Redis stopped: the run cannot be queued for a worker, so a thread of the server prints it."""
    run = do_request_print_run(demo, kind=PrintRun.Kind.BRIEFINGS, page_size="A4", actor=control)
    printer = next(thread for thread in threading.enumerate() if thread.name == f"print-run-{run.pk}")
    printer.join(timeout=120)
    run.refresh_from_db()
    assert run.state == PrintRun.State.DONE and run.done == run.total > 0
    assert "not queued, the broker is unreachable" in caplog.text


# ---- the page ----------------------------------------------------------------------------------------------


def test_control_starts_a_run_and_downloads_its_files(
    client, demo, control, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(runs, "start", do_print_run)  # print at once, in the request's own thread
    client.force_login(control)
    url = reverse("printshop:runs", args=["ad69"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"kind": "briefings", "size": "A4"})
    assert response.status_code == 302
    run = PrintRun.objects.get()
    page = client.get(url).content.decode()
    assert f'<progress value="{run.total}" max="{run.total}">' in page
    assert reverse("printshop:run-pdf", args=["ad69", run.pk]) in page
    merged = client.get(reverse("printshop:run-pdf", args=["ad69", run.pk]))
    assert merged["Content-Type"] == "application/pdf" and page_count(merged.getvalue()) == run.pages
    bundle = client.get(reverse("printshop:run-zip", args=["ad69", run.pk]))
    assert bundle["Content-Type"] == "application/zip" and len(files_in(bundle.getvalue())) == run.total


def test_a_bad_form_names_the_problem_and_queues_nothing(client, demo, control):
    client.force_login(control)
    response = client.post(reverse("printshop:runs", args=["ad69"]), {"kind": "briefings", "size": "A3"})
    assert response.status_code == 400
    assert "Select a valid choice. A3 is not one of the available choices." in response.content.decode()
    assert not PrintRun.objects.exists()


def test_an_unfinished_run_has_no_files(client, demo, control, queued):
    run = queued()
    client.force_login(control)
    assert client.get(reverse("printshop:run-pdf", args=["ad69", run.pk])).status_code == 404


def test_a_region_umpire_may_not_print_batches(client, demo, make_umpire):
    client.force_login(make_umpire(demo, Role.REGION, "Gaul"))
    url = reverse("printshop:runs", args=["ad69"])
    assert client.get(url).status_code == 404
    assert client.post(url, {"kind": "briefings", "size": "A4"}).status_code == 404
    assert not PrintRun.objects.exists()


def test_the_print_shop_shows_each_umpire_what_he_may_print(client, demo, control, make_umpire):
    home = reverse("printshop:home", args=["ad69"])
    client.force_login(control)
    page = client.get(home).content.decode()
    assert reverse("printshop:runs", args=["ad69"]) in page and reverse("printshop:table-packs", args=["ad69"]) in page
    client.force_login(make_umpire(demo, Role.REGION, "Gaul"))
    page = client.get(home).content.decode()
    assert reverse("printshop:table-packs", args=["ad69"]) in page
    assert reverse("printshop:runs", args=["ad69"]) not in page
