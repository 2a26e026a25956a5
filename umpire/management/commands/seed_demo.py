"""Load the AD69 world (with its demo map, demo forces and demo cast) and seat a demo umpire team on the published demo
password, once, when the world is first loaded; print the demo logins still on it."""

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from umpire.models import AccessCode, Event, Region, Role, UmpireSeat
from umpire.services.access_codes import do_reissue_display_code
from umpire.services.accounts import do_seat_umpire
from umpire.services.audit import record_audit
from umpire.services.cast import do_load_demo_cast

DEMO_PASSWORD = "ad69-demo"
DEMO_TEAM = [
    ("control", Role.CONTROL, None),
    ("senate", Role.SENATE, None),
    ("nrw", Role.NON_ROMAN_WORLD, None),
]


class Command(BaseCommand):
    help = "Load the AD69 demo event if it is not there, seat its demo umpires and print their logins."

    def handle(self, *args, **options):
        with transaction.atomic():
            event = Event.objects.filter(slug="ad69").first()
            if event is None:
                event = self._load_world()
                self._seat_demo_team(event)
            display = AccessCode.objects.filter(
                event=event, kind=AccessCode.Kind.DISPLAY, revoked_at__isnull=True
            ).first()
            display = display or do_reissue_display_code(event, actor=None)
        seats = UmpireSeat.objects.filter(event=event).select_related("user", "region")
        on_demo_password = [seat for seat in seats if seat.user.check_password(DEMO_PASSWORD)]
        if on_demo_password:
            self.stdout.write(f"\nAD69 demo umpires (password for each: {DEMO_PASSWORD})")
        for seat in on_demo_password:
            table = f" at {seat.region}" if seat.region else ""
            self.stdout.write(f"  {seat.user.username:<14} {seat.get_role_display()}{table}")
        self.stdout.write(f"Clock desk (Control): /control/{event.slug}/clock/")
        self.stdout.write(f"Projector (no login): /display/{event.slug}/?code={display.code}")

    def _load_world(self):
        """The world, its demo map, its demo order of battle and its demo cast come from the fixtures only when
        the event is new: a restart keeps the game. The map and the forces are loaded by command and fixture name,
        so the core imports no app; the map goes through the map import and the cast's figures through the cast
        import, as Control's own files would."""
        call_command("loaddata", "ad69_world", verbosity=0)
        call_command("load_demo_map", "ad69", verbosity=0)  # the demo forces stand at its points
        call_command("loaddata", "ad69_demo_forces", verbosity=0)
        event = Event.objects.get(slug="ad69")
        record_audit(
            event=event,
            actor=None,
            action="umpire.event.load",
            target=event,
            reason="AD69 world loaded from fixtures/ad69_world.json, with the demo map of "
            "fixtures/ad69_demo_map.geojson and the demo forces and fleets of fixtures/ad69_demo_forces.json",
        )
        do_load_demo_cast(event, actor=None)
        return event

    def _seat_demo_team(self, event):
        """Once, with the world: a demo umpire Control has since removed, or given his own password, stays so."""
        tables = Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE)
        for username, role, region in DEMO_TEAM + [(_login_for(table), Role.REGION, table) for table in tables]:
            user = get_user_model().objects.filter(username=username).first()
            do_seat_umpire(
                event=event, username=username, role=role, region=region, password=DEMO_PASSWORD, user=user, actor=None
            )


def _login_for(table):
    return table.name.lower().replace("/", "-").replace(" ", "-")
