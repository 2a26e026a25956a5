"""A browser of the hall, as bench/hall_load.py simulates it: its cookies (an umpire's session and
CSRF token), one kept-alive HTTP connection, the page it holds open with that page's live socket,
which it reloads as live.js does when an event the page names arrives, and the forms a page
offers. Every request is timed and every failure counted in the run's Tally.

HTTP goes through the standard library's http.client in a pool of threads (the project's
environment has no asynchronous HTTP client); the sockets and the timing live in one event loop.
Static files are never fetched: a browser has them cached after the first page."""

import asyncio
import http.client
import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from html import unescape
from html.parser import HTMLParser
from urllib.parse import urlencode

from websockets.exceptions import ConnectionClosed

from bench.servers import HOST, open_client

HTTP_TIMEOUT = 60  # seconds: a slower page is an error, not a wait
MAX_REDIRECTS = 5
REFRESH_SPREAD = 1.0  # seconds: live.js's REFRESH_SPREAD_MS, the longest a page waits before fetching itself again
RECONNECT_PAUSE, RECONNECT_LONGEST = 1, 15  # seconds live.js waits before reconnecting, doubling each time
# Longer than the server's own 30 s for a socket's handshake (umpire.server.HANDSHAKE_SECONDS): the server,
# not the bench, gives up.
HANDSHAKE_TIMEOUT = 35
EXAMPLES = 5  # failures kept word for word, of each kind
LIVE_SCRIPT = re.compile(r"<script[^>]*live\.js[^>]*>")
LIVE_ATTRIBUTE = re.compile(r'data-(socket|refresh)="([^"]*)"')
REFUSAL = re.compile(r'<li class="error">(.*?)</li>', re.S)
TRANSPORT_ERRORS = (OSError, http.client.HTTPException)
STALE_CONNECTION = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError)
RECORD_ID = re.compile(r"/\d+(?=/|$)")


@dataclass
class Tally:
    """What one configuration's browsers saw: timings in seconds, failures counted by kind."""

    pages: list = field(default_factory=list)  # GETs, each redirect followed counted as its own
    actions: list = field(default_factory=list)  # POSTs
    errors: Counter = field(default_factory=Counter)
    examples: dict = field(default_factory=dict)  # kind -> a few of its failures, word for word
    refusals: Counter = field(default_factory=Counter)  # a form refused, by what was posted
    arrivals: list = field(default_factory=list)  # (turn ended, received at, sent at) of clock.advance
    live_clients: int = 0  # sockets that hear the clock
    measuring: bool = False  # timings count once the hall is full; failures always do
    by_kind: dict = field(default_factory=dict)  # "GET /events/ad69/tables/N/console/" -> its timings
    posted: Counter = field(default_factory=Counter)  # forms the server took, by what was posted

    @property
    def requests(self):
        return len(self.pages) + len(self.actions)

    def timed(self, method, path, response):
        if not self.measuring:
            return
        (self.actions if method == "POST" else self.pages).append(response.seconds)
        self.by_kind.setdefault(kind_of(method, path), []).append(response.seconds)

    def error(self, kind, detail):
        self.errors[kind] += 1
        self.keep_example(kind, detail)

    def refused(self, what, detail):
        self.refusals[what] += 1
        self.keep_example(f"refused: {what}", detail)

    def keep_example(self, kind, detail):
        kept = self.examples.setdefault(kind, [])
        if len(kept) < EXAMPLES:
            kept.append(detail)


def kind_of(method, path):
    """A request's kind: its path with the record ids and the query left out."""
    return f"{method} {RECORD_ID.sub('/N', path.split('?')[0])}"


@dataclass(frozen=True)
class Response:
    status: int
    location: str | None
    cookies: list
    text: str
    seconds: float


