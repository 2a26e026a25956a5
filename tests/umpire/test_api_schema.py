"""The JSON API's OpenAPI document (/api/schema/): valid, complete, and drawn from the rules registry; and a
schemathesis run against it, through the real Django app, that finds no server error."""

import collections
import contextlib
import secrets

import pytest
import schemathesis
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from django.urls import URLPattern, get_resolver, reverse
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from openapi_spec_validator import validate
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from umpire.api.schema import build_openapi
from umpire.rules.registry import get_procedure, get_procedures

SCHEMA = "/api/schema/"
EXAMPLES_PER_OPERATION = 3


def api_route_paths():
    """Every address the api namespace serves, with each procedure's address for the templated one."""
    resolver = get_resolver().namespace_dict["api"][1]
    found = set()
    for pattern in resolver.url_patterns:
        assert isinstance(pattern, URLPattern)
        if pattern.name == "rules-procedure":
            found |= {reverse("api:rules-procedure", kwargs=split_key(proc.key)) for proc in get_procedures(None)}
        else:
            found.add(reverse(f"api:{pattern.name}"))
    return found


def split_key(key):
    ruleset, name = key.split(".", 1)
    return {"ruleset": ruleset, "name": name}


@pytest.fixture
def signed_in(client, control):
    client.force_login(control)
    return client


def test_schema_is_a_valid_openapi_3_document(signed_in):
    response = signed_in.get(SCHEMA)
    assert response.status_code == 200
    document = response.json()
    validate(document)
    assert document["openapi"].startswith("3.")


def test_every_api_route_is_in_the_schema(db):
    paths = build_openapi()["paths"]
    assert api_route_paths() - set(paths) == set()
    assert set(paths) - api_route_paths() == set()


def test_each_procedure_body_is_its_registry_description(db):
    """No hand-written body: a required input, its limits and choices come from Procedure.describe()."""
    paths = build_openapi()["paths"]
    battle = paths["/api/rules/ad69/battle"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    described = {field["name"]: field for field in get_procedure("ad69.battle").describe()["input"]}
    assert set(battle["properties"]) == set(described)
    assert set(battle["required"]) == {name for name, field in described.items() if field["required"]}
    troop = battle["properties"]["side_a"]["properties"]["forces"]["items"]["properties"]["troops"]["items"]
    assert troop["properties"]["count"]["minimum"] == 0
    assert "legionary" in troop["properties"]["type"]["enum"]
    assert battle["additionalProperties"] is False


def test_schema_is_for_umpires_only(client):
    response = client.get(SCHEMA)
    assert response.status_code == 401
    assert response.json()["error"]["message"] == "Sign in first."


@pytest.mark.parametrize("seed", ["²", "1" * 5000, "-3", "1e3", "9223372036854775808", "9" * 19, "9" * 20])
def test_a_seed_that_is_not_a_plain_whole_number_is_refused_by_name(signed_in, seed):
    response = signed_in.post(f"/api/rules/ad69/battle?seed={seed}", "{}", content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "seed"


def umpire_browser(user):
    """A real session and CSRF pair, as a browser signed in as this umpire would send them."""
    browser = Client()
    browser.force_login(user)
    csrf = secrets.token_hex(16)
    return browser, {"sessionid": browser.cookies["sessionid"].value, "csrftoken": csrf}, {"X-CSRFToken": csrf}


def schema_served_to(browser):
    """The document as the API serves it, run against the whole Django app (every middleware, CSRF too)."""
    schema = schemathesis.openapi.from_dict(browser.get(SCHEMA).json())
    schema.app = WSGIHandler()
    return schema


@contextlib.contextmanager
def the_test_transaction_kept_open():
    """The real handler closes the connection after each request, which would end the test's transaction; the
    test client holds these two signals back around each of its requests for the same reason."""
    for signal in (request_started, request_finished):
        signal.disconnect(close_old_connections)
    try:
        yield
    finally:
        for signal in (request_started, request_finished):
            signal.connect(close_old_connections)


def fuzz_operation(operation, cookies, headers, statuses):
    """A few generated requests to one operation, fitting its schema and not, through the whole middleware
    stack; a 5xx fails. Each answer's status is counted, to show the requests got past sign-in and CSRF."""
    cases = st.one_of(*(operation.as_strategy(generation_mode=mode) for mode in GenerationMode))

    # no deadline: speed is measured in bench/, never asserted in a test
    @settings(
        max_examples=EXAMPLES_PER_OPERATION,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=cases)
    def requests_to(case):
        response = case.call_and_validate(cookies=cookies, headers=headers, checks=[not_a_server_error])
        statuses[response.status_code] += 1

    requests_to()


@pytest.mark.fuzz
def test_schemathesis_finds_no_server_error(control):
    browser, cookies, headers = umpire_browser(control)
    schema = schema_served_to(browser)
    operations, statuses = 0, collections.Counter()
    with the_test_transaction_kept_open():
        for result in schema.get_all_operations():
            fuzz_operation(result.ok(), cookies, headers, statuses)
            operations += 1
    print(f"schemathesis: {operations} operations, answers by status {dict(statuses)}")
    assert statuses[200] and statuses[400]
    assert not statuses[401] and not statuses[403]
    assert operations == len(build_openapi()["paths"]) * 2 - 2  # the list and the schema have GET alone
