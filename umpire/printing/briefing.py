"""A player's personal briefing (I. INTRODUCTION: "Players will also get a personal briefing which
describes the starting position and the forces and finances available to each player. These
briefings are personal to the player concerned").

Page 1 is the summary he keeps in front of him at the table: who he is, his figures, where he
starts, his offices, forces and purse in brief, the tax turns and winter to come, his player-page
code. It is always exactly one page: long lists are cut to a few with "and N more", and, past that,
the page's content is shrunk to fit rather than run over. The full briefing follows from page 2:
his character sheet, his provinces, forces and money, the turn schedule with tax turns and his
table's winter, Control's secret notes, the people he knows, and the handbook's own words for the
rules his role uses.

No heading ends a page: each starts a page unless there is room below it for a few lines of what
it heads, and no paragraph leaves a single line behind or ahead. The last section's last run of
quotes is kept together with its tables, so the last page never holds a paragraph's tail alone.
Every page's header says PERSONAL and his name, so a stray page still says whose it is. The print
shop builds the sheet; this module only draws it.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepInFrame,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
)

from umpire.printing.letter_slips import qr_code
from umpire.printing.schedule import COLUMN_WIDTHS, COLUMNS, ScheduleRow, row_notes
from umpire.printing.styles import (
    BODY,
    FONT,
    HEADING,
    SHADE,
    SMALL,
    TABLE_STYLE,
    SplittingTable,
    build_pdf,
    facts_table,
    masthead,
    paragraph,
    ruled_table,
    wrapped,
)

TITLE_TEXT = "Personal Briefing"
SUMMARY_TEXT = "At the table"
NONE_WRITTEN = "Control has written none."
QR_SIZE = 35 * mm
SUMMARY_QR_SIZE = 30 * mm
# The summary names this many offices and forces; the rest are counted, and listed from page 2.
MOST_LISTED = 4
# A heading starts a new page unless this much room is left below it: the heading and a few lines.
ROOM_UNDER_A_HEADING = 120

KEPT_HEADING = ParagraphStyle("briefing heading", parent=HEADING, keepWithNext=1)
# No paragraph leaves its first line alone at a page's foot, nor its last alone at the next one's head.
KEPT_BODY = ParagraphStyle("briefing body", parent=BODY, allowOrphans=0, allowWidows=0)
QUOTE = ParagraphStyle("handbook quote", parent=KEPT_BODY, leftIndent=12, spaceAfter=4)
SOURCE = ParagraphStyle("handbook source", parent=SMALL, spaceBefore=4, spaceAfter=2, keepWithNext=1)


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
class Quote:
    """The handbook's words, exactly, and the section they come from."""

    source: str  # "XI. THE ROMAN EMPIRE, GODS OF ROME"
    text: str


@dataclass(frozen=True)
class RulesTable:
    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class RulesSummary:
    """A part of the handbook his role leans on: quoted passages, then the tables that go with them."""

    title: str
    quotes: tuple[Quote, ...] = ()
    tables: tuple[RulesTable, ...] = ()


@dataclass(frozen=True)
class BriefingTurn:
    """A row of the turn schedule, with the winter at his table that month."""

    row: ScheduleRow
    winter: str  # "Winter", "Winter at sea", or "" for none


@dataclass(frozen=True)
class Calendar:
    turns: tuple[BriefingTurn, ...]
    current_turn: int  # the summary's tax turns and winter are those still to come
    winter: str  # his table's winters in words: "At the Northern table winter is Oct-Feb on land, ..."
    quotes: tuple[Quote, ...] = ()  # the handbook on the turn and on winter


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
    calendar: Calendar
    about_him: tuple[Quote, ...] = ()  # the handbook on his role and his figures
    about_money: tuple[Quote, ...] = ()
    player_page: PlayerPage | None = None


def heading(text: str) -> Paragraph:
    return Paragraph(escape(text), KEPT_HEADING)


