"""The finished battle record (X. COMBAT RESOLUTION): what was fought and how it was decided.

The sides, forces, commanders and standing factors as the battle began; every round's orders, dice
(entered at the table or rolled by the console, with the seed) and working, each modifier with its
rule; the umpire's overrides with his reasons; the verdict; the losses as applied; the commanders'
fates; who confirmed it. The caller builds the record from the battle; this module only draws it.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, Paragraph, Spacer, Table

from umpire.printing.styles import (
    BODY,
    FONT_BOLD,
    HEADING,
    SHADE,
    SMALL,
    TABLE_STYLE,
    SplittingTable,
    build_pdf,
    facts_table,
    masthead,
    paragraph,
)

TITLE_TEXT = "Battle record"


@dataclass(frozen=True)
class RecordSide:
    label: str  # "Side A: Bigius Diccus"
    facts: str  # "Military Skill 1; commander Bigius Diccus"
    forces: tuple[tuple[str, str, int], ...]  # (name, units in words, combat value)
    combat_value: int
    standing: tuple[tuple[str, int], ...]  # the factors that stood all battle, as (text, value)


@dataclass(frozen=True)
class RecordRound:
    number: int
    orders: tuple[str, ...]  # one line per side
    dice: str  # "d12 side A 10, d12 side B 2 (entered at the table)"
    working: tuple[tuple[str, str, str], ...]  # (text, rule, value)
    result: str  # "21 to 13: b defeated outright"


@dataclass(frozen=True)
class BattleRecord:
    title: str
    facts: tuple[tuple[str, str], ...]
    standing: tuple[tuple[str, str], ...]
    sides: tuple[RecordSide, RecordSide]
    rounds: tuple[RecordRound, ...]
    overrides: tuple[tuple[str, str, str, str], ...]  # (figure, engine, umpire, reason and who)
    verdict: str
    losses: tuple[tuple[str, str, str], ...]  # (force, lost, left)
    losses_dice: str
    fates: tuple[str, ...]
    outcome: str


def table_of(rows: Iterable[Sequence[object]], widths: Sequence[str], header: Sequence[str]) -> Table:
    table = SplittingTable(
        [[paragraph(cell, SMALL) for cell in header], *[[paragraph(str(cell), SMALL) for cell in row] for row in rows]],
        colWidths=widths,
        repeatRows=1,
    )
    table.setStyle(TABLE_STYLE)
    table.setStyle([("BACKGROUND", (0, 0), (-1, 0), SHADE), ("FONT", (0, 0), (-1, 0), FONT_BOLD)])
    return table


def heading(text: str) -> Paragraph:
    return Paragraph(text, HEADING)


def side_story(side: RecordSide) -> list[Flowable]:
    rows = [(name, units, value) for name, units, value in side.forces] + [
        ("Combat value of the side", "", side.combat_value)
    ]
    return [
        Paragraph(f"<b>{escape(side.label)}</b>", BODY),
        paragraph(side.facts, SMALL),
        Spacer(0, 2),
        table_of(rows, ("30%", "55%", "15%"), ("Force", "Units at the start", "CV")),
        Spacer(0, 2),
        table_of(
            [(text, f"{value:+d}") for text, value in side.standing],
            ("85%", "15%"),
            ("Factors that stood all battle", ""),
        ),
        Spacer(0, 8),
    ]


def round_story(fought: RecordRound) -> list[Flowable]:
    return [
        Paragraph(f"<b>Round {fought.number}</b>", BODY),
        *[paragraph(line, SMALL) for line in fought.orders],
        paragraph(f"Dice: {fought.dice}", SMALL),
        Spacer(0, 2),
        table_of(fought.working, ("55%", "35%", "10%"), ("Working", "Rule", "Value")),
        paragraph(f"Result: {fought.result}", BODY),
        Spacer(0, 8),
    ]


def overrides_story(record: BattleRecord) -> list[Flowable]:
    if not record.overrides:
        return [paragraph("No figure was overridden: the engine's working stands.")]
    return [table_of(record.overrides, ("22%", "18%", "18%", "42%"), ("Figure", "Engine", "Umpire", "Why, and who"))]


def losses_story(record: BattleRecord) -> list[Flowable]:
    if not record.losses:
        return [paragraph("No losses proposed yet.")]
    return [
        table_of(record.losses, ("30%", "40%", "30%"), ("Force", "Lost", "Left")),
        paragraph(record.losses_dice, SMALL),
    ]


def record_story(record: BattleRecord) -> list[Flowable]:
    return [
        masthead(record.title, TITLE_TEXT),
        facts_table(record.facts, record.standing),
        Spacer(0, 8),
        paragraph(record.outcome),
        heading("The sides"),
        *[part for side in record.sides for part in side_story(side)],
        heading("The rounds"),
        *([part for fought in record.rounds for part in round_story(fought)] or [paragraph("No round fought yet.")]),
        heading("The umpire's overrides"),
        *overrides_story(record),
        heading("Verdict"),
        paragraph(record.verdict),
        heading("Losses"),
        *losses_story(record),
        heading("The commanders"),
        *[paragraph(fate) for fate in record.fates],
    ]


def battle_record_pdf(record: BattleRecord, *, event_name: str, page_size: str = "A4") -> bytes:
    return build_pdf(record_story(record), title=TITLE_TEXT, event_name=event_name, page_size=page_size)
