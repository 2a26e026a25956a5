"""Every number bounded where the model stores it (issue 29): a figure past the game's own bound is refused by
name before it is written, on SQLite (whose integers hold 64 bits) as on PostgreSQL (whose smallint overflows)."""

import pytest
from django.core.exceptions import ValidationError

from umpire.models import AuditEntry, Character, ProcedureRun
from umpire.services.records import do_save_record


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("wealth", 2**31, "less than or equal to 1000000"),
        ("support", -(10**7), "greater than or equal to -1000000"),
        ("military_skill", 40_000, "less than or equal to 99"),
        ("died_turn", 40_000, "less than or equal to 500"),
        ("wounded_until_turn", 40_000, "less than or equal to 32767"),
    ],
)
def test_a_characters_figure_past_its_bound_is_refused_by_name(ad69, control, field, value, words):
    character = Character.objects.filter(event=ad69).order_by("pk").first()
    stored, entries = Character.objects.filter(pk=character.pk).values(field).get(), AuditEntry.objects.count()
    setattr(character, field, value)
    with pytest.raises(ValidationError) as refusal:
        do_save_record(character, actor=control)
    assert words in refusal.value.message_dict[field][0]
    assert Character.objects.filter(pk=character.pk).values(field).get() == stored
    assert AuditEntry.objects.count() == entries


@pytest.mark.parametrize(
    "field, value, words",
    [
        ("seed", 2**63, "less than or equal to 9223372036854775807"),
        ("seed", -1, "greater than or equal to 0"),
        ("game_turn", 40_000, "less than or equal to 500"),
        ("note", "x" * 2001, "at most 2000 characters"),
    ],
)
def test_a_saved_runs_figures_are_bounded_where_it_keeps_them(ad69, field, value, words):
    run = ProcedureRun(event=ad69, procedure="ad69.battle", title="Battle", source="X", case={}, dice=[], outcome={})
    run.working = []
    setattr(run, field, value)
    with pytest.raises(ValidationError) as refusal:
        run.full_clean(exclude=["run_by"])
    assert words in refusal.value.message_dict[field][0]
