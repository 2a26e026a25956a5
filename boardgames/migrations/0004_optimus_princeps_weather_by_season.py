"""Optimus Princeps gives each season's weather its own key (issue 32): an event stored while standing on,
or having ticked, the old shared "weather" phase is moved to its season's key by stage, so it shows and
advances as before."""

from django.db import migrations

SEASON_BY_STAGE = {1: "thaw", 2: "spring", 3: "summer", 4: "autumn", 5: "winter"}


def weather_by_season(apps, schema_editor):
    for model in ("SequencePosition", "ChecklistTick"):
        rows = apps.get_model("boardgames", model).objects.filter(event__ruleset="optimus_princeps", phase="weather")
        for stage, season in SEASON_BY_STAGE.items():
            rows.filter(stage=stage).update(phase=f"{season}_weather")


def weather_shared(apps, schema_editor):
    for model in ("SequencePosition", "ChecklistTick"):
        rows = apps.get_model("boardgames", model).objects.filter(event__ruleset="optimus_princeps")
        rows.filter(phase__in=[f"{season}_weather" for season in SEASON_BY_STAGE.values()]).update(phase="weather")


class Migration(migrations.Migration):
    dependencies = [("boardgames", "0003_bounded_tracks_and_sources")]

    operations = [migrations.RunPython(weather_by_season, weather_shared)]
