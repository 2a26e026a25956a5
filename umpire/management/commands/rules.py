"""`manage.py rules list` and `manage.py rules run ad69.battle --input case.json [--dice 10,2]`."""

import json

from django.core.management.base import BaseCommand, CommandError

from umpire.rules.dice import parse_dice_list
from umpire.rules.errors import RulesError
from umpire.rules.json_input import read_case
from umpire.rules.registry import get_procedures
from umpire.services.rules import run_with_dice


class Command(BaseCommand):
    help = "List the rules procedures, or run one on a case and print its result and working as JSON."

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        listing = actions.add_parser("list", help="every procedure, with its source")
        listing.add_argument("--ruleset", default=None)
        running = actions.add_parser("run", help="run one procedure")
        running.add_argument("procedure", help="as ad69.battle")
        running.add_argument("--input", required=True, help="a JSON file holding the case")
        running.add_argument("--dice", default=None, help="the dice rolled at the table, in order: 10,2,5")
        running.add_argument("--seed", type=int, default=None, help="roll the console's dice from this seed")

    def handle(self, *args, action, **options):
        if action == "list":
            for proc in get_procedures(options["ruleset"]):
                self.stdout.write(f"{proc.key:<32} {proc.title}  [{proc.source}]")
            return
        case = self._read_case(options["input"])
        try:
            dice = parse_dice_list(options["dice"]) if options["dice"] is not None else None
            result, seed = run_with_dice(options["procedure"], case, dice=dice, seed=options["seed"])
        except RulesError as refusal:
            raise CommandError(f"--{refusal}" if refusal.field in ("dice", "input") else str(refusal)) from refusal
        self.stdout.write(json.dumps({**result.as_dict(), "seed": seed}, indent=2))

    def _read_case(self, path):
        try:
            with open(path, "rb") as handle:
                return read_case(handle.read(), field=f"--input: {path}")
        except OSError as error:
            raise CommandError(f"--input: cannot read {path}: {error.strerror}") from error
        except RulesError as refusal:
            raise CommandError(str(refusal)) from refusal
