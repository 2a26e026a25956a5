"""The siege on paper: the pre-filled sheet for a table without a tablet, and the finished record of
the three-turn siege of Cremona (X. THE SIEGE SYSTEM, SIEGE COMBAT RESULTS, REDUCING DEFENCES)."""

from io import BytesIO

import pytest
from pypdf import PdfReader

from tests.warfare.test_siege_pages import next_turn
from umpire.models import Character
from warfare.services.sieges import (
    do_assault,
    do_build_siege_engines,
    do_lift_siege,
    do_place_siege_losses,
    do_reduce_defences,
)
from warfare.siege_printing import get_siege_sheet, siege_record, siege_sheet

AUX = "auxiliary"


def text_of(pdf):
    pages = PdfReader(BytesIO(pdf)).pages
    return len(pages), " ".join(" ".join(page.extract_text() for page in pages).split())  # lines wrap anywhere


@pytest.fixture
def fallen(ad69, control, cremona, armies):
    """Cremona after its three turns: engines, reduction to 4, the assault that takes it, the loss placed."""
    xlv, xlvi, _ = armies
    do_build_siege_engines(cremona, legion=xlv, actor=control)
    do_build_siege_engines(cremona, legion=xlvi, actor=control)
    next_turn(ad69, control)
    do_reduce_defences(cremona, actor=control)
    next_turn(ad69, control)
    Character.objects.filter(name="Caecilius Simplex").update(location=cremona.region)
    month = do_assault(cremona, commander_joins=True, dice=[10, 3], actor=control)
    do_place_siege_losses(
        month, side="besiegers", placed=[{"force": "Legion XLV", "type": AUX, "count": 1}], actor=control
    )
    cremona.refresh_from_db()
    return cremona


def test_the_sheet_carries_both_sides_values_and_standing_factors(cremona):
    """Besiegers 50 + 50 (the levies do not assault) → +10, Primus +1; the garrison 20 × 5 = 100 → +10."""
    besiegers, garrison = get_siege_sheet(cremona).sides
    assert [(f.name, f.combat_value) for f in besiegers.forces] == [("Legion XLV", 50), ("Legion XLVI", 50)]
    assert (besiegers.value, dict(besiegers.factors)) == (
        100,
        {
            "+1 per 10 points of combat value": "+10",
            "Military Skill of the Army Commander": "+1",
            "+2 Legionary Commander in person": "+2 or 0",
        },
    )
    assert (garrison.value_label, garrison.value) == ("Defence Combat Value: 20 × 5", 100)
    assert dict(garrison.factors)["+1 per 10 of Defence Combat Value"] == "+10"
    assert dict(garrison.factors)["Military Skill of the Army Commander"] == "+0"


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_the_sheet_prints_on_one_page_with_everything_the_table_needs(cremona, page_size):
    pages, text = text_of(siege_sheet(cremona, page_size=page_size))
    assert pages == 1
    for words in (
        "Siege of Cremona",
        "Siege sheet",
        "Minor fortified city",
        "5 now, 5 at the start",
        "0 built, 2 needed",
        "Defence Combat Value: 20 × 5",
        "+8 or more: assault victorious, place falls",
        "+4/+7: bloody repulse",
        "+3 or less: repulse",
        "the defenders are wiped out",
        "reduces the strength multiplier by one",
        "one set per legion",
        "+ factors = total",
    ):
        assert words in text, words


def test_the_record_tells_every_month_its_dice_working_losses_and_the_end(fallen):
    _, text = text_of(siege_record(fallen))
    for words in (
        "Siege of Cremona",
        "Siege record",
        "4 now, 5 at the start",
        "Turn 1, September 68: Build siege engines by Legion XLV",
        "Turn 1, September 68: Build siege engines by Legion XLVI",
        "Turn 2, October 68: Reduce defences",
        "-1 for a month of reduction",
        "Turn 3, November 68: Assault",
        "d12 10 for the attackers' siege roll",
        "d12 3 for the defenders' siege roll",
        "entered at the table",
        "+2 Legionary Commander in person",
        "Defence Combat Value: 20 × 4",
        "80",
        "The besiegers lose 1: 1 Legion XLV auxiliary",
        "The garrison lose 7",
        "Cremona fell to the assault in turn 3.",
    ):
        assert words in text, words


def test_a_record_of_a_lifted_siege_says_why(cremona, control):
    do_lift_siege(cremona, reason="Vitellius' army approaches", actor=control)
    cremona.refresh_from_db()
    _, text = text_of(siege_record(cremona))
    assert "No month's work yet." in text and "The siege was lifted in turn 1: Vitellius' army approaches" in text


def test_the_pdfs_are_served_at_their_urls(client, fallen, control):
    client.force_login(control)
    for name in ("sheet", "record"):
        response = client.get(f"/events/ad69/sieges/{fallen.pk}/{name}.pdf")
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf", name
    assert client.get(f"/events/ad69/sieges/{fallen.pk}/sheet.pdf?size=A3").status_code == 400
