"""python manage.py import_event <file>: an event written by export_event, into a database without it."""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from ...services.restore import do_restore_event, read_backup


class Command(BaseCommand):
    help = (
        "Restore one event from a file written by export_event (or a snapshot). Refuses, writing nothing, "
        "if the event or any of its rows is already in this database."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file")

    def handle(self, *args, file, **options):
        try:
            with open(file, encoding="utf-8") as stream:
                backup = read_backup(stream)
            event = do_restore_event(backup)
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from error
        except ValidationError as refusal:
            raise CommandError(" ".join(refusal.messages)) from refusal
        self.stdout.write(f"Restored “{event}” ({len(backup['rows'])} rows) from {file}, at turn {backup['turn']}.")
        if event.clock.is_held:
            self.stdout.write(
                "Its clock was running: it is held at that turn. Catch up to the hall's time or resume from the "
                "held turn on the clock desk."
            )
