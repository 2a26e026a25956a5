"""Optimus Princeps's seasons each roll their own weather (issue 32): an event stored on the old shared
"weather" phase is moved to its season's key by its stage, and another ruleset's phase is left alone."""

import importlib

from django.apps import apps

from boardgames.models import ChecklistTick, SequencePosition
from boardgames.sequence import load_sequence

migration = importlib.import_module("boardgames.migrations.0004_optimus_princeps_weather_by_season")


def stand_on(event, stage, phase):
    SequencePosition.objects.update_or_create(event=event, defaults={"round": 1, "stage": stage, "phase": phase})


def test_an_event_standing_on_the_old_weather_phase_moves_to_its_seasons(op):
    stand_on(op, 3, "weather")
    ChecklistTick.objects.create(event=op, round=1, stage=4, phase="weather", item=0)
    migration.weather_by_season(apps, None)
    assert SequencePosition.objects.get(event=op).phase == "summer_weather"
    assert ChecklistTick.objects.get(event=op).phase == "autumn_weather"
    assert load_sequence(op.ruleset).phase("summer_weather") is not None


def test_another_rulesets_phase_of_the_same_name_is_left_alone(hb):
    stand_on(hb, 1, "weather")
    migration.weather_by_season(apps, None)
    assert SequencePosition.objects.get(event=hb).phase == "weather"


def test_the_migration_goes_back_to_the_shared_key(op):
    stand_on(op, 5, "winter_weather")
    migration.weather_shared(apps, None)
    assert SequencePosition.objects.get(event=op).phase == "weather"
