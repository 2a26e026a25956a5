"""Reads for the gods' page: the pantheon with its devotions, the oaths by state, and whether a man
made the offering a rule asks for."""

from django.db.models import Prefetch

from umpire.models import Character
from umpire.permissions import Perm
from umpire.selectors import access_event, can, get_tables_kept

from .models.gods import Devotion, God, Oath

# IX. SEA MOVEMENT: "+1 to your die roll, if you made a 10 talent offering to Neptune before the voyage."
SEA_OFFERING_GOD = "Neptune"
SEA_OFFERING_TALENTS = 10


def access_gods(user, slug):
    """Every seated umpire reads the gods' record and records what he sees at his table."""
    return access_event(user, slug, Perm.VIEW_WORLD)


def can_rule_oaths(user, event):
    """Ruling an oath kept or broken is the gods' voice: Control and the Senate umpires."""
    return can(user, event, Perm.RUN_SENATE)


def get_characters_recorded_by(user, event):
    """Whose devotions and oaths `user` records: Control and the Senate umpires, the gods' voice, anyone's;
    every other umpire those of the characters at the tables he keeps, where he saw them."""
    characters = Character.objects.filter(event=event)
    if can_rule_oaths(user, event):
        return characters
    return characters.filter(location__in=get_tables_kept(user, event))


def devotions(event, character=None):
    rows = Devotion.objects.filter(event=event).select_related("character", "god", "province", "temple", "spending")
    return rows.filter(character=character) if character else rows


def get_pantheon(event, character=None):
    """The event's gods, each with its devotions (only `character`'s, if given), in a fixed number of
    queries however many there are."""
    return God.objects.filter(event=event).prefetch_related(
        Prefetch("devotions", queryset=devotions(event, character).order_by("-turn", "-pk"))
    )


def get_oaths(event, state=None, character=None):
    """Oaths by state; `character`'s are those he swore or that were sworn to him."""
    rows = Oath.objects.filter(event=event).select_related("character", "god", "temple", "to_character", "ruled_by")
    if character:
        rows = rows.filter(character=character) | rows.filter(to_character=character)
    return rows.filter(state=state) if state else rows


def get_oaths_by_state(event, character=None):
    """{state: [oath, …]} for sworn, kept and broken, newest first: one query."""
    grouped = {state: [] for state in Oath.State.values}
    for oath in get_oaths(event, character=character).order_by("-turn", "-pk"):
        grouped[oath.state].append(oath)
    return grouped


def offered_to(character, god_name, since_turn, *, at_least=0):
    """`character`'s devotions to the god named, made on turn `since_turn` or later, of at least
    `at_least` talents; newest first. The sea rule asks
    `offered_to(admiral, SEA_OFFERING_GOD, since_turn=voyage_planned, at_least=SEA_OFFERING_TALENTS).exists()`."""
    rows = Devotion.objects.filter(character=character, god__name__iexact=god_name, turn__gte=since_turn)
    if at_least:
        rows = rows.filter(talents__gte=at_least)
    return rows.select_related("god").order_by("-turn", "-pk")
