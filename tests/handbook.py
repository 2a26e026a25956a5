"""Reading the AD69 handbook's own tables, so tests check the data against the source.

The handbook is ../shared/seeds/003_64dedc002658febf.txt; its tables arrive as
running text, and these functions take them apart again.
"""

import re
from dataclasses import dataclass

import pytest
from django.conf import settings

from tests.conftest import IN_CI

HANDBOOK = "seeds/003_64dedc002658febf.txt"
TYPES = {"Senatorial": "senatorial", "Imperial": "imperial", "Mil District": "military", "n.a.": "none"}
ROW = re.compile(r"^(?P<name>.+?) (?P<income>\d+)(?:\((?P<potential>\d+)\))? Talents? (?P<road>\d+)\s*(?P<rest>.*)$")


@dataclass
class ProvinceRow:
    name: str
    income: int
    potential: int | None
    road: int
    governor: str | None
    governed_by_senate: bool
    province_type: str
    run_by_procurator: bool
    military_governor: bool
    controlled_from: str | None


def handbook_text():
    path = settings.SHARED_DIR / HANDBOOK
    if not path.exists():
        if IN_CI:
            pytest.fail(f"CI=true but the handbook is missing at {path}")
        pytest.skip(f"the AD69 handbook is not at {path}", allow_module_level=True)
    return path.read_text()


def between(text, start, end):
    begin = text.index(start) + len(start)
    return text[begin : text.index(end, begin)]


def province_rows():
    """The 41 rows of VII. REVENUES, The Provinces, column by column."""
    body = between(handbook_text(), "Road Income/Qtr Cost Governor Type", "(Shaded provinces")
    parts = re.split(r" (Senatorial|Imperial|Mil District|n\.a\.)(?= |$)", body.strip())
    rows = [_row(text.strip(), TYPES[kind]) for text, kind in zip(parts[0::2], parts[1::2])]
    _apply_braces(rows)
    return rows


def _row(text, province_type):
    match = ROW.match(text)
    rest = match["rest"]
    controlled = re.search(r"(?:Controlled|Ruled) from (\w+)", rest)
    governor = re.sub(
        r"\}|\((?:mil gov|proc)\)|(?:Controlled|Ruled) from \w+|The Senate of Rome", "", rest, flags=re.I
    ).strip()
    row = ProvinceRow(
        name=match["name"],
        income=int(match["income"]),
        potential=int(match["potential"]) if match["potential"] else None,
        road=int(match["road"]),
        governor=governor or None,
        governed_by_senate="The Senate of Rome" in rest,
        province_type=province_type,
        run_by_procurator="(proc)" in rest,
        military_governor="(mil gov)" in rest.lower(),
        controlled_from=controlled[1] if controlled else None,
    )
    row.in_brace = rest.startswith("}")
    return row


def _apply_braces(rows):
    """A brace groups rows that share one note, as the three Alpes "Controlled from Italia"."""
    group = []
    for row in rows + [None]:
        if row is not None and row.in_brace:
            group.append(row)
            continue
        shared = next((r.controlled_from for r in group if r.controlled_from), None)
        for member in group:
            member.controlled_from = shared
        group = []


def weather_regions():
    """The regions of IX. WARFARE, WEATHER, with their winters on land and at sea."""
    body = between(handbook_text(), "Region Land Sea", "=====")
    found = re.findall(r"([A-Z][A-Za-z /]+?) (none|[A-Z][a-z]+-[A-Z][a-z]+) ([A-Z][a-z]+-[A-Z][a-z]+)", body)
    return [(re.sub(r"\s*/\s*", "/", name.strip()), land, sea) for name, land, sea in found]


def senators_in_rome():
    """XI. Senatorial Players: "The key senators that start in Rome are …" (two names each)."""
    words = between(handbook_text(), "The key senators that start in Rome are", "SOCIAL CLASS").split()
    return [" ".join(words[i : i + 2]) for i in range(0, len(words), 2)]


def turn_table():
    """IV. THE TURN: (start, end, month name, year, tax turn) for each of the 21 turns."""
    body = between(handbook_text(), "Approx time Date Notes", "=====")
    rows = re.findall(r"(\d{4})-(\d{4}) ([A-Z][a-z]+) (\d\d)( Tax Turn)?", body)
    return [(start, end, month, int(year), bool(tax)) for start, end, month, year, tax in rows]
