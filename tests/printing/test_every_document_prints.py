"""No PDF can fail (issue 31): every document the console prints, fed extreme but valid sheet data, lays
out and reads back with its subject on the paper.

The documents are found, not listed: every `*_pdf` function in umpire/printing, its sheet built from
its dataclasses' field types (sheet_data.py), so a new document or a new field is fuzzed as soon as it
exists. Each document only has to say here which of its texts is its subject.
"""

import importlib
import inspect
import pkgutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import BytesIO
from itertools import accumulate
from typing import Any, get_args, get_origin, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

import umpire.printing
from mail.codes import ALPHABET, shown
from umpire.printing.control_pack import CastMember, ControlPack, control_pack_pdf
from umpire.printing.letter_slips import Slip
from umpire.printing.styles import PAGE_SIZES, build_pdf

from .sheet_data import EXTREMES, SHORT_NAME, Extreme, extreme_value, strategy_for, texts

Document = Callable[..., bytes]
DIGITS_AS_CODE = str.maketrans("0123456789", ALPHABET[:10])  # a slip's number as a distinct code


def documents() -> dict[str, Document]:
    """Every document's printing function, by name: each module's own `*_pdf` functions, but not
    build_pdf, which lays out a story already made."""
    found = {}
    for module_info in pkgutil.iter_modules(umpire.printing.__path__):
        module = importlib.import_module(f"umpire.printing.{module_info.name}")
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.endswith("_pdf") and function.__module__ == module.__name__ and function is not build_pdf:
                found[name] = function
    return found


DOCUMENTS = documents()

# What each document is about, as the texts that must read back from its paper.
SUBJECTS: dict[str, Callable[[Any, dict[str, Any]], list[str]]] = {
    "acta_diurna_pdf": lambda gazette, _: [item.headline for item in gazette.items],
    "battle_record_pdf": lambda record, _: [record.title],
    "battle_sheet_pdf": lambda sheet, _: [sheet.title],
    "briefing_pdf": lambda sheet, _: [sheet.name],
    "control_pack_pdf": lambda pack, options: [options["event_name"], *(member.name for member in pack.cast)],
    "legion_status_pdf": lambda sheets, _: [sheet.legion for sheet in sheets],
    "map_page_pdf": lambda data, _: [data.title, *(place.name for place in data.places)],
    "letter_cover_pdf": lambda cover, _: [cover.code, cover.addressed_to],
    "procedure_record_pdf": lambda sheet, _: [sheet.title],
    "province_sheets_pdf": lambda sheets, _: [sheet.province for sheet in sheets],
    "reference_card_pdf": lambda card, _: [row.troop_type for row in card.combat_values],
    "ruleset_reference_pdf": lambda sheet, _: [sheet.ruleset],
    "siege_record_pdf": lambda record, _: [record.title],
    "siege_sheet_pdf": lambda sheet, _: [sheet.title],
    "stationery_pdf": lambda slips, _: [slip.code for slip in slips],
    "table_pack_cover_pdf": lambda cover, _: [cover.table],
    "tax_statement_pdf": lambda sheet, _: [sheet.province],
    "turn_schedule_pdf": lambda sheet, _: [sheet.event_name],
}


def sheet_type(document: Document) -> Any:
    """The type of the document's one positional argument: a sheet, or a sequence of them."""
    first = next(iter(inspect.signature(document).parameters))
    return get_type_hints(document)[first]


def is_sequence(hint: Any) -> bool:
    origin, args = get_origin(hint), get_args(hint)
    return origin is Sequence or (origin is tuple and args[-1:] == (Ellipsis,))


def options_of(document: Document) -> dict[str, Any]:
    """The document's keyword-only arguments, each with its type."""
    hints = get_type_hints(document)
    parameters = inspect.signature(document).parameters.values()
    return {p.name: hints[p.name] for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY}


def sheet_strategy(document: Document) -> st.SearchStrategy[Any]:
    """A document's sheet; a pack of sheets has at least one, as the print shop never prints none."""
    hint = sheet_type(document)
    if is_sequence(hint):
        return st.lists(strategy_for(get_args(hint)[0]), min_size=1, max_size=4).map(tuple)
    return strategy_for(hint)


def options_strategy(document: Document) -> st.SearchStrategy[dict[str, Any]]:
    named = {
        name: st.sampled_from(sorted(PAGE_SIZES)) if name == "page_size" else texts for name in options_of(document)
    }
    return st.fixed_dictionaries(named)


# Sheets in a pack: each prints pages of its own, so more would prove nothing a third does not.
PACK = 3


def extreme_sheet(document: Document, extreme: Extreme) -> Any:
    hint = sheet_type(document)
    if is_sequence(hint):
        return tuple(extreme_value(get_args(hint)[0], extreme) for _ in range(PACK))
    return extreme_value(hint, extreme)


def extreme_options(document: Document, extreme: Extreme) -> dict[str, Any]:
    return {name: "Letter" if name == "page_size" else extreme.text or SHORT_NAME for name in options_of(document)}


@dataclass(frozen=True)
class PageText:
    """A page's text with its whitespace taken out, where lines and cells break, and where each of its
    lines began (a line's end is the next one's start)."""

    text: str
    line_breaks: frozenset[int]

    def holds(self, part: str, *, at_line_start: bool, to_line_end: bool) -> bool:
        at = self.text.find(part)
        while at >= 0:
            if (not at_line_start or at in self.line_breaks) and (
                not to_line_end or at + len(part) in self.line_breaks
            ):
                return True
            at = self.text.find(part, at + 1)
        return False


