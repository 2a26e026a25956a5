"""The hall that bench/hall_load.py loads, built once in a template database: the AD69 world and
its demo forces with the demo umpire team (`seed_demo`), more umpires seated to make up the
number, the players round the tables that have an umpire, each with his mailbox code and a
fortune in his purse, and pairs of legions at each of those tables for the battles. Then the
clock, as the harness drives it. Import it after django.setup(); it runs in the harness's one
Django thread."""

from dataclasses import dataclass
from datetime import timedelta
from io import StringIO

from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from mail.services.mailboxes import do_issue_mailbox
from regions.models import Account, Force, ForceTroops, Province
from regions.services.books import do_open_books
from umpire.clockwork import do_start_clock
from umpire.management.commands.seed_demo import DEMO_PASSWORD
from umpire.models import AccessCode, Character, Event, GameClock, Region, Role, TurnEnd, UmpireSeat
from umpire.services.accounts import do_seat_umpire

FORTUNE = 100  # talents in each player's purse: enough for a transfer every minute of the run
LEGION_UNITS = 10  # legionaries in each bench legion: a battle costs a side a few
PLAYER_ROLES = ("senator", "governor", "procurator", "legate")


@dataclass(frozen=True)
class Umpire:
    username: str
    password: str
    role: str
    table: int | None  # the map table of a Region umpire


@dataclass(frozen=True)
class Player:
    pk: int
    table: int
    code: str  # his mailbox code
    purse: int  # his purse's account


@dataclass(frozen=True)
class Hall:
    event_id: int
    slug: str
    display_code: str
    umpires: list
    players: list
    legions: dict  # table -> [(side A's legion, side B's legion)], a fresh pair for each battle


def build_hall(*, umpires, players, pairs_per_table):
    """Migrate, seed the demo event and add what the load needs; the Hall, as plain data."""
    call_command("migrate", verbosity=0)
    call_command("seed_demo", stdout=StringIO())  # its list of logins is not the bench's output
    event = Event.objects.get(slug="ad69")
    roster = seat_umpires(event, umpires)
    tables = [umpire.table for umpire in roster if umpire.table] or [map_tables(event)[0].pk]
    tables = list(dict.fromkeys(tables))
    characters = add_players(event, tables, players)
    do_open_books(event, actor=None)
    analyse(connection)
    return Hall(
        event.pk,
        event.slug,
        display_code(event),
        roster,
        player_records(characters),
        {table: add_legions(event, table, pairs_per_table) for table in tables},
    )


def map_tables(event):
    return list(Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE).order_by("position", "name"))


def seat_umpires(event, count):
    """The first `count` of: Control, each map table's demo umpire, the Senate's, the Non-Roman
    World's (all seated by seed_demo), then a second Control and more Region umpires round the
    map tables, seated here as the seat_umpire command seats them."""
    tables = map_tables(event)
    demo = {
        seat.region_id: seat.user.username
        for seat in UmpireSeat.objects.filter(event=event, role=Role.REGION).select_related("user")
    }
    roster = [Umpire("control", DEMO_PASSWORD, Role.CONTROL, None)]
    roster += [Umpire(demo[table.pk], DEMO_PASSWORD, Role.REGION, table.pk) for table in tables]
    roster += [
        Umpire("senate", DEMO_PASSWORD, Role.SENATE, None),
        Umpire("nrw", DEMO_PASSWORD, Role.NON_ROMAN_WORLD, None),
    ]
    extra = [Umpire("control-2", DEMO_PASSWORD, Role.CONTROL, None)]
    extra += [
        Umpire(f"bench-umpire-{n:02}", DEMO_PASSWORD, Role.REGION, tables[n % len(tables)].pk)
        for n in range(max(0, count - len(roster) - 1))
    ]
    for umpire in extra[: max(0, count - len(roster))]:
        region = Region.objects.get(pk=umpire.table) if umpire.table else None
        do_seat_umpire(
            event=event, username=umpire.username, role=umpire.role, region=region, password=umpire.password, actor=None
        )
    return (roster + extra)[:count]


