"""The game as the hall has played it so far, staged through the services in a process of its own.

The console's processes run on a scratch database that this test run's Django settings do not name,
so each scene is played by `python -m tests.hardening.staging <scene>` with that database's
DATABASE_URL and REDIS_URL, as Control and the table umpires would play it from their desks; it
prints the ids of what it made as JSON on its last line.

    open_the_game   Control starts the clock: turn 1 (September AD69).
    busy_turn       letters in the post, talents moved and a battle being fought, in the current turn.
    eve_of_a_quarter
                    the game began at turn 2, and in turn 3 a legion raises levies: a cost with no
                    statement yet, which tax turn 4's statement must bill, as the clock ends turn 3.
    a_print_run     Control asks for every table's pack: the hall's worker prints it.
"""

import json
import os
import sys

CONTROL, ILLYRIA_UMPIRE = "control", "illyria"
BATTLE_SIDES = ("Legio III Gallica", "Legio VIII Augusta")  # both in Moesia, at the Illyria table
LEVIES_FOR = "Legio I Adiutrix"  # in Italia, at the Italia/Rome table
# (writer, his table, correspondent, her table, posting time in turns)
LETTERS = [
    ("Quintus Scribonius", "Italia/Rome", "Antonius Primus", "Illyria", 1),
    ("Julius Civilis", "Gaul", "Caecina Alienus", "Alpes", 2),
]


def open_the_game(event):
    from umpire import clockwork

    clockwork.do_start_clock(event, actor=umpire(CONTROL))
    return {}


def busy_turn(event):
    """Two letters posted (one due at this turn's end, one a turn later), a deposit and a transfer, and
    a battle of legion against legion with its first round fought."""
    return {"letters": post_letters(event), "transactions": move_talents(event), "battle": fight_a_round(event)}


def eve_of_a_quarter(event):
    from regions.models import Force
    from regions.services.forces import do_raise_levies
    from umpire import clockwork

    control = umpire(CONTROL)
    clockwork.do_set_turn(event, turn=2, actor=control, reason="The game opens in October.")
    clockwork.do_start_clock(event, actor=control)
    clockwork.do_skip_turn(event, actor=control)
    legion = Force.objects.get(event=event, name=LEVIES_FOR)
    do_raise_levies(legion, count=2, actor=umpire("italia-rome"))
    return {"cost": legion.costs_owed.get().pk, "legion": legion.pk}


def a_print_run(event):
    from printshop.models import PrintRun
    from printshop.runs import do_request_print_run

    run = do_request_print_run(event, kind=PrintRun.Kind.TABLE_PACKS, page_size="A4", actor=umpire(CONTROL))
    return {"run": run.pk}


def post_letters(event):
    from mail.models import PostingTime, PostOffice
    from mail.services.letters import do_post_letter
    from mail.services.office import do_set_post_office
    from umpire.models import Character, Route

    do_set_post_office(
        event,
        carriage=PostOffice.Carriage.SIMULATED,
        players_may_track=False,
        stuck_after_minutes=30,
        actor=umpire(CONTROL),
    )
    letters = []
    for writer, origin, correspondent, destination, turns in LETTERS:
        origin, destination = table(event, origin), table(event, destination)
        route = Route.objects.get(event=event, one__in=[origin, destination], other__in=[origin, destination])
        PostingTime.objects.create(route=route, turns=turns)  # Control's posting time, set before the day
        sender = Character.objects.create(
            event=event, name=writer, role="senator", social_class="senator", location=origin
        )
        addressee = Character.objects.create(
            event=event, name=correspondent, role="legate", social_class="senator", location=destination
        )
        letter = do_post_letter(
            origin,
            sender=sender,
            destination=destination,
            addressee=addressee,
            contents=f"{writer} to {correspondent}",
            actor=umpire(table_login(origin)),
        )
        letters.append(letter.pk)
    return letters


def move_talents(event):
    from regions.models import Force, Province
    from regions.services.books import OPENING, outside, pay_chest_of, treasury_of
    from regions.services.ledger import do_post, do_transfer

    moesia = Province.objects.get(event=event, name="Moesia")
    chest = pay_chest_of(Force.objects.get(event=event, name=BATTLE_SIDES[0]))
    deposit = do_post(
        event,
        postings=[(outside(event, OPENING), -12), (treasury_of(moesia), 12)],
        why="Moesia's reserve, brought into the books",
        actor=umpire(CONTROL),
    )
    pay = do_transfer(
        source=treasury_of(moesia),
        target=chest,
        talents=5,
        why="The Third's pay, a month early",
        actor=umpire(ILLYRIA_UMPIRE),
    )
    return [deposit.pk, pay.pk]


def fight_a_round(event):
    from regions.models import Force
    from warfare.services.battle_rounds import do_fight_round
    from warfare.services.battles import do_open_battle

    illyria_umpire = umpire(ILLYRIA_UMPIRE)
    side_a, side_b = (Force.objects.get(event=event, name=name) for name in BATTLE_SIDES)
    battle = do_open_battle(
        table(event, "Illyria"),
        side_a_forces=[side_a],
        side_b_forces=[side_b],
        side_a_name="Flavians",
        side_b_name="Vitellians",
        place="Oescus",
        actor=illyria_umpire,
    )
    stand = {"joins": False, "outflanking": False, "withdraw": False}
    do_fight_round(
        battle, orders={"a": {"stance": "attack", **stand}, "b": {"stance": "defend", **stand}}, actor=illyria_umpire
    )
    return battle.pk


def umpire(username):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=username)


def table(event, name):
    from umpire.models import Region

    return Region.objects.get(event=event, name=name)


def table_login(region):
    """seed_demo's login for the umpire of a table."""
    return region.name.lower().replace("/", "-").replace(" ", "-")


SCENES = {
    "open_the_game": open_the_game,
    "busy_turn": busy_turn,
    "eve_of_a_quarter": eve_of_a_quarter,
    "a_print_run": a_print_run,
}


def main(scene):
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.settings")
    django.setup()
    from umpire.models import Event

    print(json.dumps(SCENES[scene](Event.objects.get(slug="ad69"))))


if __name__ == "__main__":
    main(sys.argv[1])
