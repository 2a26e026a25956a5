"""The odds on the battles index: the engine's exact chances (ad69.battle_odds), read out in the sides' names."""

import re

from tests.warfare.test_battle_pages import INDEX, htmx_on, open_data, signed_in, squeezed
from tests.warfare.test_battles import rows


def odds_table(response):
    """The odds' rows as (what, how likely), in the order shown."""
    block = re.search(r'<div class="step now odds" id="odds".*?</table>', response.content.decode(), re.S).group(0)
    cells = re.findall(r"<tr><td>(.*?)</td><td class=\"num\"><strong>(.*?)</strong></td></tr>", block)
    return [(what, " ".join(share.split())) for what, share in cells]


def test_the_odds_of_combat_example_1_are_shown_exactly_in_the_sides_names(client, illyria, umpire, example_1_forces):
    """Example 1's sides, the orders left to the engine (Bigius, with the advantage, attacks; Flatulius
    must defend): level factors, so each wins outright 1858385/5971968 of the time (31.1%), and none
    withdraws; the undecided rest leaves each side's losses between the verdicts for and against it."""
    before = rows()
    response = signed_in(client, umpire).post(
        f"{INDEX}odds/", open_data(illyria, example_1_forces), headers=htmx_on(INDEX)
    )
    assert response.status_code == 200
    assert "exact, every roll of the dice counted" in squeezed(response)
    assert odds_table(response) == [
        ("Bigius Diccus wins outright", "about 31.1%"),
        ("Bigius Diccus pushes back and withdraws", "exactly 0%"),
        ("Flatulius Butus wins outright", "about 31.1%"),
        ("Flatulius Butus pushes back and withdraws", "exactly 0%"),
        ("No decision after four rounds", "about 37.8%"),
    ]
    assert "Units lost on average: Bigius Diccus 2.9 to 4.1, Flatulius Butus 2.9 to 4.1; 2.89 rounds." in squeezed(
        response
    )
    assert "10,000 battles" not in squeezed(response)
    assert rows() == before


def test_an_overwhelming_side_is_shown_winning_exactly_always(client, illyria, umpire, example_1_forces):
    """Bigius's skill ruled 20 against Flatulius's 0: every pair of d12 defeats Flatulius in round 1."""
    data = open_data(illyria, example_1_forces, side_a_commander="", side_a_name="Bigius Diccus", side_a_skill="20")
    response = signed_in(client, umpire).post(f"{INDEX}odds/", data, headers=htmx_on(INDEX))
    assert response.status_code == 200, squeezed(response)[:2000]
    table = dict(odds_table(response))
    assert table["Bigius Diccus wins outright"] == "exactly 100%"
    assert table["No decision after four rounds"] == "exactly 0%"
    # decided by the dice: no verdict to wait for
    assert "Units lost on average: Bigius Diccus 2.0, Flatulius Butus 5.0; 1.00 rounds." in squeezed(response)
