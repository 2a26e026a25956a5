"""A new Control team prepares a real event in a browser, from a fresh database, without /admin/:
it makes the AD69 event from its template, imports a 60-player cast from its spreadsheet (whose
draft is refused, row by row, until it is fixed), issues every player code, sets the posting times,
the public address, the demo order of battle and the demo map, empties the readiness list, prints every
briefing (each read back: its own figures, and a QR code that opens the public address) and opens a battle."""

import io
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import override_settings
from django.urls import reverse
from playwright.sync_api import expect

from printshop.models import PrintRun
from tests.browser.cast_sheet import cast_workbook, character_rows
from tests.browser.conftest import off_the_browser_thread, open_page
from tests.conftest import missing_service
from tests.database import empty_the_database
from umpire.models import Event

pytestmark = pytest.mark.browser

SLUG = "ad69-hall"
# served over TLS on the hall's LAN (UMPIRE_TLS=lan), as the readiness page asks
PUBLIC = "https://192.168.1.10:8000"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
HALL_KEY = "Kq3v-the-hall-s-own-key-long-and-random-enough-9xZ7wP2mT8rB"  # past Django's weak-key test


def a_fresh_install():
    """Nothing in the database but the first Control umpire, as `manage.py createsuperuser` makes him."""
    empty_the_database()
    get_user_model().objects.create_superuser("control", "control@example.org", "hall-control-pass")


def readiness_command():
    out = io.StringIO()
    call_command("readiness", SLUG, stdout=out)
    return out.getvalue()


def qr_codes_in(pdf):
    """The text of every QR code on the PDF's pages, read by zbarimg from pdftoppm's pictures."""
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "b.pdf").write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", "100", "-png", "b.pdf", "page"], cwd=folder, check=True)
        pages = sorted(str(page) for page in Path(folder).glob("page*.png"))
        found = subprocess.run(["zbarimg", "-q", "--raw", *pages], capture_output=True, text=True)
    return found.stdout.split()


def text_of(pdf):
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()


