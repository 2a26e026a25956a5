from django.core.management.base import BaseCommand, CommandError

from umpire.tls import CertificateProblem, served_certificate


class Command(BaseCommand):
    help = (
        "Before the console's server starts over TLS (console.py run runs this first): make the LAN's certificate "
        "if it is not yet made, and say which certificate https://HOST:PORT/ is served with and its fingerprint."
    )

    def add_arguments(self, parser):
        parser.add_argument("host", help="the address the server listens on, as UMPIRE_BIND gives it")
        parser.add_argument("port", help="the port it listens on, for the address said")

    def handle(self, *args, host, port, **options):
        try:
            served = served_certificate(host)
        except CertificateProblem as problem:
            raise CommandError(str(problem)) from problem
        # On stderr, which `run` leaves on the terminal, as the other processes' words are.
        self.stderr.write(f"Serving https://{host}:{port}/ over TLS with {served.described}.")
        self.stderr.write(f"Its SHA-256 fingerprint (compare it with the browser's): {served.fingerprint()}")
