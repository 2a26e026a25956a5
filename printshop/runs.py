"""Batch printing (issue 10, part 4): every personal briefing or every table's pack, printed in the
background into one merged PDF and a ZIP of one file each, its progress sent to Control live.

With a Celery worker the run is a task; in one-process mode, where tasks would run inside the
request, it is a thread of the server instead, so the page answers at once either way. Celery
may deliver a task twice: only the call that moves a run from queued to printing prints it. With
the broker down, the run prints in a thread here too.

A printer that dies (a worker killed, a server closed) leaves its run printing, and a queue that
Redis forgot leaves it queued, for ever. So each run says when it last moved, and every half
minute the runs silent for STALLED_AFTER go back in the queue to print from the start. Each
printer reports as the run's attempt it took up, and stops when it finds the run taken back.

A run spools (issue 34): each document goes to its own file as soon as it is printed, and the
merged PDF and the ZIP are made from those files (`printshop/spool.py`), so a printer holds one
document at a time, whatever the cast. The spooled files go when the printer stops, however it
stops; the two outputs are moved into the var directory's print outputs first, never read
(`printshop/outputs.py`).
"""

import logging
import threading
from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connections, transaction
from django.db.models import F, QuerySet
from django.utils import timezone
from django.utils.text import slugify

from mail.models import StationeryCode
from umpire.broker import queue_task
from umpire.events import control_group, publish_on_commit
from umpire.models import Character, Event, Region
from umpire.printing.briefing import briefing_pdf
from umpire.printing.styles import page_size_named
from umpire.public_address import check_links_printable, public_address
from umpire.services.audit import Actor, record_audit, snapshot

from .briefings import get_briefing
from .events import PrintProgress
from .models import PrintedBriefing, PrintRun, RunSlip
from .outputs import do_clear_unnamed_outputs, do_keep_outputs, do_remove_outputs
from .spool import (
    BUNDLE,
    MERGED_PDF,
    do_clear_abandoned_spools,
    merge_documents,
    spool_for,
    write_document,
    zip_documents,
)
from .table_packs import reserve_slips, table_pack

logger = logging.getLogger(__name__)
UPDATES_PER_RUN = 20  # progress messages a run sends at most: each one refreshes Control's page
# a run reports twenty times, or after each table's pack, seconds apart: one silent this long has lost its printer
STALLED_MINUTES = 2
STALLED_AFTER = timedelta(minutes=STALLED_MINUTES)


class RunTakenBack(Exception):
    """The run this printer was printing went back in the queue: another printer has it now."""


def do_request_print_run(event: Event, *, kind: str, page_size: str, actor: Actor) -> PrintRun:
    """Queue a run of `kind` on `page_size` paper; it starts once this transaction commits. Briefings whose
    player links would open a loopback address are refused (a ValidationError), and nothing is queued."""
    if kind not in PrintRun.Kind.values:
        raise ValueError(f"unknown print run {kind!r}: use one of {', '.join(PrintRun.Kind.values)}")
    page_size_named(page_size)
    site = site_for_briefings(event, Character.objects.filter(event=event)) if kind == PrintRun.Kind.BRIEFINGS else ""
    with transaction.atomic():
        now = timezone.now()
        run = PrintRun.objects.create(
            event=event,
            kind=kind,
            page_size=page_size,
            site=site,
            requested_by=actor,
            requested_at=now,
            heard_at=now,
            total=documents_of(event, kind).count(),
        )
        record_audit(
            event=event,
            actor=actor,
            action="print run requested",
            target=run,
            after={**snapshot(run), "documents": run.total},
        )
        announce(run)
        transaction.on_commit(lambda: start(run.pk))
    return run


