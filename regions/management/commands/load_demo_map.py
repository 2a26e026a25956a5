"""Load the demo map (fixtures/ad69_demo_map.geojson) into an AD69 event, every point and route flagged demo.

A command, so that the core's seed_demo and its event template load it by name, as they load the fixtures,
and import no app; the import itself is regions.services.demo.do_load_demo_map."""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from regions.services.demo import do_load_demo_map
from umpire.models import Event


class Command(BaseCommand):
    help = "Load the AD69 demo map into an event (by its slug), flagged demo, as one audited import."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug, e.g. ad69")
        parser.add_argument("--by", default="", help="the username the import is audited as (none: the console)")

    def handle(self, *args, slug, by, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"No event with the slug {slug!r}.")
        actor = get_user_model().objects.filter(username=by).first() if by else None
        if by and actor is None:
            raise CommandError(f"No user {by!r}.")
        try:
            entry = do_load_demo_map(event, actor=actor)
        except ValidationError as refusal:
            raise CommandError(" ".join(refusal.messages)) from refusal
        if options["verbosity"]:
            self.stdout.write(f"{event}: {entry.reason}")
