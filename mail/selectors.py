"""Reads of the post: whose trays a user keeps, and what each post page shows.

A table's post is kept by its umpires (the Senate umpire keeps the Senate room's); Control
sees the whole post but hands out no letter ("Only the Region's Area Umpire will ensure that
mail is distributed on his or her table"). A letter's typed contents are Control's to read,
and its addressee's. Out of scope and "no such" are the same 404.
"""

from dataclasses import dataclass
from datetime import timedelta
from operator import attrgetter

from django.core.exceptions import ValidationError
from django.db.models import BooleanField, Count, ExpressionWrapper, Prefetch, Q, Subquery, prefetch_related_objects
from django.http import Http404
from django.utils import timezone

from regions.models import Force, Province
from umpire.event_setting import kept
from umpire.models import Character, GameClock, Region, Role
from umpire.permissions import Perm
from umpire.selectors import access_event, get_regions, get_roles, get_table, get_tables_kept

from .codes import BadCode, typed
from .models import Letter, LetterStep, PostOffice
from .services.post import post_office_settings

# What a letter page shows with it: its people, its tables, and whoever may hold its office.
LETTER_RELATIONS = (
    "sender",
    "addressee__location",
    "addressee__travelling_to",
    "destination",
    "at_table",
    "origin",
    "courier",
    "delivered_to",
    "office_province__governor__location",
    "office_province__governor__travelling_to",
    "office_province__procurator__location",
    "office_province__procurator__travelling_to",
    "office_legion__legate__location",
    "office_legion__legate__travelling_to",
    "sender__location",
    "sender__travelling_to",
)


@dataclass(frozen=True)
class PostScope:
    """The trays a user keeps, and whether he is Control, who reads the whole post."""

    everything: bool
    tables: frozenset

    def keeps(self, table_id):
        return table_id in self.tables

    def sees_table(self, table_id):
        return self.everything or table_id in self.tables

    def sees_letter(self, letter):
        return self.everything or bool({letter.origin_id, letter.destination_id, letter.at_table_id} & self.tables)


# The post office's setting that pages read: the post's carriage, whether players may track their letters, and the
# time after which a letter has not moved for too long.
OFFICE_SETTING = ("carriage", "players_may_track", "stuck_after_minutes")


def get_post_office_setting(event):
    """The post office's setting for a page to read, as a PostOffice of its own, never saved: its row's, or the
    model's defaults until Control changes them (a page writes nothing). Every tray, console and player's
    mailbox asks it, so each process keeps it while the event's setting stands (umpire.event_setting)."""
    values = kept(event, "post.office", lambda: read_post_office_setting(event))
    return PostOffice(event=event, **dict(zip(OFFICE_SETTING, values, strict=True)))


def read_post_office_setting(event):
    office = post_office_settings(event)
    return tuple(getattr(office, name) for name in OFFICE_SETTING)


def get_post_scope(user, event):
    control = user.is_superuser or Role.CONTROL in get_roles(user, event)
    return PostScope(control, frozenset(get_tables_kept(user, event)))


def access_post(user, slug):
    event = access_event(user, slug, Perm.KEEP_POST)
    return event, get_post_scope(user, event)


def access_tray(user, slug, table_id):
    """The event, the user's scope and the table whose tray he may see, or 404. The table is one of the event's
    regions, which the tray reads anyway, and knows its event: the tray's forms and lists read no event again."""
    event, scope = access_post(user, slug)
    table = get_table(event, table_id)
    if table is None or not scope.sees_table(table.pk):
        raise Http404("No such tray.")
    return event, scope, table


def access_letter(user, slug, pk):
    event, scope = access_post(user, slug)
    letter = Letter.objects.filter(event=event, pk=pk).select_related(*LETTER_RELATIONS).first()
    if letter is None or not scope.sees_letter(letter):
        raise Http404("No such letter.")
    return event, scope, letter


def find_letter(event, text):
    """The letter a typed or scanned code names, or a refusal that says what is wrong."""
    try:
        code = typed(text)
    except BadCode as refusal:
        raise ValidationError({"code": str(refusal)}) from refusal
    letter = Letter.objects.filter(event=event, code=code).first()
    if letter is None:
        raise ValidationError({"code": f"No letter has the code {code[:3]}-{code[3:]}: read it again."})
    return letter


# ---- a table's tray ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ToHandOut:
    letter: Letter
    recipient: Character | None  # None: an office nobody holds
    here: bool

    @property
    def whereabouts(self):
        return whereabouts(self.recipient) if self.recipient else "the office is vacant"


@dataclass(frozen=True)
class Tray:
    table: Region
    to_hand_out: list
    waiting: list  # letters in this tray for a courier on
    couriers_here: list  # [(courier, [letters he carries])] for couriers at this table
    runners_bound_here: list  # letters runners carry to this table
    overdue: list  # letters bound here that have not moved for the post's set time


