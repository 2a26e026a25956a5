"""Ready for game day (issue 28): each check lists what is missing, one line per thing naming it, with the
page that puts it right, and drops it once it is put right; the page (Control's alone) and
`manage.py readiness` show the same list, the command failing while anything is on it; a board-game event
lists nothing of AD69's."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from django.utils.timezone import localtime

from mail.models import PostingTime
from mail.services.mailboxes import do_issue_mailbox
from printshop.models import PrintedBriefing
from regions.models import Fleet, Force, MapPoint, MapRoute
from regions.services.books import do_open_books
from tests.demo_data import load_demo_forces
from tests.map_builders import build_rhine_map
from tests.regions.forces_builders import legion
from umpire.management.commands.seed_demo import DEMO_PASSWORD
from umpire.models import Briefing, Character, Event, Player, Region, Role, Route
from umpire.readiness import Missing, get_missing
from umpire.services.records import do_save_record
from umpire.services.seats import do_assign_seat

HALL_ADDRESS = "http://192.168.1.10:8000"
HALLS_OWN_KEY = "a hall's own long random secret key, as secrets.token_urlsafe(50) makes"


def listed(event, heading):
    return [missing for missing in get_missing(event) if missing.heading == heading]


def whats(event, heading):
    return [missing.what for missing in listed(event, heading)]


def cast_page(event, anchor):
    return f"{reverse('prepare:cast', args=[event.slug])}#{anchor}"


def character(event, name):
    return Character.objects.get(event=event, name=name)


def with_figures(*characters):
    """Characters with every figure of their sheet set (test set-up, not a game action)."""
    Character.objects.filter(pk__in=[c.pk for c in characters]).update(wealth=10, support=2, military_skill=1)
    Briefing.objects.bulk_create(Briefing(character=c, personal_income=5) for c in characters)


@pytest.fixture
def galba(ad69):
    return Character.objects.create(event=ad69, name="Servius Galba", role="governor", social_class="senator")


@pytest.fixture
def ready(ad69, settings):
    """The AD69 world with nothing missing: every sheet filled, every link timed, the address set, every
    briefing printed after the last change, a hall's secret key, a map of the event's own (set up directly,
    not game actions)."""
    build_rhine_map(ad69)
    characters = list(Character.objects.filter(event=ad69))
    with_figures(*characters)
    PostingTime.objects.bulk_create(PostingTime(route=route, turns=1) for route in Route.objects.filter(event=ad69))
    Event.objects.filter(pk=ad69.pk).update(public_address=HALL_ADDRESS)
    do_open_books(ad69, actor=None)
    PrintedBriefing.objects.bulk_create(PrintedBriefing(character=c, printed_at=timezone.now()) for c in characters)
    settings.SECRET_KEY = HALLS_OWN_KEY
    settings.SERVES_TLS = True
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.10"]
    ad69.refresh_from_db()
    return ad69


# ---- each check ------------------------------------------------------------------------------


def test_a_commander_without_military_skill_is_listed_until_control_sets_it(ad69, galba):
    force = legion(ad69, "Legio VI Victrix", "Tarraconensis", [("legionary", 5, False)])
    Force.objects.filter(pk=force.pk).update(army_commander=galba)
    assert Missing(
        "Commanders",
        "Servius Galba commands Legio VI Victrix but has no Military Skill.",
        cast_page(ad69, f"character-{galba.pk}"),
    ) in listed(ad69, "Commanders")
    Character.objects.filter(pk=galba.pk).update(military_skill=2)
    assert not [what for what in whats(ad69, "Commanders") if what.startswith("Servius Galba")]


def test_a_legionary_legate_without_a_legion_is_listed_too(ad69):
    legate = Character.objects.create(event=ad69, name="Fabius Valens", role="legate", social_class="senator")
    assert "Fabius Valens is a Legionary Legate but has no Military Skill." in whats(ad69, "Commanders")
    Character.objects.filter(pk=legate.pk).update(died_turn=1)
    assert not [what for what in whats(ad69, "Commanders") if "Valens" in what]


def test_a_character_without_his_sheets_figures_is_listed_with_what_he_lacks(ad69, galba):
    assert Missing(
        "Character sheets",
        "Servius Galba's sheet has no wealth, personal income, support and military skill.",
        cast_page(ad69, f"character-{galba.pk}"),
    ) in listed(ad69, "Character sheets")
    Character.objects.filter(pk=galba.pk).update(wealth=100, military_skill=3)
    assert "Servius Galba's sheet has no personal income and support." in whats(ad69, "Character sheets")
    with_figures(galba)
    assert not [what for what in whats(ad69, "Character sheets") if what.startswith("Servius Galba")]


def test_a_player_is_listed_until_he_plays_a_character_that_has_a_player_code(ad69, galba):
    tom = Player.objects.create(event=ad69, name="Tom Hardy")
    assert Missing("Players", "Tom Hardy plays no character yet.", cast_page(ad69, "players")) in listed(
        ad69, "Players"
    )
    Player.objects.filter(pk=tom.pk).update(character=galba)
    Player.objects.create(event=ad69, name="Ann Lee", character=galba)
    mailboxes = reverse("mail:mailboxes", args=[ad69.slug])
    assert listed(ad69, "Players") == [
        Missing(
            "Players",
            "Servius Galba, played by Ann Lee and Tom Hardy, has no player code.",
            f"{mailboxes}#character-{galba.pk}",
        )
    ]
    do_issue_mailbox(galba, actor=None)
    assert listed(ad69, "Players") == []


def test_every_link_without_a_posting_time_is_listed(ad69):
    routes = list(Route.objects.filter(event=ad69))
    posting_times = reverse("mail:posting-times", args=[ad69.slug])
    links = listed(ad69, "Links")
    assert len(links) == len(routes) == 14
    assert Missing("Links", f"The link {routes[0]} has no posting time.", posting_times) in links
    PostingTime.objects.create(route=routes[0], turns=2)
    assert len(listed(ad69, "Links")) == 13


def test_a_loopback_public_address_is_listed_until_control_sets_the_halls(ad69, control, settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.10"]
    assert listed(ad69, "Public address") == [
        Missing(
            "Public address",
            "Player links and QR codes would point at http://127.0.0.1:8000, which only this computer can open: "
            "set the address phones in the hall reach the console at.",
            reverse("prepare:address", args=[ad69.slug]),
        )
    ]
    ad69.public_address = HALL_ADDRESS
    do_save_record(ad69, actor=control)
    assert listed(ad69, "Public address") == []


def test_a_public_address_the_console_does_not_answer_at_is_listed(ad69, control, settings):
    """A phone opening a host outside ALLOWED_HOSTS gets "Bad Request (400)": readiness says so first."""
    ad69.public_address = HALL_ADDRESS
    do_save_record(ad69, actor=control)
    assert [missing.what for missing in listed(ad69, "Public address")] == [
        "The console does not answer at 192.168.1.10: add it to UMPIRE_ALLOWED_HOSTS and restart, or every player "
        "link is refused."
    ]
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.10"]
    assert listed(ad69, "Public address") == []


def test_a_fortune_not_yet_in_its_purse_is_listed_until_the_books_open(ad69, galba):
    """A briefing printed before the books open shows an empty purse: opening them pays each fortune in."""
    galba.wealth = 40
    galba.save()
    assert listed(ad69, "Purses") == [
        Missing(
            "Purses",
            "Servius Galba's fortune (40 talents) is not in his purse yet: open the books before printing his "
            "briefing, or it shows an empty purse.",
            reverse("regions:treasury-rome", args=[ad69.slug]),
        )
    ]
    do_open_books(ad69, actor=None)
    assert listed(ad69, "Purses") == []


def test_a_briefing_never_printed_or_changed_since_is_listed(ad69, galba, control):
    briefings = reverse("printshop:briefings", args=[ad69.slug])
    fix = f"{briefings}#character-{galba.pk}"
    assert Missing("Briefings", "Servius Galba's briefing has never been printed.", fix) in listed(ad69, "Briefings")
    printed = PrintedBriefing.objects.create(character=galba, printed_at=timezone.now())
    assert fix not in [missing.fix_url for missing in listed(ad69, "Briefings")]
    PrintedBriefing.objects.filter(pk=printed.pk).update(printed_at=printed.printed_at - timedelta(minutes=5))
    galba.wealth = 100
    do_save_record(galba, actor=control)
    printed.refresh_from_db()
    assert Missing(
        "Briefings",
        f"Servius Galba's briefing has changed since it was printed ({localtime(printed.printed_at):%a %H:%M}).",
        fix,
    ) in listed(ad69, "Briefings")


def test_demo_characters_forces_fleets_and_map_are_listed_where_they_are_fixed(ad69, galba):
    load_demo_forces()
    Character.objects.filter(pk=galba.pk).update(is_demo=True)
    forces_page = reverse("regions:forces", args=[ad69.slug])
    force, fleet = Force.objects.filter(event=ad69).first(), Fleet.objects.filter(event=ad69).first()
    demo = listed(ad69, "Demo data")
    assert (
        Missing(
            "Demo data",
            "Servius Galba's figures are demo figures, not your cast's.",
            cast_page(ad69, f"character-{galba.pk}"),
        )
        in demo
    )
    assert (
        Missing("Demo data", f"{force} is a demo force, not your order of battle.", f"{forces_page}#force-{force.pk}")
        in demo
    )
    assert (
        Missing("Demo data", f"{fleet} is a demo fleet, not your order of battle.", f"{forces_page}#fleet-{fleet.pk}")
        in demo
    )
    assert any(missing.what.startswith("The map's ") for missing in demo)
    assert len(demo) == 2 + Force.objects.filter(event=ad69).count() + Fleet.objects.filter(event=ad69).count()
    Force.objects.filter(event=ad69).update(is_demo=False)
    Fleet.objects.filter(event=ad69).update(is_demo=False)
    MapPoint.objects.filter(event=ad69).update(is_demo=False)
    MapRoute.objects.filter(event=ad69).update(is_demo=False)
    Character.objects.filter(pk=galba.pk).update(is_demo=False)
    assert listed(ad69, "Demo data") == []


def test_a_short_secret_key_is_listed_with_what_to_do(ad69, settings):
    settings.SECRET_KEY = "ad69-demo-key-not-for-a-live-event"  # the fixed key the console once fell back on
    (key,) = whats(ad69, "Security")
    assert "UMPIRE_SECRET_KEY" in key and "unset it" in key
    settings.SECRET_KEY = HALLS_OWN_KEY
    assert listed(ad69, "Security") == []


def test_the_debug_pages_are_listed_until_unset(ad69, settings):
    settings.DEBUG = True
    assert whats(ad69, "Security") == [
        "UMPIRE_DEBUG=1 is set: a page that fails shows anyone in the hall the console's settings and code. "
        "Unset it and start the console again."
    ]


def test_serving_the_halls_network_without_tls_is_listed(ready, settings):
    settings.SERVES_TLS = False
    (clear,) = listed(ready, "Security")
    assert clear.what.startswith(f"The console is opened at {HALL_ADDRESS} without TLS")
    assert "UMPIRE_TLS=lan" in clear.what


def test_a_console_behind_an_https_address_or_on_this_computer_alone_is_not_listed(ready, settings):
    settings.SERVES_TLS = False
    Event.objects.filter(pk=ready.pk).update(public_address="https://umpires.example.org")
    ready.refresh_from_db()
    assert listed(ready, "Security") == []
    Event.objects.filter(pk=ready.pk).update(public_address="")
    ready.refresh_from_db()
    assert listed(ready, "Security") == []  # served at 127.0.0.1


def test_an_umpire_on_the_demo_password_is_listed_with_his_row_of_the_seats_page_until_he_changes_it(
    ad69, make_umpire, control
):
    gaul = make_umpire(ad69, Role.REGION, "Gaul", username="gaul")
    gaul.set_password(DEMO_PASSWORD)
    gaul.save()
    passwords = [missing for missing in listed(ad69, "Security") if "password" in missing.what]
    assert [(missing.what, missing.fix_url) for missing in passwords] == [
        (
            "Umpire gaul still signs in with the demo password: on the Seats page, click “Give a new password” in "
            "his row (left empty, the console makes one and shows it once to print).",
            f"/control/ad69/seats/#seat-{gaul.seats.get().pk}",
        )
    ]
    gaul.set_password("his own")
    gaul.save()
    assert not [missing for missing in listed(ad69, "Security") if "password" in missing.what]


def test_an_umpire_of_two_seats_on_the_demo_password_is_listed_once(ad69, make_umpire, control):
    gaul = make_umpire(ad69, Role.REGION, "Gaul", username="gaul")
    do_assign_seat(event=ad69, user=gaul, role=Role.SENATE, actor=None)
    gaul.set_password(DEMO_PASSWORD)
    gaul.save()
    [listing] = [missing for missing in listed(ad69, "Security") if "password" in missing.what]
    assert listing.fix_url == f"/control/ad69/seats/#seat-{gaul.seats.get(role=Role.REGION).pk}"


def test_a_board_game_event_lists_none_of_ad69s_items(ad69, settings):
    session = Event.objects.create(
        slug="cannae",
        name="Cannae",
        ruleset=Event.Ruleset.HANNIBAL_BARKAS,
        start_year=218,
        start_month=3,
        turn_minutes=20,
        number_of_turns=12,
    )
    one, other = (Region.objects.create(event=session, name=name) for name in ("Italia", "Hispania"))
    Route.objects.create(event=session, one=one, other=other)
    Character.objects.create(event=session, name="Hannibal", role="legate", social_class="senator", is_demo=True)
    Player.objects.create(event=session, name="Tom Hardy")
    settings.SECRET_KEY = HALLS_OWN_KEY
    assert get_missing(session) == []
    assert get_missing(ad69)


def test_the_checks_read_in_the_same_number_of_queries_however_big_the_cast(ad69, galba):
    def queries():
        with CaptureQueriesContext(connection) as captured:
            get_missing(ad69)
        return len(captured)

    def more_of_everything(names):
        for name in names:
            legate = Character.objects.create(event=ad69, name=f"Legatus {name}", role="legate", social_class="senator")
            Force.objects.filter(pk=legion(ad69, f"Legio {name}", "Pannonia", []).pk).update(
                legate=legate, is_demo=True
            )
            Player.objects.create(event=ad69, name=f"Player {name}", character=legate)
            Player.objects.create(event=ad69, name=f"Player {name} without a part")

    more_of_everything(["I"])
    before = queries()
    more_of_everything(["II", "III", "IV", "V", "VI"])
    assert queries() == before


# ---- the page ----------------------------------------------------------------------------------


def page_of(client, user, event):
    client.force_login(user)
    return client.get(reverse("readiness:page", args=[event.slug]))


def test_the_page_lists_each_thing_missing_under_its_heading_with_its_fix(client, control, ad69, galba):
    response = page_of(client, control, ad69)
    assert response.status_code == 200
    text = response.content.decode()
    assert "Servius Galba&#x27;s sheet has no wealth, personal income, support and military skill." in text
    assert f'href="{cast_page(ad69, f"character-{galba.pk}")}">Fix</a>' in text
    for heading in ("Briefings", "Character sheets", "Links", "Public address"):
        assert f"<summary>{heading} (" in text
    assert text.index("<summary>Character sheets") < text.index("<summary>Links") < text.index("<summary>Briefings")
    assert "Ready for game day: nothing is missing." not in text


def test_the_page_links_to_every_preparation_page_and_listens_for_changes(client, control, ad69):
    text = page_of(client, control, ad69).content.decode()
    for name in (
        "cast:import",
        "prepare:cast",
        "prepare:address",
        "mail:posting-times",
        "mail:mailboxes",
        "printshop:briefings",
    ):
        assert f'href="{reverse(name, args=[ad69.slug])}"' in text, name
    assert 'data-refresh="world.changed force.changed' in text


def test_with_nothing_missing_the_page_says_ready_for_game_day(client, control, ready):
    control.set_password("his own")
    control.save()
    text = page_of(client, control, ready).content.decode()
    assert "Ready for game day: nothing is missing." in text and "Fix</a>" not in text


def test_only_control_sees_the_page(client, ad69, illyria_umpire, make_umpire):
    assert page_of(client, illyria_umpire, ad69).status_code == 404
    assert page_of(client, make_umpire(ad69, Role.SENATE), ad69).status_code == 404
    client.logout()
    assert client.get(reverse("readiness:page", args=[ad69.slug])).status_code == 302


# ---- manage.py readiness -----------------------------------------------------------------------


def test_the_command_prints_the_list_and_fails_while_anything_is_missing(ad69, galba):
    out = StringIO()
    with pytest.raises(CommandError, match=r"\d+ things still missing before game day"):
        call_command("readiness", "ad69", stdout=out)
    printed = out.getvalue()
    assert "\nCharacter sheets\n" in printed and "\n  Servius Galba's sheet has no wealth" in printed
    assert f"    fix: {cast_page(ad69, f'character-{galba.pk}')}" in printed
    assert "Ready for game day." not in printed


def test_the_command_says_ready_and_succeeds_when_nothing_is_missing(ready):
    out = StringIO()
    call_command("readiness", "ad69", stdout=out)
    assert out.getvalue() == "Ready for game day.\n"


def test_the_command_refuses_an_unknown_event(db):
    with pytest.raises(CommandError, match="No event 'nowhere'"):
        call_command("readiness", "nowhere", stdout=StringIO())


def test_the_list_runs_in_the_order_a_team_works_down_it_briefings_last(ad69, settings):
    """The console's settings and the cast come before the briefings, which any change after printing puts
    out of date."""
    settings.DEBUG = True  # a console's setting to list
    headings = list(dict.fromkeys(missing.heading for missing in get_missing(ad69)))
    assert headings[0] == "Security" and headings[-1] == "Briefings"
    assert headings.index("Character sheets") < headings.index("Links") < headings.index("Briefings")
