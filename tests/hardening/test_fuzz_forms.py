"""Every form of the project, fuzzed: whatever an umpire types, the answer is a clear refusal with nothing
written, or a change with its audit entry; never a server error, a change without its audit, nor a refusal
that has written half of what it was asked.

The forms are not listed here: each POST row of the permission matrix (tests/test_permission_matrix.py) is
sent once by a role it lets through, as tests/security/test_csrf.py sends it, and the forms its view binds,
the POST keys it reads besides and whether it reads a JSON body are watched. Hypothesis then draws a value
for each: text of every kind, huge or empty; numbers negative and huge; odd ids; wrong choices; bad dates;
a field left out. Each example runs in a savepoint that is rolled back, so each starts from the same world.
"""

import contextlib
import html
import json
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from unittest import mock

import pytest
from django import forms
from django.contrib.messages import ERROR, get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.http import HttpRequest, QueryDict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import test_permission_matrix as matrix
from tests.hardening.drawn import (
    BOOLEANS,
    DICE,
    JSON,
    NUMBERS,
    ODD_IDS,
    ODD_NUMBERS,
    TEXT,
    TIMES,
    readable_procedures,
)
from tests.hardening.fingerprint import audit_since, changed_tables, fingerprint, last_audit_pk, tables_written
from tests.security.test_csrf import sender

pytestmark = pytest.mark.fuzz

world = matrix.world

POST_ROWS = [row for row in matrix.ROWS if row.method == matrix.POST]
# a world (some twenty seconds to build) for each group of apps: three, to keep the whole fuzz to minutes
GROUPS = {
    "core, post, board games, print and backups": (
        "logout",
        "umpire",
        "table",
        "followups",
        "rulings",
        "mail",
        "boardgames",
        "printshop",
        "backups",
        "events",
        "cast",
        "prepare",
    ),
    "regions and Rome": ("regions", "senate"),
    "warfare": ("warfare",),
}
EXAMPLES = 20  # per form; a row with nothing to type is sent junk a few times only
NO_FORM_EXAMPLES = 3
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=False,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)


# ---- what each row's view reads ---------------------------------------------------------------------------------


@dataclass
class Target:
    """A POST row, who sends it, and what its view reads: bound forms, other POST keys, a JSON body."""

    row: matrix.Row
    role: str
    forms: list = field(default_factory=list)
    keys: set = field(default_factory=set)
    reads_body: bool = False


@contextlib.contextmanager
def watching():
    """While open, note each form bound and each POST key and request body read."""
    seen = SimpleNamespace(forms=[], keys=set(), body=False)
    init, get, getlist, getitem, body = (
        forms.BaseForm.__init__,
        QueryDict.get,
        QueryDict.getlist,
        QueryDict.__getitem__,
        HttpRequest.body,
    )

    def bound(form, *args, **kwargs):
        init(form, *args, **kwargs)
        if form.is_bound:
            seen.forms.append(form)

    def noted(read):
        return lambda query, key, *args: (seen.keys.add(key), read(query, key, *args))[1]

    def read_body(request):
        seen.body = True
        return body.fget(request)

    with (
        mock.patch.object(forms.BaseForm, "__init__", bound),
        mock.patch.object(QueryDict, "get", noted(get)),
        mock.patch.object(QueryDict, "getlist", noted(getlist)),
        mock.patch.object(QueryDict, "__getitem__", noted(getitem)),
        mock.patch.object(HttpRequest, "body", property(read_body)),
    ):
        yield seen


def hints(world):
    """Values for the keys a view reads outside a form, so the form they open is reached too."""
    return {
        "procedure": readable_procedures()[:1],
        "side": ["besiegers", "garrison", "a", "b"],
        "size": ["A4", "A5"],
        "slips": ["4"],
    }


def discovered(client, world, row):
    """What the row's view reads, from two sends rolled back: the row's own form, then with the hints."""
    target = Target(row, sender(row))
    hinted = {key: values[0] for key, values in hints(world).items() if values}
    for data in (row.form(world), {**hinted, **row.form(world)}):
        signed_in(client, world, target.role)
        with transaction.atomic(), watching() as seen:
            client.post(row.address(world, world.codes.get(target.role)), data)
            transaction.set_rollback(True)
        for form in seen.forms:  # one of each form: a view may bind the same form twice
            if (type(form), form.prefix) not in {(type(f), f.prefix) for f in target.forms}:
                target.forms.append(form)
        target.keys |= seen.keys - {"csrfmiddlewaretoken"}
        target.reads_body |= seen.body
    return target


