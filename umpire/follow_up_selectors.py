"""Reads for follow-ups: whose inbox is whose, who may acknowledge, and the inboxes themselves.

A follow-up is for its receiver: the umpires who keep the receiving table (a Region umpire his
tables, the Senate umpire the Senate room) and Control, who keeps Control's inbox and watches
every table's. Its sender may read it too, to see whether it has been acknowledged.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import NoReverseMatch, reverse

from umpire.models import FollowUp, Region, Role
from umpire.permissions import Perm
from umpire.selectors import (
    access_event,
    get_regions,
    get_roles,
    get_table,
    get_tables_kept,
    get_tables_kept_or_watched,
    is_record_id,
)

# acknowledged follow-ups shown under an inbox's open ones: enough to see what was just done
RECENTLY_ACKNOWLEDGED = 20


def is_control(user, event):
    return user.is_authenticated and (user.is_superuser or Role.CONTROL in get_roles(user, event))


def can_acknowledge(user, follow_up):
    """Control acknowledges anything; a table's umpire what was sent to his table."""
    event = follow_up.event
    if is_control(user, event):
        return True
    return not follow_up.to_control and follow_up.to_table_id in get_tables_kept(user, event)


def can_read(user, follow_up):
    return follow_up.sent_by_id == user.pk or can_acknowledge(user, follow_up)


def access_follow_up(user, slug, pk):
    """A follow-up its receiver, Control or its sender may read, or 404 for anyone else."""
    event = access_event(user, slug, Perm.VIEW_WORLD)
    follow_up = get_object_or_404(FollowUp.objects.select_related("event", "to_table"), event=event, pk=pk)
    if not can_read(user, follow_up):
        raise Http404("No such follow-up.")
    return follow_up


def access_kept_table(user, slug, pk):
    """A table this user keeps (Control: any), or 404: its follow-ups and its console are his."""
    return _access_table(user, slug, pk, get_tables_kept)


def access_console_table(user, slug, pk):
    """A table whose console this user reads, or 404: one he keeps, or one his seat watches (the
    Non-Roman World umpire's, where a non-Roman host stands: umpire.selectors.get_tables_watched)."""
    return _access_table(user, slug, pk, get_tables_kept_or_watched)


def is_kept(user, table):
    """Whether `user` keeps `table` (Control keeps every one): its follow-ups are his to read."""
    return is_control(user, table.event) or table.pk in get_tables_kept(user, table.event)


def _access_table(user, slug, pk, tables_of):
    event = access_event(user, slug, Perm.VIEW_WORLD)
    table = get_table(event, pk)
    if table is None or not (is_control(user, event) or table.pk in tables_of(user, event)):
        raise Http404("No such table.")
    return table


def access_as_control(user, slug):
    """The event, if this user is its Control; else 404: Control's inbox and the hall are his alone."""
    event = access_event(user, slug, Perm.VIEW_WORLD)
    if not is_control(user, event):
        raise Http404("No such event.")
    return event


# "app.model" -> the access_* that guards the record's own page, given by its app in ready(): a follow-up
# names only what its sender may see, so the form cannot reveal, say, a draft battle of another table
RECORD_ACCESS: dict[str, Callable[..., object]] = {}


def register_follow_up_record(label, access):
    """Let umpires send follow-ups about `label`'s records, each one if `access(user, slug, pk)` lets them see it."""
    RECORD_ACCESS[label] = access


def check_about(user, event, about):
    """The record `about` ("regions.force:12") names, if `user` may see it in `event`: through its app's
    access_*, or, for Control, any record of the event. Missing or hidden, the refusal is the same."""
    label, _, pk = (about or "").partition(":")
    record = None
    if is_record_id(pk) and label in RECORD_ACCESS:
        record = _through_its_page(RECORD_ACCESS[label], user, event, int(pk))
    elif is_record_id(pk) and is_control(user, event):
        record = _any_record_of(event, label, int(pk))
    if record is None:
        raise ValidationError({"about": f'"{about}" names no record of {event}.'})
    return record


def _through_its_page(access, user, event, pk):
    try:
        return access(user, event.slug, pk)
    except Http404:
        return None


def _any_record_of(event, label, pk):
    app_label, _, model = label.partition(".")
    content_type = ContentType.objects.filter(app_label=app_label, model=model).first()
    record_class = content_type.model_class() if content_type else None
    record = record_class._default_manager.filter(pk=pk).first() if record_class else None
    return record if getattr(record, "event_id", None) == event.pk else None


