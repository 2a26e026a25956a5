"""What every page reads of its event's setting (the tables, the turn's phases, the post's stuck-letter time, the
user's seats) is
kept by the process between pages while the event's setting mark stands, and read again once any process has
changed it (umpire.event_setting, issue 34)."""

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from mail.models import PostOffice
from mail.services.office import do_set_post_office
from umpire import clockwork, event_setting
from umpire.models import Event, Region, Role, TurnPhase, UmpireSeat
from umpire.request_roles import seats_read_once
from umpire.selectors import get_regions
from umpire.services.seats import do_assign_seat, do_remove_seat

SETTING_TABLES = [
    UmpireSeat._meta.db_table,
    Region._meta.db_table,
    TurnPhase._meta.db_table,
    PostOffice._meta.db_table,
]


@pytest.fixture
def console(client, ad69, illyria_umpire):
    clockwork.do_start_clock(ad69, actor=None)
    client.force_login(illyria_umpire)
    illyria = Region.objects.get(event=ad69, name="Illyria")
    return f"/events/{ad69.slug}/tables/{illyria.pk}/console/"


def setting_reads(client, url):
    with CaptureQueriesContext(connection) as captured:
        page = client.get(url)
    assert page.status_code == 200
    return page, [q["sql"] for q in captured if any(f'FROM "{table}"' in q["sql"] for table in SETTING_TABLES)]


def test_a_page_reads_the_setting_once_and_the_next_page_keeps_it(client, console):
    assert len(setting_reads(client, console)[1]) == 4
    assert setting_reads(client, console)[1] == []


def as_another_process(change):
    """`change`, with this process's kept setting left as it was: another process's change reaches this one only
    through the event's mark."""
    kept = dict(event_setting._kept)
    change()
    event_setting._kept.clear()
    event_setting._kept.update(kept)


def rename_illyria(ad69):
    illyria = Region.objects.get(event=ad69, name="Illyria")
    illyria.name = "Illyricum"
    illyria.save()


def add_phase(ad69):
    TurnPhase.objects.create(event=ad69, name="Muster of the fleets", starts_minute=0, ends_minute=20)


@pytest.mark.parametrize("in_another_process", [False, True])
def test_a_table_renamed_is_named_anew_on_the_next_page(client, console, ad69, in_another_process):
    setting_reads(client, console)
    (as_another_process if in_another_process else lambda change: change())(lambda: rename_illyria(ad69))
    page, reads = setting_reads(client, console)
    assert "<h1>Illyricum</h1>" in page.content.decode()
    assert len(reads) == 4  # the whole setting, under its new mark; then kept again
    assert setting_reads(client, console)[1] == []


@pytest.mark.parametrize("in_another_process", [False, True])
def test_a_phase_added_shows_on_the_next_page(client, console, ad69, in_another_process):
    setting_reads(client, console)
    (as_another_process if in_another_process else lambda change: change())(lambda: add_phase(ad69))
    assert "Muster of the fleets" in setting_reads(client, console)[0].content.decode()


def test_the_posts_stuck_letter_time_is_read_again_once_control_changes_it(client, console, ad69, control):
    setting_reads(client, console)
    as_another_process(
        lambda: do_set_post_office(
            ad69, carriage="couriers", players_may_track=False, stuck_after_minutes=7, actor=control
        )
    )
    reads = setting_reads(client, console)[1]
    assert len(reads) == 4 and f'FROM "{PostOffice._meta.db_table}"' in reads[-1]


@pytest.mark.parametrize("in_another_process", [False, True])
def test_a_seat_taken_away_closes_the_table_on_the_next_page(client, console, ad69, illyria_umpire, in_another_process):
    setting_reads(client, console)
    seat = UmpireSeat.objects.get(event=ad69, user=illyria_umpire)
    (as_another_process if in_another_process else lambda change: change())(lambda: do_remove_seat(seat, actor=None))
    assert client.get(console).status_code == 404


@pytest.mark.parametrize("in_another_process", [False, True])
def test_a_seat_given_opens_the_table_on_the_next_page(client, console, ad69, illyria_umpire, in_another_process):
    gaul = Region.objects.get(event=ad69, name="Gaul")
    gauls_console = f"/events/{ad69.slug}/tables/{gaul.pk}/console/"
    setting_reads(client, console)
    assert client.get(gauls_console).status_code == 404
    (as_another_process if in_another_process else lambda change: change())(
        lambda: do_assign_seat(event=ad69, user=illyria_umpire, role=Role.REGION, region=gaul, actor=None)
    )
    assert client.get(gauls_console).status_code == 200


def mark(event):
    return Event.objects.values_list("setting_mark", flat=True).get(pk=event.pk)


def delete_a_spare_table(ad69):
    spare = Region.objects.create(event=ad69, name="Spare table", kind=Region.Kind.MAP_TABLE, position=99)
    return spare.delete


def delete_a_phase(ad69):
    return TurnPhase.objects.filter(event=ad69).first().delete


def give_a_seat(ad69):
    newcomer = User.objects.create_user("newcomer", password="ad69-test-pass")
    gaul = Region.objects.get(event=ad69, name="Gaul")
    return lambda: do_assign_seat(event=ad69, user=newcomer, role=Role.REGION, region=gaul, actor=None)


def remove_a_seat(ad69):
    seat = give_a_seat(ad69)()
    return lambda: do_remove_seat(seat, actor=None)


@pytest.mark.parametrize(
    "prepare",
    [
        lambda ad69: lambda: rename_illyria(ad69),
        delete_a_spare_table,
        lambda ad69: lambda: add_phase(ad69),
        delete_a_phase,
        lambda ad69: lambda: PostOffice.objects.create(event=ad69, stuck_after_minutes=9),
        give_a_seat,
        remove_a_seat,
    ],
    ids=[
        "table saved",
        "table deleted",
        "phase saved",
        "phase deleted",
        "post office saved",
        "seat given",
        "seat removed",
    ],
)
def test_every_change_to_the_setting_renews_the_events_mark(ad69, prepare):
    change = prepare(ad69)
    before = mark(ad69)
    change()
    assert mark(ad69) != before


def test_the_mark_is_renewed_in_the_changes_own_transaction(ad69):
    """A change undone by its transaction leaves the mark as it was, so no process has kept anything that was
    never so under a mark that stands."""
    before = mark(ad69)
    with pytest.raises(RuntimeError), transaction.atomic():
        rename_illyria(ad69)
        raise RuntimeError("the change fails after the table was saved")
    assert mark(ad69) == before
    assert Region.objects.filter(event=ad69, name="Illyria").exists()


def test_outside_a_page_every_read_is_fresh(ad69):
    """A socket or a task may hold its event for hours: it reads the tables every time."""
    with CaptureQueriesContext(connection) as captured:
        get_regions(ad69)
        get_regions(ad69)
    assert len(captured) == 2


def test_no_two_pages_share_a_table(ad69):
    """A page may give a table its event: each page builds its own from the rows its process keeps."""
    with seats_read_once():
        first = get_regions(ad69)
    with seats_read_once(), CaptureQueriesContext(connection) as captured:
        second = get_regions(ad69)
    assert len(captured) == 0
    assert first == second and not any(a is b for a, b in zip(first, second, strict=True))
