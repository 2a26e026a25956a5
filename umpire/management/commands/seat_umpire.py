from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from umpire.forms import SeatUmpireForm
from umpire.services.accounts import do_seat_umpire


class Command(BaseCommand):
    help = "Seat an umpire in an event's team, creating the account if needed."

    def add_arguments(self, parser):
        parser.add_argument("--event", required=True)
        parser.add_argument("--username", required=True)
        parser.add_argument("--role", required=True, help="control, region, senate or nrw")
        parser.add_argument("--table", default="", help="the table of a Region umpire")
        parser.add_argument("--password", default="")

    def handle(self, *args, **options):
        form = SeatUmpireForm(data=options)
        if not form.is_valid():
            raise CommandError(describe_errors(form))
        data = form.cleaned_data
        try:
            seat = do_seat_umpire(
                event=data["event"],
                username=data["username"],
                role=data["role"],
                region=data["region"],
                password=data["password"],
                user=data["user"],
                actor=None,
            )
        except ValidationError as refusal:
            raise CommandError(" ".join(refusal.messages)) from refusal
        self.stdout.write(f"Seated {seat}.")


def describe_errors(form):
    """A form's errors as lines that each name the field."""
    return "\n".join(
        f"--{field}: {message}" if field != "__all__" else message
        for field, messages in form.errors.items()
        for message in messages
    )
