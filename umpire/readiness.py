"""Ready for game day: everything still missing before the doors open, each with where to fix it.

Each app registers the checks of what it owns in its AppConfig.ready() (the core knows none of
them); Control's readiness page and `manage.py readiness` list what they all find.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from umpire.models import Event


@dataclass(frozen=True)
class Missing:
    """One thing missing: what, in words, and the page that puts it right."""

    heading: str  # the list it belongs to: "Characters", "Players", "Links", "The console"
    what: str  # "Flavius Vespasianus has no Military Skill."
    fix_url: str  # where Control puts it right


Check = Callable[[Event], Iterable[Missing]]

_CHECKS: dict[str, Check] = {}  # name -> check, in the order registered


def register_check(name: str, check: Check) -> None:
    _CHECKS[name] = check


def get_missing(event: Event) -> list[Missing]:
    """Everything every check finds missing for `event`, in the order the checks were registered."""
    return [missing for check in _CHECKS.values() for missing in check(event)]