def section(title: str, body: Sequence[Flowable]) -> list[Flowable]:
    """A heading and what it heads, the heading on a new page unless a few lines fit under it."""
    return [CondPageBreak(ROOM_UNDER_A_HEADING), heading(title), *body]


def body(text: str) -> Paragraph:
    return paragraph(text, KEPT_BODY)


def quoted(quotes: Sequence[Quote]) -> list[Flowable]:
    return flat(quoted_runs(quotes))


def quoted_runs(quotes: Sequence[Quote]) -> list[list[Flowable]]:
    """The passages, each run of them from one section under that section's name."""
    runs: list[list[Flowable]] = []
    source = None
    for quote in quotes:
        if quote.source != source:
            source = quote.source
            runs.append([paragraph(f"From the handbook, {source}:", SOURCE)])
        runs[-1].append(paragraph(quote.text, QUOTE))
    return runs


def his_figures(sheet: BriefingSheet) -> Table:
    left = (("Role", sheet.role), ("Class", sheet.social_class), ("Career rank", sheet.career_rank))
    right = (("Wealth", sheet.wealth), ("Support", sheet.support), ("Military skill", sheet.military_skill))
    return facts_table(left, right)


# ---- page 1: the summary for the table -------------------------------------------------------------


def summary_page(sheet: BriefingSheet) -> list[Flowable]:
    """Exactly one page, whatever he holds: cut to a few of each, then shrunk if it must be."""
    content = [
        masthead(sheet.name, SUMMARY_TEXT),
        his_figures(sheet),
        Spacer(0, 6),
        labelled("Where you start", f"You start {sheet.starts_at}."),
        *in_brief(
            "Your offices", list(map(office_in_brief, sheet.offices)), "You hold no province.", "Where you start"
        ),
        *in_brief("Your forces", list(map(force_in_brief, sheet.forces)), "You command no forces.", "Your forces"),
        labelled("Your purse", f"{sheet.purse}; personal income {sheet.personal_income}."),
        *calendar_in_brief(sheet),
        *player_page_in_brief(sheet),
        Spacer(0, 6),
        paragraph("Your full briefing follows from page 2. It is yours alone: keep it to yourself.", SMALL),
    ]
    return [KeepInFrame(0, 0, content, mode="shrink"), PageBreak()]


def labelled(label: str, text: str) -> Paragraph:
    return Paragraph(f"<b>{escape(label)}:</b> {escape(text)}", BODY)


def in_brief(label: str, lines: list[str], none: str, see: str) -> list[Flowable]:
    if not lines:
        return [labelled(label, none)]
    listed = [Paragraph(f"• {escape(line)}", QUOTE) for line in lines[:MOST_LISTED]]
    more = len(lines) - MOST_LISTED
    if more > 0:
        listed.append(Paragraph(f"… and {more} more: all {len(lines)} under “{escape(see)}”, from page 2.", QUOTE))
    return [Paragraph(f"<b>{escape(label)}:</b>", BODY), *listed]


def office_in_brief(office: Office) -> str:
    return f"{office.office} of {office.province}: {office.income}; road cost {office.road_cost}"


def force_in_brief(force: CommandedForce) -> str:
    return f"{force.name} ({force.command}), {force.location}: combat value {force.combat_value}"


def calendar_in_brief(sheet: BriefingSheet) -> list[Flowable]:
    to_come = [turn for turn in sheet.calendar.turns if turn.row.turn >= sheet.calendar.current_turn]
    tax_turns = [f"turn {turn.row.turn} ({turn.row.month})" for turn in to_come if turn.row.tax_turn]
    winters = [turn for turn in to_come if turn.winter]
    story: list[Flowable] = [labelled("Tax turns", f"{', '.join(tax_turns)}." if tax_turns else "none to come.")]
    if sheet.offices:
        road_costs = [turn.row.month for turn in to_come if turn.row.road_cost]
        story.append(labelled("Road costs due", f"{', '.join(road_costs)}." if road_costs else "none to come."))
    story.append(labelled("Weather", sheet.calendar.winter))
    if winters:
        first = winters[0]
        story.append(labelled("First winter month", f"turn {first.row.turn} ({first.row.month}): {first.winter}"))
    return story


