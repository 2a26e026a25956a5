"""The post's panel on a table's console (umpire.table_console), registered in MailConfig.ready().

Letters to hand out: those arrived in the table's tray for their recipient. A letter is overdue
when it has waited there longer than the post's `stuck_after_minutes`, the time after which
Control hears of a letter that has not moved.
"""

from datetime import timedelta

from django.urls import reverse

from umpire.table_console import PanelView, Row

from .models import PostOffice
from .selectors import get_post_scope, get_tray


def stuck_after(event):
    """The post's setting, read without opening the post office (a console only reads)."""
    office = PostOffice.objects.filter(event=event).first() or PostOffice(event=event)
    return office.stuck_after_minutes


def gather_letters(table, user, now):
    """The tray's letters to hand out, to those who keep the tray: who writes to whom is secret, so one
    who only watches the table (the Non-Roman World umpire) sees none of them."""
    link = reverse("mail:tray", args=[table.event.slug, table.pk])
    if not get_post_scope(user, table.event).sees_table(table.pk):
        return PanelView((), 0, 0, link, "Open the post tray")
    minutes = stuck_after(table.event)
    tray = get_tray(table, minutes)
    late = now - timedelta(minutes=minutes)
    rows = tuple(
        Row(
            f"{item.letter.shown_code} to {item.letter.addressed_to}",
            reverse("mail:letter", args=[table.event.slug, item.letter.pk]),
            item.whereabouts,
            item.letter.moved_at < late,
        )
        for item in tray.to_hand_out
    )
    return PanelView(rows, len(rows), sum(row.overdue for row in rows), link, "Open the post tray")
