"""A table's pack: everything its umpire needs on paper, in one PDF (issue 10, part 2). The
cover, then the table's map (issue 33) with the forces, sieges and battles at its points, then each
province's record sheet and time track, the legions' status charts, a blank
battle sheet and siege sheet, letter slips, the turn schedule and the reference card.

Each document is drawn by its own app's printing; this module gathers them and appends their
pages. Printing the pack reserves the slips' codes, so only a POST may build it."""

from dataclasses import replace
from io import BytesIO

from django.utils import timezone
from pypdf import PdfReader, PdfWriter

from mail.printing import stationery
from mail.services.stationery import do_print_stationery
from maps.selectors import table_map_data
from regions.printing import table_charts
from regions.selectors import get_legions_of_table
from umpire import calendar
from umpire.models import GameClock
from umpire.printing.battle_sheet import SideSheet, battle_sheet_pdf
from umpire.printing.map_page import map_page_pdf
from umpire.printing.province_sheet import ProvinceSheet, TrackTurn, province_sheets_pdf
from umpire.printing.reference_card import CombatValueRow, ReferenceCard, reference_card_pdf
from umpire.printing.schedule import turn_schedule_pdf
from umpire.printing.siege_sheet import SideOnSheet, SiegeSheet, siege_sheet_pdf
from umpire.printing.table_pack import TablePackCover, table_pack_cover_pdf
from umpire.rules.ad69 import battle_round as battle
from umpire.rules.ad69.forces import COMBAT_VALUES
from umpire.rules.ad69.siege import SIEGE_RESULTS
from umpire.selectors import get_schedule_sheet
from warfare.printing import SideOnPaper, get_battle_sheet
from warfare.siege_printing import EMPTY_MONTHS, ENGINES, LOSSES, REDUCTION

SLIPS_PER_PACK = 8  # one page of slips
WRITE_IN = "_" * 16  # a blank sheet's line to write on; an empty fact would print "none"
CONTENTS = (
    "The table's map, with the forces, sieges and battles at its points",
    "Province record sheets and time tracks",
    "Legion Status Charts",
    "Blank battle sheet",
    "Blank siege sheet",
    f"{SLIPS_PER_PACK} letter slips",
    "Turn schedule",
    "Reference card",
)


def table_pack(region, *, page_size="A4", actor=None, codes=None):
    """The table's pack as one PDF's bytes; its slips print `codes`, or SLIPS_PER_PACK codes reserved now for
    the table."""
    parts = [
        cover(region, page_size),
        table_map(region, page_size),
        province_sheets(region, page_size),
        legion_charts(region, page_size),
        blank_battle_sheet(region, page_size),
        blank_siege_sheet(region, page_size),
        slips(region, page_size, actor, codes),
        schedule(region.event, page_size),
        reference_card(region.event, page_size),
    ]
    return merged([part for part in parts if part])


def merged(pdfs):
    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(PdfReader(BytesIO(pdf)))
    buffer = BytesIO()
    writer.write(buffer)
    return buffer.getvalue()


# ---- the cover ----------------------------------------------------------------------------------


def cover(region, page_size):
    sheet = TablePackCover(
        table=region.name,
        provinces=tuple(p.name for p in region.provinces.order_by("name")),
        umpires=tuple(
            umpire_name(seat.user) for seat in region.seats.select_related("user").order_by("user__username")
        ),
        contents=CONTENTS,
    )
    return table_pack_cover_pdf(sheet, event_name=region.event.name, page_size=page_size)


def umpire_name(user):
    return user.get_full_name() or user.username


# ---- the map ------------------------------------------------------------------------------------


def table_map(region, page_size):
    """The table's map as its umpire sees it on the console, turned landscape on the pack's paper."""
    return map_page_pdf(table_map_data(region), event_name=region.event.name, page_size=page_size)


# ---- the province record sheets ---------------------------------------------------------------


def time_track(event):
    return tuple(
        TrackTurn(turn, str(event.game_month(turn)), calendar.is_tax_turn(turn))
        for turn in range(1, event.number_of_turns + 1)
    )


def province_sheet(province, turns):
    return ProvinceSheet(
        province=province.name,
        table=province.region.name,
        province_type=province.get_province_type_display(),
        income_per_quarter=province.income_per_quarter,
        road_cost=province.road_cost,
        governor=str(province.governor or ""),
        procurator=str(province.procurator or ""),
        turns=turns,
    )


