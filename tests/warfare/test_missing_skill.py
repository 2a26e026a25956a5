"""A commander's missing Military Skill (X. BATTLE DIE ROLLING SYSTEM: "+ Military Skill of Army
Commander") is treated the same everywhere a fight needs it: the battle desk refuses to open the battle,
and the odds, the blank sheet and a siege refuse in the same words, naming him; none counts it as 0."""

import pytest
from django.core.exceptions import ValidationError

from tests.warfare.test_battle_pages import errors_beside, open_data, refused_open, rows, signed_in, squeezed
from umpire.models import Character
from warfare.selectors import check_military_skill
from warfare.services.sieges import do_assault

MISSING = "Flatulius Butus's Military Skill is missing: Control sets it on the cast page, from his briefing."


@pytest.fixture
def unskilled(example_1_forces):
    """Example 1's sides, Flatulius Butus's skill not yet set."""
    Character.objects.filter(pk=example_1_forces["flatulius"].pk).update(military_skill=None)
    return example_1_forces


def test_the_shared_words_name_the_commander_and_his_side(ad69):
    flatulius = Character(event=ad69, name="Flatulius Butus", role="legate", social_class="senator")
    with pytest.raises(ValidationError) as refusal:
        check_military_skill(flatulius, "side_b_commander")
    assert refusal.value.message_dict == {"side_b_commander": [MISSING]}
    flatulius.military_skill = 0
    assert check_military_skill(flatulius, "side_b_commander") == 0


def test_the_battle_desk_refuses_to_open_with_a_commanders_skill_missing(client, illyria, umpire, unskilled):
    before = rows()
    response = refused_open(signed_in(client, umpire), "open/", open_data(illyria, unskilled))
    assert errors_beside(response, "side_b_commander") == [MISSING]
    assert rows() == before


def test_the_odds_say_the_skill_is_missing_as_the_desk_does_and_show_no_odds(client, illyria, umpire, unskilled):
    before = rows()
    response = refused_open(signed_in(client, umpire), "odds/", open_data(illyria, unskilled))
    assert errors_beside(response, "side_b_commander") == [MISSING]
    text = squeezed(response)
    assert "The odds, from the engine" not in text and "wins outright" not in text
    assert rows() == before


def test_the_blank_sheet_is_not_printed_with_a_missing_skill_as_0(client, illyria, umpire, unskilled):
    response = refused_open(signed_in(client, umpire), "blank-sheet.pdf", open_data(illyria, unskilled), {})
    assert response["Content-Type"].startswith("text/html")
    assert errors_beside(response, "side_b_commander") == [MISSING]


def test_the_odds_still_count_a_side_without_a_commander_by_the_umpires_word(client, illyria, umpire, unskilled):
    data = open_data(illyria, unskilled, side_b_commander="", side_b_skill="2")
    text = squeezed(signed_in(client, umpire).post("/events/ad69/battles/odds/", data))
    assert "The odds, from the engine" in text and MISSING not in text


def test_a_siege_refuses_a_missing_skill_in_the_same_words(ad69, control, cremona):
    Character.objects.filter(event=ad69, name="Antonius Primus").update(military_skill=None)
    with pytest.raises(ValidationError) as refusal:
        do_assault(cremona, dice=[6, 6], actor=control)
    assert refusal.value.message_dict == {"besiegers": [MISSING.replace("Flatulius Butus", "Antonius Primus")]}
