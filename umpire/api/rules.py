"""/api/rules/: list the procedures, describe one, run one on a case (the CLI's same JSON)."""
import json

from django.http import JsonResponse
from django.views.decorators.http import require_GET, require_http_methods

from umpire.permissions import Perm
from umpire.rules.dice import parse_dice_list
from umpire.rules.errors import RulesError
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
    proc = get_procedure(f"{ruleset}.{name}")
    if request.method == "GET":
        return JsonResponse(proc.describe())
    case = parse_json_body(request)
    result, seed = run_with_dice(proc.key, case, dice=optional_dice(request.GET.get("dice")), seed=parse_seed(request.GET.get("seed")))
    return JsonResponse({**result.as_dict(), "seed": seed})


def parse_json_body(request):
    try:
        return json.loads(request.body or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise RulesError("input", f"the request body is not JSON: {error}") from error


def optional_dice(text):
    return None if text is None else parse_dice_list(text)


def parse_seed(text):
    if text is None:
        return None
    if not text.isdigit():
        raise RulesError("seed", f"{text!r} is not a whole number")
    return int(text)