def player_page_in_brief(sheet: BriefingSheet) -> list[Flowable]:
    if sheet.player_page is None:
        return [labelled("Your player page", "Control has issued you none yet.")]
    page = sheet.player_page
    words: list[Flowable] = [
        labelled("Your player page", "scan the code, or open the address, to read your letters."),
        Paragraph(f"<b>Your code:</b> {escape(page.code)}", BODY),
        paragraph(page.url, SMALL),
    ]
    return [code_block(words, page.url, SUMMARY_QR_SIZE)]


def code_block(words: list[Flowable], url: str, size: float) -> Table:
    block = SplittingTable([[words, qr_code(url, size)]], colWidths=["*", size])
    block.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, BODY.fontSize),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
        ]
    )
    return block


# ---- from page 2: the full briefing ----------------------------------------------------------------


def who_he_is(sheet: BriefingSheet) -> list[Flowable]:
    return [
        masthead(sheet.name, TITLE_TEXT),
        *section("Your character", [his_figures(sheet), *quoted(sheet.about_him)]),
    ]


def where_he_starts(sheet: BriefingSheet) -> list[Flowable]:
    start: list[Flowable] = [body(f"You start {sheet.starts_at}."), Spacer(0, 4)]
    if not sheet.offices:
        return section("Where you start", [*start, body("You hold no province.")])
    return section("Where you start", [*start, *map(office_paragraph, sheet.offices)])


def office_paragraph(office: Office) -> Paragraph:
    """A paragraph, not a table column each: six columns of names would not fit across the page."""
    return Paragraph(
        f"<b>{escape(office.office)} of {escape(office.province)}</b>: income {escape(office.income)}; "
        f"road cost {escape(office.road_cost)}; governor {escape(office.governor)}; "
        f"procurator {escape(office.procurator)}.",
        KEPT_BODY,
    )


def his_forces(sheet: BriefingSheet) -> list[Flowable]:
    if not sheet.forces:
        return section("Your forces", [body("You command no forces.")])
    rows = [(f"{f.name} ({f.command})", f.location, f.troops, f.combat_value, f.upkeep) for f in sheet.forces]
    columns = ("Force", "Where", "Troops", "Combat value", "Upkeep a quarter")
    count = f"{len(sheet.forces)} force{'s' if len(sheet.forces) > 1 else ''}"
    return section(
        "Your forces",
        [body(f"You command {count}."), ruled_table(columns, rows, ("21%", "21%", "26%", "14%", "18%"))],
    )


def his_money(sheet: BriefingSheet) -> list[Flowable]:
    facts = [labelled("In your purse", sheet.purse), labelled("Personal income", sheet.personal_income)]
    return section("Your finances", [*facts, *quoted(sheet.about_money)])


def turn_schedule(sheet: BriefingSheet) -> list[Flowable]:
    calendar = sheet.calendar
    story: list[Flowable] = [*quoted(calendar.quotes), Spacer(0, 4), body(calendar.winter), Spacer(0, 6)]
    if calendar.turns:
        story.append(schedule_table(calendar.turns))
    return section("The turn schedule", story)


def schedule_table(turns: Sequence[BriefingTurn]) -> Table:
    """The print shop's turn schedule with his winters in the notes; tax turns shaded as on it."""
    rows = [
        (
            str(t.row.turn),
            wrapped(f"{t.row.starts}–{t.row.ends}"),
            wrapped(t.row.month),
            wrapped("\n".join(filter(None, (row_notes(t.row), t.winter)))),
        )
        for t in turns
    ]
    table = SplittingTable([COLUMNS, *rows], colWidths=COLUMN_WIDTHS, repeatRows=1)
    table.setStyle(TABLE_STYLE)
    # Data row i is table row i + 1, below the header.
    table.setStyle([("BACKGROUND", (0, i), (-1, i), SHADE) for i, turn in enumerate(turns, 1) if turn.row.tax_turn])
    return table