def page_text(lines: list[str]) -> PageText:
    squeezed = ["".join(line.split()) for line in lines]
    return PageText("".join(squeezed), frozenset(accumulate((len(line) for line in squeezed), initial=0)))


def text_on_paper(pdf: bytes) -> list[PageText]:
    """Each page's text, its running header (the first line) and footer (the last) left off."""
    return [page_text(page.extract_text().splitlines()[1:-1]) for page in PdfReader(BytesIO(pdf)).pages]


def reads_back(text: str, pages: list[PageText]) -> bool:
    """Whether the text is on the paper whole: on one page, or, where a row taller than a page split
    inside its cells, ending one page's lines and carried on from the first line of its cell on the
    next. A page reads its cells one after another, so the part on the next page is not joined to
    the part on this one: each part must be there, on pages that follow each other."""
    squeezed = "".join(text.split())
    return not squeezed or any(carried_on(squeezed, pages, first, begun=False) for first in range(len(pages)))


def carried_on(text: str, pages: list[PageText], page: int, *, begun: bool) -> bool:
    if page == len(pages):
        return False
    if pages[page].holds(text, at_line_start=begun, to_line_end=False):
        return True
    return any(
        pages[page].holds(text[:end], at_line_start=begun, to_line_end=True)
        and carried_on(text[end:], pages, page + 1, begun=True)
        for end in range(len(text) - 1, 0, -1)
    )


def check_prints(name: str, sheet: Any, options: dict[str, Any]) -> None:
    pdf = DOCUMENTS[name](sheet, **options)
    on_paper = text_on_paper(pdf)
    for subject in SUBJECTS[name](sheet, options):
        assert reads_back(subject, on_paper), f"{name} does not read back {subject[:60]!r}"


def cases(names: list[str], extremes: tuple[Extreme, ...]) -> list[Any]:
    return [pytest.param(name, extreme, id=f"{name}-{extreme.name}") for name in names for extreme in extremes]


def test_every_document_says_what_its_subject_is():
    assert sorted(DOCUMENTS) == sorted(SUBJECTS)


@pytest.mark.fuzz
@pytest.mark.parametrize(("name", "extreme"), cases(sorted(DOCUMENTS), EXTREMES))
def test_every_document_prints_the_extremes(name, extreme):
    document = DOCUMENTS[name]
    check_prints(name, extreme_sheet(document, extreme), extreme_options(document, extreme))


# A tenth of the profile's examples for each of the many documents: laying out a PDF is slow.
FUZZ_EXAMPLES = max(3, settings.default.max_examples // 10)


@pytest.mark.fuzz
@pytest.mark.parametrize("name", sorted(DOCUMENTS))
@settings(max_examples=FUZZ_EXAMPLES, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_document_prints_whatever_valid_sheet_it_is_given(name, data):
    document = DOCUMENTS[name]
    check_prints(name, data.draw(sheet_strategy(document)), data.draw(options_strategy(document)))


@pytest.mark.fuzz
@pytest.mark.slow  # 63 pages, each with eight QR codes to work out
def test_five_hundred_letter_slips_print_and_read_back():
    slips = tuple(Slip(code=shown(f"{n:06d}".translate(DIGITS_AS_CODE)), table=SHORT_NAME) for n in range(500))
    check_prints("stationery_pdf", slips, {"table": SHORT_NAME, "event_name": SHORT_NAME})


def pages_of(*pages: list[str]) -> list[PageText]:
    return [page_text(lines) for lines in pages]


def test_a_cell_carried_on_to_the_next_page_reads_back():
    assert reads_back("Aulus Vitellius", pages_of(["Name", "Aulus Vi"], ["tellius", "Legio I"]))
    assert reads_back("Aulus Vitellius", pages_of(["Aulus", "Legio I"], ["Vi", "Legio V"], ["tellius"]))


def test_text_lost_between_pages_does_not_read_back():
    assert not reads_back("Aulus Vitellius", pages_of(["Aulus Vi"], ["tell"]))
    assert not reads_back("Aulus Vitellius", pages_of(["Aulus Vi"], ["nothing"], ["tellius"]))
    assert not reads_back("Aulus Vitellius", pages_of(["tellius"], ["Aulus Vi"]))
    assert not reads_back("Aulus Vitellius", pages_of(["Aulus Vit"], ["Vitellius"]))


def test_a_name_in_a_row_taller_than_a_page_reads_back():
    """Hypothesis found a cast member whose offices ran past a page, his row begun low on a page: the
    row split inside its cells, and his long name went on at the top of the next page, after the
    page's other cells."""
    otho = CastMember("Otho", "Emperor", "Senatorial", "Consul", "", tuple(f"Legio {n}" for n in range(20)), ())
    name = "Vitellius" * 25
    vitellius = CastMember(name, "Governor", "Senatorial", "Consul", "", tuple("Legatus" * 30 for _ in range(12)), ())
    pack = ControlPack(cast=(otho, vitellius), rota=(), unseated_tables=(), tables=())
    on_paper = text_on_paper(control_pack_pdf(pack, event_name=SHORT_NAME, page_size="Letter"))
    assert name not in "".join(page.text for page in on_paper)
    check_prints("control_pack_pdf", pack, {"event_name": SHORT_NAME, "page_size": "Letter"})