def add_players(event, tables, count):
    """`count` players round `tables`, each with his mailbox code (issued as Control issues it) and a
    fortune for his purse."""
    Character.objects.bulk_create(
        Character(
            event=event,
            name=f"Bench Player {n:03}",
            role=PLAYER_ROLES[n % len(PLAYER_ROLES)],
            social_class=("senator", "equestrian")[n % 2],
            wealth=FORTUNE,
            location_id=tables[n % len(tables)],
        )
        for n in range(1, count + 1)
    )
    characters = list(Character.objects.filter(event=event, name__startswith="Bench Player").order_by("name"))
    for character in characters:
        do_issue_mailbox(character, actor=None)
    return characters


def player_records(characters):
    purses = dict(
        Account.objects.filter(kind=Account.Kind.CHARACTER_PURSE, character__in=characters).values_list(
            "character", "pk"
        )
    )
    return [Player(c.pk, c.location_id, c.mailbox.code, purses[c.pk]) for c in characters]


def add_legions(event, table, pairs):
    """Pairs of legions in one province at the table, placed directly as the tests' builders place
    them (set-up, not a game action), so that every battle opens with two fresh legions."""
    province = Province.objects.filter(event=event, region_id=table).order_by("name").first()
    legions = []
    for n in range(2 * pairs):
        force = Force.objects.create(
            event=event, name=f"Bench Legion {table}-{n:02}", kind=Force.Kind.LEGION, aquila=True, province=province
        )
        ForceTroops.objects.create(force=force, type="legionary", count=LEGION_UNITS, veteran=False)
        legions.append(force.pk)
    return list(zip(legions[::2], legions[1::2]))


def display_code(event):
    return AccessCode.objects.get(event=event, kind=AccessCode.Kind.DISPLAY, revoked_at__isnull=True).code


def analyse(database):
    """PostgreSQL's statistics of the hall just built, as a real event's database has them by the time its hall
    fills: autovacuum analyses a table as it grows, but not within the minute it took to build the template,
    and without them PostgreSQL planned a purse's sums as a nested loop over every character. SQLite, which
    gathers statistics only when told to (and the console never tells it), is left as an event would have it."""
    if database.vendor == "postgresql":
        with database.cursor() as cursor:
            cursor.execute("ANALYZE")


def close_connection():
    """Let the template be copied, or the database dropped: PostgreSQL refuses while one is open, and a
    SQLite file is copied whole only when nobody has it open."""
    connection.close()


def use_database(name):
    """Point this process's Django at another database of the same server (for SQLite, another file),
    from its next query on."""
    connection.close()
    connection.settings_dict["NAME"] = name


# The clock ------------------------------------------------------------------------


def start_clock(event_id, turn_seconds):
    """Start the game, as Control's button does, and shorten its first turn: (turn, when it ends)."""
    event = Event.objects.get(pk=event_id)
    do_start_clock(event, actor=None)
    turn = GameClock.objects.get(event=event).turn
    ends_at = timezone.now() + timedelta(seconds=turn_seconds)
    shorten_turn(event_id, turn, ends_at)
    return turn, ends_at


def shorten_turn(event_id, turn, ends_at):
    """The bench's stand-in for a short turn: the running turn's end, moved straight in the clock's
    row, so that beat's advance_due ends it then."""
    GameClock.objects.filter(event_id=event_id, turn=turn, state=GameClock.State.RUNNING).update(ends_at=ends_at)


def current_turn(event_id):
    return GameClock.objects.filter(event_id=event_id).values_list("turn", "state").get()


def turn_ends(event_id):
    """{turn: when it ended, as a Unix time}: the moment the advance recorded."""
    return {turn: at.timestamp() for turn, at in TurnEnd.objects.filter(event_id=event_id).values_list("turn", "at")}


def database_size():
    """Bytes on disk: PostgreSQL's count for the database, or the SQLite file's pages."""
    size = {
        "postgresql": "SELECT pg_database_size(current_database())",
        "sqlite": "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()",
    }
    with connection.cursor() as cursor:
        cursor.execute(size[connection.vendor])
        return cursor.fetchone()[0]
