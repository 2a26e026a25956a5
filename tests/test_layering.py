"""Dependencies point one way: the core never imports the apps; rules and printing import no Django.

Each rule is one test over the whole tree that names every file breaking it; the tree is parsed once."""

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = {"regions", "senate", "mail", "warfare", "printshop", "maps", "boardgames"}
CORE_BUT_TOP = {"urls.py", "asgi.py", "routing.py", "settings.py"}  # the top of the project may see everything


@cache
def parsed(path):
    return ast.parse(path.read_text())


def imported_modules(path):
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module


def imported_roots(path):
    return {m.split(".")[0] for m in imported_modules(path)}


def python_files(*folders):
    return [p for folder in folders for p in sorted((ROOT / folder).rglob("*.py")) if "migrations" not in p.parts]


def importing(paths, forbidden):
    """The files among `paths` that import one of the `forbidden` top-level packages, with what they import."""
    return {
        str(p.relative_to(ROOT)): sorted(imported_roots(p) & forbidden) for p in paths if imported_roots(p) & forbidden
    }


def test_core_does_not_import_the_apps():
    assert importing([p for p in python_files("umpire") if p.name not in CORE_BUT_TOP], APPS) == {}


def test_regions_know_nothing_of_senate_mail_or_warfare():
    """Warfare builds on the forces; the forces know nothing of the fights they are in."""
    assert importing(python_files("regions"), {"senate", "mail", "warfare"}) == {}


def test_no_app_imports_the_print_shop():
    """The print shop gathers every app's records onto paper: it sits at the top, beside the URLs."""
    assert importing(python_files("regions", "senate", "mail", "warfare", "maps"), {"printshop"}) == {}


def test_no_app_but_the_print_shop_imports_the_maps():
    """A map shows what every app keeps, so it sits at the top; the table pack prints its map page."""
    assert importing(python_files("regions", "senate", "mail", "warfare"), {"maps"}) == {}


def test_the_megagame_apps_know_nothing_of_the_board_games():
    """Board-game adjudication stands beside the AD69 apps on the core, sharing none of them."""
    assert importing(python_files("regions", "senate", "mail", "warfare", "printshop", "maps"), {"boardgames"}) == {}


def test_the_board_games_know_nothing_of_the_megagame_apps():
    assert importing(python_files("boardgames"), {"regions", "senate", "mail", "warfare", "printshop"}) == {}


def test_rules_and_printing_import_no_django_or_models():
    paths = python_files("umpire/rules", "umpire/printing")
    assert importing(paths, {"django", *APPS}) == {}
    assert [str(p) for p in paths if any(m.startswith("umpire.models") for m in imported_modules(p))] == []


def test_the_rules_are_found_at_all():
    """The checks above look at real files: an empty tree would pass them all."""
    assert len(python_files("umpire/rules")) > 100 and len(python_files("umpire", *APPS)) > 300


def locks_joined_rows_too(path):
    """The lines where `select_for_update()` without `of` meets `select_related`: on PostgreSQL that locks the
    joined rows as well, so a service locking its force locks the whole event's row, and every insert that
    names the event (its foreign key check) waits, or deadlocks against it."""
    return sorted(
        {node.lineno for node in ast.walk(parsed(path)) if isinstance(node, ast.Call) and joins_and_locks(node)}
    )


def joins_and_locks(call):
    """Whether the chain of calls ending in `call` both joins (`select_related`) and locks without `of`."""
    joins = locks = False
    while isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute):
        joins |= call.func.attr == "select_related"
        locks |= call.func.attr == "select_for_update" and not any(k.arg == "of" for k in call.keywords)
        call = call.func.value
    return joins and locks


def test_a_locked_row_locks_only_itself_not_the_rows_joined_to_it():
    found = {str(p.relative_to(ROOT)): locks_joined_rows_too(p) for p in python_files("umpire", *APPS, "backups")}
    assert {path: lines for path, lines in found.items() if lines} == {}
