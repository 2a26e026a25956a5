"""manage.py prepare_data_tables <event slug>: make the event's ruleset's data tables, as the
data tables page's button does (boardgames.services.tables.do_prepare_data_tables)."""

from django.core.management.base import BaseCommand, CommandError

from boardgames.services.tables import do_prepare_data_tables
from umpire.models import Event


class Command(BaseCommand):
    help = "Make an event's board-game data tables, with the cells the rulebook gives."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            raise CommandError(f"No event {slug}.")
        made = do_prepare_data_tables(event, actor=None)
        self.stdout.write(", ".join(table.title for table in made) or "Every table is there already.")
