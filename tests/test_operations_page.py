"""docs/operations.md, Control's game-day page, names only addresses, commands and settings that exist."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import get_commands
from django.urls import Resolver404, resolve

PAGE = Path(__file__).resolve().parent.parent / "docs" / "operations.md"
TEXT = PAGE.read_text(encoding="utf-8")


def addresses():
    """Every console address the page quotes (`/control/ad69/clock/`, …), without its query string."""
    found = re.findall(r"`(?:https?://[\d.:]+)?(/(?:control|events|display|admin)[^`?…\s]*)", TEXT)
    return sorted(set(found))


def test_the_page_quotes_the_addresses_it_needs():
    assert {"/events/ad69/print/", "/control/ad69/clock/", "/control/ad69/hall/"} <= set(addresses())


@pytest.mark.parametrize("address", addresses())
def test_each_address_on_the_page_is_a_console_page(address):
    try:
        resolve(address)
    except Resolver404:
        pytest.fail(f"docs/operations.md quotes {address}, which the console does not serve")


@pytest.mark.parametrize("command", sorted(set(re.findall(r"manage\.py (\w+)", TEXT))))
def test_each_management_command_on_the_page_exists(command):
    assert command in get_commands(), f"docs/operations.md names manage.py {command}, which does not exist"


@pytest.mark.parametrize("variable", sorted(set(re.findall(r"\b(UMPIRE_[A-Z_]+)=", TEXT))))
def test_each_setting_on_the_page_is_read_by_the_console(variable):
    read_by = (Path(settings.BASE_DIR) / "umpire" / "settings.py").read_text() + (
        Path(settings.BASE_DIR) / "console.py"
    ).read_text()
    assert f'"{variable}"' in read_by, f"docs/operations.md sets {variable}, which nothing reads"
