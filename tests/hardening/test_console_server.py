"""The console's own server (umpire/server.py, uvicorn), started as `console.py run` starts it: over TLS with
the LAN's certificate, it answers with secure cookies; behind a proxy, it believes the forwarded addresses of
the proxies UMPIRE_PROXY_HEADERS names, and nobody's without it."""

import re
import ssl
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from django.core.exceptions import ImproperlyConfigured

from tests.hardening.hall import HOST, ROOT, free_port, wait_for_port
from umpire import server
from umpire.code_tries import TRIES


@pytest.fixture(scope="module")
def var_dir(tmp_path_factory):
    """A console's var/ with its SQLite database migrated, shared by this module's servers."""
    folder = tmp_path_factory.mktemp("var")
    environment = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "umpire.settings", "UMPIRE_VAR_DIR": str(folder)}
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=environment, check=True, timeout=300
    )
    return folder


@pytest.fixture
def console_server(var_dir):
    """Start `python -m umpire.server` with the given variables; its port. Each is stopped afterwards."""
    started = []

    def start(**variables):
        port = free_port()
        env = {
            "PATH": "/usr/bin:/bin",
            "DJANGO_SETTINGS_MODULE": "umpire.settings",
            "UMPIRE_VAR_DIR": str(var_dir),
            "UMPIRE_BIND": f"{HOST}:{port}",
            **variables,
        }
        command = [sys.executable, "-m", "umpire.server", HOST, str(port)]
        started.append(
            subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        )
        wait_for_port(port, started[-1])
        return port

    yield start
    for process in started:
        process.terminate()
        process.wait(20)


@pytest.mark.real_processes
def test_the_console_s_server_serves_over_tls_with_the_lan_certificate(console_server, var_dir):
    port = console_server(UMPIRE_TLS="lan")
    trusted = ssl.create_default_context(cafile=str(var_dir / "tls" / "lan-certificate.pem"))
    with urllib.request.urlopen(f"https://{HOST}:{port}/login/", context=trusted, timeout=10) as page:
        assert page.status == 200
        assert "Secure" in page.headers["Set-Cookie"] and "csrftoken" in page.headers["Set-Cookie"]


def wrong_display_code(port, forwarded_for):
    """The status of a projector's page opened with a wrong code, as a proxy forwards it from `forwarded_for`."""
    asked = urllib.request.Request(
        f"http://{HOST}:{port}/display/ad69/?code=wrong", headers={"X-Forwarded-For": forwarded_for}
    )
    try:
        with urllib.request.urlopen(asked, timeout=10) as page:
            return page.status
    except urllib.error.HTTPError as refused:
        return refused.code


@pytest.mark.real_processes
def test_behind_a_named_proxy_one_guessing_player_locks_out_only_themselves(console_server):
    port = console_server(UMPIRE_PROXY_HEADERS=HOST)
    guesses = [wrong_display_code(port, "203.0.113.7") for _ in range(TRIES + 1)]
    assert guesses[:TRIES] == [404] * TRIES and guesses[-1] == 429
    assert wrong_display_code(port, "203.0.113.8") == 404  # the player beside them types on


@pytest.mark.real_processes
def test_without_proxy_headers_a_forwarded_address_is_not_believed(console_server):
    """Anyone could write the header: the address that connected is the one counted."""
    port = console_server()
    for _ in range(TRIES):
        wrong_display_code(port, "203.0.113.7")
    assert wrong_display_code(port, "203.0.113.8") == 429


class StandInConsole:
    """In the console application's place: keeps the client address each request was given."""

    def __init__(self):
        self.clients = []

    async def __call__(self, scope, receive, send):
        self.clients.append(scope["client"][0])


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "proxies, believed",
    [([], False), (["127.0.0.1"], True), (["10.0.0.0/8", "127.0.0.0/8"], True), (["*"], True), (["10.0.0.5"], False)],
)
async def test_the_server_believes_forwarded_addresses_only_from_the_proxies_settings_name(
    settings, monkeypatch, proxies, believed
):
    settings.PROXY_HEADERS, console = proxies, StandInConsole()
    monkeypatch.setattr(server, "APPLICATION", console)
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")  # uvicorn's own variable: the settings, not it, decide
    config = server.server_config(HOST, 8000)
    config.load()  # wraps the application in what the server puts before it
    scope = {"type": "http", "client": (HOST, 50000), "headers": [(b"x-forwarded-for", b"203.0.113.7")]}
    await config.loaded_app(scope, None, None)
    assert console.clients == ["203.0.113.7" if believed else HOST]


@pytest.mark.parametrize("proxy", ["nginx.hall", "10.0.0.0/33", "10.0.0.256", "10.0.0.5/24"])
def test_a_proxy_the_server_could_never_match_stops_it_in_words(settings, proxy):
    """uvicorn would keep a name or a mistyped address as a literal that no client address ever equals."""
    settings.PROXY_HEADERS = ["127.0.0.1", proxy]
    with pytest.raises(ImproperlyConfigured, match=f"UMPIRE_PROXY_HEADERS: '{re.escape(proxy)}' is not an address"):
        server.server_config(HOST, 8000)
