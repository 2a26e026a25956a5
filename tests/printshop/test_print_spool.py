"""A batch run spools (issue 34): each document is written to its own file as soon as it is printed, the
merged PDF and the ZIP are made from those files, and the files go when the printer stops, however it
stops. So a run holds one document at a time, whatever the cast; what it holds is shown here by the
run's structure, never timed or weighed."""

import os
import time
import zipfile
from datetime import timedelta
from io import BytesIO
from pathlib import Path

import pytest
from django.utils import timezone
from pypdf import PdfReader, PdfWriter
from pypdf.generic import NameObject, RectangleObject

from printshop import runs
from printshop.models import PrintRun
from printshop.outputs import print_outputs
from printshop.runs import STALLED_AFTER, do_print_run, do_request_print_run, do_resume_stalled_runs
from printshop.spool import merge_documents, spool_root
from tests.demo_data import load_demo_forces
from umpire.models import Character
from umpire.printing.styles import build_pdf, paragraph

pytestmark = pytest.mark.slow  # whole print runs


@pytest.fixture
def queued(ad69, control, django_capture_on_commit_callbacks, monkeypatch):
    """A run of the briefings of four of the demo cast (the fewer, the quicker), queued and left for the
    test to print."""
    load_demo_forces()
    four = Character.objects.filter(event=ad69).order_by("name", "pk").values_list("pk", flat=True)[:4]
    every = runs.documents_of
    monkeypatch.setattr(runs, "documents_of", lambda event, kind: every(event, kind).filter(pk__in=list(four)))
    monkeypatch.setattr(runs, "start", lambda run_id: None)
    with django_capture_on_commit_callbacks(execute=True):
        return do_request_print_run(ad69, kind=PrintRun.Kind.BRIEFINGS, page_size="A4", actor=control)


def spooled():
    """Every file left in the print spool, by its path under the spool's root."""
    root = spool_root()
    return sorted(str(path.relative_to(root)) for path in root.rglob("*")) if root.exists() else []


def texts(pdf):
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def test_the_merged_pdf_is_every_document_in_the_run_s_order(queued):
    do_print_run(queued.pk)
    queued.refresh_from_db()
    assert queued.state == PrintRun.State.DONE
    with zipfile.ZipFile(queued.bundle.path) as bundle:
        by_name = {name: bundle.read(name) for name in bundle.namelist()}
    characters = runs.documents_of(queued.event, PrintRun.Kind.BRIEFINGS)
    in_order = [by_name[f"{runs.slugify(character.name)}-{character.pk}.pdf"] for character in characters]
    assert len(in_order) == len(by_name) == 4
    assert texts(Path(queued.merged_pdf.path).read_bytes()) == [text for pdf in in_order for text in texts(pdf)]
    assert queued.pages == len(texts(Path(queued.merged_pdf.path).read_bytes()))


def test_each_document_is_on_disk_before_the_next_is_printed_and_the_printer_keeps_only_paths(queued, monkeypatch):
    """The render step hands on a file, not bytes: when document N is printed, the N before it are files
    in the printer's folder, and what the run gathers for the merge is their paths."""
    on_disk_at_each, handed_on = [], []
    real_print_one, real_merge = runs.print_one, runs.merge_documents

    def print_one(run, document):
        on_disk_at_each.append(len([name for name in spooled() if name.endswith(".pdf")]))
        return real_print_one(run, document)

    def merge_documents(printed, into):
        handed_on.extend(printed)
        return real_merge(printed, into)

    monkeypatch.setattr(runs, "print_one", print_one)
    monkeypatch.setattr(runs, "merge_documents", merge_documents)
    do_print_run(queued.pk)
    assert on_disk_at_each == list(range(queued.total))
    assert len(handed_on) == queued.total and all(isinstance(path, Path) for path in handed_on)


def test_the_spooled_files_are_gone_once_the_run_is_kept(queued, monkeypatch):
    seen = []
    real_zip = runs.zip_documents

    def zip_documents(printed, into):
        seen.extend(spooled())  # while the run prints, its documents are files
        return real_zip(printed, into)

    monkeypatch.setattr(runs, "zip_documents", zip_documents)
    do_print_run(queued.pk)
    assert len([name for name in seen if name.endswith(".pdf")]) == queued.total
    assert PrintRun.objects.get(pk=queued.pk).state == PrintRun.State.DONE
    assert spooled() == []


def test_a_failed_run_leaves_no_files(queued, monkeypatch):
    real_print_one = runs.print_one

    def fails_on_the_third(run, document):
        if run.done == 2:
            raise RuntimeError(f"no sheet for {document.name}")
        return real_print_one(run, document)

    monkeypatch.setattr(runs, "print_one", fails_on_the_third)
    do_print_run(queued.pk)
    queued.refresh_from_db()
    assert queued.state == PrintRun.State.FAILED and queued.failure.startswith("RuntimeError: no sheet for")
    assert not queued.merged_pdf and spooled() == []


