"""A letter's paper, built from the models: the cover of a posted letter and a table's sheets of
blank slips. umpire.printing.letter_slips draws them."""

from umpire.printing.letter_slips import LetterCover, Slip, letter_cover_pdf, stationery_pdf

from .codes import shown


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
