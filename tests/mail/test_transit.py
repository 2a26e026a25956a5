"""The quickest posting between tables: by the timed links only, slower at sea in winter, each
link timed from the turn the letter sets out along it."""

from mail.transit import Link, quickest

ROME, ILLYRIA, AFRICA, EAST = 1, 2, 3, 4
LINKS = [
    Link(ROME, ILLYRIA, 1, None, False),
    Link(ROME, AFRICA, 1, 3, True),
    Link(ILLYRIA, EAST, 1, None, False),
    Link(EAST, AFRICA, 1, None, False),
]


def never_winter(table, turn):
    return False


def winter_before_turn_8(table, turn):
    return turn < 8


def test_the_direct_sea_crossing_in_summer():
    posting = quickest(LINKS, ROME, AFRICA, 10, never_winter)
    assert (posting.turns, posting.tables, posting.arrives(10)) == (1, (ROME, AFRICA), 11)


def test_in_winter_the_land_way_round_beats_the_slow_sea():
    """By sea in winter 3 turns; by land through Illyria and the East 3 too, so either; with the
    crossing at 4 in winter the land way wins."""
    slow_sea = [Link(ROME, AFRICA, 1, 4, True), *LINKS[2:], LINKS[0]]
    posting = quickest(slow_sea, ROME, AFRICA, 2, winter_before_turn_8)
    assert (posting.turns, posting.tables) == (3, (ROME, ILLYRIA, EAST, AFRICA))


def test_winter_is_read_at_the_turn_the_letter_sets_out_on_the_link():
    """Setting out from Illyria in turn 7, the East in 8: no winter by the time it would sail."""
    sea_late = [Link(ROME, ILLYRIA, 5, None, False), Link(ILLYRIA, AFRICA, 1, 9, True)]
    assert quickest(sea_late, ROME, AFRICA, 2, winter_before_turn_8).turns == 14  # 5, then sails in 7: winter
    assert quickest(sea_late, ROME, AFRICA, 3, winter_before_turn_8).turns == 6  # 5, then sails in 8: summer


def test_no_timed_link_no_posting():
    assert quickest(LINKS[:1], ROME, AFRICA, 1, never_winter) is None
    assert quickest([], ROME, ROME, 1, never_winter).turns == 0
