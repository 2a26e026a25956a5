"""A letter on paper (VI. COMMUNICATIONS, (i) Letters): the cover of one posted letter, and a
table's stationery, sheets of blank slips to write letters on.

Every letter carries its tracking code large enough to read across a table, and a QR code of it,
so an umpire may type or scan it. A slip's code is reserved before it is printed: the letter
written on it takes that code when it is posted. A cover never carries the letter's contents,
which are its addressee's and Control's alone. The caller supplies every word; this module draws.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table

from .styles import (
    BODY,
    FONT,
    FONT_BOLD,
    FRAME_PADDING,
    MARGIN,
    SMALL,
    SplittingTable,
    build_pdf,
    facts_table,
    page_size_named,
    paragraph,
)

COVER_TITLE = "Letter cover"
SLIPS_TITLE = "Letter slips"
POSTING = "Post it in the tray of your table; the umpire hands it out."
COVER_CODE = ParagraphStyle("cover-code", fontName=FONT_BOLD, fontSize=44, leading=52)
SLIP_CODE = ParagraphStyle("slip-code", fontName=FONT_BOLD, fontSize=20, leading=24)
SLIP_TABLE = ParagraphStyle("slip-table", fontName=FONT_BOLD, fontSize=12, leading=15)
COVER_QR = 45 * mm
SLIP_QR = 22 * mm
# Two slips across and four down: a slip is as big as a hand's note, and a sheet cuts in three strokes.
SLIP_COLUMNS, SLIP_ROWS = 2, 4
WRITE_ON = ("To", "At the table of", "From", "Written in (month)")
WRITING_LINE = 7.5 * mm  # room to write a name by hand, and four still fit a Letter-size slip
CUT = (colors.grey, None, (4, 3))  # dashed grey: the cut lines, not a box to fill in


@dataclass(frozen=True)
class LetterCover:
    code: str  # "KM7-4QX", as it is read aloud and scanned
    addressed_to: str  # "Antonius Primus", or "the Governor of Syria"
    destination: str  # the table it goes to
    sender: str
    origin: str  # the table it was posted at
    written: str  # the game date written on it: "October 69"


@dataclass(frozen=True)
class Slip:
    code: str  # a reserved code, "KM7-4QX"
    table: str  # the table whose stationery it is


def qr_code(value: str, size: float) -> Drawing:
    """A `size`-point square Drawing of the QR code of `value` (ReportLab's own widget, so no
    image file and no other library).

    The widget is drawn at `size` itself, not measured and scaled: measuring draws it, and working
    out a QR code is most of what a page of slips costs to print."""
    drawing = Drawing(size, size)
    drawing.add(QrCodeWidget(value, barBorder=2, barWidth=size, barHeight=size))
    return drawing


# ---- the cover ---------------------------------------------------------------------------------


def code_block(cover: LetterCover) -> Table:
    """The code large on the left, its QR on the right."""
    table = SplittingTable(
        [[[paragraph("Tracking code", BODY), paragraph(cover.code, COVER_CODE)], qr_code(cover.code, COVER_QR)]],
        colWidths=["*", COVER_QR],
    )
    table.setStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ]
    )
    return table


def cover_story(cover: LetterCover) -> list[Flowable]:
    addressed = (("To", cover.addressed_to), ("At the table of", cover.destination), ("Written in", cover.written))
    sent = (("From", cover.sender), ("Posted at", cover.origin), ("Code", cover.code))
    return [code_block(cover), Spacer(0, 10), facts_table(addressed, sent), Spacer(0, 12), paragraph(POSTING, BODY)]


def letter_cover_pdf(cover: LetterCover, *, event_name: str, page_size: str = "A4") -> bytes:
    """The cover of one posted letter as PDF bytes on "A4" or "Letter" paper."""
    return build_pdf(
        cover_story(cover), title=f"{COVER_TITLE} {cover.code}", event_name=event_name, page_size=page_size
    )


# ---- the stationery ----------------------------------------------------------------------------


def writing_lines() -> Table:
    """The blanks the writer fills in, each a label and a ruled line."""
    table = SplittingTable(
        [(paragraph(label, SMALL), "") for label in WRITE_ON], colWidths=[33 * mm, "*"], rowHeights=WRITING_LINE
    )
    table.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, SMALL.fontSize),  # else the empty cells name Helvetica
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ("LINEBELOW", (1, 0), (1, -1), 0.5, colors.black),
        ]
    )
    return table


def slip_cell(slip: Slip) -> list[Table]:
    """One slip: the table and the code beside the QR, then the blanks to write on."""
    heading = SplittingTable(
        [
            [
                [paragraph(slip.table, SLIP_TABLE), paragraph(slip.code, SLIP_CODE), paragraph(POSTING, SMALL)],
                qr_code(slip.code, SLIP_QR),
            ]
        ],
        colWidths=["*", SLIP_QR],
    )
    heading.setStyle(
        [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
        ]
    )
    return [heading, writing_lines()]


def slip_grid(slips: Sequence[Slip], page_size: str) -> Table:
    """The slips two across, four rows to a page, with dashed cut lines round each."""
    width, height = page_size_named(page_size)
    # the frame's height, less a point so four rows never spill onto the next page
    row_height = (height - 2 * (MARGIN + FRAME_PADDING)) / SLIP_ROWS - 1
    cells: list[list[Table] | str] = [slip_cell(slip) for slip in slips]
    cells += [""] * (-len(cells) % SLIP_COLUMNS)
    rows = [cells[start : start + SLIP_COLUMNS] for start in range(0, len(cells), SLIP_COLUMNS)]
    table = SplittingTable(
        rows, colWidths=[(width - 2 * (MARGIN + FRAME_PADDING)) / SLIP_COLUMNS] * SLIP_COLUMNS, rowHeights=row_height
    )
    table.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), FONT, SMALL.fontSize),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 8),
            ("RIGHTPADDING", (0, 0), (-1, -1), 8),
            ("TOPPADDING", (0, 0), (-1, -1), 8),
            ("GRID", (0, 0), (-1, -1), 0.5, *CUT),
        ]
    )
    return table


def stationery_pdf(slips: tuple[Slip, ...], *, table: str, event_name: str, page_size: str = "A4") -> bytes:
    """A table's blank slips, eight to a page, as PDF bytes on "A4" or "Letter" paper."""
    return build_pdf(
        [slip_grid(slips, page_size)], title=f"{SLIPS_TITLE}: {table}", event_name=event_name, page_size=page_size
    )