@dataclass(frozen=True)
class FollowUpCard:
    """A follow-up as an inbox shows it: with the link to its record that this reader may follow."""

    follow_up: FollowUp
    link: str
    may_acknowledge: bool


def get_cards(follow_ups, user, event):
    control = is_control(user, event)
    kept = get_tables_kept(user, event)
    return [
        FollowUpCard(
            follow_up,
            about_link(follow_up, control=control),
            control or (not follow_up.to_control and follow_up.to_table_id in kept),
        )
        for follow_up in follow_ups
    ]


def about_link(follow_up, *, control):
    """The record's page; failing that, for Control, its page in the admin."""
    if follow_up.about_url or not (control and follow_up.about_type_id):
        return follow_up.about_url
    return admin_link(follow_up.about_type, follow_up.about_id)


def record_link(about_url, about_type_id, about_id, *, control):
    """about_link of a follow-up read as a row: the record's kind from Django's own cache of content types,
    which a follow-up's `about` reads through too."""
    if about_url or not (control and about_type_id):
        return about_url
    return admin_link(ContentType.objects.get_for_id(about_type_id), about_id)


def admin_link(content_type, pk):
    try:
        return reverse(f"admin:{content_type.app_label}_{content_type.model}_change", args=[pk])
    except NoReverseMatch:
        return ""


def _follow_ups(event):
    return FollowUp.objects.filter(event=event).select_related(
        "event", "sent_by", "from_table", "to_table", "about_type", "acknowledged_by"
    )


def get_inbox(event, user, *, table=None):
    """Open follow-ups first, oldest first (they are work waiting), then the latest acknowledged.

    Control's inbox when `table` is None, else the table's.
    """
    received = _follow_ups(event).filter(to_table=table) if table else _follow_ups(event).filter(to_control=True)
    return {
        "open": get_cards(received.filter(acknowledged_at__isnull=True).order_by("sent_at", "pk"), user, event),
        "acknowledged": get_cards(
            received.filter(acknowledged_at__isnull=False).order_by("-acknowledged_at")[:RECENTLY_ACKNOWLEDGED],
            user,
            event,
        ),
    }


class ConsoleFollowUp(NamedTuple):
    """An open follow-up as a console's row shows it: its words, the turn it was sent in, the table it came
    from (or Control) and the link to its record."""

    text: str
    turn: int | None
    sender: str
    link: str


# when a follow-up was sent (its rows are sorted by it), then what a console's row shows of it
CONSOLE_ROW = ("sent_at", "pk", "text", "turn", "from_table", "about_url", "about_type", "about_id")


def get_open_to_table(table, user):
    """The table's open follow-ups, oldest first, as plain rows of only what a console's row shows: the console
    is open all day, and needs neither the inbox's acknowledged ones nor who sent and who acknowledged. The
    sending table's name is among the request's regions and the record's kind in Django's content types, so
    neither is joined; the table is its event's, so the event is not asked."""
    control = is_control(user, table.event)
    names = {region.pk: region.name for region in get_regions(table.event)}
    # sorted here: ordering the query costs Django more to build than sorting a table's few follow-ups
    waiting = FollowUp.objects.filter(to_table=table.pk, acknowledged_at__isnull=True).order_by()
    rows = sorted(waiting.values_list(*CONSOLE_ROW))
    return [
        ConsoleFollowUp(
            text,
            turn,
            names[from_table] if from_table else "Control",
            record_link(about_url, about_type, about_id, control=control),
        )
        for _, _, text, turn, from_table, about_url, about_type, about_id in rows
    ]


def get_open_in_hall(event, user):
    """Every open follow-up in the hall, oldest first: Control's watch over the cracks between tables."""
    return get_cards(_follow_ups(event).filter(acknowledged_at__isnull=True).order_by("sent_at", "pk"), user, event)


def get_sent_from(table, user):
    """What this table has sent that is still waiting to be acknowledged."""
    return get_cards(
        _follow_ups(table.event).filter(from_table=table, acknowledged_at__isnull=True).order_by("sent_at", "pk"),
        user,
        table.event,
    )


def get_sending_tables(user, event):
    """The tables a user may send from: Control any, everyone else those he keeps."""
    tables = Region.objects.filter(event=event)
    return tables if is_control(user, event) else tables.filter(pk__in=get_tables_kept(user, event))