# What each of the tray's lists shows of a letter besides its code: whom it is addressed to (a letter's name, and
# each hand-over form's label), and that list's own tables or courier. Each reads these columns alone, its people's
# names joined and its tables taken from the request's regions (get_regions): with the letter page's sixteen
# relations the tray's queries cost more to build than everything else on the page, and with every column of a
# letter and of the relations it shows, still half of what the tray's lists cost, since Django 5.2 builds and
# hashes each selected column of an ordered query (issue 34).
ADDRESSED = ("addressee", "office_province", "office_legion")
ADDRESSED_FIELDS = ("code", "office", "addressee__name", "office_province__name", "office_legion__name")
WAITING_FIELDS = (*ADDRESSED_FIELDS, "destination")
CARRIED_FIELDS = ("destination", "courier__name")
BOUND_HERE_FIELDS = ("code", "state", "at_table", "runner", "moved_at", "courier__name")
# A letter a runner carries: he leaves it at its destination alone.
BY_RUNNER = Q(state=Letter.State.CARRIED, courier__isnull=True) & ~Q(runner="")


def get_tray(table, stuck_after_minutes):
    letters = Letter.objects.filter(event_id=table.event_id).order_by("moved_at", "pk")
    waiting = letters.filter(state=Letter.State.IN_TRAY, at_table=table).select_related(*ADDRESSED)
    stuck_before = timezone.now() - timedelta(minutes=stuck_after_minutes)
    bound_here = get_bound_here(letters, table, stuck_before)
    return Tray(
        table=table,
        to_hand_out=get_to_hand_out(table),
        waiting=at_tables(list(waiting.only(*WAITING_FIELDS)), table.event, "destination"),
        couriers_here=carried_by_couriers_at(letters.select_related("courier").only(*CARRIED_FIELDS), table),
        runners_bound_here=[letter for letter in bound_here if letter.by_runner],
        overdue=at_tables([letter for letter in bound_here if letter.moved_at < stuck_before], table.event, "at_table"),
    )


def get_bound_here(letters, table, stuck_before):
    """The letters on their way to `table` that a runner carries or that have not moved since `stuck_before`, read
    together for the tray's two lists of them, each marked `by_runner` or not."""
    on_the_way = letters.filter(destination=table, state__in=Letter.MOVING).exclude(state=Letter.State.ARRIVED)
    return list(
        on_the_way.filter(BY_RUNNER | Q(moved_at__lt=stuck_before))
        .annotate(by_runner=ExpressionWrapper(BY_RUNNER, output_field=BooleanField()))
        .select_related("courier")
        .only(*BOUND_HERE_FIELDS)
    )


def at_tables(letters, event, *relations):
    """Give each letter the tables its `relations` name, from the event's regions read once a request."""
    if letters:
        regions = {region.pk: region for region in get_regions(event)}
        for letter in letters:
            for relation in relations:
                setattr(letter, relation, regions.get(getattr(letter, f"{relation}_id")))
    return letters


# What the console's list of letters to hand out shows: each one's recipient (its addressee, its sender once it
# returns, or whoever holds its office) and where he is. The letters are read alone, and their people after them
# (in one query, when there are any), named where they stand from the request's regions (get_regions). Joined in
# one query, five people and their tables made fourteen tables, which PostgreSQL took longer to plan than the
# rest of the console to run; without their tables, still the costliest query Django built for the console,
# for a tray most often empty (issue 34).
HAND_OUT_FIELDS = ("code", "office", "returning", "moved_at", "sender", "addressee", "office_province", "office_legion")
PERSON_FIELDS = ("name", "died_turn", "location", "travelling_to")


def get_to_hand_out(table):
    """The letters arrived in the table's tray for their recipients, oldest first: the console's panel, which
    reads these alone, not the whole tray with every letter's tables and couriers. They are sorted here: ordering
    the query cost a quarter of the console's panel, most often for an empty tray."""
    arrived = Letter.objects.filter(event_id=table.event_id, state=Letter.State.ARRIVED, at_table=table)
    letters = sorted(arrived.only(*HAND_OUT_FIELDS).order_by(), key=attrgetter("moved_at", "pk"))
    if letters:
        with_people(letters, {region.pk: region for region in get_regions(table.event)})
    return [hand_out(letter, table) for letter in letters]


