"""`manage.py rules list`, `manage.py rules describe ad69.battle` and
`manage.py rules run ad69.battle --input case.json [--dice 10,2 | --seed 7] [--format text]`."""

import json

from django.core.management.base import BaseCommand, CommandError

from umpire.rules.describing import procedure_text
from umpire.rules.dice import parse_dice_list
from umpire.rules.errors import RulesError
from umpire.rules.json_input import read_case
from umpire.rules.read_aloud import read_aloud
from umpire.rules.registry import get_procedure, get_procedures
from umpire.services.rules import run_with_dice

INPUT_HELP = (
    "a JSON file holding the case: an object of the procedure's inputs by name, as `rules describe <procedure>` "
    "lists them, and whose example runs as it is"
)
DICE_HELP = (
    "the dice rolled at the table, in the order the procedure asks for them (`rules describe` lists them), each "
    "as its face reads: 10,2,5; a d10's 0 face is entered as 0"
)


class Command(BaseCommand):
    help = (
        "List the rules procedures, describe one (its inputs, dice and an example case), or run one on a case "
        "and print its result and working, as JSON or read aloud."
    )

    def add_arguments(self, parser):
        actions = parser.add_subparsers(dest="action", required=True)
        listing = actions.add_parser("list", help="every procedure, with its source and how many inputs it takes")
        listing.add_argument("--ruleset", default=None)
        describing = actions.add_parser("describe", help="one procedure's inputs, dice and an example case")
        describing.add_argument("procedure", help="as ad69.battle")
        running = actions.add_parser(
            "run",
            help="run one procedure",
            description="Run one procedure on a case. `rules describe <procedure>` says what the case holds, "
            "which dice it asks for, and gives an example that runs.",
        )
        running.add_argument("procedure", help="as ad69.battle")
        running.add_argument("--input", required=True, help=INPUT_HELP)
        running.add_argument("--dice", default=None, help=DICE_HELP)
        running.add_argument("--seed", type=int, default=None, help="roll the console's dice from this seed")
        running.add_argument(
            "--format",
            choices=("json", "text"),
            default="json",
            help="json: the result and its working as data (the default); text: the verdict, then the working, "
            "as read aloud at the table",
        )

    def handle(self, *args, action, **options):
        if action == "list":
            self._list(options["ruleset"])
        elif action == "describe":
            self._describe(options["procedure"])
        else:
            self._run(options)

    def _list(self, ruleset):
        for proc in get_procedures(ruleset):
            inputs = len(proc.describe()["input"])
            self.stdout.write(f"{proc.key:<40} {proc.title}  [{proc.source}]  {inputs} input(s)")
        self.stdout.write("Say `manage.py rules describe <procedure>` for a procedure's inputs, dice and example.")

    def _describe(self, key):
        try:
            self.stdout.write(procedure_text(get_procedure(key)))
        except RulesError as refusal:
            raise CommandError(str(refusal)) from refusal

    def _run(self, options):
        case = self._read_case(options["input"])
        try:
            dice = parse_dice_list(options["dice"]) if options["dice"] is not None else None
            result, seed = run_with_dice(options["procedure"], case, dice=dice, seed=options["seed"])
        except RulesError as refusal:
            raise CommandError(f"--{refusal}" if refusal.field in ("dice", "input") else str(refusal)) from refusal
        if options["format"] == "text":
            self.stdout.write(read_aloud(result) + ("" if seed is None else f"\nThe console's dice, seed {seed}."))
        else:
            self.stdout.write(json.dumps({**result.as_dict(), "seed": seed}, indent=2, ensure_ascii=False))

    def _read_case(self, path):
        try:
            with open(path, "rb") as handle:
                return read_case(handle.read(), field=f"--input: {path}")
        except OSError as error:
            raise CommandError(f"--input: cannot read {path}: {error.strerror}") from error
        except RulesError as refusal:
            raise CommandError(str(refusal)) from refusal
