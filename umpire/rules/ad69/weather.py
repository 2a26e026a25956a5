"""Winter, by region, on land and at sea (IX. WARFARE, WEATHER)."""

import enum
from dataclasses import dataclass

from ..dice import Dice
from ..registry import procedure
from ..schema import spec
from ..tables import KeyedTable
from ..working import Result, Working

MONTHS = (
    "",
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


class WeatherRegion(enum.Enum):
    NORTHERN = "northern"
    GAUL = "gaul"
    ALPES = "alpes"
    SPAIN = "spain"
    ITALIA = "italia_rome"
    ILLYRIA = "illyria"
    EASTERN_MED = "eastern_med"
    NORTH_AFRICA = "north_africa"

    @property
    def label(self) -> str:
        return {"italia_rome": "Italia/Rome", "eastern_med": "the Eastern Med"}.get(
            self.value, self.value.replace("_", " ").title()
        )


class Where(enum.Enum):
    LAND = "land"
    SEA = "sea"


def months(first: int, last: int) -> tuple[int, ...]:
    """The months from `first` to `last` inclusive, across the new year if need be: (10, 2) is Oct-Feb."""
    return tuple(range(first, last + 1)) if first <= last else tuple(range(first, 13)) + tuple(range(1, last + 1))


# IX. WEATHER, as written: Land and Sea winters. North Africa has no winter on land ("none").
WINTER = KeyedTable(
    name="Winter",
    source="IX. WARFARE, WEATHER",
    rows={
        "northern": {"land": months(10, 2), "sea": months(9, 4)},
        "gaul": {"land": months(10, 2), "sea": months(9, 4)},
        "alpes": {"land": months(11, 1), "sea": months(10, 3)},
        "spain": {"land": months(11, 1), "sea": months(10, 3)},
        "italia_rome": {"land": months(11, 1), "sea": months(10, 3)},
        "illyria": {"land": months(10, 2), "sea": months(10, 4)},
        "eastern_med": {"land": months(12, 1), "sea": months(10, 4)},
        "north_africa": {"land": (), "sea": months(9, 3)},
    },
)


def is_winter(region: WeatherRegion, month: int, where: Where, working: Working) -> bool:
    """IX. WEATHER: is `month` (1-12) winter in `region`, on land or at sea?"""
    winter_months: tuple[int, ...] = WINTER.lookup(region.value, working, column=where.value)
    winter = month in winter_months
    place = "at sea" if where is Where.SEA else "on land"
    working.step(
        f"{MONTHS[month]} is {'winter' if winter else 'not winter'} {place} in {region.label}", WINTER.source, winter
    )
    return winter


@dataclass(frozen=True)
class WinterInput:
    region: WeatherRegion = spec("The weather region")
    month: int = spec("The month, 1 (January) to 12", min=1, max=12)
    where: Where = spec("On land or at sea", default=Where.LAND)


@procedure("ad69", "winter", title="Is it winter?", source=WINTER.source, takes=WinterInput)
def winter(case: WinterInput, dice: Dice) -> Result:
    """IX. WEATHER: whether a month is winter in a region, on land or at sea."""
    working = Working()
    answer = is_winter(case.region, case.month, case.where, working)
    return Result.of("ad69.winter", {"winter": answer}, working, dice)
