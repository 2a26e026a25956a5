"""VI. COMMUNICATIONS, (i) Letters, through the post's services: a letter's whole life with its
history, forwarding when the addressee has moved on, simulated transit at the right turn and
slower at sea in winter, who may hand a letter out, and clear refusals that change nothing."""

import pytest
from django.core.exceptions import ValidationError

from mail.models import Letter, LetterStep, StationeryCode
from mail.selectors import find_letter
from mail.services.letters import (
    do_deliver_letter,
    do_forward_letter,
    do_leave_letters,
    do_pick_up_letters,
    do_post_letter,
    do_return_letter,
    do_rule_letter,
)
from mail.services.transit import release_due_letters
from tests.umpire.channels_helpers import listen
from umpire import clockwork
from umpire.models import AuditEntry, Character, GameClock
from umpire.services.presence import do_check_in, do_check_out


def fresh(letter):
    return Letter.objects.get(pk=letter.pk)


def history(letter):
    return [
        (step.what, step.table.name if step.table else None, step.by.username if step.by else None, step.turn)
        for step in letter.steps.select_related("table", "by")
    ]


def everything():
    return (
        list(
            Letter.objects.values_list(
                "state", "at_table", "destination", "courier", "runner", "due_turn", "returning", "delivered_to"
            )
        ),
        LetterStep.objects.count(),
        AuditEntry.objects.count(),
    )


def refused(field, match, service, *args, **kwargs):
    before = everything()
    with pytest.raises(ValidationError) as refusal:
        service(*args, **kwargs)
    assert match in " ".join(refusal.value.message_dict[field])
    assert everything() == before


def post_to_primus(hall, **more):
    return do_post_letter(
        hall.rome,
        sender=hall.scribonius,
        addressee=hall.primus,
        destination=hall.illyria,
        actor=hall.rome_umpire,
        **more,
    )


def move(character, table):
    Character.objects.filter(pk=character.pk).update(location=table)


# ---- a letter's life, carried by couriers ---------------------------------------------------


def test_a_letters_whole_life_forwarded_after_its_addressee_moved(hall):
    """Posted at Rome; Fuscus carries it to Illyria; Primus has checked out, over the Alps to Gaul,
    so the Illyria umpire forwards it; a runner carries it to Gaul, where it is handed to Primus."""
    letter = post_to_primus(hall, contents="Hold the Alpine passes.")
    assert (letter.state, letter.at_table, letter.written_turn, len(letter.code)) == ("in_tray", hall.rome, 1, 6)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    assert (fresh(letter).state, fresh(letter).carrier) == ("carried", "Cornelius Fuscus")
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)
    assert (fresh(letter).state, fresh(letter).at_table) == ("arrived", hall.illyria)

    do_check_out(hall.primus, to_table=hall.alpes, actor=hall.illyria_umpire)
    refused(
        "letter",
        "Antonius Primus is not at this table (travelling to the Alpes table): forward the letter",
        do_deliver_letter,
        letter,
        actor=hall.illyria_umpire,
    )
    do_check_in(hall.primus, at_table=hall.alpes, actor=hall.control)
    do_check_out(hall.primus, to_table=hall.gaul, actor=hall.control)
    do_check_in(hall.primus, at_table=hall.gaul, actor=hall.gaul_umpire)
    do_forward_letter(letter, actor=hall.illyria_umpire)
    letter = fresh(letter)
    assert (letter.state, letter.at_table, letter.destination) == ("in_tray", hall.illyria, hall.gaul)
    do_pick_up_letters([letter], table=hall.illyria, runner="Marcus the runner", actor=hall.illyria_umpire)
    do_leave_letters([letter], table=hall.gaul, actor=hall.gaul_umpire)
    do_deliver_letter(letter, actor=hall.gaul_umpire)

    letter = fresh(letter)
    assert (letter.state, letter.delivered_to) == ("delivered", hall.primus)
    assert history(letter) == [
        ("posted", "Italia/Rome", "region-italia-rome", 1),
        ("picked_up", "Italia/Rome", "region-italia-rome", 1),
        ("arrived", "Illyria", "region-illyria", 1),
        ("forwarded", "Illyria", "region-illyria", 1),
        ("picked_up", "Illyria", "region-illyria", 1),
        ("arrived", "Gaul", "region-gaul", 1),
        ("delivered", "Gaul", "region-gaul", 1),
    ]
    steps = list(letter.steps.all())
    assert (steps[1].courier, steps[4].runner, steps[3].to_table, steps[6].to_character) == (
        hall.fuscus,
        "Marcus the runner",
        hall.gaul,
        hall.primus,
    )
    assert all(step.month == "September 68" and step.at for step in steps)
    assert AuditEntry.objects.filter(action__startswith="letter.", target_id=str(letter.pk)).count() == 7


def test_a_letter_bound_further_waits_in_the_tray_on_the_way(hall):
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=hall.gaul, actor=hall.gaul_umpire)
    letter = fresh(letter)
    assert (letter.state, letter.at_table, letter.courier, history(letter)[-1][0]) == (
        "in_tray",
        hall.gaul,
        None,
        "left",
    )


