"""A saved rules run prints as the umpire reads it out (issue 32): the verdict first, in words, then the working
with each term labelled and its rule; and it prints however long its log: a Hannibal Barkas battle fought to its
twentieth round prints its whole round log across pages (a cell taller than a page was a LayoutError, issue 31)."""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.boardgames.builders import hannibal_barkas_session
from tests.printing.paper import ink_outside_margins
from tests.rules.ad69.test_battle import EXAMPLE_1
from umpire.models import Role
from umpire.services.rules import do_record_procedure_run

# Neither side withdraws and every die misses (a 1 never hits), so the battle runs to the desk's default
# last round: each round rolls a d10 for each of the 11 units.
HOSTS = {
    "attacker": {"name": "Hannibal", "units": {"heavy_infantry": 4, "cavalry": 2}},
    "defender": {"name": "Scipio", "units": {"heavy_infantry": 5}},
}
ROUNDS = 20
DICE_OF_THE_LONGEST_BATTLE = [1] * 11 * ROUNDS


@pytest.fixture
def longest_battle(db, make_umpire):
    event = hannibal_barkas_session()
    umpire = make_umpire(event, Role.REGION, "Italy", username="hb-italy")
    run = do_record_procedure_run(
        event,
        key="hannibal_barkas.battle",
        case=HOSTS,
        dice=DICE_OF_THE_LONGEST_BATTLE,
        rolled_by_console=False,
        actor=umpire,
    )
    return umpire, run


def record_text(client, slug, run):
    """The record's PDF, and its text with the whitespace taken out, as pypdf reads it back."""
    response = client.get(reverse("umpire:rules-record-pdf", args=[slug, run.pk]))
    assert response.status_code == 200
    reader = PdfReader(BytesIO(response.content))
    return response.content, "".join("".join(page.extract_text().split()) for page in reader.pages)


def squeezed(text):
    return "".join(text.split())


def test_a_battle_of_twenty_rounds_prints_its_whole_round_log_across_pages(client, longest_battle):
    umpire, run = longest_battle
    client.force_login(umpire)
    pdf, text = record_text(client, "hb", run)
    assert len(PdfReader(BytesIO(pdf)).pages) > 2
    assert squeezed(f"{ROUNDS}. Round: {ROUNDS}") in text  # the last round's log reached the paper
    assert squeezed(f"No decision after {ROUNDS} rounds") in text
    assert ink_outside_margins(pdf) == []


def test_combat_example_1_prints_its_verdict_first_then_its_working_read_aloud(client, ad69, make_umpire):
    umpire = make_umpire(ad69, Role.REGION, "Gaul")
    run = do_record_procedure_run(
        ad69, key="ad69.battle", case=EXAMPLE_1, dice=[10, 2], rolled_by_console=False, actor=umpire
    )
    client.force_login(umpire)
    pdf, text = record_text(client, "ad69", run)

    verdict, working = text.index("Verdict"), text.index("Working")
    assert verdict < text.index(squeezed("Ended: defeated outright")) < working
    assert working < text.index(squeezed("d12 for Bigius Diccus's battle roll, round 1: 10"))
    for line in (
        "Victor: a",
        "Verdict needed: no",
        "Bigius Diccus: Military Skill of the army commander: +1 (X. COMBAT RESOLUTION, BATTLE DIE ROLLING SYSTEM)",
        "Flatulius Butus: defending: +1",
        "Legion XLVI legionary: 5 units, share 2.5: 2 (X. COMBAT RESOLUTION, LOSSES)",
    ):
        assert squeezed(line) in text, line
    assert '"ended"' not in text and "verdict_needed" not in text  # the outcome is in words, not JSON
    assert ink_outside_margins(pdf) == []
