"""A player's mailbox page in a real browser: a letter handed to him appears without his
touching the page, and once Control reissues his code the page empties itself."""

import pytest
from channels.testing import ChannelsLiveServerTestCase
from django.core.management import call_command
from playwright.sync_api import expect

from mail.services.letters import do_leave_letters, do_pick_up_letters, do_post_letter
from mail.services.mailboxes import do_issue_mailbox
from tests.browser.conftest import off_the_browser_thread, open_page
from umpire import clockwork
from umpire.models import Character, Event, Region, Role
from umpire.services.accounts import do_seat_umpire

pytestmark = pytest.mark.browser

PASSWORD = "ad69-browser"


def set_up_a_letter_waiting_at_illyria():
    call_command("loaddata", "ad69_world", verbosity=0)
    event = Event.objects.get(slug="ad69")
    clockwork.do_start_clock(event, actor=None)
    rome, illyria = (Region.objects.get(event=event, name=name) for name in ("Italia/Rome", "Illyria"))
    rome_umpire = do_seat_umpire(
        event=event, username="rome", role=Role.REGION, region=rome, password=PASSWORD, actor=None
    ).user
    illyria_umpire = do_seat_umpire(
        event=event, username="illyria", role=Role.REGION, region=illyria, password=PASSWORD, actor=None
    ).user
    do_seat_umpire(event=event, username="control", role=Role.CONTROL, password=PASSWORD, actor=None)
    writer, courier = (
        Character.objects.create(event=event, name=name, role="senator", social_class="senator", location=rome)
        for name in ("Quintus Scribonius", "Cornelius Fuscus")
    )
    primus = Character.objects.create(
        event=event, name="Antonius Primus", role="legate", social_class="senator", location=illyria
    )
    letter = do_post_letter(
        rome, sender=writer, addressee=primus, destination=illyria, contents="Hold the passes.", actor=rome_umpire
    )
    do_pick_up_letters([letter], table=rome, courier=courier, actor=rome_umpire)
    do_leave_letters([letter], table=illyria, actor=illyria_umpire)
    return do_issue_mailbox(primus, actor=None).code, letter.pk, primus.pk


@pytest.mark.usefixtures("browser_on_class")
class MailboxInABrowser(ChannelsLiveServerTestCase):
    serve_static = True

    def setUp(self):
        self.code, self.letter_id, self.primus_id = off_the_browser_thread(set_up_a_letter_waiting_at_illyria)

    def sign_in(self, username, then):
        page = open_page(self)
        page.goto(f"{self.live_server_url}/login/?next={then}")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
        return page

    def test_a_letter_handed_to_him_appears_and_a_reissued_code_empties_the_page(self):
        mailbox = open_page(self)
        mailbox.goto(f"{self.live_server_url}/post/ad69/mailbox/?code={self.code}")
        expect(mailbox.locator("#main")).to_contain_text("No typed letter has been handed to you")

        tray = self.sign_in("illyria", f"/events/ad69/post/letters/{self.letter_id}/")
        tray.get_by_role("button", name="Hand it out").click()
        expect(mailbox.locator("#main")).to_contain_text("Hold the passes.")

        desk = self.sign_in("control", "/events/ad69/post/mailboxes/")
        desk.locator(f"#character-{self.primus_id}").get_by_role("button", name="Reissue").click()
        expect(mailbox.locator("#live-status")).to_have_text(
            "This link no longer opens your letters: ask Control for your new one."
        )
        expect(mailbox.locator("#main")).to_be_empty()