def start(run_id: int) -> None:
    """A worker prints the run; without one, or with the broker down, a thread of this process does."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        print_here(run_id)
    else:
        from printshop.tasks import print_run_task

        queue_task(print_run_task, (run_id,), otherwise=lambda: print_here(run_id))


def print_here(run_id: int) -> None:
    threading.Thread(target=print_in_thread, args=(run_id,), name=f"print-run-{run_id}", daemon=True).start()


def print_in_thread(run_id: int) -> None:
    try:
        do_print_run(run_id)
    finally:
        connections.close_all()  # the thread's own connections, which nothing else would close


# ---- the players' links, and what was printed when ----------------------------------------------


def site_for_briefings(event: Event, characters: QuerySet[Character]) -> str:
    """The address the briefings' player links open: the event's public address, refused while it is one
    only this computer opens and any of them carries a player code. A briefing with no code prints anywhere."""
    if characters.filter(mailbox__isnull=False).exists():
        return check_links_printable(event)
    return public_address(event)


def do_record_briefings_printed(characters: Iterable[Character], *, printed_at: datetime) -> None:
    """Note when each one's briefing was printed, for the readiness check of briefings changed since.
    The paper's own record, not a change of the world: no audit entry, which would itself count as a
    change of him after the print."""
    PrintedBriefing.objects.bulk_create(
        [PrintedBriefing(character=character, printed_at=printed_at) for character in characters],
        update_conflicts=True,
        unique_fields=["character"],
        update_fields=["printed_at"],
    )


# ---- printing ------------------------------------------------------------------------------------


def do_print_run(run_id: int) -> None:
    """Print run `run_id` if it is still queued; a second call, or a call for a finished run, does nothing."""
    started = timezone.now()
    if not PrintRun.objects.filter(pk=run_id, state=PrintRun.State.QUEUED).update(
        state=PrintRun.State.PRINTING, heard_at=started, attempts=F("attempts") + 1, done=0
    ):
        return
    run = PrintRun.objects.select_related("event", "requested_by").get(pk=run_id)
    documents: list[Character | Region] = list(documents_of(run.event, run.kind))
    try:
        try:
            with spool_for(run.pk, run.attempts) as folder:
                finish(run, documents, started, **outcome_of(run, documents, folder))
        except OSError as error:  # the spool unwritable, or the disk full as it was kept: the run must say so
            logger.exception("print run %s could not spool", run.pk)
            finish(run, documents, started, state=PrintRun.State.FAILED, failure=f"{type(error).__name__}: {error}")
    except RunTakenBack:
        logger.warning("print run %s went back in the queue while attempt %s printed it", run_id, run.attempts)


def outcome_of(run: PrintRun, documents: list[Character | Region], folder: Path) -> dict[str, Any]:
    """The run's last fields: its outputs (files in the printer's `folder`, until `finish` moves them into
    place), or why it failed."""
    try:
        printed = print_documents(run, documents, folder)
        pages = merge_documents(printed, folder / MERGED_PDF)
        zip_documents(printed, folder / BUNDLE)
    except RunTakenBack:
        raise
    except Exception as error:  # the run must say it stopped, or its progress bar waits for ever
        logger.exception("print run %s failed", run.pk)
        return {"state": PrintRun.State.FAILED, "failure": f"{type(error).__name__}: {error}"}
    files = {"merged_pdf": folder / MERGED_PDF, "bundle": folder / BUNDLE}
    return {"state": PrintRun.State.DONE, "pages": pages, "files": files}


def print_documents(run: PrintRun, documents: list[Character | Region], folder: Path) -> list[Path]:
    """Each document printed to its own file in `folder`, in order, reporting progress as it goes. Its bytes
    are let go once written, so the run holds one document's at a time."""
    run.total = len(documents)
    report(run, "total")
    every = max(1, run.total // UPDATES_PER_RUN)
    printed = []
    for document in documents:
        printed.append(write_document(folder, *print_one(run, document)))
        run.done = len(printed)
        if run.done % every == 0:  # a write per document would slow a run of briefings by a tenth
            report(run, "done")
    return printed


def documents_of(event: Event, kind: str) -> QuerySet[Character] | QuerySet[Region]:
    if kind == PrintRun.Kind.BRIEFINGS:
        return (
            Character.objects.filter(event=event)
            .select_related("event", "career_rank", "location", "travelling_to")
            .order_by("name", "pk")
        )
    return (
        Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE)
        .select_related("event")
        .order_by("position", "name")
    )


def print_one(run: PrintRun, document: Character | Region) -> tuple[str, bytes]:
    name = f"{slugify(document.name) or 'unnamed'}-{document.pk}.pdf"
    if isinstance(document, Character):  # a run of briefings; a run of packs prints tables
        sheet = get_briefing(document, site=run.site)
        return name, briefing_pdf(sheet, event_name=run.event.name, page_size=run.page_size)
    with transaction.atomic():  # a pack whose PDF fails keeps none of its slips' codes
        codes = pack_slip_codes(run, document)
        return name, table_pack(document, page_size=run.page_size, codes=codes)