def written(text: str) -> list[Flowable]:
    """Control's text as he wrote it, a paragraph to each blank-line-separated part."""
    parts = [part.strip() for part in text.split("\n\n") if part.strip()]
    return [body(part) for part in parts] or [body(NONE_WRITTEN)]


def secret_notes(sheet: BriefingSheet) -> list[Flowable]:
    return section("Your situation", written(sheet.notes)) + section("Your objectives", written(sheet.objectives))


def people(sheet: BriefingSheet) -> list[Flowable]:
    if not sheet.acquaintances:
        return section("People you know", [body(NONE_WRITTEN)])
    rows = [(a.name, a.role, a.whereabouts) for a in sheet.acquaintances]
    return section("People you know", [ruled_table(("Name", "Role", "At the start"), rows, ("40%", "25%", "35%"))])


def rules_summary(summary: RulesSummary, *, last: bool) -> list[Flowable]:
    """The handbook's words, then the tables, each table kept with its caption. The last section's last
    run of quotes stays on one page with the tables after it, so the briefing's last page never holds
    a lone paragraph's tail. (One KeepTogether never holds another: an inner one measures itself as
    too tall for any page, and the outer one would then always start a new page. Nor does a heading's
    keepWithNext reach into one, so a heading with no loose quotes after it joins the first block.)"""
    runs = quoted_runs(summary.quotes)
    tables = [rules_table_block(rules_table) for rules_table in summary.tables]
    blocks = [[*(runs.pop() if runs else []), *flat(tables)]] if last else tables
    loose = flat(runs)
    if loose or not blocks:
        return section(summary.title, [*loose, *map(KeepTogether, blocks)])
    first, *rest = blocks
    return [CondPageBreak(ROOM_UNDER_A_HEADING), *map(KeepTogether, [[heading(summary.title), *first], *rest])]


def flat(blocks: Sequence[Sequence[Flowable]]) -> list[Flowable]:
    return [flowable for block in blocks for flowable in block]


def rules_table_block(rules_table: RulesTable) -> list[Flowable]:
    widths = [f"{100 / len(rules_table.columns)}%"] * len(rules_table.columns)
    caption = Paragraph(f"<b>{escape(rules_table.caption)}</b>", BODY)
    return [Spacer(0, 6), caption, ruled_table(rules_table.columns, rules_table.rows, widths)]


def player_page(sheet: BriefingSheet) -> list[Flowable]:
    if sheet.player_page is None:
        return []
    page = sheet.player_page
    words: list[Flowable] = [
        body("Scan the code, or open the address below, to read your letters on your own page."),
        Spacer(0, 4),
        Paragraph(f"<b>Your code:</b> {escape(page.code)}", BODY),
        paragraph(page.url, SMALL),
    ]
    return [KeepTogether([heading("Your player page"), code_block(words, page.url, QR_SIZE)])]


def briefing_story(sheet: BriefingSheet) -> list[Flowable]:
    story = summary_page(sheet) + who_he_is(sheet) + where_he_starts(sheet) + his_forces(sheet) + his_money(sheet)
    story += player_page(sheet) + turn_schedule(sheet) + secret_notes(sheet) + people(sheet)
    for number, summary in enumerate(sheet.rules, start=1):
        story += rules_summary(summary, last=number == len(sheet.rules))
    return story


def briefing_pdf(sheet: BriefingSheet, *, event_name: str, page_size: str = "A4") -> bytes:
    """His briefing as PDF bytes on "A4" or "Letter" paper, "PERSONAL — his name" atop every page."""
    return build_pdf(
        briefing_story(sheet), title=f"PERSONAL — {sheet.name}", event_name=event_name, page_size=page_size
    )
