"""The print spool (issue 34): a batch run's documents on disk, one file each, joined from there.

A run of 1,000 briefings once held every PDF in memory, and pypdf's writer then held every page
of them again to merge them. Here each document goes to its own file in the printer's folder as
soon as it is printed, and the merged PDF is written object by object as each file is read
(`MergedPdf`), so a printer holds one document at a time whatever the cast. The ZIP is filled
from the same files.

Each printer spools into a folder of its own, under the var directory's `print_runs/`, named for
the run and attempt and unique besides (a second printer of the same run, or another database's
run of the same number, never shares it), and removes it when it stops, whatever the outcome. A
printer killed outright leaves its folder behind: beat's sweep removes any folder nothing has
written to for as long as a run's silence takes it back (`do_clear_abandoned_spools`).
"""

import shutil
import tempfile
import zipfile
from array import array
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from datetime import datetime
from io import BytesIO
from pathlib import Path
from typing import Any, BinaryIO, cast

from django.conf import settings
from pypdf import PageObject, PdfReader
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
    NullObject,
    NumberObject,
    PdfObject,
    StreamObject,
)

SPOOL_FOLDER = "print_runs"
MERGED_PDF = "merged.pdf.part"  # named apart from the documents' own "<name>-<pk>.pdf"
BUNDLE = "bundle.zip.part"


def spool_root() -> Path:
    return Path(settings.VAR_DIR) / SPOOL_FOLDER


@contextmanager
def spool_for(run_id: int, attempt: int) -> Iterator[Path]:
    """A fresh folder for one printer of run `run_id`, removed with all it holds when the printer stops."""
    spool_root().mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=f"run-{run_id}-attempt-{attempt}-", dir=spool_root()))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def do_clear_abandoned_spools(*, silent_since: datetime) -> list[str]:
    """Remove every printer's folder nothing has been written to since `silent_since`: its printer was
    killed (a live one writes a file a document, seconds apart). Returns the folders' names."""
    if not spool_root().is_dir():
        return []
    abandoned = [folder for folder in spool_root().iterdir() if last_written(folder) < silent_since.timestamp()]
    for folder in abandoned:
        shutil.rmtree(folder, ignore_errors=True)
    return sorted(folder.name for folder in abandoned)


def last_written(folder: Path) -> float:
    """When the folder or any file in it last changed: the merged file grows long after the last document."""
    return max([folder.stat().st_mtime, *(entry.stat().st_mtime for entry in folder.iterdir())])


def write_document(folder: Path, name: str, pdf: bytes) -> Path:
    path = folder / name
    path.write_bytes(pdf)
    return path


def zip_documents(paths: Iterable[Path], into: Path) -> None:
    """One ZIP of the documents, each read from its file as it goes in."""
    with zipfile.ZipFile(into, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in paths:
            bundle.write(path, arcname=path.name)


def merge_documents(paths: Iterable[Path], into: Path) -> int:
    """One PDF of every page of the documents, in order; returns its pages."""
    with into.open("wb") as out:
        merged = MergedPdf(out)
        for path in paths:
            merged.append(path)
        return merged.close()


class MergedPdf:
    """A PDF written as its documents come: each one's pages, and every object they use, go to the file
    as that document is read, renumbered after the objects already written; only the offsets of what
    was written (for the cross-reference table) and the pages' numbers stay in memory until `close`.

    pypdf's own writer keeps every object of every document until it writes, which was most of a large
    run's memory. The documents' outlines and names are left out: ours carry none."""

    CATALOG, PAGE_TREE = 1, 2  # written last, when the pages are known

    def __init__(self, out: BinaryIO) -> None:
        self.out = out
        self.offsets = array("Q", [0, 0])  # each object's place in the file, by its number less one
        self.pages = array("Q")  # the page objects' numbers, in order
        out.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")

    def append(self, path: Path) -> None:
        """Copy the document at `path`: its pages, then everything they refer to, object by object."""
        document = DocumentCopy(PdfReader(path), first_free=len(self.offsets) + 1)
        self.pages.extend(document.page_numbers())
        for number, body in document.objects():
            self.write_object(number, body)

    def write_object(self, number: int, body: bytes) -> None:
        self.offsets.extend([0] * (number - len(self.offsets)))
        self.offsets[number - 1] = self.out.tell()
        self.out.write(b"%d 0 obj\n%b\nendobj\n" % (number, body))

    def close(self) -> int:
        """Write the page tree, the catalog and the cross-reference table; returns the pages."""
        kids = b" ".join(b"%d 0 R" % page for page in self.pages)
        self.write_object(self.PAGE_TREE, b"<< /Type /Pages /Kids [ %b ] /Count %d >>" % (kids, len(self.pages)))
        self.write_object(self.CATALOG, b"<< /Type /Catalog /Pages %d 0 R >>" % self.PAGE_TREE)
        table = self.out.tell()
        self.out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(self.offsets) + 1))
        self.out.writelines(b"%010d 00000 n \n" % offset for offset in self.offsets)
        trailer = b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n"
        self.out.write(trailer % (len(self.offsets) + 1, self.CATALOG, table))
        return len(self.pages)