class Browser:
    """One umpire's tablet or one player's phone, talking to the server at `port`."""

    def __init__(self, name, port, tally, pool, *, hears_clock=False):
        self.name, self.port, self.tally, self.pool = name, port, tally, pool
        self.hears_clock = hears_clock
        self.connection = None
        self.cookies = {}
        self.lock = asyncio.Lock()  # one request at a time on its one connection
        self.page, self.refresh_on, self.socket_path = None, set(), None
        self.pages = []  # the other pages he opens now and then
        self.socket, self.listening, self.refreshing = None, None, False
        self.sequences = {}
        self.counted = None  # the socket whose messages self.sequences counts
        self.missing = set()  # (group, number) of messages a gap says have not come
        self.closing = False
        self.spread = random.Random(name)  # its own moments of waiting to reload, the same in every run

    # HTTP ---------------------------------------------------------------------------

    async def get(self, path):
        """GET `path` and follow its redirects, as a browser does; the last page's text, or None."""
        for _ in range(MAX_REDIRECTS):
            # A browser keeps a redirect's #fragment to itself; sent, it names no page and the server answers 404.
            response = await self.exchange("GET", path.split("#")[0])
            if response is None or response.location is None:
                return response.text if response else None
            path = response.location
        self.tally.error("too many redirects", f"{self.name}: GET {path}")
        return None

    async def post(self, path, data, *, what):
        """POST a form with the CSRF token, then the page it sends the browser to; `what` names the
        action in the tally of refusals. The page's text, or None."""
        pairs = list(data.items()) if isinstance(data, dict) else list(data)
        body = urlencode(pairs + [("csrfmiddlewaretoken", self.cookies.get("csrftoken", ""))], doseq=True)
        response = await self.exchange("POST", path, body)
        if response is None:
            return None
        text = await self.get(response.location) if response.location else response.text
        if response.status < 400 and not self.note_refusal(what, text) and self.tally.measuring:
            self.tally.posted[what] += 1
        return text

    async def exchange(self, method, path, body=None):
        """One request and its answer, timed; None if it failed, which the tally counts."""
        async with self.lock:
            loop = asyncio.get_running_loop()
            try:
                response = await loop.run_in_executor(self.pool, self.send, method, path, body)
            except TRANSPORT_ERRORS as failure:
                self.connection = None
                self.tally.error("HTTP connection failed", f"{self.name}: {method} {path}: {failure!r}")
                return None
            except asyncio.CancelledError:
                self.connection = None  # its thread still reads the answer on it: the next request opens another
                raise
        self.tally.timed(method, path, response)
        self.keep_cookies(response.cookies)
        return self.checked(method, path, response)

    def send(self, method, path, body):
        """In a pool thread: the request and its whole answer, timed. The server closes a kept-alive
        connection after a minute idle; finding it closed, a browser sends again on a new one."""
        started, connection = time.perf_counter(), self.connection
        if connection is not None:
            try:
                return self.answer(connection, method, path, body, started)
            except STALE_CONNECTION:
                connection.close()
        self.connection = connection = http.client.HTTPConnection(HOST, self.port, timeout=HTTP_TIMEOUT)
        return self.answer(connection, method, path, body, time.perf_counter())

    def answer(self, connection, method, path, body, started):
        connection.request(method, path, body, self.headers(method))
        answer = connection.getresponse()
        text = answer.read().decode("utf-8", "replace")
        return Response(
            answer.status,
            answer.getheader("Location"),
            answer.msg.get_all("Set-Cookie") or [],
            text,
            time.perf_counter() - started,
        )

    def headers(self, method):
        headers = {"Cookie": self.cookie_header()}
        if method == "POST":
            headers.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": self.origin})
        return headers

    @property
    def origin(self):
        return f"http://{HOST}:{self.port}"

    def cookie_header(self):
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())

    def keep_cookies(self, set_cookies):
        for line in set_cookies:
            name, _, rest = line.partition("=")
            value, *attributes = rest.split(";")
            if value in ("", '""') or any(a.strip().lower() == "max-age=0" for a in attributes):
                self.cookies.pop(name.strip(), None)
            else:
                self.cookies[name.strip()] = value

    def checked(self, method, path, response):
        if response.status >= 500:
            self.tally.error("HTTP 5xx", f"{self.name}: {method} {path} -> {response.status}")
        elif response.status >= 400:
            self.tally.error("HTTP 4xx", f"{self.name}: {method} {path} -> {response.status}")
        return response

    def note_refusal(self, what, text):
        """Whether the page the form led to says it was refused; counted if so."""
        refused = REFUSAL.search(text or "")
        if refused:
            self.tally.refused(what, unescape(refused.group(1)).strip())
        return bool(refused)

    async def log_in(self, username, password):
        """Sign in at the login page, as an umpire does; whether it took."""
        await self.get("/login/")
        text = await self.post("/login/", {"username": username, "password": password}, what="login")
        if "sessionid" not in self.cookies:
            self.tally.error("login failed", f"{self.name}: {(text or '')[:200]!r}")
            return False
        return True

    # The page held open and its live socket -----------------------------------------

    async def open_page(self, path):
        """Open the page the browser keeps on screen, and its live socket; whether both came."""
        text = await self.get(path)
        script = LIVE_SCRIPT.search(text or "")
        if script is None:
            self.tally.error("page without live.js", f"{self.name}: GET {path}")
            return False
        found = {key: unescape(value) for key, value in LIVE_ATTRIBUTE.findall(script.group(0))}
        self.page, self.refresh_on = path, set(found.get("refresh", "").split())
        self.socket_path = found["socket"]
        self.socket = await self.connect()
        self.listening = asyncio.create_task(self.listen())
        return True

    async def connect(self):
        """The page's socket, tried again and again as live.js tries, each failure counted."""
        url = f"ws://{HOST}:{self.port}{self.socket_path}"
        headers = {"Cookie": self.cookie_header()} if self.cookies else None
        pause = RECONNECT_PAUSE
        while True:
            socket = await open_client(url, False, headers, HANDSHAKE_TIMEOUT)
            if socket is not None:
                return socket
            self.tally.error("websocket refused", f"{self.name}: {self.socket_path}")
            await asyncio.sleep(pause)
            pause = min(2 * pause, RECONNECT_LONGEST)

    async def listen(self):
        """Read the socket as live.js does; reconnect, as it does, when the server drops it."""
        while not self.closing:
            try:
                async for text in self.socket:
                    self.heard(json.loads(text), time.time())
            except ConnectionClosed:
                pass
            if self.closing:
                return
            self.tally.error(
                "websocket dropped", f"{self.name}: {self.socket_path} closed with {self.socket.close_code}"
            )
            await asyncio.sleep(RECONNECT_PAUSE)
            self.socket = await self.connect()

    def heard(self, message, received_at):
        if message["type"] == "snapshot":
            # as live.js: a snapshot may count one fewer than this socket has heard (see its latest())
            heard = self.sequences if self.counted is self.socket else {}
            self.sequences = {group: max(n, heard.get(group, 0)) for group, n in message["seq"].items()}
            self.counted = self.socket
            return
        if message["type"] != "event":
            return
        self.check_sequence(message)
        event = message["event"]
        if event["type"] == "clock.changed" and event["action"] == "clock.advance" and self.hears_clock:
            sent_at = datetime.fromisoformat(message["now"]).timestamp()
            self.tally.arrivals.append((event["clock"]["turn"] - 1, received_at, sent_at))
        if event["type"] in self.refresh_on and not self.refreshing:
            self.refreshing = True  # before the reload starts: an event heard in the meantime shares it
            asyncio.create_task(self.reload())

    def check_sequence(self, message):
        """A gap in a group's numbers after the snapshot: ask for a snapshot, as live.js does, and
        note the numbers missing. One that comes later came out of order; one that never comes was
        lost. (A message sent while the socket joined may come before the snapshot that counts it.)"""
        group, seq = message["group"], message["seq"]
        if group not in self.sequences:
            return
        expected = self.sequences[group] + 1
        self.sequences[group] = max(seq, self.sequences[group])
        if (group, seq) in self.missing:
            self.missing.discard((group, seq))
            self.tally.error(
                "message out of order",
                f"{self.name}: {group} #{seq} {message['event']['type']} after #{self.sequences[group]}",
            )
        elif seq > expected:
            self.missing.update((group, n) for n in range(expected, seq))
            asyncio.create_task(self.socket.send(json.dumps({"type": "snapshot"})))

    async def reload(self):
        """live.js's refreshSoon: the page again, after a moment of its own (up to REFRESH_SPREAD). Events
        arriving meanwhile share this one fetch."""
        try:
            await asyncio.sleep(self.spread.random() * REFRESH_SPREAD)
            await self.get(self.page)
        finally:
            self.refreshing = False

    async def close(self):
        self.closing = True
        for group, seq in sorted(self.missing):
            self.tally.error("message lost", f"{self.name}: {group} #{seq}")
        if self.socket is not None:
            await self.socket.close()
        if self.listening is not None:  # it may be trying to reconnect, for as long as it takes
            self.listening.cancel()
            await asyncio.gather(self.listening, return_exceptions=True)
        if self.connection is not None:
            self.connection.close()


