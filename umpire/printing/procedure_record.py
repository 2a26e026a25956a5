"""The printed record of a rules procedure, as the umpire reads it out: the verdict first, then the working
line by line with each rule, then every die and what went in.

Both are the result read aloud (umpire.rules.read_aloud.spoken), the same words the desk shows. A verdict
may be a whole battle's round log, pages long: it prints a paragraph to a line, so a record of any length
prints, each nested record indented under its heading."""

from dataclasses import dataclass
from functools import cache
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer

from umpire.rules.read_aloud import INDENT, Spoken

from .styles import BODY, HEADING, SMALL, TITLE, build_pdf

# How far a nested record of the verdict sits under its heading, per level; past the deepest level it
# stays there, so the deepest record still has the page's width to print in.
INDENT_POINTS = 12
DEEPEST = 6


@dataclass(frozen=True)
class ProcedureSheet:
    event_name: str
    title: str
    source: str
    procedure: str
    ran_at: str
    game_turn: int
    table: str
    run_by: str
    case: str
    spoken: Spoken  # the verdict and the working, in words
    dice: tuple[str, ...]
    note: str = ""
    rolled_by_console: bool = False
    seed: int | None = None


def procedure_record_pdf(sheet: ProcedureSheet, *, page_size: str = "A4") -> bytes:
    story: list[Flowable] = [
        Paragraph(escape(sheet.title), TITLE),
        Paragraph(escape(_header_line(sheet)), SMALL),
        Spacer(0, 8),
    ]
    story += _section("Verdict", *_lines(sheet.spoken.verdict))
    story += _section("Working", *_lines(sheet.spoken.working))
    story += _section("Dice", Paragraph(escape(_dice_line(sheet)), BODY))
    story += _section("Input", Paragraph(escape(sheet.case).replace("\n", "<br/>"), SMALL))
    if sheet.note:
        story += _section("Umpire's note", Paragraph(escape(sheet.note), BODY))
    return build_pdf(story, title=f"Rules record: {sheet.title}", event_name=sheet.event_name, page_size=page_size)


def _header_line(sheet: ProcedureSheet) -> str:
    where = f" at {sheet.table}" if sheet.table else ""
    turn = f", turn {sheet.game_turn}" if sheet.game_turn else ""
    return f"{sheet.procedure} · {sheet.source} · {sheet.ran_at}{turn}{where} · by {sheet.run_by or 'the console'}"


def _dice_line(sheet: ProcedureSheet) -> str:
    who = f"rolled by the console (seed {sheet.seed})" if sheet.rolled_by_console else "rolled at the table"
    return f"{', '.join(sheet.dice) or 'none'}: {who}"


def _section(heading: str, *flowables: Flowable) -> list[Flowable]:
    return [Paragraph(heading, HEADING), *flowables, Spacer(0, 6)]


def _lines(lines: tuple[str, ...]) -> list[Flowable]:
    return [Paragraph(escape(line.lstrip(" ")), _indented(_depth(line))) for line in lines] or [Paragraph("none", BODY)]


def _depth(line: str) -> int:
    return min((len(line) - len(line.lstrip(" "))) // len(INDENT), DEEPEST)


@cache
def _indented(depth: int) -> ParagraphStyle:
    return ParagraphStyle(f"read aloud {depth}", parent=BODY, leftIndent=depth * INDENT_POINTS)
