"""The cover of a table's pack (issue 10, part 2): the table, its provinces and umpires, and what the
pack holds. The print shop builds the cover and appends the pack's other documents; this module only
draws it."""

from dataclasses import dataclass

from reportlab.platypus import Flowable, Paragraph, Spacer

from umpire.printing.styles import HEADING, build_pdf, facts_table, masthead, paragraph

COVER_TITLE = "Table pack"


@dataclass(frozen=True)
class TablePackCover:
    table: str
    provinces: tuple[str, ...]
    umpires: tuple[str, ...]
    contents: tuple[str, ...]  # "Province record sheets and time tracks", "8 letter slips"


def cover_story(cover: TablePackCover) -> list[Flowable]:
    return [
        masthead(cover.table, COVER_TITLE),
        facts_table((("Provinces", ", ".join(cover.provinces)),), (("Umpires", ", ".join(cover.umpires)),)),
        Spacer(0, 12),
        Paragraph("In this pack", HEADING),
        *(paragraph(f"– {part}") for part in cover.contents),
    ]


def table_pack_cover_pdf(cover: TablePackCover, *, event_name: str, page_size: str = "A4") -> bytes:
    """The cover as PDF bytes on "A4" or "Letter" paper."""
    return build_pdf(cover_story(cover), title=COVER_TITLE, event_name=event_name, page_size=page_size)