def with_people(letters, regions):
    """Give each letter its sender, addressee and the holders of its office (the office's province or legion
    read first, only for letters to an office), all in one query, each placed in `regions` (by id)."""
    prefetch_related_objects(
        letters,
        Prefetch("office_province", Province.objects.only("name", "governor", "procurator").order_by()),
        Prefetch("office_legion", Force.objects.only("name", "legate").order_by()),
    )
    offices = [(letter.office_province, ("governor", "procurator")) for letter in letters if letter.office_province]
    offices += [(letter.office_legion, ("legate",)) for letter in letters if letter.office_legion]
    wanted = {person_id for letter in letters for person_id in (letter.sender_id, letter.addressee_id)}
    wanted |= {getattr(held, f"{office}_id") for held, holders in offices for office in holders}
    people = Character.objects.only(*PERSON_FIELDS).order_by().in_bulk(wanted - {None})
    for person in people.values():
        place(person, regions)
    for letter in letters:
        letter.sender, letter.addressee = people.get(letter.sender_id), people.get(letter.addressee_id)
    for held, holders in offices:
        for office in holders:
            setattr(held, office, people.get(getattr(held, f"{office}_id")))


def place(character, regions):
    """Give `character` the regions he stands at and travels to, from the event's `regions` by id."""
    if character.location_id:
        character.location = regions[character.location_id]
    if character.travelling_to_id:
        character.travelling_to = regions[character.travelling_to_id]


# What the list of letters posted this turn shows of each: its code, whom it is addressed to, and its state with
# whoever or wherever has it now, its tables from the request's regions; the clock's turn is a subquery, not a join
# through the event. With every column of seven relations joined, and the event and clock, PostgreSQL took ten
# times as long to plan the query as to run it (issue 34).
POSTED_FIELDS = (*ADDRESSED_FIELDS, "state", "runner", "destination", "at_table", "courier__name", "delivered_to__name")


def get_posted_this_turn(table):
    """The letters posted from this table in the clock's turn, newest first, each with where it is now:
    the umpire's trace of what went out of his tray."""
    turn = GameClock.objects.filter(event_id=table.event_id).values("turn")
    letters = list(
        Letter.objects.filter(origin=table, steps__what=LetterStep.What.POSTED, steps__turn=Subquery(turn))
        .select_related(*ADDRESSED, "courier", "delivered_to")
        .only(*POSTED_FIELDS)
        .order_by("-pk")
    )
    return at_tables(letters, table.event, "destination", "at_table")


def hand_out(letter, table):
    recipient = letter.recipient or holder_of(letter)
    return ToHandOut(letter, recipient, recipient is not None and recipient.location_id == table.pk)


def holder_of(letter):
    if letter.office == "legate":
        return letter.office_legion.legate if letter.office_legion else None
    return getattr(letter.office_province, letter.office) if letter.office_province else None


def whereabouts(character):
    """Where a letter's recipient is, in words: the tray page and the refusals say it so."""
    if character.died_turn is not None:
        return f"he fell in turn {character.died_turn}"
    if character.location_id:
        return f"at the {character.location} table"
    if character.travelling_to_id:
        return f"travelling to the {character.travelling_to} table"
    return "nowhere on the map"


def carried_by_couriers_at(letters, table):
    couriers = {}
    for letter in letters.filter(state=Letter.State.CARRIED, courier__location=table):
        couriers.setdefault(letter.courier, []).append(letter)
    return sorted(couriers.items(), key=lambda pair: pair[0].name)


def get_runners_letters_for(table):
    """The letters runners carry to this table."""
    return Letter.objects.filter(BY_RUNNER, event_id=table.event_id, destination=table)


def get_couriers_at(table):
    """The players at the table who may carry letters on."""
    return Character.objects.filter(event_id=table.event_id, location=table, died_turn__isnull=True).order_by("name")


# ---- a courier, and the whole post -----------------------------------------------------------


def get_carried_by(courier):
    """What a courier is carrying, and where to."""
    return list(
        Letter.objects.filter(state=Letter.State.CARRIED, courier=courier)
        .select_related("destination", "sender", "addressee", "office_province", "office_legion")
        .order_by("destination__position", "moved_at")
    )


@dataclass(frozen=True)
class WholePost:
    by_table: list  # [(table, [count of its letters in each Letter.State, in order])]
    stuck: list  # letters anywhere that have not moved for the set time, oldest first
    stuck_count: int


STUCK_SHOWN = 200


def get_whole_post(event, stuck_after_minutes):
    counts = {}
    rows = Letter.objects.filter(event=event).values("destination", "state").annotate(n=Count("pk")).order_by()
    for row in rows:
        counts.setdefault(row["destination"], {})[row["state"]] = row["n"]
    tables = Region.objects.filter(event=event).order_by("position", "name")
    stuck = (
        Letter.objects.filter(
            event=event, state__in=Letter.MOVING, moved_at__lt=timezone.now() - timedelta(minutes=stuck_after_minutes)
        )
        .select_related("destination", "at_table", "courier", "sender", "addressee", "office_province", "office_legion")
        .order_by("moved_at", "pk")
    )
    by_table = [(table, [counts.get(table.pk, {}).get(state, 0) for state in Letter.State.values]) for table in tables]
    return WholePost(by_table, list(stuck[:STUCK_SHOWN]), stuck.count())
