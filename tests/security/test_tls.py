"""Serving over TLS (umpire.tls): the LAN's certificate made once for the hall's names, the event's own served
with its chain by the console's server (umpire/server.py, uvicorn), and `manage.py tls_endpoint`, which `run`
calls first to make the certificate and print the fingerprint the browsers will show."""

import hashlib
import io
import re
import ssl
import stat
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from django.core.management import CommandError, call_command

from tests.hardening.hall import HOST, ROOT, free_port, wait_for_port
from umpire import server, tls


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
    """A browser trusting only the authority at the top hears the certificate and the intermediate after it in
    the event's "fullchain.pem", as the console's server loads them; the fingerprint is the event's own."""
    root_key, middle_key, event_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(3))
    root = issued("Hall Root", root_key, "Hall Root", root_key, authority=True)
    middle = issued("Hall Intermediate", middle_key, "Hall Root", root_key, authority=True)
    event = issued("localhost", event_key, "Hall Intermediate", middle_key, authority=False)
    lan.TLS_CERT, lan.TLS_KEY = str(tmp_path / "fullchain.pem"), str(tmp_path / "privkey.pem")
    lan.SERVES_TLS = True
    (tmp_path / "fullchain.pem").write_bytes(pem(event) + pem(middle))
    (tmp_path / "privkey.pem").write_bytes(event_key.private_bytes(*tls.PRIVATE_PEM))

    config = server.server_config("127.0.0.1", 8443)
    config.load()
    browser = ssl.create_default_context(cadata=pem(root).decode())
    shown = handshake(config.ssl, browser, "localhost")
    assert (
        hashlib.sha256(shown).hexdigest() == tls.served_certificate("127.0.0.1").fingerprint().replace(":", "").lower()
    )


def test_a_certificate_that_cannot_be_read_is_refused_in_words(lan, tmp_path):
    lan.TLS_CERT, lan.TLS_KEY = str(tmp_path / "missing.pem"), str(tmp_path / "missing-key.pem")
    with pytest.raises(tls.CertificateProblem, match="cannot be read"):
        tls.served_certificate("127.0.0.1")


def test_tls_endpoint_makes_the_lan_certificate_and_names_it_with_its_fingerprint(lan):
    said = io.StringIO()
    call_command("tls_endpoint", "127.0.0.1", "8443", stderr=said, stdout=io.StringIO())
    made = tls.served_certificate("127.0.0.1")
    assert f"Serving https://127.0.0.1:8443/ over TLS with {made.described}." in said.getvalue()
    assert made.fingerprint() in said.getvalue()


def test_tls_endpoint_stops_run_in_words_when_tls_is_not_asked_for(settings):
    settings.TLS_LAN, settings.TLS_CERT, settings.TLS_KEY = False, "", ""
    with pytest.raises(CommandError, match="TLS is not asked for"):
        call_command("tls_endpoint", "127.0.0.1", "8443")


@pytest.mark.real_processes
def test_the_fingerprint_run_prints_is_the_one_the_browser_is_shown(tmp_path):
    """As `console.py run` does it: `tls_endpoint` makes the LAN's certificate and prints its fingerprint, then
    the console's server serves that same certificate."""
    port = free_port()
    env = {
        "PATH": "/usr/bin:/bin",
        "DJANGO_SETTINGS_MODULE": "umpire.settings",
        "UMPIRE_VAR_DIR": str(tmp_path),
        "UMPIRE_TLS": "lan",
        "UMPIRE_BIND": f"{HOST}:{port}",
    }
    named = subprocess.run(
        [sys.executable, "manage.py", "tls_endpoint", HOST, str(port)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=60,
    )
    printed = re.search(r"SHA-256 fingerprint .*: ([0-9A-F:]{95})", named.stderr)
    assert printed and named.stdout == ""
    command = [sys.executable, "-m", "umpire.server", HOST, str(port)]
    served = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, served)
        shown = ssl.get_server_certificate((HOST, port), timeout=10)
        digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(shown)).hexdigest()
        assert digest == printed.group(1).replace(":", "").lower()
    finally:
        served.terminate()
        served.wait(20)


def issued(name, key, issuer, issuer_key, *, authority):
    """A certificate for `name`, signed by `issuer`'s key: an authority's, or one a server shows for `name`."""
    now = datetime.now(UTC)
    builder = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer)]))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(hours=1))
        .not_valid_after(now + timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=authority, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    )
    if authority:
        usage = dict.fromkeys(KEY_USAGES, False) | {"digital_signature": True, "key_cert_sign": True, "crl_sign": True}
        builder = builder.add_extension(x509.KeyUsage(**usage), critical=True)
    else:
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


KEY_USAGES = (
    "digital_signature",
    "content_commitment",
    "key_encipherment",
    "data_encipherment",
    "key_agreement",
    "key_cert_sign",
    "crl_sign",
    "encipher_only",
    "decipher_only",
)


def pem(certificate):
    return certificate.public_bytes(serialization.Encoding.PEM)


def handshake(server_context, client_context, name):
    """A TLS handshake between the two contexts in memory; the certificate the client was shown (DER). It
    raises as a browser refuses, when the client cannot trace the server's certificate to an authority."""
    client_to_server, server_to_client = ssl.MemoryBIO(), ssl.MemoryBIO()
    server_side = server_context.wrap_bio(client_to_server, server_to_client, server_side=True)
    client_side = client_context.wrap_bio(server_to_client, client_to_server, server_hostname=name)
    for _ in range(10):
        if all([step(client_side), step(server_side)]):
            return client_side.getpeercert(binary_form=True)
    raise AssertionError("the handshake did not finish")


def step(side):
    try:
        side.do_handshake()
        return True
    except ssl.SSLWantReadError:
        return False
