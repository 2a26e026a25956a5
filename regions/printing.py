"""The Legion Status Chart's data, built from the models (IX. WARFARE, UPGRADING: "Legionary
Legates will be given a chart to help keep track of the status of units under the control of
their Legion"). The figures come from the engine, as on the legion page; umpire.printing draws it.
"""
from django.db.models import Prefetch

from umpire.printing.legion_status import LegionStatusSheet, TroopLine, legion_status_pdf
from umpire.rules.ad69.legions import LEGION_LIMITS, LIMIT_GROUPS
from umpire.rules.ad69.legions import count as units_of

from .models import CostOwed
from .selectors import (
    describe_upgrade_with_date, forces_of, get_combat_values, get_legions_of_table, get_unit_lines, get_upkeep,
)
from .services.engine import as_rules_force, current_turn


def with_costs_owed(forces):
    """The forces with their unpaid costs, fetched once for all of them."""
    unsettled = CostOwed.objects.filter(settled=False)
    return forces.prefetch_related(Prefetch("costs_owed", queryset=unsettled, to_attr="unsettled"))


def get_force_sheet(force, turn):
    """One legion's chart: who and where, its composition, values, upkeep, limits and what is pending."""
    value, if_veteran = get_combat_values(force)
    return LegionStatusSheet(
        event_name=force.event.name, legion=force.name, legate=str(force.legate or ""),
        army_commander=str(force.army_commander or ""), allegiance=str(force.sworn_to or ""),
        location=location(force), status=status(force), as_at=f"Turn {turn}, {force.event.game_month(turn)}",
        lines=tuple(troop_line(line) for line in get_unit_lines(force)),
        combat_value=value, combat_value_if_veteran=if_veteran,
        upkeep_per_quarter=get_upkeep(force).outcome["total"], limits=limits(force),
        upgrades_in_progress=tuple(describe_upgrade_with_date(u, force.event) for u in force.open_upgrades),
        owed=tuple(f"{c.talents} talents: {c.what} (turn {c.turn})" for c in force.unsettled),
    )


def troop_line(line):
    return TroopLine(label=line.label, normal=line.normal, veteran=line.veteran,
                     combat_value=line.combat_value or 0, upkeep=line.upkeep or 0)


def location(force):
    where = f"{force.province}, {force.map_point}" if force.map_point else str(force.province)
    return f"{where} ({force.province.region} table)"


def status(force):
    aboard = f", aboard {force.embarked_on}" if force.embarked_on_id else ""
    return f"{force.get_status_display()}{aboard}"


def limits(force):
    """IX. LIMITATIONS from the engine's LEGION_LIMITS, with what the legion holds now."""
    held = as_rules_force(force)
    parts = [f"{units_of(held, *LIMIT_GROUPS[group])}/{LEGION_LIMITS.lookup(group)} {group.replace('_', ' ')}"
             for group in LEGION_LIMITS.rows]
    total = sum(LEGION_LIMITS.rows.values())
    return f"{', '.join(parts)} vexillations (praetorians count as legionary); {total} in all ({LEGION_LIMITS.source})"


def legion_status_charts(event, forces, *, page_size="A4"):
    """The PDF of the charts of `forces` (a queryset of Roman forces), one a page."""
    turn = current_turn(event)
    return legion_status_pdf([get_force_sheet(force, turn) for force in with_costs_owed(forces)],
                             page_size=page_size)


def force_chart(event, force, *, page_size="A4"):
    return legion_status_charts(event, forces_of(event).filter(pk=force.pk), page_size=page_size)


def table_charts(event, region, *, page_size="A4"):
    return legion_status_charts(event, get_legions_of_table(event, region), page_size=page_size)