# Forms ------------------------------------------------------------------------------


class Forms(HTMLParser):
    """The forms of a page: for each, the fields a browser would send as the page fills them
    (hidden and typed values, ticked boxes and radios, chosen options), and each radio group's choices."""

    def __init__(self, text):
        super().__init__()
        self.forms, self.form, self.select = [], None, None
        self.feed(text or "")

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "form":
            self.form = Form(unescape(attributes.get("action", "")))
            self.forms.append(self.form)
        elif self.form is not None and attributes.get("name"):
            self.field(tag, attributes)
        elif tag == "option" and self.select is not None:
            self.option(attributes)

    def field(self, tag, attributes):
        name, kind = attributes["name"], attributes.get("type", "text")
        if tag == "select":
            self.select = [name, None]
        elif tag == "input" and kind == "radio":
            self.form.radios.setdefault(name, []).append(attributes.get("value", ""))
        if tag != "input" or kind in ("submit", "button"):
            return
        if kind not in ("checkbox", "radio") or "checked" in attributes:
            self.form.fields.append((name, attributes.get("value") or ""))

    def option(self, attributes):
        if self.select[1] is None or "selected" in attributes:
            self.select[1] = attributes.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select" and self.select is not None:
            if self.form is not None and self.select[1] is not None:
                self.form.fields.append(tuple(self.select))
            self.select = None
        elif tag == "form":
            self.form = None

    def ending(self, suffix):
        """The page's first form whose action ends with `suffix`, or None."""
        return next((form for form in self.forms if form.action.endswith(suffix)), None)


@dataclass
class Form:
    action: str
    fields: list = field(default_factory=list)  # (name, value) as the page fills them, the CSRF token left out
    radios: dict = field(default_factory=dict)  # name -> the values offered

    def filled(self, **changes):
        """The fields as the page fills them, with `changes` typed over them."""
        kept = [(name, value) for name, value in self.fields if name not in changes and name != "csrfmiddlewaretoken"]
        return kept + list(changes.items())
