"""A saved rules run prints, however long its log: a Hannibal Barkas battle fought to its twentieth round
puts its whole round log in one cell of the result, taller than a page (it was a LayoutError, issue 31)."""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tests.boardgames.builders import hannibal_barkas_session
from tests.printing.paper import ink_outside_margins
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


def test_a_battle_of_twenty_rounds_prints_its_whole_round_log_across_pages(client, longest_battle):
    umpire, run = longest_battle
    client.force_login(umpire)
    response = client.get(reverse("umpire:rules-record-pdf", args=["hb", run.pk]))
    assert response.status_code == 200
    pdf = response.content
    reader = PdfReader(BytesIO(pdf))
    text = "".join("".join(page.extract_text().split()) for page in reader.pages)
    assert len(reader.pages) > 2
    assert f'"round":{ROUNDS},' in text  # the last round's log reached the paper
    assert f"Nodecisionafter{ROUNDS}rounds" in text
    assert ink_outside_margins(pdf) == []
