"""The one settings file, driven by environment variables.

With no variables at all the console runs as one process on SQLite with an
in-memory channel layer. DATABASE_URL and REDIS_URL switch it to PostgreSQL,
channels-redis and Celery; nothing else changes.
"""

import os
import secrets
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("UMPIRE_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)
SHARED_DIR = Path(os.environ.get("UMPIRE_SHARED_DIR", BASE_DIR.parent / "shared"))

# Django's debug page shows the settings and the code to whoever's page fails: only a developer asks for it.
DEBUG = os.environ.get("UMPIRE_DEBUG", "0") == "1"


def kept_secret_key(path):
    """The key in `path`, made there on first use (readable by this user alone). It is linked into place
    whole, so a process that starts beside the first one reads the same key, never half of it."""
    if not path.exists():
        draft = path.with_name(f"{path.name}.{os.getpid()}")
        draft.unlink(missing_ok=True)
        draft.touch(mode=0o600)
        draft.write_text(secrets.token_urlsafe(50))
        try:
            os.link(draft, path)
        except FileExistsError:
            pass  # another process made it first: its key is the one every process uses
        finally:
            draft.unlink()
    return path.read_text().strip()


# Every process of the console (the ASGI server, the Celery worker and beat, manage.py) signs with the same key: the
# environment's, or the one made once in var/.
SECRET_KEY_FILE = VAR_DIR / "secret_key"
SECRET_KEY = os.environ.get("UMPIRE_SECRET_KEY") or kept_secret_key(SECRET_KEY_FILE)

# TLS, as `console.py run` serves it: the event's own certificate (UMPIRE_TLS_CERT and UMPIRE_TLS_KEY), or one
# made for the hall's LAN (UMPIRE_TLS=lan, kept in var/tls/). With it, cookies travel only over TLS.
TLS_CERT = os.environ.get("UMPIRE_TLS_CERT", "")
TLS_KEY = os.environ.get("UMPIRE_TLS_KEY", "")
TLS_LAN = os.environ.get("UMPIRE_TLS", "") == "lan"
TLS_DIR = VAR_DIR / "tls"
SERVES_TLS = TLS_LAN or bool(TLS_CERT and TLS_KEY)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = SECURE_SSL_REDIRECT = SERVES_TLS
# A browser keeps to https for an event day and a night; it keeps nothing for an address (a LAN's IP) or a
# certificate it warned about, so only an event's own certificate and host name is held to it.
SECURE_HSTS_SECONDS = int(os.environ.get("UMPIRE_HSTS_SECONDS", "86400")) if SERVES_TLS else 0
# Neither applies to a hall's console: its name's other subdomains are not its to hold to https, and the
# browsers' preload list is for public sites, asked for by hand.
SILENCED_SYSTEM_CHECKS = ["security.W005", "security.W021"]

# Where `console.py run` serves (UMPIRE_BIND), and so the public address an event's printed links and QR
# codes use until Control sets its own (umpire.public_address).
SERVED_AT = ("https://" if SERVES_TLS else "http://") + os.environ.get("UMPIRE_BIND", "127.0.0.1:8000")
ALLOWED_HOSTS = os.environ.get("UMPIRE_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
# Behind a proxy or load balancer (UMPIRE_PROXY_HEADERS): the addresses or networks it connects from, or `*` for
# any, whose X-Forwarded-For and X-Forwarded-Proto the server (umpire/server.py) believes. Off by default: the
# wrong-code and sign-in limits count the client's address, which anyone else could write into the header.
PROXY_HEADERS = [
    address.strip() for address in os.environ.get("UMPIRE_PROXY_HEADERS", "").split(",") if address.strip()
]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "umpire",
    "regions",
    "warfare",
    "senate",
    "mail",
    "printshop",
    "maps",
    "boardgames",
    "backups",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # each request reads its user's seats once, for every permission check it makes (issue 34)
    "umpire.request_roles.SeatsReadOnceMiddleware",
    "umpire.sign_in_tries.SignInTriesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "umpire.keep_place.KeepPlaceMiddleware",
    "umpire.megagame_only.MegagameOnlyMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "umpire.urls"
# AD69's own world: the provinces' money and forces, the Senate, the post, battles and sieges. A board-game event
# has none of it, and these apps' pages answer it with a 404 that says so (umpire.megagame_only); the tables'
# page serves every ruleset.
MEGAGAME_ONLY_APPS = ("regions", "senate", "mail", "warfare", "maps")
EVERY_RULESET_PAGES = ("regions:world",)
ASGI_APPLICATION = "umpire.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Forms draw their choice lists and inputs in Python, as Django's templates draw them: a page's hundreds of
# options each rendered two templates (umpire.form_rendering, issue 34).
FORM_RENDERER = "umpire.form_rendering.QuickChoicesRenderer"

# A connection is checked before it is reused, so a restarted PostgreSQL costs one failed ping, not an error.
# Opening a connection for each socket's code check, each task and each page cost more than the queries
# themselves (issue 34), so PostgreSQL's are lent from a pool each process keeps: under the ASGI handler every page runs in
# a thread of its own, where a connection kept by its thread (CONN_MAX_AGE) would serve one page and die with it,
# and Django allows a pool only with CONN_MAX_AGE 0. A process holds at most UMPIRE_DB_POOL_SIZE at once: its
# pages at once (UMPIRE_PAGES_AT_ONCE) and its sockets' pool of threads, a few each; the rest wait for one. A
# forked process starts its own (umpire.forked). 0 turns the pool off. SQLite, whose connections cost little to
# open, keeps none unless UMPIRE_DB_CONN_MAX_AGE asks.
DB_POOL_SIZE = int(os.environ.get("UMPIRE_DB_POOL_SIZE", "10"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{VAR_DIR / 'console.sqlite3'}",
        conn_max_age=int(os.environ.get("UMPIRE_DB_CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A choice field reads its choices through queryset.iterator(), which on PostgreSQL is a server-side cursor by
    # default: DECLARE, FETCH, an empty FETCH and CLOSE, four round trips and a result kept whole on the server,
    # for a list of a few dozen rows (seven of them on Rome's treasury page). A plain read is one round trip. What
    # does read a long result a chunk at a time (the audit log's CSV) pages through it itself.
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
    # Each query's plan is worked out again every time unless it is prepared, and PostgreSQL spent longer planning
    # a page's joins than running them (3.4 ms against 0.1 for the letters of Control's post page). A query a
    # connection runs a second time is prepared on it, which needs its parameters bound by the server; the pool
    # keeps the connections, and so their prepared queries, from page to page, each connection room for all the
    # hall's queries (umpire.postgresql). A query run once, as most reports' are, is never prepared.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"server_side_binding": True, "prepare_threshold": 1})
    # Django's backend, keeping room for those queries and checking a pooled connection without a round trip.
    DATABASES["default"]["ENGINE"] = "umpire.postgresql"
if DATABASES["default"]["ENGINE"].endswith("postgresql") and DB_POOL_SIZE:
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # The backend checks each connection the pool lends, without a round trip unless PostgreSQL has written to it
    # (umpire.postgresql); Django's own check, on, would be a round trip on every page.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    # Two kept open for the next page; a Celery worker's every process keeps its own pool.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(2, DB_POOL_SIZE),
        "max_size": DB_POOL_SIZE,
    }
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # A page's thread, a socket's and the ticker write to one file at once. Django begins a transaction without
    # SQLite's write lock, so two that had both read could not both write: SQLite refused one at once ("database
    # is locked", a failed action; 56 of 423 in the hall's load bench, issue 34). Each takes the lock as it
    # begins, and waits its turn for it; WAL lets pages read while one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"transaction_mode": "IMMEDIATE", "timeout": 20, "init_command": "PRAGMA journal_mode=WAL;"}
    )
# Named outright, so that a live test server in another process finds the same test
# database (Channels' live server would otherwise derive it again from a renamed NAME);
# for SQLite, a file rather than memory, for the same reason.
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # One per test run, so that two runs side by side do not share it.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-{os.getpid()}.sqlite3")}
else:
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}"}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")


def redis_cache(url):
    """The wrong passwords and codes counted (umpire.tries), in Redis at `url`: every process counts into the same
    tally. A Redis that has gone is given up on within a second, and each process counts in "local" until it is
    back."""
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": url,
        "KEY_PREFIX": "umpire",
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }


CACHES = {
    "default": redis_cache(REDIS_URL)
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "umpire"},
    "local": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "umpire-local"},
}


