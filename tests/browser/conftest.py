"""A real browser: Playwright driving Debian's chromium (the playwright package's own
browser download cannot work on these machines)."""

import os
import shutil

import pytest

from tests.conftest import missing_service

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser():
    if not shutil.which(CHROMIUM):
        missing_service(f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop in this thread, which Django would take
    # for async code and refuse the test's own database calls; they are not async here.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
            yield browser
            browser.close()
    finally:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


@pytest.fixture
def browser_on_class(request, browser):
    request.cls.browser = browser


def off_the_browser_thread(work):
    """Run database work in a thread of its own: Playwright's event loop owns this one, and
    services send to the channel layer synchronously."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    def run():
        try:
            return work()
        finally:
            connection.close()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def open_page(test, **options):
    """A new page for `test`, closed when the test ends and before its database is flushed: once the
    page's requests have settled, so no request of its (a live reload after the last step) still
    reads tables that the flush must truncate."""
    page = test.browser.new_page(**options)

    def settle_and_close():
        page.wait_for_load_state("networkidle")
        page.close()

    test.addCleanup(settle_and_close)
    return page