def test_only_the_tables_own_umpire_hands_out_its_letters(hall):
    """Not Control, not another table's umpire: "Only the Region's Area Umpire will ensure that
    mail is distributed on his or her table"."""
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)
    for other in (hall.gaul_umpire, hall.control, hall.rome_umpire):
        refused(
            "letter", "Only the Illyria table's umpire hands out its letters", do_deliver_letter, letter, actor=other
        )
    assert do_deliver_letter(letter, actor=hall.illyria_umpire).state == "delivered"


def test_an_office_is_resolved_when_the_letter_is_delivered(hall):
    """To "the Governor of Dalmatia": whoever holds it when the letter is handed out."""
    from regions.models import Province

    dalmatia = Province.objects.get(event=hall.event, name="Dalmatia")
    letter = do_post_letter(
        hall.rome,
        sender=hall.scribonius,
        office="governor",
        office_province=dalmatia,
        destination=hall.illyria,
        actor=hall.rome_umpire,
    )
    assert letter.addressed_to == "the Governor of Dalmatia"
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)
    Province.objects.filter(pk=dalmatia.pk).update(governor=None)
    refused(
        "letter",
        "the Governor of Dalmatia is vacant: return the letter",
        do_deliver_letter,
        letter,
        actor=hall.illyria_umpire,
    )
    Province.objects.filter(pk=dalmatia.pk).update(governor=hall.primus)
    assert do_deliver_letter(letter, actor=hall.illyria_umpire).delivered_to == hall.primus


def test_an_undeliverable_letter_goes_back_to_its_sender(hall):
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    do_leave_letters([letter], table=hall.illyria, actor=hall.illyria_umpire)
    refused("reason", "Say why", do_return_letter, letter, reason=" ", actor=hall.illyria_umpire)
    do_return_letter(letter, reason="Primus refuses it unopened", actor=hall.illyria_umpire)
    letter = fresh(letter)
    assert (letter.returning, letter.destination, letter.recipient) == (True, hall.rome, hall.scribonius)
    do_pick_up_letters([letter], table=hall.illyria, runner="a runner", actor=hall.illyria_umpire)
    do_leave_letters([letter], table=hall.rome, actor=hall.rome_umpire)
    assert do_deliver_letter(letter, actor=hall.rome_umpire).delivered_to == hall.scribonius


def test_an_umpires_ruling_loses_or_intercepts_a_letter(hall):
    letter = post_to_primus(hall)
    do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
    refused("reason", "Give the reason", do_rule_letter, letter, ruling="lost", reason="", actor=hall.control)
    refused("ruling", "'burnt' is not a ruling", do_rule_letter, letter, ruling="burnt", reason="x", actor=hall.control)
    do_rule_letter(letter, ruling="intercepted", reason="Othonian pickets at Aquileia", actor=hall.control)
    assert (fresh(letter).state, history(letter)[-1][0]) == ("intercepted", "intercepted")
    refused("letter", "is intercepted: it cannot be handed out", do_deliver_letter, letter, actor=hall.illyria_umpire)


def test_posting_refuses_what_cannot_be_and_writes_nothing(hall):
    refused(
        "sender",
        "Antonius Primus is not at the Italia/Rome table",
        do_post_letter,
        hall.rome,
        sender=hall.primus,
        addressee=hall.scribonius,
        destination=hall.rome,
        actor=hall.rome_umpire,
    )
    refused(
        "addressee",
        "to a character or to an office, one of the two",
        do_post_letter,
        hall.rome,
        sender=hall.scribonius,
        destination=hall.illyria,
        actor=hall.rome_umpire,
    )
    refused(
        "office_province",
        "Name the province of the Governor",
        do_post_letter,
        hall.rome,
        sender=hall.scribonius,
        office="governor",
        destination=hall.illyria,
        actor=hall.rome_umpire,
    )
    refused(
        "code",
        "was never printed on this event's slips",
        do_post_letter,
        hall.rome,
        sender=hall.scribonius,
        addressee=hall.primus,
        destination=hall.illyria,
        code="KM7-4QX",
        actor=hall.rome_umpire,
    )


def test_a_printed_slips_code_is_taken_once(hall):
    StationeryCode.objects.create(event=hall.event, table=hall.rome, code="KM74QX")
    assert post_to_primus(hall, code="km7 4qx").shown_code == "KM7-4QX"
    refused("code", "KM7-4QX is already on another letter", post_to_primus, hall, code="KM7-4QX")


@pytest.mark.parametrize(
    "typed, words",
    [
        ("", "Type or scan the letter's tracking code"),
        ("KM0-4QX", "tracking codes have no O or 0; read it again"),
        ("KM7-4Q", "a tracking code has 6 characters, as KM7-4QX, not 5"),
        ("KM7-4Q!", "'!' is never in a tracking code"),
        ("ABC-DEF", "No letter has the code ABC-DEF: read it again"),
    ],
)
def test_a_bad_tracking_code_gets_a_clear_message(hall, typed, words):
    post_to_primus(hall)
    with pytest.raises(ValidationError) as refusal:
        find_letter(hall.event, typed)
    assert words in refusal.value.message_dict["code"][0]