CHANNEL_CAPACITY = 2000  # messages waiting for one server process (see redis_channel_layer)


def redis_channel_layer(url):
    """channels-redis on `url`. redis-py 8 gives every connection a 5-second read timeout,
    shorter than channels-redis's own 5-second wait for messages: an idle websocket would
    be closed with 1011 every few seconds. So reads wait as long as channels-redis asks.
    Connecting gives up after two seconds, so a page whose change is saved is not held by a
    Redis that has gone. Each process keeps at most `max_connections` connections, and a
    command waits up to `pool_timeout` seconds for one to come free rather than open more
    (umpire.channel_layers.HallRedisChannelLayer): a hall reconnecting at once is a burst of
    short commands.

    channels-redis keeps one queue in Redis for each server process, not for each socket: a group's
    message to any number of that process's sockets is one entry. Its default capacity, 100 waiting
    entries, drops a message for every socket of the process once the process falls that far behind:
    a full hall's turn end did (the load bench). The capacity is for a burst, not a backlog: what waits
    longer than channels-redis's 60-second expiry is dropped all the same."""
    host = {
        "address": url,
        "socket_timeout": None,
        "socket_connect_timeout": 2,
        "max_connections": int(os.environ.get("UMPIRE_REDIS_MAX_CONNECTIONS", "64")),
        "pool_timeout": 10,
    }
    return {
        "BACKEND": "umpire.channel_layers.HallRedisChannelLayer",
        "CONFIG": {"hosts": [host], "capacity": CHANNEL_CAPACITY},
    }