def signed_in(client, world, role):
    """Signed in afresh, with no message left over from an example before (their savepoints are gone)."""
    client.cookies.pop("messages", None)
    if role in matrix.UMPIRES.split():
        client.force_login(getattr(world, role))
    else:
        client.logout()


# ---- what hypothesis types into each field ----------------------------------------------------------------------


def choice_values(choices):
    """A ChoiceField's values, optgroups flattened."""
    for value, label in choices:
        if isinstance(label, (list, tuple)):
            yield from (str(inner) for inner, _ in label)
        else:
            yield str(getattr(value, "value", value))


def known(values):
    values = [value for value in values if value != ""]
    return st.sampled_from(values) if values else st.nothing()


def typed(form_field, name):
    """Values this field may be given, good ones among them."""
    if isinstance(form_field, forms.FileField):
        return st.one_of(st.binary(max_size=300), TEXT.map(str.encode)).map(
            lambda content: SimpleUploadedFile("table.csv", content, content_type="text/csv")
        )
    if isinstance(form_field, forms.ModelChoiceField):
        single = st.one_of(known(str(pk) for pk in form_field.queryset.values_list("pk", flat=True)[:30]), ODD_IDS)
        multiple = isinstance(form_field, forms.ModelMultipleChoiceField)
        return st.lists(single, max_size=4) if multiple else single
    if isinstance(form_field, forms.ChoiceField):
        single = st.one_of(known(choice_values(form_field.choices)), TEXT)
        return st.lists(single, max_size=4) if isinstance(form_field, forms.MultipleChoiceField) else single
    if isinstance(form_field, forms.BooleanField):
        return BOOLEANS
    if isinstance(form_field, forms.IntegerField):
        return st.one_of(NUMBERS, ODD_NUMBERS)
    if isinstance(form_field, (forms.DateField, forms.TimeField, forms.DateTimeField)):
        return st.one_of(TIMES, TEXT)
    return st.one_of(DICE, TEXT) if "dice" in name else TEXT


def maybe_left_out(values):
    """A value, or (one time in three) the field left out of the POST altogether."""
    return st.one_of(st.none(), values, values)


def form_data(target, world):
    """The whole POST: the row's own records, each form field, each key the view reads, any left out."""
    fields = {
        form.add_prefix(name): maybe_left_out(typed(form_field, name))
        for form in target.forms
        for name, form_field in form.fields.items()
    }
    hinted = hints(world)
    others = {
        key: maybe_left_out(st.one_of(known(hinted.get(key, [])), TEXT)) for key in target.keys if key not in fields
    }
    return st.fixed_dictionaries({**fields, **others}).map(
        lambda drawn: {**target.row.form(world), **{key: value for key, value in drawn.items() if value is not None}}
    )


# issue 29: a table that is no id, a seed past 64 bits, ten thousand dice, JSON nested 100,000 deep
ODD_TABLES = st.sampled_from(["abc", "²", "", 10**30, True, [1], {"pk": 1}, -1])
HUGE_SEEDS = st.sampled_from([10**40, 2**63, -1])
RUN_BODY = st.fixed_dictionaries(
    {"case": JSON, "dice": st.one_of(st.lists(st.integers(-3, 20), max_size=8), st.just([1] * 10_000))},
    optional={
        "table": st.one_of(st.integers(), st.text(max_size=5), ODD_TABLES),
        "seed": st.one_of(JSON, HUGE_SEEDS),
        "note": st.one_of(TEXT, JSON),
        "rolled_by_console": JSON,
    },
)
DEEP_JSON = st.sampled_from([1_000, 100_000]).map(lambda depth: "[" * depth + "]" * depth)
JSON_BODY = st.one_of(JSON.map(json.dumps), RUN_BODY.map(json.dumps), TEXT, DEEP_JSON)


# ---- one example, and its verdict -------------------------------------------------------------------------------


