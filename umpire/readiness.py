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

# The headings in the order a Control team works down them: the console's own settings, the cast, the
# links, and the briefings last, since any change to a character after printing puts his out of date.
# A heading not named here comes after these, in alphabetical order.
HEADINGS = (
    "Security",
    "Public address",
    "Character sheets",
    "Commanders",
    "Players",
    "Demo data",
    "Map",
    "Links",
    "Purses",
    "Briefings",
)


def register_check(name: str, check: Check) -> None:
    _CHECKS[name] = check


def get_missing(event: Event) -> list[Missing]:
    """Everything every check finds missing for `event`, heading by heading (HEADINGS), each heading's
    items in the order its checks found them."""
    found = [missing for check in _CHECKS.values() for missing in check(event)]
    return sorted(found, key=lambda missing: heading_order(missing.heading))


def heading_order(heading: str) -> tuple[int, str]:
    return (HEADINGS.index(heading), "") if heading in HEADINGS else (len(HEADINGS), heading)
