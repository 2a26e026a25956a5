"""A finished run's outputs are files (issue 34): named in the run's row, kept in the var directory's print
outputs, streamed by the downloads to Control alone, removed with their run, and moved out of the rows (and
back) by printshop's migration 0005."""

import importlib
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.base import ContentFile
from django.db import connection, models, transaction
from django.db.migrations.loader import MigrationLoader
from django.http import FileResponse
from django.urls import reverse
from django.utils import timezone

from printshop.models import PrintRun
from printshop.outputs import OUTPUTS_FOLDER, print_outputs
from printshop.runs import STALLED_AFTER, do_resume_stalled_runs
from umpire.models import Event, Role

migration = importlib.import_module("printshop.migrations.0005_run_outputs_are_files")
PDF, ZIP = b"%PDF-1.4 the merged briefings", b"PK the briefings one a file"


def done_run(event):
    """A run printed and kept, its outputs in files as a printer leaves them."""
    return PrintRun.objects.create(
        event=event,
        kind=PrintRun.Kind.BRIEFINGS,
        page_size="A4",
        requested_at=timezone.now(),
        state=PrintRun.State.DONE,
        merged_pdf=ContentFile(PDF, name="print-run.pdf"),
        bundle=ContentFile(ZIP, name="print-run.zip"),
    )


@pytest.fixture
def printed(ad69):
    return done_run(ad69)


def stored():
    """Every file in the print outputs, by its name there."""
    root = Path(print_outputs.location)
    return sorted(str(path.relative_to(root)) for path in root.rglob("*") if path.is_file()) if root.exists() else []


def streamed(response):
    return b"".join(response.streaming_content)


def test_a_run_s_outputs_are_files_in_the_var_directory_named_in_its_row(printed, settings):
    columns = PrintRun.objects.filter(pk=printed.pk).values_list("merged_pdf", "bundle").get()
    assert columns == ("ad69/print-run.pdf", "ad69/print-run.zip") and stored() == list(columns)
    assert Path(printed.merged_pdf.path) == settings.VAR_DIR / OUTPUTS_FOLDER / "ad69" / "print-run.pdf"
    assert Path(printed.bundle.path).read_bytes() == ZIP


def test_control_downloads_each_output_streamed_from_its_file(client, control, printed):
    client.force_login(control)
    merged = client.get(reverse("printshop:run-pdf", args=["ad69", printed.pk]))
    bundle = client.get(reverse("printshop:run-zip", args=["ad69", printed.pk]))
    assert isinstance(merged, FileResponse) and isinstance(bundle, FileResponse)
    assert (merged["Content-Type"], streamed(merged)) == ("application/pdf", PDF)
    assert merged["Content-Disposition"] == f'inline; filename="ad69-print-run-{printed.pk}.pdf"'
    assert (bundle["Content-Type"], streamed(bundle)) == ("application/zip", ZIP)
    assert bundle["Content-Disposition"] == f'attachment; filename="ad69-print-run-{printed.pk}.zip"'


@pytest.mark.parametrize("output", ["printshop:run-pdf", "printshop:run-zip"])
def test_only_who_prints_batches_downloads_a_run_s_outputs(client, ad69, make_umpire, printed, output):
    url = reverse(output, args=["ad69", printed.pk])
    assert client.get(url).status_code == 302  # to the sign-in page
    client.force_login(make_umpire(ad69, Role.REGION, "Illyria"))
    assert client.get(url).status_code == 404


def test_another_event_s_control_cannot_reach_a_run_through_his_own_event(client, ad69, make_umpire, printed):
    other = Event.objects.create(slug="ad70", name="AD70", start_year=70, start_month=1, number_of_turns=12)
    client.force_login(make_umpire(other, Role.CONTROL, username="control-ad70"))
    assert client.get(reverse("printshop:run-pdf", args=["ad70", printed.pk])).status_code == 404


def test_a_run_whose_file_is_gone_is_not_found(client, control, printed):
    """A database restored where its files never were: the run is printed again from the data."""
    Path(printed.merged_pdf.path).unlink()
    client.force_login(control)
    assert client.get(reverse("printshop:run-pdf", args=["ad69", printed.pk])).status_code == 404
    assert client.get(reverse("printshop:run-zip", args=["ad69", printed.pk])).status_code == 200


