"""Issue 29, point 4: a runner leaves his letter at the table he was sent to, recorded by that table's umpire;
and Control takes any letter stuck in a carrier's hand (a player's or a runner's) into a table's tray, with his
reason. Each step audited, told, and undone like the post's others; each refusal named, changing nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from mail.models import Letter
from mail.selectors import get_tray
from mail.services.letters import do_leave_letters, do_pick_up_letters, do_settle_letter
from tests.mail.test_letter_undo import entry, steps
from tests.mail.test_letters import everything, fresh, post_to_primus, refused
from tests.mail.test_post_pages import letter_page, page, post, tray
from umpire.models import Event, Region
from umpire.selectors import get_table
from umpire.services.undo import do_undo


@pytest.fixture
def with_runner(hall):
    """A letter for Primus at Illyria, handed at Rome to a runner."""
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, runner="Marcus the runner", actor=hall.rome_umpire)
    return fresh(letter)


@pytest.fixture
def with_courier(hall):
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    return fresh(letter)


# ---- a runner leaves his letter --------------------------------------------------------------------------------


def test_a_runners_letter_is_left_at_its_table_from_the_tray_page(client, hall, with_runner):
    letter = with_runner
    assert "brought by Marcus the runner" in page(client, hall.illyria_umpire, tray(hall, hall.illyria))
    text = post(
        client, hall.illyria_umpire, f"{tray(hall, hall.illyria)}from-runners/", {"runners-letters": [letter.pk]}
    )
    assert "1 letter(s) taken from runners into the Illyria tray." in text and "To hand out now (1)" in text
    letter = fresh(letter)
    assert (letter.state, letter.at_table, letter.runner) == ("arrived", hall.illyria, "")
    step = letter.steps.order_by("pk").last()
    assert (step.what, step.runner, step.table) == ("arrived", "Marcus the runner", hall.illyria)
    assert entry("letter.arrived").actor == hall.illyria_umpire


def test_a_runner_leaves_a_letter_at_its_destination_only(hall, with_runner):
    refused(
        "letter",
        "is bound for the Illyria table: its runner, Marcus the runner, leaves it there, not at the Gaul table",
        do_leave_letters,
        [with_runner],
        table=hall.gaul,
        actor=hall.gaul_umpire,
    )


def test_only_the_tables_own_umpire_takes_letters_into_its_tray(hall, with_runner):
    for someone in (hall.gaul_umpire, hall.control):
        refused(
            "letter",
            "Only the Illyria table's umpire takes letters into its tray",
            do_leave_letters,
            [with_runner],
            table=hall.illyria,
            actor=someone,
        )


def test_another_tables_umpire_is_offered_no_runners_letter_and_cannot_post_one(client, hall, with_runner):
    assert "Runners bringing letters" not in page(client, hall.gaul_umpire, tray(hall, hall.gaul))
    before = everything()
    text = post(
        client, hall.gaul_umpire, f"{tray(hall, hall.gaul)}from-runners/", {"runners-letters": [with_runner.pk]}
    )
    assert "Select a valid choice" in text and everything() == before


def test_a_courier_elsewhere_hands_nothing_over_at_this_table(client, hall, with_courier):
    """Fuscus is still at Rome: the Illyria umpire cannot take his letters into the Illyria tray."""
    client.force_login(hall.illyria_umpire)
    before = everything()
    address = f"{tray(hall, hall.illyria)}leave/"
    reply = client.post(address, {"courier": hall.fuscus.pk, f"courier-{hall.fuscus.pk}-letters": [with_courier.pk]})
    assert reply.status_code == 404 and everything() == before


def test_a_runners_arrival_is_undone_into_his_hand_again(hall, with_runner):
    do_leave_letters([with_runner], table=hall.illyria, actor=hall.illyria_umpire)
    do_undo(entry("letter.arrived"), actor=hall.control, reason="recorded at the wrong table")
    letter = fresh(with_runner)
    assert (letter.state, letter.at_table, letter.runner) == ("carried", None, "Marcus the runner")
    assert steps(letter) == ["posted", "picked_up"]


# ---- Control settles a letter stuck in a hand -------------------------------------------------------------------


@pytest.mark.parametrize("carried", ["with_runner", "with_courier"])
def test_control_takes_a_stuck_letter_into_its_destinations_tray(request, hall, carried):
    letter = request.getfixturevalue(carried)
    do_settle_letter(letter, table=hall.illyria, reason="found on the floor of the hall", actor=hall.control)
    letter = fresh(letter)
    assert (letter.state, letter.at_table, letter.courier, letter.runner) == ("arrived", hall.illyria, None, "")
    step = letter.steps.order_by("pk").last()
    assert (step.what, step.table, step.note) == ("settled", hall.illyria, "found on the floor of the hall")
    assert (step.courier, step.runner) == (
        (hall.fuscus, "") if carried == "with_courier" else (None, "Marcus the runner")
    )
    assert entry("letter.settled").reason == "found on the floor of the hall"


def test_control_puts_a_stuck_letter_back_in_its_senders_tray(client, hall, with_courier):
    text = post(
        client,
        hall.control,
        f"{letter_page(with_courier)}settle/",
        {"table": hall.rome.pk, "reason": "Fuscus left the game"},
    )
    assert (
        f"{with_courier.shown_code} is taken from its carrier into the Italia/Rome tray: Fuscus left the game" in text
    )
    letter = fresh(with_courier)
    assert (letter.state, letter.at_table, letter.destination, letter.courier) == (
        "in_tray",
        hall.rome,
        hall.illyria,
        None,
    )


def test_controls_letter_page_offers_every_tray_naming_the_destination_and_the_senders(client, hall, with_runner):
    text = page(client, hall.control, letter_page(with_runner))
    assert "Stuck in Marcus the runner's hand" in text
    assert "Illyria: its destination, to hand out" in text and "Italia/Rome: back in its sender's tray" in text
    assert "Stuck in" not in page(client, hall.illyria_umpire, letter_page(with_runner))


def test_a_settling_is_undone_into_the_carriers_hand_again(hall, with_courier):
    do_settle_letter(with_courier, table=hall.rome, reason="Fuscus left the game", actor=hall.control)
    do_undo(entry("letter.settled"), actor=hall.control, reason="he came back")
    letter = fresh(with_courier)
    assert (letter.state, letter.at_table, letter.courier) == ("carried", None, hall.fuscus)
    assert steps(letter) == ["posted", "picked_up"]


def test_settling_refuses_what_cannot_be_and_changes_nothing(hall, with_courier):
    letter = with_courier
    refused(
        "reason",
        "Say why the letter is taken",
        do_settle_letter,
        letter,
        table=hall.rome,
        reason=" ",
        actor=hall.control,
    )
    for someone in (hall.rome_umpire, hall.illyria_umpire, None):
        refused(
            "letter",
            "Only Control takes a letter from its carrier's hand",
            do_settle_letter,
            letter,
            table=hall.illyria,
            reason="lost",
            actor=someone,
        )
    another_game = Event.objects.create(
        slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=12
    )
    elsewhere = Region.objects.create(event=another_game, name="Elsewhere")
    refused(
        "table",
        "is not a table of this event",
        do_settle_letter,
        letter,
        table=elsewhere,
        reason="x",
        actor=hall.control,
    )
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)
    refused(
        "letter",
        "is arrived: to hand out: it cannot be taken from a carrier's hand",
        do_settle_letter,
        letter,
        table=hall.rome,
        reason="x",
        actor=hall.control,
    )


def test_control_settling_through_the_page_is_refused_with_the_field_named(client, hall, with_courier):
    before = everything()
    text = post(client, hall.control, f"{letter_page(with_courier)}settle/", {"table": hall.rome.pk, "reason": ""})
    assert "Why This field is required." in text and everything() == before
    text = post(client, hall.control, f"{letter_page(with_courier)}settle/", {"table": "²", "reason": "x"})
    assert "Into the tray of Select a valid choice." in text and everything() == before
    for someone in (hall.gaul_umpire, hall.rome_umpire, hall.illyria_umpire):
        client.force_login(someone)
        reply = client.post(f"{letter_page(with_courier)}settle/", {"table": hall.rome.pk, "reason": "x"})
        assert reply.status_code == 404
    assert Letter.objects.get().state == "carried"


def test_the_trays_runners_and_overdue_letters_are_read_together_and_each_listed_where_it_belongs(hall):
    """The tray reads the letters bound to it that a runner carries or that have not moved for the post's set time
    in one query; a runner's stuck letter is in both lists, a courier's only among the overdue, and one arrived is
    in neither, however long it has waited."""

    def handed(**carrier):
        letter = post_to_primus(hall)
        do_pick_up_letters([letter], table=hall.rome, actor=hall.rome_umpire, **carrier)
        return letter

    def waited(letter, minutes):
        Letter.objects.filter(pk=letter.pk).update(moved_at=timezone.now() - timedelta(minutes=minutes))

    runners_new, runners_stuck = handed(runner="Marcus"), handed(runner="Titus")
    couriers_stuck, arrived = handed(courier=hall.fuscus), handed(runner="Gaius")
    do_leave_letters([arrived], table=hall.illyria, actor=hall.illyria_umpire)
    waited(runners_stuck, 90)
    waited(couriers_stuck, 60)
    waited(arrived, 120)

    tray = get_tray(get_table(hall.event, hall.illyria.pk), stuck_after_minutes=30)
    assert [letter.pk for letter in tray.runners_bound_here] == [runners_stuck.pk, runners_new.pk]
    assert [letter.pk for letter in tray.overdue] == [runners_stuck.pk, couriers_stuck.pk]
    assert [letter.courier.name if letter.courier else letter.runner for letter in tray.overdue] == [
        "Titus",
        "Cornelius Fuscus",
    ]
