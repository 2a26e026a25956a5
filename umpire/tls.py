"""The certificate `console.py run` serves TLS with (umpire/server.py hands it and its key to uvicorn).

Either the event brings its own (UMPIRE_TLS_CERT and UMPIRE_TLS_KEY, PEM files; the certificate file may go on
with its chain, as a "fullchain.pem" does), or UMPIRE_TLS=lan makes one for the hall's LAN, once, in var/tls/:
signed by itself, for every name in UMPIRE_ALLOWED_HOSTS and the address the console is served at. A browser
warns about a certificate it cannot trace to an authority it trusts; the umpire compares the fingerprint it
shows with the one `run` printed, and accepts it once on each device.
"""

import ipaddress
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from django.conf import settings

from umpire.public_address import is_every_interface, lan_address

LAN_CERTIFICATE_DAYS = 397  # a season of events; it is made again when it runs out or a name is added
PEM_CERTIFICATE = re.compile(rb"-----BEGIN CERTIFICATE-----.+?-----END CERTIFICATE-----\s*", re.DOTALL)


class CertificateProblem(Exception):
    """A certificate the console cannot serve with, and why, in words for the person starting it."""


@dataclass(frozen=True)
class ServedCertificate:
    certificate: Path
    key: Path
    described: str

    def fingerprint(self) -> str:
        """SHA-256, as a browser shows it: "AB:CD:…"."""
        digest = load_certificate(self.certificate).fingerprint(hashes.SHA256())
        return ":".join(f"{byte:02X}" for byte in digest)


def served_certificate(bind_host: str) -> ServedCertificate:
    """The event's certificate if it brought one, else the LAN's, made for `bind_host` if it is not yet."""
    if settings.TLS_CERT and settings.TLS_KEY:
        return event_certificate(Path(settings.TLS_CERT), Path(settings.TLS_KEY))
    if settings.TLS_LAN:
        return lan_certificate(settings.TLS_DIR, lan_names(bind_host))
    raise CertificateProblem("TLS is not asked for: set UMPIRE_TLS=lan, or UMPIRE_TLS_CERT and UMPIRE_TLS_KEY.")


def event_certificate(certificate: Path, key: Path) -> ServedCertificate:
    """The event's own, as it brought it: the server reads the chain that follows in the same file and sends
    it with the certificate (ssl's load_cert_chain), and the fingerprint is the first certificate's."""
    try:
        held = PEM_CERTIFICATE.search(certificate.read_bytes())
        serialization.load_pem_private_key(key.read_bytes(), password=None)
    except (OSError, ValueError, TypeError) as error:
        raise CertificateProblem(f"The event's certificate or key cannot be read: {error}") from error
    if not held:
        raise CertificateProblem(f"{certificate} holds no PEM certificate (-----BEGIN CERTIFICATE-----).")
    return ServedCertificate(certificate, key, f"the event's certificate, {certificate}")


def lan_names(bind_host: str) -> list[str]:
    """The names and addresses a device in the hall may open the console at."""
    hosts = [host for host in settings.ALLOWED_HOSTS if host and "*" not in host and not host.startswith(".")]
    served = lan_address() if is_every_interface(bind_host) else bind_host
    return sorted({*hosts, served, "localhost", "127.0.0.1"})


def lan_certificate(folder: Path, names: list[str]) -> ServedCertificate:
    certificate, key = folder / "lan-certificate.pem", folder / "lan-key.pem"
    made = ServedCertificate(certificate, key, f"the LAN's certificate, made by the console, {certificate}")
    if not (certificate.exists() and key.exists() and serves_names(load_certificate(certificate), names)):
        private_key = ec.generate_private_key(ec.SECP256R1())
        write_private(key, private_key.private_bytes(*PRIVATE_PEM))
        write_private(certificate, self_signed(private_key, names).public_bytes(serialization.Encoding.PEM))
    return made


def self_signed(private_key: ec.EllipticCurvePrivateKey, names: list[str]) -> x509.Certificate:
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Umpire console")])
    now = datetime.now(UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(private_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(hours=1))
        .not_valid_after(now + timedelta(days=LAN_CERTIFICATE_DAYS))
        .add_extension(x509.SubjectAlternativeName([general_name(name) for name in names]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(private_key, hashes.SHA256())
    )


def serves_names(certificate: x509.Certificate, names: list[str]) -> bool:
    """Whether `certificate` is still good for a while, for every one of `names`."""
    if certificate.not_valid_after_utc < datetime.now(UTC) + timedelta(days=1):
        return False
    held = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return {general_name(name) for name in names} <= set(held)


def general_name(name: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(name))
    except ValueError:
        return x509.DNSName(name)


def load_certificate(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def write_private(path: Path, content: bytes) -> None:
    """Write `content` readable by this user alone."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(content)
    path.chmod(0o600)


PRIVATE_PEM = (serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
