"""A letter's paper, built from the models: the cover of a posted letter and a table's sheets of
blank slips. umpire.printing.letter_slips draws them."""

from xml.sax.saxutils import escape

from django.core.exceptions import ValidationError
from reportlab.platypus import Paragraph

from umpire.printing.letter_slips import LetterCover, Slip, letter_cover_pdf, stationery_pdf
from umpire.printing.styles import BODY, FRAME_PADDING, MARGIN, PAGE_SIZES

from .codes import shown

# A typed letter fits a page of paper: set in the console's body type across the narrower of the papers it
# prints on, it runs to LETTER_LINES lines at most, which the shorter of them holds under its running header
# (tests/mail/test_letter_paper.py prints the longest letter to prove it). MOST_LETTER_CHARACTERS is the cheap
# bound checked first, so a huge text is refused before it is set: more never fits LETTER_LINES lines.
LETTER_LINES = 40
MOST_LETTER_CHARACTERS = 4000
LETTER_WIDTH = min(width for width, _ in PAGE_SIZES.values()) - 2 * (MARGIN + FRAME_PADDING)


def get_cover(letter):
    """What the cover says: never the letter's contents, which are the addressee's and Control's."""
    return LetterCover(
        code=letter.shown_code,
        addressed_to=letter.addressed_to,
        destination=str(letter.destination),
        sender=str(letter.sender),
        origin=str(letter.origin),
        written=str(letter.event.game_month(letter.written_turn)),
    )


def letter_cover(letter, *, page_size="A4"):
    return letter_cover_pdf(get_cover(letter), event_name=letter.event.name, page_size=page_size)


def stationery(table, codes, *, page_size="A4"):
    """The table's slips for these reserved codes, eight to a page."""
    slips = tuple(Slip(code=shown(code), table=str(table)) for code in codes)
    return stationery_pdf(slips, table=str(table), event_name=table.event.name, page_size=page_size)


def letter_text(contents):
    """A letter's typed text as it is set on paper: literally, each line break kept."""
    return Paragraph(escape(contents).replace("\n", "<br/>"), BODY)


def lines_on_paper(contents):
    _, height = letter_text(contents).wrap(LETTER_WIDTH, 1_000_000)
    return round(height / BODY.leading)


def check_fits_a_page(contents):
    """A validator of a letter's typed text: refused, with its length in lines, if it runs past a page."""
    if len(contents) > MOST_LETTER_CHARACTERS:
        return  # MaxLengthValidator names that limit; setting so long a text is work for nothing
    lines = lines_on_paper(contents)
    if lines > LETTER_LINES:
        raise ValidationError(
            f"A letter fits a page of paper: {LETTER_LINES} lines at most; this one runs to {lines}.",
            code="longer_than_a_page",
        )
