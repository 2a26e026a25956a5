from django.core.management.base import BaseCommand, CommandError

from umpire.tls import CertificateProblem, served_certificate


class Command(BaseCommand):
    help = (
        "Say which certificate the console serves TLS with, and its fingerprint, making the LAN's if it is not "
        "yet made; print the endpoint Daphne listens on with it (console.py run uses it)."
    )

    def add_arguments(self, parser):
        parser.add_argument("host", help="the address Daphne listens on, as UMPIRE_BIND gives it")
        parser.add_argument("port")

    def handle(self, *args, host, port, **options):
        try:
            served = served_certificate(host)
        except CertificateProblem as problem:
            raise CommandError(str(problem)) from problem
        self.stderr.write(f"Serving over TLS with {served.described}.")
        self.stderr.write(f"Its SHA-256 fingerprint (compare it with the browser's): {served.fingerprint()}")
        self.stdout.write(served.daphne_endpoint(host, port))