if REDIS_URL:
    CHANNEL_LAYERS = {"default": redis_channel_layer(REDIS_URL)}
else:  # Channels' in-memory layer, less its sweep of every socket's queue on every message
    CHANNEL_LAYERS = {"default": {"BACKEND": "umpire.channel_layers.HallInMemoryChannelLayer"}}

CELERY_BROKER_URL = REDIS_URL or "memory://"
# Without Redis there is no worker: tasks run in the caller's process.
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_ACKS_LATE = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "advance-due-clocks": {"task": "umpire.tasks.advance_due_clocks", "schedule": 1.0, "options": {"expires": 3}},
    "resume-stalled-print-runs": {
        "task": "printshop.tasks.resume_stalled_print_runs",
        "schedule": 30.0,
        "options": {"expires": 30},
    },
}
# Without Celery, the ASGI process runs beat's schedule itself.
EMBEDDED_TICKER = os.environ.get("UMPIRE_EMBEDDED_TICKER", "0" if REDIS_URL else "1") == "1"
# Beside Celery, each ASGI process ends a turn beat's tick has not reached in time (umpire/ticker.py).
STANDBY_TICKER = not EMBEDDED_TICKER and os.environ.get("UMPIRE_STANDBY_TICKER", "1") == "1"

# Django's own sign-in, with wrong passwords counted and too many refused (umpire.sign_in_tries).
AUTHENTICATION_BACKENDS = ["umpire.sign_in_tries.LimitedSignInBackend"]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "umpire:home"
LOGOUT_REDIRECT_URL = "login"
# An event day, start to finish, on one sign-in.
SESSION_COOKIE_AGE = 16 * 60 * 60
# Django's database sessions, each read with its user in one query (issue 34).
SESSION_ENGINE = "umpire.sessions"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("UMPIRE_TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
# Pages work before collectstatic has run, as on a fresh checkout.
WHITENOISE_USE_FINDERS = True
FIXTURE_DIRS = [BASE_DIR / "fixtures"]
# where the console writes an event's snapshots every N turns (backups/); off the database's disk if you can
BACKUP_DIR = Path(os.environ.get("UMPIRE_BACKUP_DIR", VAR_DIR / "backups"))

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("UMPIRE_LOG_LEVEL", "INFO")},
}
