"""The services no page's form reaches (the admin's, the commands', the backups'), fuzzed directly with
hypothesis-drawn keyword arguments. Each call either refuses, with a ValidationError (or, for the rules, the
project's RulesError) that says why and leaves every row as it was, or succeeds with its audit entry and with
every row it added valid by its model's own checks. Each example runs in a savepoint that is rolled back.
The services behind the pages are fuzzed through their forms, in test_fuzz_forms.py."""

import io
import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backups.services.export import FORMAT, VERSION
from backups.services.restore import do_restore_event, read_backup
from regions.models import Force, Province
from regions.models.forces import TROOP_TYPES
from regions.services.forces import do_correct_troops
from tests.hardening.drawn import JSON, NUMBERS, ODD_IDS, TEXT, readable_procedures
from tests.hardening.fingerprint import (
    NOT_JUDGED,
    audit_since,
    changed_tables,
    fingerprint,
    last_audit_pk,
    tables_written,
)
from tests.regions.forces_builders import legion
from umpire.models import Character, Region, Role, UmpireSeat
from umpire.rules.errors import RulesError
from umpire.services.accounts import do_seat_umpire
from umpire.services.readings import do_set_readings
from umpire.services.records import do_delete_record, do_save_record
from umpire.services.rules import do_record_procedure_run
from umpire.services.seats import do_assign_seat

pytestmark = pytest.mark.fuzz

REFUSALS = (ValidationError, RulesError)
FUZZ = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=False,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture
def before(ad69, control):
    """The world as every example starts from it: each table's digest, and its highest id."""
    legion(ad69, "Legion XLV", "Pannonia", [("legionary", 3, False), ("auxiliary", 2, False)])
    return fingerprint(), highest_ids()


def highest_ids():
    counted = [
        model
        for model in apps.get_models(include_auto_created=True)
        if model._meta.pk.get_internal_type() in ("AutoField", "BigAutoField")
    ]
    return {
        model._meta.label: model._base_manager.order_by("-pk").values_list("pk", flat=True).first() or 0
        for model in counted
    }


def new_rows_invalid(written, highest):
    """The rows the call added that their own model refuses: a success must leave none."""
    invalid = []
    for label in written - NOT_JUDGED:
        model = apps.get_model(label)
        for row in model._base_manager.filter(pk__gt=highest.get(label, 0))[:100]:
            try:
                row.full_clean(validate_unique=False, validate_constraints=False)
            except ValidationError as error:
                invalid.append(f"{label} {row.pk}: {error.messages}")
    return invalid


def judged(before, call):
    """Run the call in a savepoint rolled back after, and say what is wrong with its outcome, or ""."""
    digests, highest = before
    with transaction.atomic():
        mark = last_audit_pk()
        refusal = None
        with tables_written() as written:
            try:
                call()
            except REFUSALS as error:
                refusal = error
        changed, entries = changed_tables(digests, fingerprint(written)), audit_since(mark)
        invalid = [] if refusal else new_rows_invalid(written, highest)
        transaction.set_rollback(True)
    if refusal is not None:
        return wrong_refusal(refusal, changed, entries)
    if changed and not entries:
        return f"wrote {changed} with no audit entry"
    return f"succeeded leaving invalid rows: {invalid[:3]}" if invalid else ""


def wrong_refusal(refusal, changed, entries):
    words = " ".join(getattr(refusal, "messages", None) or [str(refusal)])
    if not words.strip():
        return f"refused in no words: {refusal!r}"
    return f"refused ({words[:200]!r}) yet wrote {changed} {entries}" if changed or entries else ""


def fuzz(before, strategy, call):
    @FUZZ
    @given(kwargs=strategy)
    def one(kwargs):
        problem = judged(before, lambda: call(**kwargs))
        assert not problem, f"{problem}; called with {repr(kwargs)[:500]}"

    one()


def records(model, **filters):
    """One of the model's records, read afresh for each example: a deletion rolled back leaves the object it
    deleted without its id."""
    pks = list(model.objects.filter(**filters).order_by("pk").values_list("pk", flat=True)[:40])
    return st.sampled_from(pks).map(lambda pk: model.objects.get(pk=pk))


ROLES = st.one_of(st.sampled_from(Role.values), TEXT)


# ---- seats and accounts (the admin's and `seat_umpire`'s) ----------------------------------------------------------


