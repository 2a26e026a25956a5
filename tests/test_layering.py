"""Dependencies point one way: the core never imports the apps; rules and printing import no Django."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = {"regions", "senate", "mail", "warfare", "printshop", "boardgames"}
CORE_BUT_TOP = {"urls.py", "asgi.py", "routing.py", "settings.py"}  # the top of the project may see everything


def imported_modules(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def python_files(folder):
    return [p for p in (ROOT / folder).rglob("*.py") if "migrations" not in p.parts]


@pytest.mark.parametrize("path", [p for p in python_files("umpire") if p.name not in CORE_BUT_TOP], ids=str)
def test_core_does_not_import_the_apps(path):
    assert not {m.split(".")[0] for m in imported_modules(path)} & APPS


@pytest.mark.parametrize("path", python_files("regions"), ids=str)
def test_regions_know_nothing_of_senate_mail_or_warfare(path):
    """Warfare builds on the forces; the forces know nothing of the fights they are in."""
    assert not {m.split(".")[0] for m in imported_modules(path)} & {"senate", "mail", "warfare"}


@pytest.mark.parametrize(
    "path", [p for folder in ("regions", "senate", "mail", "warfare") for p in python_files(folder)], ids=str
)
def test_no_app_imports_the_print_shop(path):
    """The print shop gathers every app's records onto paper: it sits at the top, beside the URLs."""
    assert "printshop" not in {m.split(".")[0] for m in imported_modules(path)}


@pytest.mark.parametrize(
    "path",
    [p for folder in ("regions", "senate", "mail", "warfare", "printshop") for p in python_files(folder)],
    ids=str,
)
def test_the_megagame_apps_know_nothing_of_the_board_games(path):
    """Board-game adjudication stands beside the AD69 apps on the core, sharing none of them."""
    assert "boardgames" not in {m.split(".")[0] for m in imported_modules(path)}


@pytest.mark.parametrize("path", python_files("boardgames"), ids=str)
def test_the_board_games_know_nothing_of_the_megagame_apps(path):
    assert not {m.split(".")[0] for m in imported_modules(path)} & {"regions", "senate", "mail", "warfare", "printshop"}


@pytest.mark.parametrize("folder", ["umpire/rules", "umpire/printing"])
def test_rules_and_printing_import_no_django_or_models(folder):
    for path in python_files(folder):
        roots = {m.split(".")[0] for m in imported_modules(path)}
        assert "django" not in roots and not roots & APPS, path
        assert not any(m.startswith("umpire.models") for m in imported_modules(path)), path


def locks_joined_rows_too(path):
    """The lines where `select_for_update()` without `of` meets `select_related`: on PostgreSQL that locks the
    joined rows as well, so a service locking its force locks the whole event's row, and every insert that
    names the event (its foreign key check) waits, or deadlocks against it."""
    tree = ast.parse(path.read_text())
    return sorted({node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call) and joins_and_locks(node)})


def joins_and_locks(call):
    """Whether the chain of calls ending in `call` both joins (`select_related`) and locks without `of`."""
    joins = locks = False
    while isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
        joins |= call.func.attr == "select_related"
        locks |= call.func.attr == "select_for_update" and not any(k.arg == "of" for k in call.keywords)
        call = call.func.value
    return joins and locks


@pytest.mark.parametrize("path", [p for folder in ("umpire", *APPS, "backups") for p in python_files(folder)], ids=str)
def test_a_locked_row_locks_only_itself_not_the_rows_joined_to_it(path):
    assert locks_joined_rows_too(path) == []
