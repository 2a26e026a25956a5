"""The pre-filled battle sheet: the handbook's Combat Example 1 as a table would print it before the fight."""

from io import BytesIO

import pytest
from pypdf import PdfReader

from regions.models import Province
from tests.regions.forces_builders import legion
from warfare.printing import SideOnPaper, battle_sheet, get_battle_sheet, on_paper, units_on_paper

LEG, AUX = "legionary", "auxiliary"


@pytest.fixture
def example_1(ad69):
    """X. COMBAT EXAMPLES, Example 1: two full-strength legions, 5 legionaries and 5 auxiliaries with
    their Aquila each; Bigius Diccus, with a +1 military skill, against Flatulius Butus."""
    xlv = legion(ad69, "Legion XLV", "Pannonia", [(LEG, 5, False), (AUX, 5, False)])
    xlvi = legion(ad69, "Legion XLVI", "Pannonia", [(LEG, 5, False), (AUX, 5, False)])
    province = Province.objects.get(event=ad69, name="Pannonia")
    return (
        province,
        SideOnPaper("Bigius Diccus", on_paper([xlv]), military_skill=1),
        SideOnPaper("Flatulius Butus", on_paper([xlvi])),
    )


def test_example_1_sheet_carries_the_handbooks_values_and_standing_factors(example_1):
    province, bigius, flatulius = example_1
    sheet = get_battle_sheet(province, place="Siscia", side_a=bigius, side_b=flatulius)
    a, b = sheet.sides
    # "5 legionaries 30, 5 auxiliaries 20, TOTAL 50 each"
    assert (a.combat_value, b.combat_value) == (50, 50)
    assert a.forces[0].units == "1 Aquila, 5 legionaries, 5 auxiliaries"
    # Bigius: "+1 for his military skill +5 for the Aquila +5 for his legion's combat value"; the die and
    # "+1 for defending" are written in round by round
    assert dict(a.standing) == {
        "every legion's Aquila present": 5,
        "combat value 50: +1 for every 10 points": 5,
        "Military Skill of the army commander": 1,
    }
    assert (a.standing_total, b.standing_total) == (11, 10)
    assert ("Defending", 1) in sheet.round_factors
    assert sheet.results[0] == "+7 or more: enemy defeated outright"


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_the_sheet_prints_on_one_page_with_everything_the_table_needs(example_1, page_size):
    province, bigius, flatulius = example_1
    pdf = battle_sheet(province, place="Siscia", side_a=bigius, side_b=flatulius, page_size=page_size)
    pages = PdfReader(BytesIO(pdf)).pages
    text = " ".join(" ".join(page.extract_text() for page in pages).split())  # lines wrap anywhere
    assert len(pages) == 1
    for words in (
        "Battle at Siscia",
        "Battle sheet",
        "Side A: Bigius Diccus",
        "Side B: Flatulius Butus",
        "Standing factors",
        "+4/+6: enemy pushed back",
        "Commanders'",
        "divide it by 10",
        "a 1 on 1d6 is fatal",
    ):
        assert words in text, words


def test_a_forces_veterans_are_said_beside_its_units():
    """They count for more (X. COMBAT VALUES), so the sheet says how many of each type are veterans."""
    troops = [
        {"type": LEG, "count": 3, "veteran": False},
        {"type": LEG, "count": 2, "veteran": True},
        {"type": AUX, "count": 1, "veteran": True},
    ]
    assert units_on_paper({"name": "Legion XLV", "aquila": True, "troops": troops}) == (
        "1 Aquila, 5 legionaries (2 veteran), 1 auxiliary (1 veteran)"
    )
    assert units_on_paper({"name": "Legion XLV", "aquila": False, "troops": []}) == "no units"
