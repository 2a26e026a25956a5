"""/api/schema/: the JSON API's OpenAPI 3 document, written from the rules registry's own descriptions.

Nothing here is typed by hand per procedure: each procedure's request body is its `Procedure.describe()` input
(the same description the rules desk builds its form from) turned into JSON Schema, and every address comes from
`reverse`, so the document cannot drift from the registry or the URLs.
"""

from django.http import JsonResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from umpire.api.rules import MAX_SEED_DIGITS, rules_api
from umpire.rules.dice import MOST_SEED
from umpire.rules.registry import get_procedures

OPENAPI_VERSION = "3.0.3"
ERROR = {"$ref": "#/components/schemas/Error"}


@require_GET
@rules_api
def openapi_schema(request):
    return JsonResponse(build_openapi())


def build_openapi():
    """The whole document: the list, one path per procedure (describe and run), and this schema itself."""
    procedures = get_procedures(None)
    paths = {
        reverse("api:rules"): {"get": list_operation(procedures)},
        reverse("api:schema"): {"get": schema_operation()},
    }
    for proc in procedures:
        paths[procedure_path(proc)] = {"get": describe_operation(proc), "post": run_operation(proc)}
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "Umpire console rules API",
            "version": "1",
            "description": "Every rules procedure, described and run on a JSON case. Signed-in umpires "
            "whose seat includes the rules desk; errors name the field.",
        },
        "security": [{"session": []}],
        "paths": paths,
        "components": components(),
    }


def procedure_path(proc):
    return reverse("api:rules-procedure", kwargs={"ruleset": proc.ruleset, "name": proc.key.split(".", 1)[1]})


def list_operation(procedures):
    rulesets = sorted({proc.ruleset for proc in procedures})
    return {
        "operationId": "list_procedures",
        "summary": "Every procedure, or one ruleset's",
        "parameters": [
            {"name": "ruleset", "in": "query", "required": False, "schema": {"type": "string", "enum": rulesets}}
        ],
        "responses": responses(
            {
                "type": "object",
                "required": ["procedures"],
                "properties": {"procedures": {"type": "array", "items": DESCRIPTION}},
            }
        ),
    }


def schema_operation():
    return {
        "operationId": "openapi_schema",
        "summary": "This document",
        "responses": responses({"type": "object", "required": ["openapi", "paths"]}),
    }


def describe_operation(proc):
    return {
        "operationId": f"describe_{operation_name(proc)}",
        "tags": [proc.ruleset],
        "summary": f"{proc.title}: its inputs",
        "description": proc.source,
        "responses": responses(DESCRIPTION),
    }


def run_operation(proc):
    """Run one procedure on a case: the body is its inputs; the dice are the umpire's, or the console's, seeded."""
    return {
        "operationId": f"run_{operation_name(proc)}",
        "tags": [proc.ruleset],
        "summary": f"{proc.title}: run it",
        "description": f"{proc.source}. Dice: {proc.dice or 'none'}",
        "parameters": [DICE, SEED],
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": object_schema(proc.describe()["input"])}},
        },
        "responses": responses(
            {"type": "object", "required": ["seed"], "properties": {"seed": {"type": "integer", "nullable": True}}}
        ),
    }


def operation_name(proc):
    return proc.key.replace(".", "_")


DICE = {
    "name": "dice",
    "in": "query",
    "required": False,
    "schema": {"type": "string"},
    "description": "The umpire's own dice in the order asked for, as 10,2,5",
}
SEED = {
    "name": "seed",
    "in": "query",
    "required": False,
    "schema": {"type": "string", "pattern": f"^[0-9]{{1,{MAX_SEED_DIGITS}}}$"},
    "description": f"A whole number from 0 to {MOST_SEED}: the console's dice, rolled from it, so the run can be "
    "repeated",
}
DESCRIPTION = {
    "type": "object",
    "required": ["key", "ruleset", "title", "source", "input"],
    "properties": {
        "key": {"type": "string"},
        "ruleset": {"type": "string"},
        "title": {"type": "string"},
        "source": {"type": "string"},
        "dice": {"type": "string"},
        "summary": {"type": "string"},
        "input": {"type": "array", "items": {"type": "object"}},
        "example": {
            "type": "object",
            "description": "A case that runs: where it comes from (a rulebook's worked example, or built from the "
            "inputs' defaults), the case, the seed of the console's dice it was run with, and the dice it rolled in "
            "order, each with its sides and purpose",
            "properties": {
                "from": {"type": "string"},
                "case": {"type": "object"},
                "seed": {"type": "integer"},
                "dice": {"type": "array", "items": {"type": "object"}},
            },
        },
    },
}


def responses(ok):
    refused = {"content": {"application/json": {"schema": ERROR}}}
    return {
        "200": {"description": "Done", "content": {"application/json": {"schema": ok}}},
        "400": {"description": "Refused: the field and why", **refused},
        "401": {"description": "Not signed in", **refused},
        "403": {"description": "The seat does not include the rules desk", **refused},
    }


def components():
    error = {
        "type": "object",
        "required": ["error"],
        "properties": {
            "error": {
                "type": "object",
                "required": ["field", "message"],
                "properties": {"field": {"type": "string"}, "message": {"type": "string"}},
            }
        },
    }
    return {
        "schemas": {"Error": error},
        "securitySchemes": {"session": {"type": "apiKey", "in": "cookie", "name": "sessionid"}},
    }


def object_schema(fields):
    """A described object (schema.describe's fields) as JSON Schema: parse refuses unknown names, so may we."""
    found = {
        "type": "object",
        "additionalProperties": False,
        "properties": {field["name"]: field_schema(field) for field in fields},
    }
    required = [field["name"] for field in fields if field["required"]]
    return {**found, "required": required} if required else found


def field_schema(field):
    """One described field (or list item) as JSON Schema, with its help, default and limits."""
    found = type_schema(field)
    if field.get("help"):
        found["description"] = field["help"]
    if "default" in field:
        found["default"] = field["default"]
    if field.get("nullable"):
        found["nullable"] = True
        if "enum" in found:  # OpenAPI 3.0: a nullable enum must list null itself
            found["enum"] = [*found["enum"], None]
    return found


def type_schema(field):
    kind = field["type"]
    if kind == "object":
        return object_schema(field["fields"])
    if kind == "list":
        return {
            "type": "array",
            "items": field_schema(field["items"]),
            **limits(field, minItems="min_items", maxItems="max_items"),
        }
    if kind == "choice":
        return {"type": "string", "enum": list(field["choices"])}
    if kind == "integer":
        return {"type": "integer", **limits(field, minimum="min", maximum="max")}
    return {"type": {"boolean": "boolean", "text": "string"}[kind]}


def limits(field, **names):
    return {openapi: field[described] for openapi, described in names.items() if field.get(described) is not None}