def sent(client, world, target, data):
    address = target.row.address(world, world.codes.get(target.role))
    if target.reads_body and not target.forms:
        return client.post(address, data.encode("utf-8", "surrogatepass"), content_type="application/json")
    return client.post(address, data)


def reported_errors(response):
    """The refusal the page shows: its error messages, or the page itself when it answers 400 or shows a form's
    errors."""
    errors = [str(message) for message in get_messages(response.wsgi_request) if message.level >= ERROR]
    content = html.unescape(response.content.decode("utf-8", "replace"))
    if response.status_code == 400 or (response.status_code == 200 and 'class="errorlist' in content):
        errors.append(re.sub(r"<[^>]+>", " ", content))
    return errors


def unclear(errors, bound_forms):
    """Why the refusal is unclear: empty, or naming neither the bad field nor its problem."""
    text = " ".join(errors)
    if not text.strip():
        return "refused with no words"
    judged = [form for form in bound_forms if form._errors]  # the forms the view found wrong
    named = [
        (form[name].label if name in form.fields else name, problems)
        for form in judged
        for name, problems in form.errors.items()
    ]
    if named and not any(
        str(label) in text or any(problem in text for problem in problems) for label, problems in named
    ):
        return f"refusal names none of {named}: {text[:300]!r}"
    return ""


def verdict(response, before, written, bound_forms, entries):
    """What is wrong with the answer, or "" if it is a clear refusal or an audited change."""
    if response.status_code >= 500:
        return f"answered {response.status_code}"
    changed, errors = changed_tables(before, fingerprint(written)), reported_errors(response)
    if changed and not entries:
        return f"wrote {changed} with no audit entry"
    if errors and (changed or entries):
        return f"refused ({errors[0][:200]!r}) yet wrote {changed} {entries}"
    if response.status_code in matrix.REFUSED and (changed or entries):
        return f"answered {response.status_code} yet wrote {changed} {entries}"
    return unclear(errors, bound_forms) if errors else ""


def example(client, world, target, before, data):
    signed_in(client, world, target.role)
    with transaction.atomic():
        mark = last_audit_pk()
        with watching() as seen, tables_written() as written:
            response = sent(client, world, target, data)
        problem = verdict(response, before, written, seen.forms, audit_since(mark))
        transaction.set_rollback(True)
    assert not problem, f"{problem}; sent {short(data)}"


def short(data):
    shown = {
        key: (value[:60] + "…" if isinstance(value, str) and len(value) > 60 else value)
        for key, value in (data.items() if isinstance(data, dict) else {"body": data}.items())
    }
    return repr(shown)[:600]


def fuzzed(client, world, target):
    """Hypothesis's examples for the target; the first wrong one, shrunk, is raised."""
    before = fingerprint()
    drawn = JSON_BODY if target.reads_body and not target.forms else form_data(target, world)
    examples = EXAMPLES if target.forms or target.keys or target.reads_body else NO_FORM_EXAMPLES

    @settings(FUZZ, max_examples=examples)
    @given(data=drawn)
    def one(data):
        example(client, world, target, before, data)

    one()


@pytest.mark.parametrize("group", GROUPS)
def test_every_form_refuses_clearly_or_changes_with_its_audit(client, world, group):
    rows = [row for row in POST_ROWS if row.name.split(":")[0] in GROUPS[group]]
    wrong = []
    for row in rows:
        try:
            fuzzed(client, world, discovered(client, world, row))
        except Exception as failure:  # each row's failure is reported, not only the first
            wrong.append(f"{row.name} ({row.records}): {str(failure).splitlines()[0][:900]}")
    assert rows and not wrong, f"{len(wrong)} forms answered wrongly:\n" + "\n".join(wrong)


def test_the_fuzz_reaches_every_form_the_views_bind(client, world):
    """The watch finds the forms: a row known to bind a form, and one known to read a JSON body, are seen so."""
    by_name = {row.name: row for row in POST_ROWS}
    extend = discovered(client, world, by_name["umpire:clock-extend"])
    assert [type(form).__name__ for form in extend.forms] == ["ExtendTurnForm"]
    assert discovered(client, world, by_name["umpire:rules-save"]).reads_body
