"""The Legion Status Chart (IX. WARFARE, UPGRADING), read back with pypdf: one legion a page."""

from dataclasses import replace
from io import BytesIO

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, LETTER

from umpire.printing.legion_status import (
    LegionStatusSheet,
    TroopLine,
    hand_table,
    legion_status_pdf,
    rows_given_to_unpaid,
)

EVENT_NAME = "AD69: The Year of the Four Emperors"
LIMITS = "5 legionary + 5 auxiliary + 10 raw levy vexillations at most"


def xlv_after_its_upgrade(**changes):
    """The UPGRADING EXAMPLE's XLV Legion at the end of the month its 10 levies and 2 auxilia
    were upgraded: 1 Aquila, 5 legionaries, 5 auxiliaries, no levies; maint 45, combat value 50.
    The 32 talents the upgrade cost are still owed at the next tax turn."""
    sheet = LegionStatusSheet(
        event_name=EVENT_NAME,
        legion="Legion XLV",
        legate="Duplicitius Caddus",
        army_commander="Aulius Vitellius",
        allegiance="Vitellius",
        location="Germania Inferior (Rhine table)",
        status="Standing",
        as_at="Turn 2, October 68",
        lines=(
            TroopLine("Aquila", normal=1, veteran=0, combat_value=0, upkeep=10),
            TroopLine("Legionaries", normal=5, veteran=0, combat_value=30, upkeep=20),
            TroopLine("Auxiliaries", normal=5, veteran=0, combat_value=20, upkeep=15),
            TroopLine("Raw levies", normal=0, veteran=0, combat_value=0, upkeep=0),
        ),
        combat_value=50,
        combat_value_if_veteran=80,
        upkeep_per_quarter=45,
        limits=LIMITS,
        upgrades_in_progress=(
            "10 levies → 5 auxiliaries, ready at the end of turn 2",
            "2 auxiliaries → 2 legionaries, ready at the end of turn 2",
        ),
        owed=("32 talents for the upgrades, due on the December tax turn",),
    )
    return replace(sheet, **changes)


def fullest_sheet(legion):
    """A legion listing all five lines, with pending upgrades and costs owed: the most a page holds."""
    sheet = xlv_after_its_upgrade(legion=legion)
    return replace(sheet, lines=sheet.lines + (TroopLine("Praetorians", 0, 0, 0, 0),))


def pages(pdf):
    return PdfReader(BytesIO(pdf)).pages


def text_of(pdf):
    return "\n".join(page.extract_text() for page in pages(pdf))


def test_upgrading_example_xlv_after_its_upgrade():
    text = text_of(legion_status_pdf([xlv_after_its_upgrade()]))

    assert "Legion XLV" in text
    assert "Legion Status Chart" in text
    assert "Unit\nNormal\nVeteran\nMaint cost/qtr\nCombat value\n" in text
    assert "Aquila\n1\n0\n10\nn.a.\n" in text
    assert "Legionaries\n5\n0\n20\n30\n" in text
    assert "Auxiliaries\n5\n0\n15\n20\n" in text
    assert "Raw levies\n0\n0\n0\n0\n" in text
    assert "TOTAL\n10\n0\n45\n50\n" in text  # ten vexillations: the eagle is not one
    assert "Combat value if all veteran\n80\n" in text
    assert f"Limits: {LIMITS}" in text
    assert "page 1 of 1" in text


def test_facts_block_names_who_commands_where_and_when():
    text = text_of(legion_status_pdf([xlv_after_its_upgrade()]))

    for fact in (
        "Legate\nDuplicitius Caddus",
        "Army commander\nAulius Vitellius",
        "Sworn to\nVitellius",
        "Status\nStanding",
        "As at\nTurn 2, October 68",
    ):
        assert fact in text
    assert "Germania Inferior" in text


def test_empty_legate_and_allegiance_print_as_none():
    text = text_of(legion_status_pdf([xlv_after_its_upgrade(legate="", allegiance="")]))

    assert "Legate\nnone" in text
    assert "Sworn to\nnone" in text


def test_upgrades_in_progress_and_costs_owed_are_listed():
    text = " ".join(text_of(legion_status_pdf([xlv_after_its_upgrade()])).split())

    assert "Upgrades in progress" in text
    assert "10 levies → 5 auxiliaries, ready at the end of turn 2" in text
    assert "2 auxiliaries → 2 legionaries, ready at the end of turn 2" in text
    assert "Costs owed" in text
    assert "32 talents for the upgrades, due on the December tax turn" in text


def test_nothing_pending_prints_no_pending_headings():
    text = text_of(legion_status_pdf([xlv_after_its_upgrade(upgrades_in_progress=(), owed=())]))

    assert "Upgrades in progress" not in text
    assert "Costs owed" not in text


UNPAID = (
    "45 talents: Upkeep of Legion XLV (tax turn 1, September 68)",
    "8 talents: Raising 4 raw levies (tax turn 1, September 68)",
)


