"""The one style sheet every printed document uses: font, paragraph and table styles, page
sizes by name, and `build_pdf`, which lays a story out with a running header and
"page X of Y" footer.

No sheet may fail to print for being long: `SplittingTable` splits between rows and, when one row
is taller than the room left (a long log in one cell), within the row, so a table of any length
runs on across pages. Every table here is one, and every document's tables should be.

The font is DejaVu Sans, kept in `fonts/` beside this module (with its licence) rather than
looked for on the machine, and embedded in every PDF, so a sheet prints the same anywhere. It
has a glyph for every letter of Latin-1 and Latin Extended-A (é, ß, ą, ę, ő, ř...) and for the
arrow "→". `missing_glyphs` names the characters of a text it would print as an empty box.
"""

from collections.abc import Callable, Iterable, Sequence
from io import BytesIO
from itertools import zip_longest
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, LongTable, Paragraph, SimpleDocTemplate, Table, TableStyle

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_ITALIC = "DejaVuSans-Oblique"
FONT_BOLD_ITALIC = "DejaVuSans-BoldOblique"
FONT_FILES = {name: f"{name}.ttf" for name in (FONT, FONT_BOLD, FONT_ITALIC, FONT_BOLD_ITALIC)}
FONT_FOLDER = Path(__file__).parent / "fonts"

PAGE_SIZES = {"A4": A4, "Letter": LETTER}
MARGIN = 15 * mm
# The running header and footer sit inside the top and bottom margins.
HEADER_SIZE = 9
# SimpleDocTemplate's frame keeps ReportLab's default 6 pt padding inside the margins; the
# header is inset by as much, so it lines up with the text and table below it.
FRAME_PADDING = 6
SHADE = colors.HexColor("#d9d9d9")  # light enough to read black text on from a laser printer


def register_fonts() -> None:
    """Register the DejaVu Sans family with ReportLab; calling it again does nothing."""
    if FONT in pdfmetrics.getRegisteredFontNames():
        return
    for name, filename in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(FONT_FOLDER / filename)))
    # The family lets <b> and <i> in a Paragraph find the right face.
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT_BOLD, italic=FONT_ITALIC, boldItalic=FONT_BOLD_ITALIC)


register_fonts()


def missing_glyphs(text: str) -> str:
    """The distinct characters of `text`, sorted, that the regular or the bold face has no glyph
    for, whitespace aside: each would print as an empty box, so the print shop warns Control."""
    faces = [_truetype(name).face.charToGlyph for name in (FONT, FONT_BOLD)]
    unprintable = {char for char in text if any(ord(char) not in glyphs for glyphs in faces)}
    return "".join(sorted(char for char in unprintable if not char.isspace()))


def _truetype(name: str) -> TTFont:
    font = pdfmetrics.getFont(name)
    if not isinstance(font, TTFont):
        raise TypeError(f"{name} is not a TrueType font: it has no glyph table to look in")
    return font


# Sizes are for paper handed across a table: body text no smaller than 12 pt.
TITLE = ParagraphStyle("title", fontName=FONT_BOLD, fontSize=22, leading=27, spaceAfter=4)
HEADING = ParagraphStyle("heading", fontName=FONT_BOLD, fontSize=15, leading=19, spaceBefore=6, spaceAfter=10)
BODY = ParagraphStyle("body", fontName=FONT, fontSize=12, leading=16, alignment=TA_LEFT)
SMALL = ParagraphStyle("small", fontName=FONT, fontSize=HEADER_SIZE, leading=12)

TABLE_FONT_SIZE = 13
# Text in a table's cell set as the table's own font would set it, but wrapping within its column: a long
# name in a plain string cell runs on past the page's edge.
CELL = ParagraphStyle("cell", fontName=FONT, fontSize=TABLE_FONT_SIZE, leading=TABLE_FONT_SIZE * 1.2)
TABLE_STYLE = TableStyle(
    [
        ("FONT", (0, 0), (-1, -1), FONT, TABLE_FONT_SIZE),
        ("FONT", (0, 0), (-1, 0), FONT_BOLD, TABLE_FONT_SIZE),
        # Top, not middle: a row split across a page reads on from its top, and ReportLab pads a middle-set
        # cell to keep it centred, so a long row grew with every split until it could not split at all.
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ("LEFTPADDING", (0, 0), (-1, -1), 6),
        ("RIGHTPADDING", (0, 0), (-1, -1), 6),
        ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
        ("LINEBELOW", (0, 0), (-1, 0), 1.5, colors.black),
    ]
)