def test_seating_an_umpire_refuses_clearly_or_seats_him_audited(before, ad69, control, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # each example sets a password
    drawn = st.fixed_dictionaries(
        {
            "username": st.one_of(st.from_regex(r"[a-z][a-z0-9_.@+-]{0,20}", fullmatch=True), TEXT),
            "role": ROLES,
            "region": st.one_of(st.none(), records(Region, event=ad69)),
            "password": TEXT,
        }
    )
    fuzz(before, drawn, lambda **kwargs: do_seat_umpire(event=ad69, actor=control, **kwargs))


def test_assigning_a_seat_refuses_clearly_or_assigns_it_audited(before, ad69, control):
    users = st.sampled_from(list(get_user_model().objects.order_by("pk")))
    drawn = st.fixed_dictionaries({"user": users, "role": ROLES, "region": st.one_of(st.none(), records(Region))})
    fuzz(before, drawn, lambda **kwargs: do_assign_seat(event=ad69, actor=control, **kwargs))


# ---- the admin's corrections and its records ---------------------------------------------------------------------

TROOPS = st.lists(
    st.fixed_dictionaries(
        {
            "type": st.one_of(st.sampled_from([value for value, _ in TROOP_TYPES]), TEXT),
            "veteran": st.one_of(st.booleans(), st.sampled_from([None, "yes", 0, 1])),
            "count": st.one_of(st.integers(-5, 40), st.integers(), st.sampled_from([None, "3", 1.5])),
        }
    ),
    max_size=5,
)


def test_correcting_a_forces_troops_refuses_clearly_or_leaves_valid_troops(before, ad69, control):
    force = Force.objects.get(event=ad69, name="Legion XLV")
    drawn = st.fixed_dictionaries({"troops": TROOPS, "reason": TEXT})
    fuzz(before, drawn, lambda **kwargs: do_correct_troops(force, actor=control, **kwargs))


EDITS = {  # a record of the world, and values for one field of it
    "character": (
        Character,
        {
            "name": TEXT,
            "wealth": NUMBERS,
            "support": NUMBERS,
            "military_skill": NUMBERS,
            "role": TEXT,
            "social_class": TEXT,
            "wounded_until_turn": NUMBERS,
            "died_turn": NUMBERS,
        },
    ),
    "province": (
        Province,
        {
            "name": TEXT,
            "income_per_quarter": NUMBERS,
            "road_cost": NUMBERS,
            "province_type": TEXT,
            "governed_by_senate": st.sampled_from([True, False, None, "yes"]),
        },
    ),
}


def edited(model, field, value, ad69):
    instance = model.objects.filter(event=ad69).order_by("pk").first()
    setattr(instance, field, value)
    return instance


@pytest.mark.parametrize("record", EDITS)
def test_saving_an_edited_record_refuses_clearly_or_saves_it_audited(before, ad69, control, record):
    model, values = EDITS[record]
    drawn = st.sampled_from(sorted(values)).flatmap(
        lambda name: st.fixed_dictionaries(
            {"field": st.just(name), "value": st.one_of(values[name], values[name].map(str), st.none())}
        )
    )
    fuzz(before, drawn, lambda field, value: do_save_record(edited(model, field, value, ad69), actor=control))


def test_deleting_a_record_refuses_naming_who_needs_it_or_deletes_it_audited(before, ad69, control):
    world_records = st.one_of(
        records(Character, event=ad69),
        records(Province, event=ad69),
        records(Region, event=ad69),
        records(UmpireSeat, event=ad69),
    )
    fuzz(
        before,
        st.fixed_dictionaries({"instance": world_records, "reason": TEXT}),
        lambda **kwargs: do_delete_record(actor=control, **kwargs),
    )


# ---- the rules' readings, and a backup read back in ------------------------------------------------------------


def test_setting_readings_refuses_by_the_options_name_or_sets_them_audited(before, ad69, control):
    procedures = readable_procedures()
    drawn = st.fixed_dictionaries(
        {
            "procedure": st.one_of(st.sampled_from(procedures), TEXT),
            "options": st.one_of(st.dictionaries(TEXT, JSON, max_size=4), JSON),
        }
    )
    fuzz(before, drawn, lambda **kwargs: do_set_readings(ad69, actor=control, **kwargs))


# issue 29: ten thousand dice, a seed past the log's 64-bit column, a note of any shape, all refused by name
RUN_DICE = st.one_of(st.lists(st.integers(-2, 14), max_size=12), st.just([6] * 10_000), st.lists(JSON, max_size=3))
SEEDS = st.one_of(st.none(), st.integers(), st.sampled_from([10**40, 2**63, 2**63 - 1, -1, True, "42", 1.5]))


def test_saving_a_rules_run_refuses_by_name_or_saves_it_audited(before, ad69, control):
    drawn = st.fixed_dictionaries(
        {
            "key": st.sampled_from(["ad69.combat_value", "ad69.battle"]),
            "case": st.one_of(JSON, st.just({"force": {"name": "Legion XLV", "troops": []}})),
            "dice": RUN_DICE,
            "seed": SEEDS,
            "note": st.one_of(TEXT, JSON),
            "rolled_by_console": st.booleans(),
        }
    )
    fuzz(before, drawn, lambda **kwargs: do_record_procedure_run(ad69, actor=control, **kwargs))


MODELS = st.sampled_from(["umpire.event", "umpire.character", "regions.province", "auth.user", "umpire.auditentry"])
ROWS = st.lists(
    st.fixed_dictionaries(
        {"model": st.one_of(MODELS, TEXT)},
        optional={
            "pk": st.one_of(st.integers(), ODD_IDS, st.none()),
            "fields": st.one_of(st.dictionaries(TEXT, JSON, max_size=4), JSON),
        },
    ),
    max_size=4,
)
BACKUP = st.one_of(
    st.fixed_dictionaries(
        {"format": st.just(FORMAT), "version": st.just(VERSION), "rows": ROWS},
        optional={"event": st.one_of(st.just("ad69"), TEXT, JSON)},
    ),
    JSON,
)


def restored(text):
    return do_restore_event(read_backup(io.StringIO(text)))


def test_restoring_a_malformed_backup_refuses_clearly_and_writes_nothing(before):
    """A backup restores with no audit entry of its own (its log is the record): a drawn one must be refused."""
    drawn = st.fixed_dictionaries({"text": st.one_of(BACKUP.map(json.dumps), TEXT)})
    fuzz(before, drawn, expect_refusal(restored))


def expect_refusal(call):
    def refused(**kwargs):
        call(**kwargs)
        raise AssertionError("a drawn backup was restored")

    return refused