# the hall's own secret key and host, as UMPIRE_SECRET_KEY and UMPIRE_ALLOWED_HOSTS set them
@override_settings(
    SECRET_KEY=HALL_KEY, ALLOWED_HOSTS=["127.0.0.1", "localhost", "192.168.1.10"], CELERY_TASK_ALWAYS_EAGER=True
)
@pytest.mark.usefixtures("browser_on_class")
class PreparingAnEvent(ChannelsLiveServerTestCase):
    def setUp(self):
        for tool in ("pdftoppm", "pdftotext", "zbarimg"):
            if not shutil.which(tool):
                missing_service(
                    f"this test reads the briefings back with {tool} (apt-get install poppler-utils zbar-tools)"
                )
        off_the_browser_thread(a_fresh_install)
        self.page = open_page(self, viewport={"width": 1024, "height": 768})
        self.visited = []
        self.page.on("request", lambda request: self.visited.append(request.url))

    def go(self, name, *args, query=""):
        self.page.goto(f"{self.live_server_url}{reverse(name, args=args)}{query}")

    def test_from_a_fresh_database_to_the_first_battle_without_the_admin(self):
        self.sign_in()
        self.make_the_event()
        self.import_the_cast()
        self.issue_every_code()
        self.set_the_posting_times()
        self.set_the_public_address()
        self.adopt_the_demo_forces()
        self.adopt_the_demo_map()
        self.open_the_books()
        self.go("readiness:page", SLUG)
        expect(self.page.locator("main")).to_contain_text("60 things still missing")
        expect(self.page.locator("main")).to_contain_text("Arrius Antonius's briefing has never been printed.")
        self.print_every_briefing()
        self.go("readiness:page", SLUG)
        expect(self.page.locator("main")).to_contain_text("Ready for game day")
        assert "Ready for game day." in off_the_browser_thread(readiness_command)
        self.open_a_battle()
        assert not [url for url in self.visited if "/admin/" in url]

    def sign_in(self):
        self.page.goto(f"{self.live_server_url}/login/")
        self.page.fill("input[name=username]", "control")
        self.page.fill("input[name=password]", "hall-control-pass")
        self.page.click("button[type=submit]")

    def make_the_event(self):
        self.go("events:new")
        self.page.get_by_label("Name").fill("AD69 at the hall")
        self.page.get_by_label("Slug").fill(SLUG)
        self.page.get_by_label("Ruleset").select_option("ad69")
        self.page.get_by_label("With the demo forces and fleets").check()
        self.page.get_by_role("button", name="Make the event").click()
        expect(self.page.locator(".messages")).to_contain_text("AD69 at the hall")

    def upload(self, workbook):
        self.go("cast:import", SLUG)
        self.page.locator("input[type=file]").set_input_files(
            {"name": "cast.xlsx", "mimeType": XLSX, "buffer": workbook}
        )
        self.page.get_by_role("button", name="Preview").click()

    def import_the_cast(self):
        self.upload(cast_workbook(faults=True))
        preview = self.page.locator("main")
        expect(preview).to_contain_text("Atlantis")
        expect(preview).to_contain_text("Caelius Sabinus")  # entered twice
        expect(preview).to_contain_text("refused")
        expect(self.page.get_by_role("button", name="Apply")).to_have_count(0)

        self.upload(cast_workbook())
        apply = self.page.get_by_role("button", name="Apply: 72 new, 48 changed")  # 12 legates and 60 players new
        expect(apply).to_be_visible()
        apply.click()
        expect(self.page.locator(".messages")).to_contain_text("72 new, 48 changed")
        expect(self.page.get_by_role("link", name="Undo this import")).to_be_visible()

    def issue_every_code(self):
        self.go("mail:mailboxes", SLUG)
        self.page.get_by_role("button", name="Issue a code to everyone who has none").click()
        expect(self.page.locator("main")).to_contain_text("60 of 60 have a code")

    def set_the_posting_times(self):
        self.go("mail:posting-times", SLUG)
        defaults = self.page.locator("#defaults")
        defaults.get_by_label("Turns by land").fill("1")
        defaults.get_by_label("Turns by sea", exact=True).fill("2")
        defaults.get_by_label("Turns by sea in winter").fill("3")
        defaults.get_by_role("button", name="without a posting time").click()
        expect(self.page.locator("main")).to_contain_text("14 of 14 links have a posting time")

    def set_the_public_address(self):
        self.go("prepare:address", SLUG)
        self.page.get_by_label("Public address").fill(PUBLIC)
        self.page.get_by_role("button", name="Set the public address").click()
        expect(self.page.locator("main")).to_contain_text(PUBLIC)

    def adopt_the_demo_forces(self):
        self.go("regions:forces", SLUG)
        self.page.get_by_role("button", name="Adopt the demo forces and fleets as the event's own").click()
        expect(self.page.locator(".messages")).to_contain_text("are the event's own now")

    def adopt_the_demo_map(self):
        self.go("regions:forces", SLUG)
        self.page.get_by_role("button", name="Adopt the demo map as the event's own").click()
        expect(self.page.locator(".messages")).to_contain_text("map")
        expect(self.page.get_by_role("button", name="Adopt the demo map as the event's own")).to_have_count(0)

    def open_the_books(self):
        """Each fortune paid into its purse before the briefings print it."""
        self.go("regions:treasury-rome", SLUG)
        self.page.get_by_role("button", name="Open the books").click()
        expect(self.page.get_by_role("button", name="Open the books")).to_have_count(0)

    def print_every_briefing(self):
        self.go("printshop:runs", SLUG)
        self.page.get_by_label("Print").first.select_option("briefings")
        self.page.get_by_role("button", name="Print").click()
        expect(self.page.get_by_role("link", name="ZIP")).to_be_visible(timeout=180_000)
        run = off_the_browser_thread(lambda: PrintRun.objects.get(event__slug=SLUG).pk)
        bundle = self.page.request.get(f"{self.live_server_url}{reverse('printshop:run-zip', args=[SLUG, run])}")
        self.read_back(zipfile.ZipFile(io.BytesIO(bundle.body())))

    def read_back(self, bundle):
        """Each briefing names its character, prints his own figures and carries his own code's QR code."""
        briefings = {name: bundle.read(name) for name in bundle.namelist()}
        assert len(briefings) == 60
        texts = [text_of(pdf) for pdf in briefings.values()]
        for name, _role, _class, _table, wealth, income, _support, skill, _notes in character_rows():
            text = next(text for text in texts if f"{name}'s secret" in text)
            assert f"{wealth} talents" in text and f"{income} talents a quarter" in text, name
            words = " ".join(text.split())
            assert f"Military skill {skill}" in words and f"In your purse: {wealth} talents" in words, name
        codes = {code for pdf in briefings.values() for code in qr_codes_in(pdf)}
        assert len(codes) == 60
        assert all(code.startswith(f"{PUBLIC}/") and "code=" in code for code in codes)

    def open_a_battle(self):
        northern = off_the_browser_thread(lambda: Event.objects.get(slug=SLUG).regions.get(name="Northern").pk)
        self.go("warfare:battles", SLUG, query=f"?table={northern}")
        page = self.page
        page.locator("fieldset", has_text="Side A's forces").get_by_label("Legio XXI Rapax", exact=False).check()
        page.locator("fieldset", has_text="Side B's forces").get_by_label("Legio XXII Primigenia", exact=False).check()
        page.select_option("select[name=side_a_commander]", label="Verginius Rufus")
        page.select_option("select[name=side_b_commander]", label="Fabius Valens")  # a legate of the cast's own
        page.fill("input[name=place]", "Mogontiacum")
        page.get_by_role("button", name="Open the battle").click()
        expect(page.locator("h1")).to_have_text("Verginius Rufus v Fabius Valens, Mogontiacum")