# The frame of the narrower and of the shorter paper: a row no taller always fits a fresh page.
FRAME_WIDTH_LEAST = min(width for width, _ in PAGE_SIZES.values()) - 2 * (MARGIN + FRAME_PADDING)
FRAME_HEIGHT_LEAST = min(height for _, height in PAGE_SIZES.values()) - 2 * (MARGIN + FRAME_PADDING)
# A row taller than the room left splits no nearer its top or the table's end than this: a few lines, never a
# sliver of one alone at the foot of a page.
ROW_SPLIT_MINIMUM = 3 * BODY.leading


class SplittingTable(LongTable):
    """A table that never fails to lay out: it splits between rows where it can, and within a row
    (each cell's paragraphs split across the break) where that row alone is taller than the room
    left, as a page of log in one cell is. ReportLab's Table raises LayoutError on such a row.

    A LongTable, whose splits reuse the row heights already measured rather than measure the rest
    of a table of hundreds of rows again at every page.
    """

    # Table's own members that the split uses and types-reportlab does not declare.
    _calc: Callable[[float, float], None]
    _splitRows: Callable[..., list[Flowable]]
    _rowHeights: list[float]

    def __init__(self, data: Any, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("splitInRow", ROW_SPLIT_MINIMUM)
        if "colWidths" in kwargs:
            kwargs["colWidths"] = shares_of_the_rest(kwargs["colWidths"])
        super().__init__(data, *args, **kwargs)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """Between rows where it can; else, when its next row would fit a fresh page, not here at all,
        so a name is not cut in two with the table's header between its halves; else within the row."""
        self._calc(availWidth, availHeight)
        pieces = self._splitRows(availHeight, doInRowSplit=False)
        if pieces or self.next_row_fits_a_page():
            return pieces
        return self._splitRows(availHeight, doInRowSplit=True)

    def next_row_fits_a_page(self) -> bool:
        heights = self._rowHeights[: self.repeatRows + 1]
        return bool(sum(heights) <= FRAME_HEIGHT_LEAST)


def shares_of_the_rest(widths: Sequence[Any] | None) -> Sequence[Any] | None:
    """Widths with each "*" written as its equal share of what the others leave, in per cent, which lays
    out the same. ReportLab sizes a "*" column by its widest unbreakable word first, and a word wider
    than the page squeezed the other columns to nothing (a negative width, and no PDF at all); a share
    in per cent is given outright, and the long word is broken to fit it."""
    if widths is None or None in widths or "*" not in widths:
        return widths
    given = sum(float(width[:-1]) for width in widths if isinstance(width, str) and width.endswith("%"))
    share = f"{max(0.0, 100 - given) / list(widths).count('*')}%"
    return [share if width == "*" else width for width in widths]


def page_size_named(name: str) -> tuple[float, float]:
    """The (width, height) in points of "A4" or "Letter"; any other name is a ValueError."""
    try:
        return PAGE_SIZES[name]
    except KeyError:
        raise ValueError(f"unknown page size {name!r}: use one of {', '.join(PAGE_SIZES)}") from None


class NumberedCanvas(Canvas):
    """A canvas that holds every page back until the end, so each footer can say "page X of Y".

    The standard ReportLab recipe: the total is only known once the whole story is laid out.
    """

    # Canvas's own members that the recipe uses and types-reportlab does not declare.
    _pagesize: tuple[float, float]
    _startPage: Callable[[], None]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._page_states: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._page_states.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._page_states)
        for state in self._page_states:
            self.__dict__.update(state)
            self._draw_footer(total)
            super().showPage()
        super().save()

    def _draw_footer(self, total: int) -> None:
        width, _ = self._pagesize
        self.setFont(FONT, HEADER_SIZE)
        self.drawCentredString(width / 2, MARGIN / 2, f"page {self.getPageNumber()} of {total}")


def fit_to_width(text: str, width: float, font: str = FONT, size: float = HEADER_SIZE) -> str:
    """`text`, cut short with an ellipsis if it would run past `width` points."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def running_header(title: str, event_name: str) -> Callable[[Canvas, SimpleDocTemplate], None]:
    """A page callback that draws "title — event" and a rule across the top margin."""

    def draw(canvas: Canvas, doc: SimpleDocTemplate) -> None:
        width, height = doc.pagesize
        left, right, baseline = MARGIN + FRAME_PADDING, width - MARGIN - FRAME_PADDING, height - MARGIN / 2
        canvas.saveState()
        canvas.setFont(FONT, HEADER_SIZE)
        canvas.drawString(left, baseline, fit_to_width(f"{title} — {event_name}", right - left))
        canvas.setLineWidth(0.5)
        canvas.line(left, baseline - 4, right, baseline - 4)
        canvas.restoreState()

    return draw


def build_pdf(story: list[Flowable], *, title: str, event_name: str, page_size: str = "A4") -> bytes:
    """Lay out `story` (platypus flowables) on named-size pages, with header and footer; the PDF's bytes."""
    buffer = BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=page_size_named(page_size),
        title=f"{title} — {event_name}",
        initialFontName=FONT,  # else every page also names Helvetica, a font we do not embed
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
    )
    header = running_header(title, event_name)
    doc.build(story, onFirstPage=header, onLaterPages=header, canvasmaker=NumberedCanvas)
    return buffer.getvalue()


