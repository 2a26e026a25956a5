"""The post's panel on a table's console (umpire.table_console), registered in MailConfig.ready().

Letters to hand out: those arrived in the table's tray for their recipient. A letter is overdue
when it has waited there longer than the post's `stuck_after_minutes`, the time after which
Control hears of a letter that has not moved.
"""

from datetime import timedelta

from umpire.addresses import address
from umpire.table_console import PanelView, Row, counted, tallied

from .models import Letter
from .selectors import get_post_office_setting, get_post_scope, get_to_hand_out


def stuck_after(event):
    """The post's setting, read without opening the post office (a console only reads), and kept while the
    event's setting stands (umpire.event_setting)."""
    return get_post_office_setting(event).stuck_after_minutes


def gather_letters(table, user, now):
    """The tray's letters to hand out, to those who keep the tray: who writes to whom is secret, so one
    who only watches the table (the Non-Roman World umpire) sees none of them."""
    link = address("mail:tray", table.event.slug, table.pk)
    if not get_post_scope(user, table.event).sees_table(table.pk):
        return PanelView((), 0, 0, link, "Open the post tray")
    late = now - timedelta(minutes=stuck_after(table.event))
    rows = tuple(
        Row(
            f"{item.letter.shown_code} to {item.letter.addressed_to}",
            address("mail:letter", table.event.slug, item.letter.pk),
            item.whereabouts,
            item.letter.moved_at < late,
        )
        for item in get_to_hand_out(table)
    )
    return PanelView(rows, len(rows), sum(row.overdue for row in rows), link, "Open the post tray")


def count_letters(event, user, now, tables):
    """The letters to hand out in every tray the user sees, and how many have waited too long: each a row of its
    tray and when it moved, counted here, since a plain read costs less to build than grouped counts."""
    scope = get_post_scope(user, event)
    late = now - timedelta(minutes=stuck_after(event))
    letters = Letter.objects.filter(event=event, state=Letter.State.ARRIVED)
    if not scope.everything:  # Control sees every tray: the tables not shown are left out by `counted`
        letters = letters.filter(at_table__in=[table.pk for table in tables if scope.sees_table(table.pk)])
    rows = letters.values_list("at_table", "moved_at").order_by()
    return counted(tables, *tallied((table, moved_at < late) for table, moved_at in rows))
