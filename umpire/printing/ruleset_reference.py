"""A board game's reference sheet: every table of its rules with the rule it comes from, then its
sequence of play (the set-up, and each stage's phases with their steps). The caller passes the
rows in words; this module only draws them."""

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from umpire.printing.styles import BODY, HEADING, SMALL, TITLE, build_pdf, ruled_table


@dataclass(frozen=True)
class SheetTable:
    name: str
    source: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class SheetPhase:
    title: str
    rule: str
    steps: tuple[tuple[str, str], ...]  # (what to do, its rule)


@dataclass(frozen=True)
class SheetStage:
    title: str
    phases: tuple[SheetPhase, ...]


@dataclass(frozen=True)
class RulesetReference:
    ruleset: str
    tables: tuple[SheetTable, ...]
    setup: tuple[tuple[str, str], ...]  # (step, its rule)
    stages: tuple[SheetStage, ...]


def table_story(table: SheetTable) -> KeepTogether:
    widths = tuple(f"{100 / len(table.columns):.1f}%" for _ in table.columns)
    return KeepTogether(
        [
            Paragraph(escape(table.name), HEADING),
            Paragraph(escape(f"Rule {table.source}"), SMALL),
            Spacer(0, 4),
            ruled_table(table.columns, table.rows, widths),
            Spacer(0, 8),
        ]
    )


def steps_table(steps: tuple[tuple[str, str], ...]) -> Table:
    return ruled_table(("To do", "Rule"), steps, ("82%", "18%"))


def sequence_story(sheet: RulesetReference) -> list[Flowable]:
    story: list[Flowable] = [Paragraph("Sequence of play", TITLE)]
    if sheet.setup:
        story += [Paragraph("Setting up the game", HEADING), steps_table(sheet.setup), Spacer(0, 8)]
    for stage in sheet.stages:
        story.append(Paragraph(escape(stage.title), HEADING))
        for phase in stage.phases:
            story.append(
                KeepTogether(
                    [
                        Paragraph(f"<b>{escape(phase.title)}</b> ({escape(phase.rule)})", BODY),
                        steps_table(phase.steps),
                        Spacer(0, 6),
                    ]
                )
            )
    return story


def ruleset_reference_pdf(sheet: RulesetReference, *, event_name: str, page_size: str = "A4") -> bytes:
    story: list[Flowable] = [
        Paragraph(f"{escape(sheet.ruleset)}: reference sheet", TITLE),
        Paragraph(
            "The tables of the rules, each with the rule it comes from. A cell the rulebook does not "
            "give reads “(Control enters it)”.",
            BODY,
        ),
        Spacer(0, 8),
    ]
    story += [table_story(table) for table in sheet.tables]
    if sheet.stages:
        story += sequence_story(sheet)
    return build_pdf(story, title=f"{sheet.ruleset} reference", event_name=event_name, page_size=page_size)
