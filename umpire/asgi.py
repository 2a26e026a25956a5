"""ASGI entry point: HTTP through Django, a few pages at a time; websockets through Channels."""

import asyncio
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs the app registry)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from umpire.routing import websocket_urlpatterns  # noqa: E402

if settings.EMBEDDED_TICKER:
    from umpire.ticker import start_embedded_ticker

    start_embedded_ticker()
elif settings.STANDBY_TICKER:
    from umpire.ticker import start_standby_ticker

    start_standby_ticker()

PAGES_AT_ONCE = int(os.environ.get("UMPIRE_PAGES_AT_ONCE", "4"))


class PagesAtOnce:
    """Runs at most `limit` of `app`'s requests at once; the rest wait their turn in the event loop.

    Django gives each request a thread of its own, and a thread doing Django's work holds the GIL most
    of the time. With thirty requests running, the process's event loop, which carries every live socket
    and reads their messages from Redis, waited its turn behind them all: the load bench (a busy hall on
    one worker) saw the clock reach screens up to a minute late, and messages that waited that long
    dropped. A few at once still overlap one request's database round trips with another's work."""

    def __init__(self, app, limit):
        self.app, self.limit = app, limit
        self.loop = self.running = None

    async def __call__(self, scope, receive, send):
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # a server has one loop; a test harness may start several in turn
            self.loop, self.running = loop, asyncio.Semaphore(self.limit)
        async with self.running:
            await self.app(scope, receive, send)


application = ProtocolTypeRouter(
    {
        "http": PagesAtOnce(django_asgi_app, PAGES_AT_ONCE),
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
