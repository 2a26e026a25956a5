"""The map's files: reading and writing map points and routes as GeoJSON, or as two CSV sheets.

GeoJSON is one FeatureCollection: a Point feature for each map point (its coordinates [longitude,
latitude], or a null geometry for a point not yet placed; its properties feature "map_point", name,
province, kind, fortification) and a LineString feature for each route (properties feature "route",
from, to, kind, designated; the line is drawn from its ends and ignored on reading). The CSV sheets are
points.csv (name, province, kind, fortification, longitude, latitude) and routes.csv (from, to, kind,
designated). Export writes exactly what import reads, sorted by name, so a file kept under version control
changes only where the map did.

Reading only turns the file into rows of text and numbers, each with where it came from ("points.csv,
row 3"); whether a province or an end is known is the map service's question (regions.services.map). A
file is refused whole, every problem named by its row or feature and field. tablib writes the CSV; the
csv module reads it, as umpire.cast_sheets does, so that a row's number is the spreadsheet's own.
"""

import csv
import io
import json
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

import tablib  # type: ignore[import-untyped]  # ships no types
from django.core.exceptions import ValidationError

GEOJSON, POINTS_CSV, ROUTES_CSV = "geojson", "points_csv", "routes_csv"
FORMATS = {GEOJSON: "GeoJSON", POINTS_CSV: "points CSV", ROUTES_CSV: "routes CSV"}
POINT_COLUMNS = ("name", "province", "kind", "fortification", "longitude", "latitude")
ROUTE_COLUMNS = ("from", "to", "kind", "designated")
MAX_UPLOAD_BYTES = 5 * 1024 * 1024
MAX_ROWS = 5000  # an empire's map is a few hundred points; more is not a map file
MAX_TEXT_CHARS = 200
MAX_PROBLEMS = 30  # a file wrong everywhere is refused with the first of its faults
YES, NO = ("yes", "true", "1", "y"), ("no", "false", "0", "n", "")
FORMULA_LEADS = ("=", "+", "-", "@")  # a spreadsheet would run such a name; a number may lead with "-"


@dataclass(frozen=True)
class PointRow:
    where: str  # "points.csv, row 3" or "feature 4": how a refusal names it
    name: str
    province: str
    kind: str
    fortification: str
    longitude: float | None
    latitude: float | None


@dataclass(frozen=True)
class RouteRow:
    where: str
    one: str  # the file's "from"
    other: str  # the file's "to"
    kind: str
    designated: bool


@dataclass(frozen=True)
class MapFile:
    points: tuple[PointRow, ...] = ()
    routes: tuple[RouteRow, ...] = ()


def refuse(problems: Sequence[str]) -> NoReturn:
    shown = list(problems[:MAX_PROBLEMS])
    if len(problems) > MAX_PROBLEMS:
        shown.append(f"… and {len(problems) - MAX_PROBLEMS} more problems.")
    raise ValidationError({"file": shown})


# ---- which format ---------------------------------------------------------------------------------------------


def format_of(filename: str, text: str) -> str | None:
    """The format a file is in, by its name's ending and, for a CSV, by its header; None if neither tells."""
    name = filename.lower()
    if name.endswith((".geojson", ".json")):
        return GEOJSON
    if name.endswith(".csv"):
        header = {normal(cell) for cell in next(csv.reader(io.StringIO(text)), [])}
        if {"from", "to"} <= header:
            return ROUTES_CSV
        if "name" in header:
            return POINTS_CSV
    return None


