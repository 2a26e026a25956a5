"""`manage.py readiness <event>`: the readiness page's list on the command line, for a script before the
doors open; it exits non-zero while anything is missing."""

from itertools import groupby
from operator import attrgetter

from django.core.management.base import BaseCommand, CommandError

from umpire.models import Event
from umpire.readiness import get_missing


class Command(BaseCommand):
    help = "List everything still missing before game day; exit non-zero while anything is."

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's slug, as in its addresses (ad69)")

    def handle(self, *args, **options):
        event = Event.objects.filter(slug=options["event"]).first()
        if event is None:
            raise CommandError(f"No event {options['event']!r}: give an event's slug, as in its addresses.")
        missing = get_missing(event)
        for heading, items in groupby(missing, key=attrgetter("heading")):
            self.stdout.write(heading)
            for item in items:
                self.stdout.write(f"  {item.what}" + (f"\n    fix: {item.fix_url}" if item.fix_url else ""))
        if missing:
            raise CommandError(f"{len(missing)} thing{'s' if len(missing) != 1 else ''} still missing before game day.")
        self.stdout.write("Ready for game day.")
