"""The ASGI server runs a few pages at a time, so its event loop, which carries the live sockets,
keeps its share of the GIL however many requests come at once (umpire.asgi.PagesAtOnce)."""

import asyncio

import pytest

from umpire.asgi import PAGES_AT_ONCE, PagesAtOnce, application, pages_at_once


class CountingApp:
    """An app whose requests wait until let go, counting how many run at once."""

    def __init__(self):
        self.running = self.most = self.served = 0
        self.go = asyncio.Event()

    async def __call__(self, scope, receive, send):
        self.running += 1
        self.most = max(self.most, self.running)
        await self.go.wait()
        self.running -= 1
        self.served += 1


@pytest.mark.asyncio
async def test_requests_beyond_the_limit_wait_and_are_all_served():
    app = CountingApp()
    pages = PagesAtOnce(app, 3)
    requests = [asyncio.ensure_future(pages({"type": "http"}, None, None)) for _ in range(20)]
    await asyncio.sleep(0.05)
    assert app.most == 3
    app.go.set()
    await asyncio.gather(*requests)
    assert app.served == 20 and app.most == 3


def test_the_console_serves_its_pages_through_it():
    assert isinstance(application.application_mapping["http"], PagesAtOnce)
    assert application.application_mapping["http"].limit == PAGES_AT_ONCE


def test_two_pages_run_at_once_unless_the_server_is_told_otherwise():
    """Two overlap one page's database round trips with another's work; four only took the GIL from each other
    (bench/README.md, the eighth round)."""
    assert pages_at_once({}) == 2
    assert pages_at_once({"UMPIRE_PAGES_AT_ONCE": "4"}) == 4