def pack_slip_codes(run: PrintRun, table: Region) -> list[str]:
    """The codes of the table's slips in this run: those an earlier attempt reserved, else reserved now. The
    run's row is locked first, so two printers of one run (one taken back) never both reserve for a table."""
    PrintRun.objects.select_for_update().filter(pk=run.pk).first()
    kept = list(RunSlip.objects.filter(run=run, code__table=table).values_list("code__code", flat=True))
    if kept:
        return kept
    codes = reserve_slips(table, run.requested_by)
    reserved = StationeryCode.objects.filter(event_id=table.event_id, code__in=codes).order_by("pk")
    RunSlip.objects.bulk_create([RunSlip(run=run, code=code) for code in reserved])
    return codes


def report(run: PrintRun, *fields: str) -> None:
    """Save `fields` of the run, and that it was heard from now, if this printer's attempt still holds it."""
    run.heard_at = timezone.now()
    values = {field: getattr(run, field) for field in (*fields, "heard_at")}
    if not PrintRun.objects.filter(pk=run.pk, state=PrintRun.State.PRINTING, attempts=run.attempts).update(**values):
        raise RunTakenBack(run.pk)
    announce(run)


def finish(
    run: PrintRun,
    documents: list[Character | Region],
    started: datetime,
    *,
    state: str,
    files: dict[str, Path] | None = None,
    **outcome: object,
) -> None:
    """The run's last report; a run of briefings printed whole notes each one as printed when the run began,
    so a change made while it printed still shows as a change since. `files` are the spooled outputs, by
    the field of the run that names each: moved into place first, and removed again if the run isn't
    this printer's to finish."""
    for field, value in outcome.items():
        setattr(run, field, value)
    run.state, run.finished_at = state, timezone.now()
    kept = do_keep_outputs(run, files or {})
    try:
        with transaction.atomic():
            report(run, "state", "finished_at", "done", *outcome, *kept)
            if state == PrintRun.State.DONE and run.kind == PrintRun.Kind.BRIEFINGS:
                do_record_briefings_printed(
                    (document for document in documents if isinstance(document, Character)), printed_at=started
                )
    except BaseException:
        do_remove_outputs(run, kept)
        raise


def announce(run: PrintRun) -> None:
    publish_on_commit(
        [control_group(run.event_id)], PrintProgress(run_id=run.pk, state=run.state, done=run.done, total=run.total)
    )


# ---- a printer that stopped ----------------------------------------------------------------------


def do_resume_stalled_runs(now: datetime | None = None) -> list[int]:
    """Put back in the queue, and start, every run unheard from for STALLED_AFTER; returns their ids. The
    spooled files of a printer silent as long (killed outright, its run taken back) are removed, and so are
    the outputs such a printer had moved into place but not yet named in its run."""
    now = now or timezone.now()
    do_clear_abandoned_spools(silent_since=now - STALLED_AFTER)
    do_clear_unnamed_outputs(named_outputs(), silent_since=now - STALLED_AFTER)
    stalled = PrintRun.objects.filter(
        state__in=[PrintRun.State.QUEUED, PrintRun.State.PRINTING], heard_at__lt=now - STALLED_AFTER
    )
    return [run.pk for run in stalled.select_related("event") if resumed(run, now)]


def named_outputs() -> set[str]:
    return {name for names in PrintRun.objects.values_list("merged_pdf", "bundle") for name in names if name}


def resumed(run: PrintRun, now: datetime) -> bool:
    with transaction.atomic():
        if not PrintRun.objects.filter(pk=run.pk, state=run.state, heard_at=run.heard_at).update(
            state=PrintRun.State.QUEUED, heard_at=now, done=0
        ):
            return False  # its printer spoke up, or another sweep took it back first
        before = snapshot(run)
        run.state, run.heard_at, run.done = PrintRun.State.QUEUED, now, 0
        record_audit(
            event=run.event,
            actor=None,
            action="print run resumed",
            target=run,
            before=before,
            after=snapshot(run),
            reason=f"Nothing heard from its printer for {STALLED_MINUTES} minutes.",
        )
        announce(run)
        transaction.on_commit(lambda: start(run.pk))
    return True
