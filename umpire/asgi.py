"""ASGI entry point: HTTP through Django, a few pages at a time; websockets through Channels."""

import asyncio
import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddleware, get_user  # noqa: E402  (needs the app registry)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from channels.sessions import CookieMiddleware, SessionMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402

from umpire.consumers import in_pool  # noqa: E402
from umpire.routing import websocket_urlpatterns  # noqa: E402

if settings.EMBEDDED_TICKER:
    from umpire.ticker import start_embedded_ticker

    start_embedded_ticker()
elif settings.STANDBY_TICKER:
    from umpire.ticker import start_standby_ticker

    start_standby_ticker()


def pages_at_once(environ):
    """How many requests a server process runs at once (PagesAtOnce): UMPIRE_PAGES_AT_ONCE, or two."""
    return int(environ.get("UMPIRE_PAGES_AT_ONCE", "2"))


PAGES_AT_ONCE = pages_at_once(os.environ)
GC_FIRST_GENERATION = 20_000  # objects allocated between collections (Python: 700)


class PagesAtOnce:
    """Runs at most `limit` of `app`'s requests at once; the rest wait their turn in the event loop.

    Django gives each request a thread of its own, and a thread doing Django's work holds the GIL most
    of the time. With thirty requests running, the process's event loop, which carries every live socket
    and reads their messages from Redis, waited its turn behind them all: the load bench (a busy hall on
    one worker) saw the clock reach screens up to a minute late, and messages that waited that long
    dropped. A few at once still overlap one request's database round trips with another's work: two do, and
    ten umpires opening their consoles together were served sooner by two at a time than by four, whose
    threads took the GIL from each other in turn (bench/README.md, the eighth round)."""

    def __init__(self, app, limit):
        self.app, self.limit = app, limit
        self.loop = self.running = None

    async def __call__(self, scope, receive, send):
        loop = asyncio.get_running_loop()
        if loop is not self.loop:  # a server has one loop; a test harness may start several in turn
            self.loop, self.running = loop, asyncio.Semaphore(self.limit)
        async with self.running:
            await self.app(scope, receive, send)


class UserReadInPool(AuthMiddleware):
    """Channels' AuthMiddleware, reading a socket's session and user in the event loop's pool of threads
    rather than in the process's one thread for sync code. After a Wi-Fi drop every umpire's and table's
    socket reads its user at once, and one at a time, round trip after round trip, they queued the hall's
    return behind them (issue 34). Each read is whole in itself (a query for the session, one for the
    user), and the consumers, which read the database in the pool too (umpire.consumers.in_pool), use
    no transaction of that one thread."""

    async def resolve_scope(self, scope):
        scope["user"]._wrapped = await in_pool(get_user.func)(scope)


def signed_in_sockets(inner):
    """Channels' AuthMiddlewareStack, with the user read in the pool (`UserReadInPool`)."""
    return CookieMiddleware(SessionMiddleware(UserReadInPool(inner)))


# A hall's sockets keep hundreds of thousands of objects alive in this process, and each of Python's full
# garbage collections walked them all: a dozen of 120 to 380 ms in a bench of 1,000 sockets, each holding
# up every screen waiting for a pause (issue 34). What is loaded by now lives as long as the process and
# is frozen out of the walk, and collections come less often: a socket leaves few cycles to collect.
gc.freeze()
gc.set_threshold(GC_FIRST_GENERATION, *gc.get_threshold()[1:])

application = ProtocolTypeRouter(
    {
        "http": PagesAtOnce(django_asgi_app, PAGES_AT_ONCE),
        "websocket": AllowedHostsOriginValidator(signed_in_sockets(URLRouter(websocket_urlpatterns))),
    }
)
