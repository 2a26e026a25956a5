"""Control's pack, gathered from every app into umpire.printing.control_pack's sheet, with the turn
schedule appended (issue 10, part 3).

It reads the world as it stands when Control prints it, in a fixed number of queries, so the
pack costs the same whether the event has ten characters or a hundred. Offices and commands are
named as in the personal briefings, and forces valued by the engine as on the legion page.
"""

from collections import defaultdict

from regions.models import Force, Province
from regions.printing import location
from regions.services.engine import as_rules_force
from regions.services.ledger import talents
from umpire.models import Character, Region, Role, UmpireSeat
from umpire.printing.control_pack import (
    CastMember,
    ControlPack,
    ForceLine,
    ProvinceLine,
    RotaSeat,
    TableContents,
    control_pack_pdf,
)
from umpire.rules.ad69.forces import combat_value

from .briefings import commands_of, governor_of, office_holders, starts_at
from .table_packs import merged, schedule, umpire_name

NOT_PLACED = "not placed yet"
ROTA_ORDER = list(Role.values)  # Control first, then the tables, the Senate and the Non-Roman World


def control_pack(event, *, page_size="A4"):
    """Control's pack as one PDF's bytes: the cast list, the rota and every table, then the turn schedule."""
    pack = control_pack_pdf(get_control_pack(event), event_name=event.name, page_size=page_size)
    return merged([pack, schedule(event, page_size)])


def get_control_pack(event):
    characters = list(
        Character.objects.filter(event=event)
        .select_related("career_rank", "location", "travelling_to")
        .order_by("name")
    )
    provinces = list(Province.objects.filter(event=event).select_related("governor", "procurator").order_by("name"))
    forces = list(
        Force.objects.filter(event=event)
        .select_related("province__region", "legate", "army_commander")
        .prefetch_related("troops")
        .order_by("name")
    )
    seats = sorted(UmpireSeat.objects.filter(event=event).select_related("user", "region"), key=rota_place)
    tables = list(Region.objects.filter(event=event, kind=Region.Kind.MAP_TABLE).order_by("position", "name"))
    return ControlPack(
        cast=get_cast(characters, provinces, forces),
        rota=tuple(map(rota_seat, seats)),
        unseated_tables=unseated(tables, seats),
        tables=tuple(table_contents(table, provinces, forces, characters, seats) for table in tables),
    )


# ---- the cast list ---------------------------------------------------------------------------------


def get_cast(characters, provinces, forces):
    offices = held_by(provinces, office_holders, lambda province, title: f"{title} of {province.name}")
    commands = held_by(forces, commands_of, lambda force, title: f"{force.name} ({title})")
    return tuple(cast_member(c, offices[c.pk], commands[c.pk]) for c in characters)


def held_by(records, posts_of, in_words):
    """Each character's posts among `records`, in words, by his id."""
    held = defaultdict(tuple)
    for record in records:
        for title, holder in posts_of(record):
            if holder is not None:
                held[holder.pk] += (in_words(record, title),)
    return held


def cast_member(character, offices, forces):
    return CastMember(
        name=character.name,
        role=character.get_role_display(),
        social_class=character.get_social_class_display(),
        career_rank=str(character.career_rank or "no rank"),
        starts_at=starts_at(character, unplaced=NOT_PLACED),
        offices=offices,
        forces=forces,
    )


# ---- the umpire rota ---------------------------------------------------------------------------------


def rota_place(seat):
    table = seat.region
    return (ROTA_ORDER.index(seat.role), table.position if table else 0, str(table or ""), umpire_name(seat.user))


def rota_seat(seat):
    return RotaSeat(role=seat.get_role_display(), table=str(seat.region or ""), umpire=umpire_name(seat.user))


def unseated(tables, seats):
    """The map tables no Region umpire sits at: nobody would run them on the day."""
    seated = {seat.region_id for seat in seats if seat.role == Role.REGION}
    return tuple(table.name for table in tables if table.pk not in seated)


# ---- each table's contents -------------------------------------------------------------------------------


def table_contents(table, provinces, forces, characters, seats):
    return TableContents(
        name=table.name,
        umpires=tuple(umpire_name(seat.user) for seat in seats if seat.region_id == table.pk),
        provinces=tuple(province_line(p) for p in provinces if p.region_id == table.pk),
        forces=tuple(force_line(f) for f in forces if f.province.region_id == table.pk),
        characters=tuple(starting_here(c) for c in characters if start_table_id(c) == table.pk),
    )


def province_line(province):
    return ProvinceLine(
        name=province.name,
        income=talents(province.income_per_quarter),
        road_cost=talents(province.road_cost),
        governor=governor_of(province),
        procurator=str(province.procurator or "none"),
    )


def force_line(force):
    commanders = [f"{holder} ({title})" for title, holder in commands_of(force) if holder is not None]
    return ForceLine(
        name=force.name,
        where=location(force),
        commander=", ".join(commanders) or "none",
        combat_value=combat_value(as_rules_force(force)),
    )


def start_table_id(character):
    """His table, or the one he is on the road to, as starts_at words it."""
    return character.location_id or character.travelling_to_id


def starting_here(character):
    return character.name if character.location_id else f"{character.name} (on the road)"
