"""A 60-player cast, as a Control team keeps it in a spreadsheet before the day: AD69's 48
characters with their figures, twelve legionary legates of the organisers' own, and a player for
each. `faults=True` writes it as a first draft comes: one starting table misspelt, one Military Skill
below nothing, and one character entered twice."""

import io
import json
from pathlib import Path

import openpyxl

WORLD = Path(__file__).resolve().parents[2] / "fixtures" / "ad69_world.json"
CHARACTER_HEADER = (
    "name",
    "role or office",
    "class",
    "starting table",
    "wealth",
    "personal income",
    "support",
    "military skill",
    "briefing notes",
)
PLAYER_HEADER = ("name", "contact", "character", "team")
TEAMS = ("Flavians", "Vitellians", "Othonians", "Galbans", "Senate")
NEW_LEGATES = (
    ("Caecina Alienus", "Northern"),
    ("Fabius Valens", "Northern"),
    ("Antonius Primus", "Illyria"),
    ("Vedius Aquila", "Illyria"),
    ("Suetonius Paulinus", "Italia/Rome"),
    ("Annius Gallus", "Italia/Rome"),
    ("Julius Civilis", "Gaul"),
    ("Julius Classicus", "Gaul"),
    ("Cerialis Rufus", "Eastern Med"),
    ("Traianus Pater", "Eastern Med"),
    ("Clodius Macer", "North Africa"),
    ("Vettius Bolanus", "Spain"),
)
ROLE_WORDS = {"senator": "Senator", "governor": "Governor", "procurator": "Procurator", "legate": "Legionary Legate"}
CLASS_WORDS = {"senator": "Senator", "equestrian": "Equestrian"}


def the_world_characters():
    world = json.loads(WORLD.read_text())
    for record in world:
        if record["model"] == "umpire.character":
            fields = record["fields"]
            yield fields["name"], fields["role"], fields["social_class"], fields["location"][1]


def character_rows():
    """60 rows: each with figures of its own, so every briefing prints its own."""
    cast = [*the_world_characters(), *((name, "legate", "equestrian", table) for name, table in NEW_LEGATES)]
    return [
        (
            name,
            ROLE_WORDS[role],
            CLASS_WORDS[social_class],
            table,
            100 + 5 * number,  # wealth
            3 + number % 7,  # personal income
            number % 9,  # support
            1 + number % 4,  # military skill
            f"{name}'s secret: cast number {number}.",
        )
        for number, (name, role, social_class, table) in enumerate(cast, start=1)
    ]


def player_rows(characters):
    return [
        (f"Player {number:02d}", f"player{number:02d}@example.org", row[0], TEAMS[number % len(TEAMS)])
        for number, row in enumerate(characters, start=1)
    ]


def with_faults(characters):
    """The draft's three mistakes: a misspelt table, a skill of -2, and a character entered twice."""
    rows = [list(row) for row in characters]
    rows[0][3] = "Atlantis"
    rows[1][7] = -2
    rows.append(list(rows[2]))
    return rows


def cast_workbook(*, faults=False):
    """The cast as XLSX bytes, with both sheets."""
    characters = character_rows()
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Characters"
    sheet.append(CHARACTER_HEADER)
    for row in with_faults(characters) if faults else characters:
        sheet.append(list(row))
    players = book.create_sheet("Players")
    players.append(PLAYER_HEADER)
    for row in player_rows(characters):
        players.append(list(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
