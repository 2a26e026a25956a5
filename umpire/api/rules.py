"""/api/rules/: list the procedures, describe one, run one on a case (the CLI's same JSON)."""

from django.http import JsonResponse
from django.views.decorators.http import require_GET, require_http_methods

from umpire.permissions import Perm
from umpire.rules.describing import describe_procedure
from umpire.rules.dice import MOST_SEED, parse_dice_list
from umpire.rules.errors import RulesError
from umpire.rules.json_input import read_case
from umpire.rules.registry import get_procedure, get_procedures
from umpire.selectors import can_anywhere
from umpire.services.rules import run_with_dice


def api_error(status, field, message):
    return JsonResponse({"error": {"field": field, "message": message}}, status=status)


def rules_api(view):
    """Signed-in umpires who may use the rules desk anywhere; JSON errors, never HTML."""

    def guarded(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return api_error(401, "", "Sign in first.")
        if not can_anywhere(request.user, Perm.USE_RULES):
            return api_error(403, "", "Your seat does not include the rules desk.")
        try:
            return view(request, *args, **kwargs)
        except RulesError as refusal:
            return api_error(400, refusal.field, refusal.message)

    return guarded


@require_GET
@rules_api
def procedure_list(request):
    return JsonResponse({"procedures": [proc.describe() for proc in get_procedures(request.GET.get("ruleset"))]})


@require_http_methods(["GET", "POST"])
@rules_api
def procedure_detail(request, ruleset, name):
    """GET: the procedure described, with an example case that runs and the dice it rolls in order; POST: run it."""
    proc = get_procedure(f"{ruleset}.{name}")
    if request.method == "GET":
        return JsonResponse(describe_procedure(proc), json_dumps_params={"ensure_ascii": False})
    case = parse_json_body(request)
    dice, seed = optional_dice(request.GET.get("dice")), parse_seed(request.GET.get("seed"))
    result, seed = run_with_dice(proc.key, case, dice=dice, seed=seed)
    return JsonResponse({**result.as_dict(), "seed": seed})


def parse_json_body(request):
    return read_case(request.body, field="input")


def optional_dice(text):
    return None if text is None else parse_dice_list(text)


MAX_SEED_DIGITS = len(str(MOST_SEED))


def parse_seed(text):
    """Plain ASCII digits only: str.isdigit() also passes "²", which int() then refuses with a server error;
    and no more than a saved run's seed column holds."""
    if text is None:
        return None
    if not (text.isascii() and text.isdigit()):
        raise RulesError("seed", f"{text[:40]!r} is not a whole number")
    if len(text) > MAX_SEED_DIGITS or int(text) > MOST_SEED:
        raise RulesError("seed", f"{text[:40]} is too large: a seed is at most {MOST_SEED}")
    return int(text)