def province_sheets(region, page_size):
    provinces = region.provinces.select_related("region", "governor", "procurator").order_by("name")
    turns = time_track(region.event)
    sheets = [province_sheet(province, turns) for province in provinces]
    return province_sheets_pdf(sheets, event_name=region.event.name, page_size=page_size) if sheets else None


def legion_charts(region, page_size):
    """The charts of the legions at the table; a table with none has no charts."""
    if not get_legions_of_table(region.event, region).exists():
        return None
    return table_charts(region.event, region, page_size=page_size)


# ---- the blank sheets ------------------------------------------------------------------------------


def blank_battle_sheet(region, page_size):
    """The battle sheet with the table filled in and the sides left for the umpire to write."""
    province = region.provinces.order_by("name").first()
    if province is None:
        return None
    no_one = SideOnPaper("", ())
    sheet = get_battle_sheet(province, place="", side_a=no_one, side_b=no_one)
    sheet = replace(
        sheet,
        title=f"Battle at {WRITE_IN}",
        facts=(("Table", region.name), ("Province", WRITE_IN), ("Place", WRITE_IN)),
        sides=(SideSheet("Side A", "", (), 0, ()), SideSheet("Side B", "", (), 0, ())),
    )
    return battle_sheet_pdf(sheet, event_name=region.event.name, page_size=page_size)


def blank_siege_sheet(region, page_size):
    blank = (("Military Skill of the Army Commander", ""), ("+2 commander in person", "+2 or 0"))
    sheet = SiegeSheet(
        title=f"Siege of {WRITE_IN}",
        facts=(("Table", region.name), ("Province", WRITE_IN), ("Kind of place", WRITE_IN), ("Begun", WRITE_IN)),
        state=(("Turn now", WRITE_IN), ("Multiplier", WRITE_IN), ("Engine sets", WRITE_IN), ("Holds", WRITE_IN)),
        sides=(
            SideOnSheet("Besiegers", (), "Combat value (raw levies do not assault)", 0, blank),
            SideOnSheet("Garrison", (), "Defence Combat Value", 0, blank),
        ),
        results=tuple(band.label for band in SIEGE_RESULTS.bands),
        rules=(("Losses", LOSSES), ("Reducing defences", REDUCTION), ("Building siege engines", ENGINES)),
        empty_months=EMPTY_MONTHS,
    )
    return siege_sheet_pdf(sheet, event_name=region.event.name, page_size=page_size)


def reserve_slips(region, actor):
    return do_print_stationery(region, slips=SLIPS_PER_PACK, actor=actor)


def slips(region, page_size, actor, codes=None):
    return stationery(region, codes or reserve_slips(region, actor), page_size=page_size)


# ---- the schedule and the reference card ------------------------------------------------------------


def schedule(event, page_size):
    """The turn schedule, with its times once the first turn's time of day is planned; blank before."""
    clock = GameClock.objects.select_related("event").get(event=event)
    return turn_schedule_pdf(get_schedule_sheet(clock, timezone.now()), page_size=page_size)


BATTLE_FACTORS = (  # X. BATTLE DIE ROLLING SYSTEM, in the handbook's order
    ("Every legion's Aquila present", battle.AQUILA),
    ("For every 10 points of combat value", 1),
    ("Pushed back in the last round", battle.PUSHED_BACK),
    ("The commander has joined the battle in person", battle.JOINED),
    ("Outflanking the enemy by more than half its frontage", battle.OUTFLANKING),
    ("Defending", battle.DEFENDING),
    ("For each part of the force that force-marched last turn", battle.FORCE_MARCHED),
)


def get_reference_card():
    values = tuple(
        CombatValueRow(troop_type.label.capitalize(), row["normal"], row["veteran"])
        for troop_type, row in COMBAT_VALUES.rows.items()
    )
    factors = (
        *((text, f"{value:+d}") for text, value in BATTLE_FACTORS),
        ("Military Skill of the army commander", "+skill"),
    )
    return ReferenceCard(
        combat_values=values,
        battle_factors=factors,
        battle_results=tuple(band.label for band in battle.BATTLE_RESULTS.bands),
        siege_results=tuple(band.label for band in SIEGE_RESULTS.bands),
    )


def reference_card(event, page_size):
    return reference_card_pdf(get_reference_card(), event_name=event.name, page_size=page_size)
