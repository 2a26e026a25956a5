"""The cast's pages, Control's (Perm.EDIT_WORLD): importing the cast spreadsheet, and exporting it or its
template in the same format (XLSX with both sheets, or one sheet as CSV)."""

from django.urls import path

from umpire.cast_sheets import CHARACTERS, PLAYERS
from umpire.services.cast import CSV, XLSX
from umpire.views import cast_import

urlpatterns = [
    path("control/<slug:slug>/cast/import/", cast_import.cast_import, name="import"),
    path("control/<slug:slug>/cast/import/apply/", cast_import.cast_apply, name="apply"),
    path("control/<slug:slug>/cast/cast.xlsx", cast_import.cast_export, {"file_format": XLSX}, name="export"),
    path(
        "control/<slug:slug>/cast/characters.csv",
        cast_import.cast_export,
        {"file_format": CSV, "kind": CHARACTERS},
        name="export-characters",
    ),
    path(
        "control/<slug:slug>/cast/players.csv",
        cast_import.cast_export,
        {"file_format": CSV, "kind": PLAYERS},
        name="export-players",
    ),
    path(
        "control/<slug:slug>/cast/template.xlsx", cast_import.cast_template_file, {"file_format": XLSX}, name="template"
    ),
    path(
        "control/<slug:slug>/cast/template-characters.csv",
        cast_import.cast_template_file,
        {"file_format": CSV, "kind": CHARACTERS},
        name="template-characters",
    ),
    path(
        "control/<slug:slug>/cast/template-players.csv",
        cast_import.cast_template_file,
        {"file_format": CSV, "kind": PLAYERS},
        name="template-players",
    ),
]
