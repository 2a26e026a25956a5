"""A player's personal briefing (I. INTRODUCTION: "Players will also get a personal briefing which
describes the starting position and the forces and finances available to each player. These
briefings are personal to the player concerned").

Every page's header says PERSONAL and his name, so a stray page still says whose it is. The
sections follow the issue's order: who he is, where he starts and his provinces, his forces,
his money, Control's secret notes, the people he knows, the rules his role needs, and the code
to his own player page. The print shop builds the sheet; this module only draws it.
"""

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table

from umpire.printing.letter_slips import qr_code
from umpire.printing.styles import (
    BODY,
    FONT,
    HEADING,
    SMALL,
    build_pdf,
    facts_table,
    masthead,
    paragraph,
    ruled_table,
)

TITLE_TEXT = "Personal Briefing"
NONE_WRITTEN = "Control has written none."
QR_SIZE = 35 * mm


@dataclass(frozen=True)
class Office:
    province: str
    office: str  # "Governor", "Procurator"
    income: str  # "50 talents a quarter"
    road_cost: str  # "5 talents each March"
    governor: str
    procurator: str


@dataclass(frozen=True)
class CommandedForce:
    name: str
    command: str  # "legate", "army commander"
    location: str
    troops: str  # "Aquila, 5 legionaries, 5 auxiliaries"
    combat_value: int
    upkeep: str  # "45 talents", or "none" for a host the treasury does not pay


@dataclass(frozen=True)
class Acquaintance:
    name: str
    role: str
    whereabouts: str  # "at Gaul", "travelling to Illyria"


@dataclass(frozen=True)
class RulesTable:
    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class RulesSummary:
    """The part of the handbook his role leans on: quoted lines and tables, with their section."""

    title: str
    source: str  # "VIII. EXPENDITURE, PROVINCIAL GOVERNMENT & TAXATION"
    lines: tuple[str, ...] = ()
    tables: tuple[RulesTable, ...] = ()


@dataclass(frozen=True)
class PlayerPage:
    url: str  # the full address his QR code opens
    code: str


@dataclass(frozen=True)
class BriefingSheet:
    name: str
    role: str
    social_class: str
    career_rank: str
    wealth: str
    support: str
    military_skill: str
    starts_at: str
    offices: tuple[Office, ...]
    forces: tuple[CommandedForce, ...]
    purse: str  # "120 talents"
    personal_income: str
    notes: str
    objectives: str
    acquaintances: tuple[Acquaintance, ...]
    rules: tuple[RulesSummary, ...]
    player_page: PlayerPage | None = None


def heading(text: str) -> Paragraph:
    return Paragraph(escape(text), HEADING)


def who_he_is(sheet: BriefingSheet) -> list[Flowable]:
    left = (("Role", sheet.role), ("Class", sheet.social_class), ("Career rank", sheet.career_rank))
    right = (("Wealth", sheet.wealth), ("Support", sheet.support), ("Military skill", sheet.military_skill))
    return [masthead(sheet.name, TITLE_TEXT), facts_table(left, right)]


def where_he_starts(sheet: BriefingSheet) -> list[Flowable]:
    story: list[Flowable] = [heading("Where you start"), paragraph(f"You start {sheet.starts_at}.")]
    if not sheet.offices:
        return story + [Spacer(0, 4), paragraph("You hold no province.")]
    return story + [Spacer(0, 4), *map(office_paragraph, sheet.offices)]


def office_paragraph(office: Office) -> Paragraph:
    """A paragraph, not a table column each: six columns of names would not fit across the page."""
    return Paragraph(
        f"<b>{escape(office.office)} of {escape(office.province)}</b>: income {escape(office.income)}; "
        f"road cost {escape(office.road_cost)}; governor {escape(office.governor)}; "
        f"procurator {escape(office.procurator)}.",
        BODY,
    )


def his_forces(sheet: BriefingSheet) -> list[Flowable]:
    story: list[Flowable] = [heading("Your forces")]
    if not sheet.forces:
        return story + [paragraph("You command no forces.")]
    rows = [(f"{f.name} ({f.command})", f.location, f.troops, f.combat_value, f.upkeep) for f in sheet.forces]
    columns = ("Force", "Where", "Troops", "Combat value", "Upkeep a quarter")
    return story + [ruled_table(columns, rows, ("21%", "21%", "26%", "14%", "18%"))]


def his_money(sheet: BriefingSheet) -> list[Flowable]:
    facts = (("In your purse", sheet.purse), ("Personal income", sheet.personal_income))
    return [heading("Your finances"), *[Paragraph(f"<b>{label}:</b> {escape(value)}", BODY) for label, value in facts]]


def written(text: str) -> list[Flowable]:
    """Control's text as he wrote it, a paragraph to each blank-line-separated part."""
    parts = [part.strip() for part in text.split("\n\n") if part.strip()]
    return [paragraph(part) for part in parts] or [paragraph(NONE_WRITTEN)]


def secret_notes(sheet: BriefingSheet) -> list[Flowable]:
    return [heading("Your situation"), *written(sheet.notes), heading("Your objectives"), *written(sheet.objectives)]


def people(sheet: BriefingSheet) -> list[Flowable]:
    story: list[Flowable] = [heading("People you know")]
    if not sheet.acquaintances:
        return story + [paragraph(NONE_WRITTEN)]
    rows = [(a.name, a.role, a.whereabouts) for a in sheet.acquaintances]
    return story + [ruled_table(("Name", "Role", "At the start"), rows, ("40%", "25%", "35%"))]


def rules_summary(summary: RulesSummary) -> list[Flowable]:
    story: list[Flowable] = [
        heading(summary.title),
        paragraph(f"From the handbook, {summary.source}.", SMALL),
        Spacer(0, 4),
    ]
    for line in summary.lines:
        story += [paragraph(line), Spacer(0, 4)]
    for rules_table in summary.tables:
        widths = [f"{100 / len(rules_table.columns)}%"] * len(rules_table.columns)
        story.append(
            KeepTogether(
                [
                    Spacer(0, 6),
                    Paragraph(f"<b>{escape(rules_table.caption)}</b>", BODY),
                    ruled_table(rules_table.columns, rules_table.rows, widths),
                ]
            )
        )
    return story


def player_page(sheet: BriefingSheet) -> list[Flowable]:
    if sheet.player_page is None:
        return []
    page = sheet.player_page
    words: list[Flowable] = [
        paragraph("Scan the code, or open the address below, to read your letters on your own page."),
        Spacer(0, 4),
        Paragraph(f"<b>Your code:</b> {escape(page.code)}", BODY),
        paragraph(page.url, SMALL),
    ]
    block = Table([[words, qr_code(page.url, QR_SIZE)]], colWidths=["*", QR_SIZE])
    block.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, BODY.fontSize),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
        ]
    )
    return [KeepTogether([heading("Your player page"), block])]


def briefing_story(sheet: BriefingSheet) -> list[Flowable]:
    story = who_he_is(sheet) + where_he_starts(sheet) + his_forces(sheet) + his_money(sheet)
    story += secret_notes(sheet) + people(sheet)
    for summary in sheet.rules:
        story += rules_summary(summary)
    return story + player_page(sheet)


def briefing_pdf(sheet: BriefingSheet, *, event_name: str, page_size: str = "A4") -> bytes:
    """His briefing as PDF bytes on "A4" or "Letter" paper, "PERSONAL — his name" atop every page."""
    return build_pdf(
        briefing_story(sheet), title=f"PERSONAL — {sheet.name}", event_name=event_name, page_size=page_size
    )
