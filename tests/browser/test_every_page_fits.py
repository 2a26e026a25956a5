"""Every page of every role on a tablet: each GET row of the permission matrix that answers a page, opened by
each role it lets through, at 768×1024 and 1024×768, with the matrix's world behind it (a battle, a siege, a
letter, a Senate session, a print run…). A page fails when it scrolls sideways, when a target a finger must
hit is under 44 px tall, or when a field has no label a screen reader or a tap on its words could find."""

import pytest
from django.test import Client

from tests import test_permission_matrix as matrix
from tests.browser.tablet import TABLETS, misfits

pytestmark = pytest.mark.browser

world = matrix.world

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
    """(problems, the row names whose page was opened) for one role at both sizes."""
    problems, opened = [], set()
    context = signed_in_context(browser, live_server, getattr(world, role, None))
    try:
        page = context.new_page()
        for viewport in TABLETS:
            page.set_viewport_size(viewport)
            for row in pages_of(role):
                address = row.address(world, world.codes.get(role))
                with page.expect_response(lambda r: r.request.is_navigation_request()) as answer:
                    try:
                        page.goto(live_server.url + address, wait_until="load")
                    except Exception:  # a download (a PDF, a CSV) is not a page: it never loads
                        continue
                if "text/html" not in (answer.value.headers.get("content-type") or ""):
                    continue
                if page.evaluate("document.doctype === null"):  # a row a grid fetches to redraw, not a page
                    continue
                opened.add(row.name)
                where = f"{role} {viewport['width']}×{viewport['height']} {address}"
                problems += [f"{where}: {problem}" for problem in misfits(page)]
    finally:
        context.close()
    return problems, opened


@pytest.mark.django_db(transaction=True)
def test_every_page_of_every_role_fits_a_tablet(browser, live_server, world):
    problems, missing = [], []
    for role in ROLES:
        found, opened = walk(browser, live_server, world, role)
        problems += found
        missing += [f"{role}: {name}" for name in sorted(KEY_PAGES.get(role, set()) - opened)]
    assert not missing, "pages the walk never opened:\n" + "\n".join(missing)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:2000])