# ---- the parts every sheet shares --------------------------------------------------------------

CELL_PADDING = 6  # points either side of a cell's text, as in TABLE_STYLE

# A table style command, as ("FONT", (0, row), (-1, row), FONT_BOLD): its name, first and last cells, arguments.
TableCommand = tuple[str, tuple[int, int], tuple[int, int], *tuple[Any, ...]]
Fact = tuple[str, str | None]  # (label, value): a value left empty prints "none"
Cell = str | int | tuple[str, ...]  # a ruled table's cell: a tuple of strings prints one to a line


def paragraph(text: str, style: ParagraphStyle = BODY) -> Paragraph:
    """A paragraph that prints `text` literally: no markup, "&" and "<" as written."""
    return Paragraph(escape(text), style)


def masthead(name: str, title_text: str) -> Table:
    """The sheet's subject, large, with the sheet's title level with it on the right."""
    title_width = stringWidth(title_text, FONT_BOLD, HEADING.fontSize) + 2 * CELL_PADDING
    table = SplittingTable([[paragraph(name, TITLE), title_text]], colWidths=["*", title_width])
    table.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT_BOLD, HEADING.fontSize),  # else the cells name Helvetica
            ("ALIGN", (1, 0), (1, 0), "RIGHT"),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (0, 0), 0),
            ("RIGHTPADDING", (1, 0), (1, 0), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (0, 0), 6),
            ("BOTTOMPADDING", (1, 0), (1, 0), 10),  # sets the smaller title on the name's baseline
        ]
    )
    return table


def facts_table(left: Sequence[Fact], right: Sequence[Fact]) -> Table:
    """Two columns of (label, value) facts under the masthead, ruled above and below; each label
    column as wide as its longest label, so none wraps, up to LABEL_WIDTH_MOST. The shorter column
    ends in blank rows; with no facts at all there is just the rule."""
    rows = list(zip_longest(left, right))
    data = [[*fact_cells(a), *fact_cells(b)] for a, b in rows] or [["", "", "", ""]]
    table = SplittingTable(data, colWidths=[label_width(left) - CELL_PADDING, "*", label_width(right), "*"])
    table.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, BODY.fontSize),  # else the cells name Helvetica
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ("LEFTPADDING", (0, 0), (0, -1), 0),  # flush with the name above
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
            ("LINEABOVE", (0, 0), (-1, 0), 0.5, "black"),
            ("LINEBELOW", (0, -1), (-1, -1), 0.5, "black"),
        ]
    )
    return table


# A label column takes at most a third of the narrower paper's frame, so a long label wraps and leaves
# the values room, rather than pushing the table off the page.
LABEL_WIDTH_MOST = FRAME_WIDTH_LEAST / 3


def label_width(facts: Iterable[Fact]) -> float:
    # At least an em: a column of empty labels still needs room for its padding and a cell's text.
    widest = max((stringWidth(label, FONT_BOLD, BODY.fontSize) for label, _ in facts), default=0)
    return min(max(widest, BODY.fontSize) + 2 * CELL_PADDING, LABEL_WIDTH_MOST)


def fact_cells(fact: Fact | None) -> list[Paragraph | str]:
    """A fact's label and value; a value left empty prints "none", and a missing fact (the shorter
    column's end) prints nothing."""
    if fact is None:
        return ["", ""]
    label, value = fact
    return [Paragraph(f"<b>{escape(label)}</b>", BODY), paragraph(value or "none")]


def ruled_table(columns: Sequence[str], rows: Iterable[Sequence[Cell]], widths: Sequence[float | str]) -> Table:
    """A ruled table whose cells wrap, headers too, its header repeated if it runs onto another page.

    A cell is a string, or a tuple of strings printed one to a line."""
    data: list[list[Paragraph | list[Paragraph]]] = [
        [Paragraph(f"<b>{escape(column)}</b>", BODY) for column in columns],
        *([cell_lines(cell) for cell in row] for row in rows),
    ]
    ruled = SplittingTable(data, colWidths=widths, repeatRows=1)
    ruled.setStyle(TABLE_STYLE)
    return ruled


def wrapped(text: str, style: ParagraphStyle = CELL) -> Paragraph:
    """`text` as a cell that wraps within its column, each line break kept."""
    return Paragraph(escape(text).replace("\n", "<br/>"), style)


def cell_lines(cell: Cell) -> Paragraph | list[Paragraph]:
    if isinstance(cell, tuple):
        return [paragraph(line) for line in cell] or paragraph("none")
    return paragraph(str(cell))