def decoded(data: bytes) -> str:
    """The upload as text: UTF-8, with a spreadsheet's byte-order mark or without."""
    if len(data) > MAX_UPLOAD_BYTES:
        refuse(
            [f"The file is {len(data) // 1024} KB; a map file may be {MAX_UPLOAD_BYTES // 1024 // 1024} MB at most."]
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        refuse([f"The file is not UTF-8 text (byte {error.start}): save it as UTF-8 and upload it again."])


# ---- reading -------------------------------------------------------------------------------------------------


def read_map(text: str, file_format: str) -> MapFile:
    """The file's points and routes, or a refusal naming every row that cannot be read."""
    readers = {GEOJSON: read_geojson, POINTS_CSV: read_points_csv, ROUTES_CSV: read_routes_csv}
    if file_format not in readers:
        refuse([f"Unknown format “{file_format}”: one of {', '.join(FORMATS.values())}."])
    return readers[file_format](text)


class Cells:
    """One row's or feature's values, read field by field; each problem is kept with its place and field."""

    def __init__(self, where: str, values: Mapping[str, Any], problems: list[str]):
        self.where, self.values, self.problems = where, values, problems

    def refuse(self, field: str, why: str) -> None:
        self.problems.append(f"{self.where}, {field}: {why}.")

    def text(self, field: str, *, required: bool = True) -> str:
        value = self.values.get(field)
        text = "" if value is None else " ".join(str(value).split())
        if required and not text:
            self.refuse(field, "it is required")
        elif len(text) > MAX_TEXT_CHARS:
            self.refuse(field, f"{len(text)} characters; at most {MAX_TEXT_CHARS}")
        elif text.startswith(FORMULA_LEADS):
            self.refuse(field, f"“{text}” would be run as a formula by a spreadsheet")
        return text

    def number(self, field: str) -> float | None:
        value = self.values.get(field)
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        try:
            number = float(value) if not isinstance(value, bool) else math.nan
        except (TypeError, ValueError):
            number = math.nan
        if not math.isfinite(number):
            self.refuse(field, f"“{value}” is not a number")
            return None
        return number

    def yes_no(self, field: str) -> bool:
        value = self.values.get(field)
        if isinstance(value, bool):
            return value
        text = normal("" if value is None else value)
        if text in YES:
            return True
        if text not in NO:
            self.refuse(field, f"“{value}” is neither yes nor no")
        return False


def point_row(cells: Cells) -> PointRow:
    return PointRow(
        where=cells.where,
        name=cells.text("name"),
        province=cells.text("province"),
        kind=cells.text("kind"),
        fortification=cells.text("fortification", required=False),
        longitude=cells.number("longitude"),
        latitude=cells.number("latitude"),
    )


def route_row(cells: Cells) -> RouteRow:
    return RouteRow(
        where=cells.where,
        one=cells.text("from"),
        other=cells.text("to"),
        kind=cells.text("kind"),
        designated=cells.yes_no("designated"),
    )


def read_points_csv(text: str) -> MapFile:
    problems: list[str] = []
    rows = tuple(point_row(cells) for cells in csv_cells(text, "points.csv", POINT_COLUMNS, problems))
    return checked(MapFile(points=rows), problems)


def read_routes_csv(text: str) -> MapFile:
    problems: list[str] = []
    rows = tuple(route_row(cells) for cells in csv_cells(text, "routes.csv", ROUTE_COLUMNS, problems))
    return checked(MapFile(routes=rows), problems)


def checked(found: MapFile, problems: list[str]) -> MapFile:
    if problems:
        refuse(problems)
    if not (found.points or found.routes):
        refuse(["The file holds no map points and no routes."])
    return found


def csv_cells(text: str, sheet: str, columns: Sequence[str], problems: list[str]) -> Iterator[Cells]:
    """Each row of a CSV sheet with its cells by column; the header is row 1, and a blank line is left out
    but counted, so a row's number is the one a spreadsheet shows."""
    lines = csv.reader(io.StringIO(text))
    header = [normal(cell) for cell in next(lines, [])]
    missing = [column for column in columns if column not in header]
    unknown = [cell for cell in header if cell and cell not in columns]
    if missing or unknown:
        said = [f"no column “{column}”" for column in missing] + [f"an unknown column “{cell}”" for cell in unknown]
        refuse([f"{sheet}, row 1: {'; '.join(said)}. The columns are {', '.join(columns)}."])
    for number, cells in enumerate(lines, start=2):
        if number > MAX_ROWS + 1:
            refuse([f"{sheet}: more than {MAX_ROWS} rows; a map file holds fewer."])
        if not any(cell.strip() for cell in cells):
            continue
        if len(cells) > len(header):
            problems.append(f"{sheet}, row {number}: {len(cells)} cells under {len(header)} columns.")
        yield Cells(f"{sheet}, row {number}", dict(zip(header, cells, strict=False)), problems)


def read_geojson(text: str) -> MapFile:
    try:
        collection = json.loads(text)
    except ValueError as error:
        refuse([f"The file is not JSON: {error}."])
    if not isinstance(collection, dict) or collection.get("type") != "FeatureCollection":
        refuse(["The file is not a GeoJSON FeatureCollection."])
    features = collection.get("features")
    if not isinstance(features, list):
        refuse(["The FeatureCollection has no list of features."])
    if len(features) > MAX_ROWS:
        refuse([f"More than {MAX_ROWS} features; a map file holds fewer."])
    problems: list[str] = []
    points, routes = [], []
    for number, feature in enumerate(features, start=1):
        where = f"feature {number}"
        properties = feature.get("properties") if isinstance(feature, dict) else None
        if not isinstance(properties, dict):
            problems.append(f"{where}: a feature with no properties.")
            continue
        cells = Cells(where, properties, problems)
        kind = properties.get("feature")
        if kind == "map_point":
            points.append(feature_point(cells, feature.get("geometry")))
        elif kind == "route":
            routes.append(route_row(cells))
        else:
            cells.refuse("feature", f"“{kind}” is neither map_point nor route")
    return checked(MapFile(points=tuple(points), routes=tuple(routes)), problems)


def feature_point(cells: Cells, geometry: object) -> PointRow:
    """A point's row, its position read from the geometry: a GeoJSON Point is [longitude, latitude]."""
    row = point_row(cells)
    if geometry is None:
        return row
    coordinates = geometry.get("coordinates") if isinstance(geometry, dict) else None
    if not (isinstance(geometry, dict) and geometry.get("type") == "Point" and isinstance(coordinates, list)):
        cells.refuse("geometry", "a map point's geometry is a Point, or null for a point not yet placed")
        return row
    if len(coordinates) < 2:
        cells.refuse("geometry", "a Point has [longitude, latitude]")
        return row
    place = Cells(cells.where, {"longitude": coordinates[0], "latitude": coordinates[1]}, cells.problems)
    return PointRow(
        row.where,
        row.name,
        row.province,
        row.kind,
        row.fortification,
        place.number("longitude"),
        place.number("latitude"),
    )


# ---- writing -------------------------------------------------------------------------------------------------


def sorted_points(points: Iterable[PointRow]) -> list[PointRow]:
    return sorted(points, key=lambda point: (normal(point.name), point.name))


def sorted_routes(routes: Iterable[RouteRow]) -> list[RouteRow]:
    return sorted(routes, key=lambda route: (normal(route.one), normal(route.other)))


def write_points_csv(points: Iterable[PointRow]) -> str:
    sheet = tablib.Dataset(headers=list(POINT_COLUMNS))
    for point in sorted_points(points):
        sheet.append(
            [point.name, point.province, point.kind, point.fortification, shown(point.longitude), shown(point.latitude)]
        )
    return sheet.export("csv")


def write_routes_csv(routes: Iterable[RouteRow]) -> str:
    sheet = tablib.Dataset(headers=list(ROUTE_COLUMNS))
    for route in sorted_routes(routes):
        sheet.append([route.one, route.other, route.kind, "yes" if route.designated else "no"])
    return sheet.export("csv")


def shown(number: float | None) -> str:
    return "" if number is None else repr(number)


def write_geojson(points: Iterable[PointRow], routes: Iterable[RouteRow]) -> str:
    """The whole map, points first; a route's line runs between its ends' positions, or is null while an end
    is not placed."""
    points = sorted_points(points)
    placed = {point.name: [point.longitude, point.latitude] for point in points if point.longitude is not None}
    features = [point_feature(point) for point in points] + [
        route_feature(route, placed) for route in sorted_routes(routes)
    ]
    return json.dumps({"type": "FeatureCollection", "features": features}, ensure_ascii=False, indent=1) + "\n"


def point_feature(point: PointRow) -> dict:
    geometry = None if point.longitude is None else {"type": "Point", "coordinates": [point.longitude, point.latitude]}
    properties = {
        "feature": "map_point",
        "name": point.name,
        "province": point.province,
        "kind": point.kind,
        "fortification": point.fortification,
    }
    return {"type": "Feature", "geometry": geometry, "properties": properties}


def route_feature(route: RouteRow, placed: Mapping[str, list]) -> dict:
    ends = [placed.get(route.one), placed.get(route.other)]
    geometry = {"type": "LineString", "coordinates": ends} if all(ends) else None
    properties = {"feature": "route", "from": route.one, "to": route.other, "kind": route.kind}
    return {"type": "Feature", "geometry": geometry, "properties": {**properties, "designated": route.designated}}


def normal(text: object) -> str:
    """A header or a name as matched: case and spacing are a spreadsheet's, not the name's."""
    return " ".join(str(text).split()).casefold()