Key = tuple[int, int]  # an object's number and generation in its own document


class DocumentCopy:
    """One document's objects on their way into the merged file: each reference it holds gets the next
    free number the first time it is met, and its object is queued to be written under that number."""

    def __init__(self, reader: PdfReader, *, first_free: int) -> None:
        self.reader = reader
        self.next_free = first_free
        self.numbers: dict[Key, int] = {}
        self.waiting: deque[IndirectObject] = deque()
        # Pages are copied as pypdf reads them, with what they inherit from their page tree; the tree
        # itself is left behind, its place taken by the merged file's.
        self.pages = {key(reference_of(page)): page for page in reader.pages}
        self.tree = page_tree_of(reader)

    def page_numbers(self) -> list[int]:
        return [self.number(reference_of(page)) for page in self.reader.pages]

    def objects(self) -> Iterator[tuple[int, bytes]]:
        """Each object met so far, numbered and written out, until none is left unwritten."""
        while self.waiting:
            reference = self.waiting.popleft()
            found = self.pages[key(reference)] if key(reference) in self.pages else reference.get_object()
            yield self.numbers[key(reference)], self.serialised(found)

    def number(self, reference: IndirectObject) -> int:
        if key(reference) in self.tree:
            return MergedPdf.PAGE_TREE
        if key(reference) not in self.numbers:
            self.numbers[key(reference)] = self.next_free
            self.next_free += 1
            self.waiting.append(reference)
        return self.numbers[key(reference)]

    def serialised(self, item: PdfObject | None) -> bytes:
        """`item` as the merged file writes it, its references renumbered."""
        if isinstance(item, IndirectObject):
            return b"%d 0 R" % self.number(item)
        if isinstance(item, StreamObject):
            data = item._data  # the stream as stored, still encoded by its own filters
            entries = {name: value for name, value in item.items() if name != "/Length"}
            entries[NameObject("/Length")] = NumberObject(len(data))
            return b"%b\nstream\n%b\nendstream" % (self.dictionary(entries), data)
        if isinstance(item, DictionaryObject):
            return self.dictionary(item)
        if isinstance(item, ArrayObject):
            return b"[ %b ]" % b" ".join(self.serialised(element) for element in item)
        return written(item)

    def dictionary(self, entries: dict[Any, Any]) -> bytes:
        pairs = (
            b"%b %b" % (written(name), self.serialised(value))
            for name, value in entries.items()
            if not (name.startswith("/%") and name.endswith("%"))  # pypdf's own bookkeeping, never written
        )
        return b"<<\n%b\n>>" % b"\n".join(pairs)


def key(reference: IndirectObject) -> Key:
    return reference.idnum, reference.generation


def reference_of(page: PageObject) -> IndirectObject:
    """A page's own reference: a page read from a file always has one (only a page made in memory has not)."""
    if page.indirect_reference is None:
        raise ValueError("a page read from a PDF file without its object number")
    return page.indirect_reference


def page_tree_of(reader: PdfReader) -> set[Key]:
    """The document's page tree nodes: its root and any node between it and the pages."""
    catalog = cast(DictionaryObject, reader.trailer["/Root"])
    nodes, waiting = set(), [catalog.raw_get("/Pages")]
    while waiting:
        reference = waiting.pop()
        nodes.add(key(reference))
        kids = reference.get_object().get("/Kids", ArrayObject())
        waiting.extend(kid for kid in kids if kid.get_object().get("/Type") == "/Pages")
    return nodes


def written(item: PdfObject | None) -> bytes:
    """A plain value (a name, number, string, boolean or null) as it appears in a PDF."""
    buffer = BytesIO()
    (NullObject() if item is None else item).write_to_stream(buffer)
    return buffer.getvalue()
