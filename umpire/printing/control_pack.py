"""Control's pack (issue 10, part 3): what Control holds before the game starts. The whole cast
list, the umpire rota with every map table left without a Region umpire called out, and each
table's contents: its provinces' figures, the forces there, who starts there and who umpires it.

Each table's contents start on a page of their own, so Control can hand a table's pages to
its umpire. The print shop builds the pack and appends the turn schedule; this module only draws it.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table

from umpire.printing.styles import (
    BODY,
    HEADING,
    SMALL,
    build_pdf,
    facts_table,
    masthead,
    paragraph,
    ruled_table,
)

TITLE_TEXT = "Control's pack"
NO_UMPIRE = "no umpire seated"


@dataclass(frozen=True)
class CastMember:
    name: str
    role: str
    social_class: str
    career_rank: str
    starts_at: str  # "at the Northern table", "on the road to the Gaul table"
    offices: tuple[str, ...]  # "Governor of Belgica"
    forces: tuple[str, ...]  # "Legio V Alaudae (legate)"


@dataclass(frozen=True)
class RotaSeat:
    role: str  # "Control", "Region", "Senate", "Non-Roman World"
    table: str  # "" for a seat at no table
    umpire: str


@dataclass(frozen=True)
class ProvinceLine:
    name: str
    income: str  # "70 talents", a quarter
    road_cost: str  # "7 talents", each March
    governor: str
    procurator: str


@dataclass(frozen=True)
class ForceLine:
    name: str
    where: str
    commander: str  # "Aulius Vitellius (legate)", or "none"
    combat_value: int


@dataclass(frozen=True)
class TableContents:
    name: str
    umpires: tuple[str, ...]
    provinces: tuple[ProvinceLine, ...]
    forces: tuple[ForceLine, ...]
    characters: tuple[str, ...]  # "Aulius Vitellius", or "Titus Vinius (on the road)"


@dataclass(frozen=True)
class ControlPack:
    cast: tuple[CastMember, ...]
    rota: tuple[RotaSeat, ...]
    unseated_tables: tuple[str, ...]  # map tables with no Region umpire
    tables: tuple[TableContents, ...]


def heading(text: str) -> Paragraph:
    return Paragraph(escape(text), HEADING)


def listed(names: Iterable[str], none: str = "none") -> str:
    return ", ".join(names) or none


def summary(pack: ControlPack) -> Table:
    left = (("Characters", str(len(pack.cast))), ("Map tables", str(len(pack.tables))))
    right = (("Umpire seats", str(len(pack.rota))), ("Tables without umpire", str(len(pack.unseated_tables))))
    return facts_table(left, right)


def cast_list(pack: ControlPack) -> list[Flowable]:
    rows = [(m.name, (m.role, m.social_class, m.career_rank), m.starts_at, (*m.offices, *m.forces)) for m in pack.cast]
    columns = ("Name", "Role, class, rank", "Starts", "Offices and commands")
    return [heading("Cast list"), ruled_table(columns, rows, ("24%", "22%", "20%", "34%"))]


def rota(pack: ControlPack) -> list[Flowable]:
    story: list[Flowable] = [heading("Umpire rota")]
    if pack.rota:
        rows = [(seat.role, seat.table or "–", seat.umpire) for seat in pack.rota]
        story.append(ruled_table(("Role", "Table", "Umpire"), rows, ("28%", "28%", "44%")))
    else:
        story.append(paragraph("No umpire has a seat yet."))
    return story + [Spacer(0, 8), *(warning(table) for table in pack.unseated_tables)]


def warning(table: str) -> Paragraph:
    return Paragraph(f"<b>{escape(table)}: {NO_UMPIRE}.</b>", BODY)


def table_section(table: TableContents) -> list[Flowable]:
    story: list[Flowable] = [
        PageBreak(),
        masthead(table.name, "Table contents"),
        Paragraph(f"<b>Umpires:</b> {escape(listed(table.umpires, NO_UMPIRE))}", BODY),
        heading("Provinces"),
    ]
    story.append(provinces_table(table) if table.provinces else paragraph("No province sits at this table."))
    story.append(heading("Forces"))
    story.append(forces_table(table) if table.forces else paragraph("No force stands at this table."))
    return story + [heading("Starting here"), paragraph(listed(table.characters, "No one starts here."))]


def provinces_table(table: TableContents) -> Table:
    rows = [(p.name, p.income, p.road_cost, p.governor, p.procurator) for p in table.provinces]
    columns = ("Province", "Income a quarter", "Road cost each March", "Governor", "Procurator")
    return ruled_table(columns, rows, ("22%", "15%", "17%", "23%", "23%"))


def forces_table(table: TableContents) -> Table:
    rows = [(f.name, f.where, f.commander, f.combat_value) for f in table.forces]
    return ruled_table(("Force", "Where", "Commander", "Combat value"), rows, ("26%", "30%", "28%", "16%"))


def control_pack_story(pack: ControlPack, event_name: str) -> list[Flowable]:
    story: list[Flowable] = [
        masthead(event_name, TITLE_TEXT),
        summary(pack),
        paragraph("Printed from the event's records; the turn schedule follows the tables.", SMALL),
    ]
    story += cast_list(pack) + rota(pack)
    for table in pack.tables:
        story += table_section(table)
    return story


def control_pack_pdf(pack: ControlPack, *, event_name: str, page_size: str = "A4") -> bytes:
    """The pack as PDF bytes on "A4" or "Letter" paper, without the turn schedule."""
    return build_pdf(control_pack_story(pack, event_name), title=TITLE_TEXT, event_name=event_name, page_size=page_size)
