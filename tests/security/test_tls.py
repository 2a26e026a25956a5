"""Serving over TLS (umpire.tls): the LAN's certificate made once for the hall's names, the event's own read with
its chain, and the Twisted endpoint Daphne listens on with either; Daphne answers over TLS with secure cookies."""

import re
import ssl
import stat
import subprocess
import sys
import urllib.request

import pytest
from cryptography import x509

from tests.hardening.hall import HOST, ROOT, free_port, wait_for_port
from umpire import tls


@pytest.fixture
def lan(settings, tmp_path):
    settings.TLS_LAN, settings.TLS_DIR = True, tmp_path / "tls"
    settings.ALLOWED_HOSTS = ["umpires.hall", "192.168.1.10", ".wildcard.example"]
    return settings


def names_of(served):
    certificate = tls.load_certificate(served.certificate)
    return certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value


def test_the_lan_certificate_is_made_once_for_the_halls_names(lan):
    served = tls.served_certificate("127.0.0.1")
    held = names_of(served)
    assert x509.DNSName("umpires.hall") in held and x509.DNSName("localhost") in held
    assert len(list(held)) == 4  # umpires.hall, 192.168.1.10, localhost, 127.0.0.1: no wildcard
    assert stat.S_IMODE(served.key.stat().st_mode) == 0o600
    assert re.fullmatch(r"([0-9A-F]{2}:){31}[0-9A-F]{2}", served.fingerprint())
    assert tls.served_certificate("127.0.0.1").fingerprint() == served.fingerprint()  # kept, not made again


def test_a_name_added_to_the_hall_makes_a_new_certificate(lan):
    before = tls.served_certificate("127.0.0.1").fingerprint()
    lan.ALLOWED_HOSTS = [*lan.ALLOWED_HOSTS, "control.hall"]
    served = tls.served_certificate("127.0.0.1")
    assert served.fingerprint() != before and x509.DNSName("control.hall") in names_of(served)


def test_the_events_certificate_is_served_with_its_chain(lan, tmp_path):
    made = tls.served_certificate("127.0.0.1")  # any certificate and key will do
    full_chain = tmp_path / "fullchain.pem"
    full_chain.write_bytes(made.certificate.read_bytes() * 2)
    lan.TLS_CERT, lan.TLS_KEY = str(full_chain), str(made.key)
    served = tls.served_certificate("0.0.0.0")
    assert served.chain is not None and served.chain.read_bytes() == made.certificate.read_bytes()
    assert f"extraCertChain={tls.escaped(str(served.chain))}" in served.daphne_endpoint("0.0.0.0", "8443")


def test_a_certificate_that_cannot_be_read_is_refused_in_words(lan, tmp_path):
    lan.TLS_CERT, lan.TLS_KEY = str(tmp_path / "missing.pem"), str(tmp_path / "missing-key.pem")
    with pytest.raises(tls.CertificateProblem, match="cannot be read"):
        tls.served_certificate("127.0.0.1")


def test_the_endpoint_escapes_what_twisted_would_split():
    served = tls.ServedCertificate(tls.Path("C:/tls/cert.pem"), tls.Path("/k.pem"), None, "")
    assert served.daphne_endpoint("::1", "8443") == (
        "ssl:port=8443:interface=\\:\\:1:privateKey=/k.pem:certKey=C\\:/tls/cert.pem"
    )


@pytest.mark.real_processes
def test_daphne_serves_the_console_over_tls_with_secure_cookies(tmp_path):
    port = free_port()
    env = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "umpire.settings",
        "UMPIRE_VAR_DIR": str(tmp_path),
        "UMPIRE_TLS": "lan",
        "UMPIRE_BIND": f"{HOST}:{port}",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v", "0"], cwd=ROOT, env=env, check=True, timeout=300)
    endpoint = subprocess.run(
        [sys.executable, "manage.py", "tls_endpoint", HOST, str(port)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "SHA-256 fingerprint" in endpoint.stderr
    daphne = [str(ROOT / ".venv/bin/daphne"), "-e", endpoint.stdout.strip(), "umpire.asgi:application"]
    server = subprocess.Popen(daphne, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, server)
        trusted = ssl.create_default_context(cafile=str(tmp_path / "tls" / "lan-certificate.pem"))
        with urllib.request.urlopen(f"https://{HOST}:{port}/login/", context=trusted, timeout=10) as page:
            assert page.status == 200
            assert "Secure" in page.headers["Set-Cookie"] and "csrftoken" in page.headers["Set-Cookie"]
    finally:
        server.terminate()
        server.wait(20)
