"""The printed record of a rules procedure: what went in, every die, every line of working, the result.

A result's figure may be a whole battle's round log, pages long in one cell: the tables split within
a row (styles.SplittingTable), so a record of any length prints."""

from collections.abc import Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, Paragraph, Spacer

from .styles import BODY, HEADING, SMALL, TABLE_STYLE, TITLE, SplittingTable, build_pdf


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
    outcome: tuple[tuple[str, str], ...]
    working: tuple[tuple[str, str, str, str], ...]  # kind, text, value, rule
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
    story += _section("Result", _pairs_table(sheet.outcome))
    story += _section("Working", _working_table(sheet.working))
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


def _section(heading: str, flowable: Flowable) -> list[Flowable]:
    return [Paragraph(heading, HEADING), flowable, Spacer(0, 6)]


def _pairs_table(pairs: Iterable[tuple[str, str]]) -> SplittingTable:
    rows: list[list[Paragraph] | list[str]] = [
        [Paragraph(escape(k.replace("_", " ")), BODY), Paragraph(escape(v), BODY)] for k, v in pairs
    ]
    table = SplittingTable(rows or [["–", ""]], colWidths=["35%", "65%"])
    table.setStyle(TABLE_STYLE)
    return table


def _working_table(lines: Iterable[tuple[str, str, str, str]]) -> SplittingTable:
    header: list[str | Paragraph] = ["Step", "Value", "Rule"]
    rows = [header] + [
        [
            Paragraph(escape(text), SMALL if kind == "note" else BODY),
            Paragraph(escape(value), BODY),
            Paragraph(escape(rule), SMALL),
        ]
        for kind, text, value, rule in lines
    ]
    table = SplittingTable(rows, colWidths=["55%", "12%", "33%"], repeatRows=1)
    table.setStyle(TABLE_STYLE)
    return table