def test_a_typed_code_finds_its_letter(hall):
    letter = post_to_primus(hall)
    assert find_letter(hall.event, f" {letter.code[:3].lower()} {letter.code[3:]} ") == letter


# ---- simulated transit ----------------------------------------------------------------------


def end_turn(event):
    clock = GameClock.objects.get(event=event)
    clockwork.do_skip_turn(event, actor=None)
    return clock.turn + 1


def test_simulated_transit_delivers_at_the_right_turn_and_slower_at_sea_in_winter(simulated):
    """Turn 1 is September 68: North Africa's sea is in winter (Sept-Mar), so the crossing from
    Rome takes Control's winter time, 3 turns, not 1; by land to Illyria it takes 1."""
    hall = simulated
    africa = hall.event.regions.get(name="North Africa")
    Character.objects.filter(pk=hall.primus.pk).update(location=africa)
    by_sea = do_post_letter(
        hall.rome, sender=hall.scribonius, addressee=hall.primus, destination=africa, actor=hall.rome_umpire
    )
    by_land = do_post_letter(
        hall.rome, sender=hall.scribonius, addressee=hall.fuscus, destination=hall.illyria, actor=hall.rome_umpire
    )
    assert (by_sea.state, by_sea.due_turn, by_land.due_turn) == ("in_transit", 4, 2)

    assert end_turn(hall.event) == 2
    assert (fresh(by_land).state, fresh(by_land).at_table, fresh(by_sea).state) == (
        "arrived",
        hall.illyria,
        "in_transit",
    )
    end_turn(hall.event)
    assert fresh(by_sea).state == "in_transit"
    end_turn(hall.event)
    assert (fresh(by_sea).state, fresh(by_sea).at_table) == ("arrived", africa)
    assert history(fresh(by_sea))[-1] == ("arrived", "North Africa", None, 4)


def test_a_letter_forwarded_in_simulated_transit_takes_the_extra_time(simulated):
    hall = simulated
    letter = post_to_primus(hall)
    end_turn(hall.event)
    move(hall.primus, hall.gaul)
    do_forward_letter(letter, actor=hall.illyria_umpire)
    letter = fresh(letter)
    assert (letter.state, letter.destination, letter.due_turn) == ("in_transit", hall.gaul, 5)  # Illyria-Alpes-Gaul: 3


def test_without_timed_links_a_simulated_letter_is_refused(simulated):
    hall = simulated
    spain = hall.event.regions.get(name="Spain")
    refused(
        "destination",
        "No timed links join Italia/Rome to Spain",
        do_post_letter,
        hall.rome,
        sender=hall.scribonius,
        addressee=hall.primus,
        destination=spain,
        actor=hall.rome_umpire,
    )


def test_the_release_is_once_per_letter_however_often_the_hook_runs(simulated):
    hall = simulated
    post_to_primus(hall)
    assert release_due_letters(hall.event, 1) == 1
    assert release_due_letters(hall.event, 1) == 0


# ---- who hears ------------------------------------------------------------------------------


def test_the_tables_a_letter_passes_and_control_hear_of_it_and_no_one_else(hall, django_capture_on_commit_callbacks):
    """Who writes to whom is secret: never the whole event, never another table."""
    event = hall.event
    groups = [
        f"control-{event.pk}",
        f"table-{hall.rome.pk}",
        f"table-{hall.illyria.pk}",
        f"table-{hall.gaul.pk}",
        f"event-{event.pk}",
        f"display-{event.pk}",
    ]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            letter = post_to_primus(hall)
        with django_capture_on_commit_callbacks(execute=True):
            do_pick_up_letters([letter], table=hall.rome, courier=hall.fuscus, actor=hall.rome_umpire)
        messages = heard()
    assert sorted(messages) == sorted(groups[:3])
    steps = [(m["event"]["step"], m["event"]["code"]) for m in messages[f"control-{event.pk}"]]
    assert steps == [("posted", letter.shown_code), ("picked_up", letter.shown_code)]
    assert [m["event"]["step"] for m in messages[f"table-{hall.illyria.pk}"]] == ["posted", "picked_up"]


def test_letters_arriving_by_the_post_are_told_once_to_each_table(simulated, django_capture_on_commit_callbacks):
    hall = simulated
    with listen([f"table-{hall.illyria.pk}"]) as heard:
        post_to_primus(hall)
        post_to_primus(hall)
        with django_capture_on_commit_callbacks(execute=True):
            release_due_letters(hall.event, 1)
        messages = heard()
    arrivals = [m["event"] for m in messages[f"table-{hall.illyria.pk}"] if m["event"]["type"] == "letters.arrived"]
    assert [(e["count"], e["turn"]) for e in arrivals] == [(2, 2)]