def test_deleting_a_run_removes_its_files_once_the_deletion_commits(printed, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks() as callbacks:
        printed.delete()
        assert len(stored()) == 2  # until the deletion commits
    for callback in callbacks:
        callback()
    assert stored() == []


def test_a_deletion_rolled_back_keeps_the_run_s_files(printed, django_capture_on_commit_callbacks):
    run = printed.pk
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        with transaction.atomic():
            printed.delete()
            raise RuntimeError("changed his mind")
    assert PrintRun.objects.filter(pk=run).exists() and len(stored()) == 2


def test_deleting_an_event_removes_its_runs_files(ad69, printed, django_capture_on_commit_callbacks):
    """The cascade from the event deletes no run through a service: the files still go with the rows."""
    rehearsal = Event.objects.create(
        slug="rehearsal", name="Rehearsal", start_year=69, start_month=1, number_of_turns=2
    )
    for _ in range(2):
        done_run(rehearsal)
    assert len(stored()) == 6
    with django_capture_on_commit_callbacks(execute=True):
        rehearsal.delete()
    assert stored() == ["ad69/print-run.pdf", "ad69/print-run.zip"]


# ---- migration 0005: the rows' bytes out to files, and back ---------------------------------------------------


@pytest.fixture
def mid_migration(ad69):
    """The apps as the migration's RunPython sees them (the files' fields beside the bytes' fields), and the
    bytes' columns back in the database, inside the test's own transaction, rolled back with it."""
    loader = MigrationLoader(connection)
    state = loader.project_state(("printshop", "0005_run_outputs_are_files"), at_end=False)
    step = next(i for i, op in enumerate(migration.Migration.operations) if op.__class__.__name__ == "RunPython")
    for operation in migration.Migration.operations[:step]:
        operation.state_forwards("printshop", state)
    blob = models.BinaryField().db_type(connection)
    with connection.cursor() as cursor:
        for column in migration.IN_THE_ROW.values():
            cursor.execute(f"ALTER TABLE printshop_printrun ADD COLUMN {column} {blob} NOT NULL DEFAULT ''")
    return state.apps


def run_in_the_rows(ad69, apps, merged_pdf, bundle):
    """A run as it was before 0005: done, its outputs' bytes in its row."""
    run = PrintRun.objects.create(
        event=ad69, kind=PrintRun.Kind.BRIEFINGS, page_size="A4", requested_at=timezone.now(), state="done"
    )
    apps.get_model("printshop", "PrintRun").objects.filter(pk=run.pk).update(
        merged_pdf_bytes=merged_pdf, bundle_bytes=bundle
    )
    return run


def in_the_rows(apps, run):
    row = apps.get_model("printshop", "PrintRun").objects.filter(pk=run.pk)
    return tuple(bytes(data) for data in row.values_list("merged_pdf_bytes", "bundle_bytes").get())


def test_the_migration_moves_each_run_s_bytes_out_to_its_files(ad69, mid_migration):
    printed = run_in_the_rows(ad69, mid_migration, PDF, ZIP)
    failed = run_in_the_rows(ad69, mid_migration, b"", b"")
    migration.bytes_to_files(mid_migration, connection.schema_editor())
    printed.refresh_from_db()
    failed.refresh_from_db()
    assert (printed.merged_pdf.name, printed.bundle.name) == (
        f"ad69/print-run-{printed.pk}.pdf",
        f"ad69/print-run-{printed.pk}.zip",
    )
    assert Path(printed.merged_pdf.path).read_bytes() == PDF and Path(printed.bundle.path).read_bytes() == ZIP
    assert not failed.merged_pdf and not failed.bundle and len(stored()) == 2


def test_the_migration_goes_back_to_the_bytes_and_removes_the_files_once_committed(
    ad69, mid_migration, django_capture_on_commit_callbacks
):
    printed = run_in_the_rows(ad69, mid_migration, PDF, ZIP)
    migration.bytes_to_files(mid_migration, connection.schema_editor())
    mid_migration.get_model("printshop", "PrintRun").objects.update(merged_pdf_bytes=b"", bundle_bytes=b"")
    with django_capture_on_commit_callbacks() as callbacks:
        migration.files_to_bytes(mid_migration, connection.schema_editor())
    assert in_the_rows(mid_migration, printed) == (PDF, ZIP) and len(stored()) == 2
    for callback in callbacks:
        callback()
    assert stored() == []


def test_going_back_a_run_whose_files_are_gone_keeps_no_bytes(ad69, mid_migration):
    printed = run_in_the_rows(ad69, mid_migration, PDF, ZIP)
    migration.bytes_to_files(mid_migration, connection.schema_editor())
    printed.refresh_from_db()
    Path(printed.merged_pdf.path).unlink()
    mid_migration.get_model("printshop", "PrintRun").objects.update(merged_pdf_bytes=b"", bundle_bytes=b"")
    migration.files_to_bytes(mid_migration, connection.schema_editor())
    assert in_the_rows(mid_migration, printed) == (b"", ZIP)


def test_the_sweep_clears_the_outputs_a_killed_printer_moved_but_never_named(printed):
    """A printer killed between moving its outputs into place and naming them leaves files no run names: the
    stalled-run sweep removes them once they have lain untouched as long as a printer may be silent, and
    never a run's own."""
    root = Path(print_outputs.location)
    (root / "ad69" / "print-run-7.pdf").write_bytes(PDF)
    do_resume_stalled_runs(now=timezone.now())
    assert "ad69/print-run-7.pdf" in stored(), "a file just moved into place is a live printer's"
    do_resume_stalled_runs(now=timezone.now() + STALLED_AFTER + timedelta(seconds=1))
    assert stored() == ["ad69/print-run.pdf", "ad69/print-run.zip"]
