"""Every page of every role on a tablet: each GET row of the permission matrix that answers a page, opened by
each role it lets through, with the matrix's world behind it (a battle, a siege, a letter, a Senate session, a
print run…). At 768×1024 and 1024×768 a page fails when it scrolls sideways, when a target a finger must hit
is under 44 px tall, or when a field has no label a screen reader or a tap on its words could find; 1366 and
1920 wide, when it scrolls sideways."""

import pytest
from django.test import Client
from playwright.sync_api import Error as PlaywrightError

from tests import test_permission_matrix as matrix
from tests.browser.tablet import TABLETS, fits, misfits

pytestmark = pytest.mark.browser

world = matrix.world

# a laptop's screen and a desk's, where a page need only not scroll sideways: its targets are a mouse's
SCREENS = ({"width": 1366, "height": 768}, {"width": 1920, "height": 1080})
DOWNLOAD = "Download is starting"  # what Playwright says when an address answers a file, not a page
ROLES = matrix.UMPIRES.split() + ["player", "display"]
# the rows every role's walk must reach, so the walk cannot pass by reaching nothing
KEY_PAGES = {
    "control": {"umpire:hall", "umpire:clock", "warfare:battle", "senate:home", "mail:letter", "readiness:page"},
    "here": {"table:console", "warfare:battle", "warfare:siege", "mail:tray", "umpire:rules"},
    "senate": {"senate:home", "umpire:rules"},
    "nrw": {"warfare:battles", "regions:forces"},
    "player": {"mail:mailbox"},
    "display": {"display:projector"},
}


def pages_of(role):
    return [row for row in matrix.ROWS if row.method == matrix.GET and role in row.allowed.split()]


def signed_in_context(browser, live_server, user):
    """A browser context holding the session a sign-in gives `user` (the sign-in page is walked as anyone)."""
    context = browser.new_context()
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies["sessionid"]
        context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
    return context


def walk(browser, live_server, world, role):
    """(problems, the row names whose page was opened) for one role: each page opened once, then looked at
    on both tablets and as wide as a laptop's and a desk's screen, where it must not scroll sideways either."""
    problems, opened = [], set()
    context = signed_in_context(browser, live_server, getattr(world, role, None))
    try:
        page = context.new_page()
        for row in pages_of(role):
            page.set_viewport_size(TABLETS[0])
            address = row.address(world, world.codes.get(role))
            try:
                answer = page.goto(live_server.url + address, wait_until="load")
            except PlaywrightError as error:  # a download (a PDF, a CSV) is not a page: it never loads
                if DOWNLOAD not in str(error):
                    raise
                continue
            if answer is None or "text/html" not in (answer.headers.get("content-type") or ""):
                continue
            if page.evaluate("document.doctype === null"):  # a row a grid fetches to redraw, not a page
                continue
            opened.add(row.name)
            problems += [f"{role} {address}: {problem}" for problem in misfits_at_every_size(page)]
    finally:
        context.close()
    return problems, opened


def misfits_at_every_size(page):
    found = []
    for viewport in TABLETS + SCREENS:
        page.set_viewport_size(viewport)
        shown = misfits(page) if viewport in TABLETS else [] if fits(page) else ["scrolls sideways"]
        found += [f"{viewport['width']}×{viewport['height']}: {problem}" for problem in shown]
    return found


@pytest.mark.django_db(transaction=True)
def test_every_page_of_every_role_fits_a_tablet(browser, live_server, world):
    problems, missing = [], []
    for role in ROLES:
        found, opened = walk(browser, live_server, world, role)
        problems += found
        missing += [f"{role}: {name}" for name in sorted(KEY_PAGES.get(role, set()) - opened)]
    assert not missing and not problems, "\n".join(
        ["pages the walk never opened:", *missing, f"{len(problems)} problems:", *problems[:2000]]
    )