def test_unpaid_bills_are_boxed_with_the_handbooks_warning():
    text = " ".join(text_of(legion_status_pdf([xlv_after_its_upgrade(unpaid=UNPAID)])).split())

    assert "UNPAID upkeep and raising" in text
    assert "45 talents: Upkeep of Legion XLV (tax turn 1, September 68)" in text
    assert "8 talents: Raising 4 raw levies (tax turn 1, September 68)" in text
    assert (
        "“Troops who are not maintained may refuse to move or fight, or change sides, disperse or start a "
        "rebellion of their own.” (VIII. EXPENDITURE, RAISING TROOPS)"
    ) in text


def test_no_unpaid_bills_prints_no_unpaid_box():
    assert "UNPAID" not in text_of(legion_status_pdf([xlv_after_its_upgrade()]))


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_unpaid_bills_take_the_room_of_hand_rows_so_the_legion_still_fits_one_page(page_size):
    sheet = replace(fullest_sheet("Legion XIV Gemina Martia Victrix"), unpaid=UNPAID)
    pdf_pages = pages(legion_status_pdf([sheet], page_size=page_size))

    assert len(pdf_pages) == 1
    assert "UNPAID" in pdf_pages[0].extract_text() and "Kept by hand" in pdf_pages[0].extract_text()
    assert 0 < rows_given_to_unpaid(sheet) < sheet.blank_rows


def test_kept_by_hand_table_has_its_columns():
    text = " ".join(text_of(legion_status_pdf([xlv_after_its_upgrade()])).split())

    assert "Kept by hand Turn Month Leg. Aux. Levies Vet. Upgrades ordered Upkeep paid Notes page 1 of 1" in text


def test_blank_rows_are_tall_enough_to_write_in():
    table = hand_table(10)
    table.wrap(500, 1000)

    assert len(table._rowHeights) == 11
    assert min(table._rowHeights[1:]) >= 18


def test_no_blank_rows_leaves_out_the_kept_by_hand_table():
    text = text_of(legion_status_pdf([xlv_after_its_upgrade(blank_rows=0)]))

    assert "Kept by hand" not in text


def test_two_legions_print_one_to_a_page():
    first, second = pages(
        legion_status_pdf(
            [
                xlv_after_its_upgrade(),
                xlv_after_its_upgrade(legion="Legion XV Apollinaris"),
            ]
        )
    )

    assert "Legion XLV" in first.extract_text() and "Apollinaris" not in first.extract_text()
    assert "Legion XV Apollinaris" in second.extract_text() and "Legion XLV" not in second.extract_text()
    assert "page 1 of 2" in first.extract_text()
    assert "page 2 of 2" in second.extract_text()


@pytest.mark.parametrize(("page_size", "expected"), [("A4", A4), ("Letter", LETTER)])
def test_each_legion_fits_one_page_of_a4_and_letter(page_size, expected):
    sheets = [fullest_sheet("Legion XIV Gemina Martia Victrix"), fullest_sheet("Legion XV Apollinaris")]
    first, second = pages(legion_status_pdf(sheets, page_size=page_size))  # the name runs to two lines

    assert (float(first.mediabox.width), float(first.mediabox.height)) == pytest.approx(expected)
    assert "Kept by hand" in first.extract_text()
    assert "Legion XV Apollinaris" in second.extract_text()


def test_many_blank_rows_run_on_with_the_header_row_repeated():
    pdf_pages = pages(legion_status_pdf([xlv_after_its_upgrade(blank_rows=40)]))

    assert len(pdf_pages) == 2
    assert pdf_pages[1].extract_text().startswith(f"Legion Status Chart — {EVENT_NAME}\nTurn\nMonth\nLeg.\n")


def test_names_with_markup_characters_print_as_written():
    sheet = xlv_after_its_upgrade(
        legion="Legio I <Adiutrix> & Classica",
        legate="Caddus & <Sons>",
        location="Italia <Rome & Ostia>",
        owed=("10 talents to <Mucianus> & friends",),
    )
    text = " ".join(text_of(legion_status_pdf([sheet])).split())  # the long name wraps

    assert "Legio I <Adiutrix> & Classica" in text
    assert "Caddus & <Sons>" in text
    assert "Italia <Rome & Ostia>" in text
    assert "10 talents to <Mucianus> & friends" in text


def test_no_sheets_is_refused():
    with pytest.raises(ValueError, match="no legions"):
        legion_status_pdf([])


def test_unknown_page_size_is_refused_naming_the_allowed_ones():
    with pytest.raises(ValueError, match="A4, Letter"):
        legion_status_pdf([xlv_after_its_upgrade()], page_size="A3")


def test_uses_only_the_embedded_dejavu_fonts():
    fonts = {
        font["/BaseFont"].split("+")[-1]
        for page in pages(legion_status_pdf([xlv_after_its_upgrade()]))
        for font in page["/Resources"]["/Font"].values()
    }

    assert fonts == {"DejaVuSans", "DejaVuSans-Bold"}
