"""A finished run's outputs (issue 34): the merged PDF and the ZIP, kept as files in the var directory's
`print_outputs/`, named in the run's row.

They were kept in the row itself, so the last save of a run of 1,000 briefings held the outputs'
100 MB in memory (and the database driver a copy of it). Now the spooled file is moved into place,
never read, and the downloads stream it from disk. The folder is no static server's: a file is
only served through the run's permission-checked views. A run deleted (its event deleted, or its
request undone) takes its files with it once the deletion commits.
"""

import logging
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files import File
from django.core.files.storage import FileSystemStorage
from django.db import transaction
from django.db.models import Model

logger = logging.getLogger(__name__)
OUTPUTS_FOLDER = "print_outputs"
SUFFIXES = {"merged_pdf": "pdf", "bundle": "zip"}  # each output field's file type


class PrintOutputs(FileSystemStorage):
    """The var directory's `print_outputs/`, found when asked rather than when the models load: the
    tests and the benches give each run a var directory of its own."""

    @property
    def base_location(self) -> str:
        return str(Path(settings.VAR_DIR) / OUTPUTS_FOLDER)

    @property
    def location(self) -> str:
        return str(Path(self.base_location).resolve())


print_outputs = PrintOutputs()


def output_path(run: Any, filename: str) -> str:
    """Where an output is kept: by event, so two events' runs of the same number never meet."""
    return f"{run.event.slug}/{filename}"


def output_filename(run_id: int, field: str) -> str:
    return f"print-run-{run_id}.{SUFFIXES[field]}"


class SpooledFile(File):
    """A finished output in the printer's spool. Django's file storage moves a file that names its own
    path on disk (as a large upload does) instead of reading it: so the output is never in memory."""

    def __init__(self, path: Path) -> None:
        super().__init__(None, name=path.name)
        self.path = path

    def temporary_file_path(self) -> str:
        return str(self.path)


def do_keep_outputs(run: Model, files: dict[str, Path]) -> list[str]:
    """Move each spooled output into place and name it in `run` (not yet saved); returns the fields
    set. If one can't be moved, those already moved are removed again."""
    kept: list[str] = []
    try:
        for field, path in files.items():
            getattr(run, field).save(output_filename(run.pk, field), SpooledFile(path), save=False)
            kept.append(field)
    except BaseException:
        do_remove_outputs(run, kept)
        raise
    return kept


def do_remove_outputs(run: Model, fields: list[str]) -> None:
    """Remove the files of `fields` at once, and name none in `run`: outputs no row will keep."""
    for field in fields:
        print_outputs.delete(getattr(run, field).name)
        setattr(run, field, "")


def remove_when_deleted(sender: type[Model], instance: Any, **kwargs: Any) -> None:
    """A run deleted takes its files, once the deletion commits: a deletion rolled back keeps them."""
    names = [output.name for output in (instance.merged_pdf, instance.bundle) if output]
    if names:
        transaction.on_commit(lambda: remove_files(names), using=kwargs.get("using"))


def remove_files(names: list[str]) -> None:
    for name in names:
        try:
            print_outputs.delete(name)
        except OSError:  # the deletion has committed: a file left behind is only disk, never a wrong answer
            logger.exception("print output %s could not be removed", name)


def do_clear_unnamed_outputs(named: set[str], *, silent_since: datetime) -> list[str]:
    """Remove every output no run names (`named`) that has not been touched since `silent_since`: a printer
    killed between moving its outputs into place and naming them in its run leaves them so. Moving a file
    touches its ctime, so an output a live printer has just moved is never taken. Returns their names."""
    root = Path(print_outputs.location)
    if not root.is_dir():
        return []
    unnamed = [
        path
        for path in root.rglob("*")
        if path.is_file()
        and path.relative_to(root).as_posix() not in named
        and max(path.stat().st_mtime, path.stat().st_ctime) < silent_since.timestamp()
    ]
    for path in unnamed:
        path.unlink(missing_ok=True)
    return sorted(path.relative_to(root).as_posix() for path in unnamed)