def test_a_run_taken_back_from_its_printer_leaves_none_of_that_printer_s_files(
    queued, monkeypatch, django_capture_on_commit_callbacks
):
    real_print_one = runs.print_one

    def taken_back_on_the_third(run, document):
        if run.done == 2:
            PrintRun.objects.filter(pk=run.pk).update(state=PrintRun.State.QUEUED)  # the sweep took it back
        return real_print_one(run, document)

    monkeypatch.setattr(runs, "print_one", taken_back_on_the_third)
    do_print_run(queued.pk)
    assert PrintRun.objects.get(pk=queued.pk).state == PrintRun.State.QUEUED and spooled() == []


def test_the_outputs_are_moved_out_of_the_spool_never_read(queued, monkeypatch):
    """The merged PDF and the ZIP kept are the very files the printer wrote (the same inodes): moved into
    the print outputs, not read into memory to be saved (issue 34)."""
    written = {}
    real_merge, real_zip = runs.merge_documents, runs.zip_documents

    def merge_documents(printed, into):
        pages = real_merge(printed, into)
        written["merged_pdf"] = into.stat().st_ino
        return pages

    def zip_documents(printed, into):
        real_zip(printed, into)
        written["bundle"] = into.stat().st_ino

    monkeypatch.setattr(runs, "merge_documents", merge_documents)
    monkeypatch.setattr(runs, "zip_documents", zip_documents)
    do_print_run(queued.pk)
    queued.refresh_from_db()
    assert queued.merged_pdf.name == f"ad69/print-run-{queued.pk}.pdf"
    assert queued.bundle.name == f"ad69/print-run-{queued.pk}.zip"
    kept = {field: Path(getattr(queued, field).path).stat().st_ino for field in written}
    assert kept == written and spooled() == []


def test_a_run_taken_back_as_it_finishes_keeps_none_of_that_printer_s_outputs(queued, monkeypatch):
    real_zip = runs.zip_documents

    def taken_back_once_zipped(printed, into):
        real_zip(printed, into)
        PrintRun.objects.filter(pk=queued.pk).update(state=PrintRun.State.QUEUED)  # the sweep took it back

    monkeypatch.setattr(runs, "zip_documents", taken_back_once_zipped)
    do_print_run(queued.pk)
    queued.refresh_from_db()
    assert queued.state == PrintRun.State.QUEUED and not queued.merged_pdf and not queued.bundle
    assert not print_outputs_kept() and spooled() == []


def print_outputs_kept():
    return [path for path in Path(print_outputs.location).rglob("*") if path.is_file()]


def test_the_sweep_clears_a_killed_printer_s_files_and_leaves_a_live_one_s(queued):
    """A SIGKILL runs no `finally`: the folder stays until it has been silent as long as a stalled run."""
    root = spool_root()
    killed, live = root / f"run-{queued.pk}-attempt-1-dead", root / f"run-{queued.pk}-attempt-2-live"
    for folder in (killed, live):
        folder.mkdir(parents=True)
        (folder / "somebody-1.pdf").write_bytes(b"%PDF-1.4")
    long_ago = time.time() - STALLED_AFTER.total_seconds() - 60
    for path in (killed, killed / "somebody-1.pdf"):
        os.utime(path, (long_ago, long_ago))
    do_resume_stalled_runs(now=timezone.now() + timedelta(seconds=1))
    assert spooled() == [live.name, f"{live.name}/somebody-1.pdf"]


def a_pdf(text, pages=1):
    return build_pdf([paragraph(f"{text}, part {part}") for part in range(60 * pages)], title=text, event_name="AD69")


def test_merging_keeps_what_a_page_inherits_from_its_own_page_tree(tmp_path):
    """A page whose size is set on its document's page tree, not on the page: the merged page keeps it."""
    writer = PdfWriter()
    writer.add_blank_page(width=200, height=300)
    del writer.pages[0][NameObject("/MediaBox")]
    writer.root_object["/Pages"][NameObject("/MediaBox")] = RectangleObject([0, 0, 200, 300])
    inherited, ours = tmp_path / "inherited.pdf", tmp_path / "ours.pdf"
    writer.write(inherited)
    ours.write_bytes(a_pdf("Legio XIV", pages=2))

    pages = merge_documents([ours, inherited, ours], tmp_path / "merged.pdf")

    merged = PdfReader(tmp_path / "merged.pdf", strict=True)
    sizes = [tuple(round(float(side)) for side in page.mediabox.upper_right) for page in merged.pages]
    legion = len(PdfReader(ours).pages)
    assert legion > 1 and pages == len(merged.pages) == legion + 1 + legion
    assert sizes == [(595, 842)] * legion + [(200, 300)] + [(595, 842)] * legion
    assert "Legio XIV, part 0" in merged.pages[legion + 1].extract_text()


def test_a_run_that_cannot_spool_fails_and_says_why(queued, settings, tmp_path):
    """The var directory unwritable (here a file where the folder should be): the run stops, saying so,
    rather than stay printing for ever."""
    settings.VAR_DIR = tmp_path / "not-a-folder"
    settings.VAR_DIR.write_bytes(b"")
    do_print_run(queued.pk)
    queued.refresh_from_db()
    assert queued.state == PrintRun.State.FAILED and queued.failure.startswith("NotADirectoryError")
    assert queued.finished_at is not None and not queued.merged_pdf
