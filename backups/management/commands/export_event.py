"""python manage.py export_event <slug> <file>: the whole event, to one JSON file."""

from django.core.management.base import BaseCommand, CommandError

from umpire.models import Event

from ...services.export import write_backup


class Command(BaseCommand):
    help = (
        "Write one whole event (world, people, clock, ledger, mail, battles, Senate, audit, its umpires' "
        "accounts) to one JSON file, which import_event reads back."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug, as in its addresses")
        parser.add_argument("file", help="where to write the backup; '-' for standard output")

    def handle(self, *args, slug, file, **options):
        event = Event.objects.filter(slug=slug).first()
        if event is None:
            known = ", ".join(Event.objects.order_by("slug").values_list("slug", flat=True)) or "none"
            raise CommandError(f"No event with the slug “{slug}” (events here: {known}).")
        if file == "-":
            count = write_backup(event, self.stdout)
        else:
            with open(file, "w", encoding="utf-8") as stream:
                count = write_backup(event, stream)
            self.stderr.write(f"Wrote {count} rows of “{event}” to {file}.")
