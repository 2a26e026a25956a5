"""The AD69 rules desk's cases filled from the event's forces and characters (umpire.rules_records).

At the desk, any force in a case (a legion moving, raising troops, carried by a fleet) can be picked from the
event's forces, a battle's or a siege's side from a force and a commander, and a player whose forces meet
another's between the tables from a force and the area it was marching to: the troops, the Aquila, the
commander's Military Skill and the side's forced marches come from the records, in the same translations the
battle and siege pages use (regions.services.engine.as_case_force, selectors.check_military_skill and
forced_marches, services.sieges.military_skill), so the desk and the battle desk fight the same sides."""

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q

from regions.models import Force, MapRoute, Province
from regions.services.engine import as_case_force
from umpire.models import Character
from umpire.rules.ad69.battle_round import Side
from umpire.rules.ad69.forces import Force as RulesForce
from umpire.rules.ad69.movement import Marcher
from umpire.rules.ad69.siege import SiegeSide
from umpire.rules_records import Pick, register_case_picker
from umpire.selectors import is_record_id

from .selectors import check_military_skill, forced_marches
from .services.sieges import military_skill

AD69 = "ad69"


def register() -> None:
    force = Pick("force", "A force from the event's records", force_choices)
    commander = Pick("commander", "Its commander, from the event's characters", commander_choices)
    target = Pick("target", "The area it was marching to, next to its own", area_choices)
    register_case_picker(RulesForce, ruleset=AD69, picks=(force,), fill=fill_force)
    register_case_picker(Side, ruleset=AD69, picks=(force, commander), fill=fill_battle_side)
    register_case_picker(SiegeSide, ruleset=AD69, picks=(force, commander), fill=fill_siege_side)
    register_case_picker(Marcher, ruleset=AD69, picks=(force, target), fill=fill_marcher)


def force_choices(event: Any) -> list[tuple[str, str]]:
    """Each force by its name, its kind and where it stands, as the umpire finds it on the map."""
    forces = Force.objects.filter(event=event).select_related("province").order_by("name")
    return [(str(f.pk), f"{f.name} ({f.get_kind_display().lower()}, {f.province.name})") for f in forces]


def commander_choices(event: Any) -> list[tuple[str, str]]:
    """The living characters, each with his Military Skill as the records give it."""
    living = Character.objects.filter(event=event, died_turn__isnull=True).order_by("name")
    return [
        (str(c.pk), f"{c.name} (Military Skill {c.military_skill if c.military_skill is not None else 'not set'})")
        for c in living
    ]


def area_choices(event: Any) -> list[tuple[str, str]]:
    """Each province area by its name and its table."""
    areas = Province.objects.filter(event=event).select_related("region").order_by("name")
    return [(str(area.pk), f"{area.name} ({area.region.name} table)") for area in areas]


def fill_force(event: Any, picks: Mapping[str, str], values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """A force's name, troops and Aquila as the records have them now."""
    force = record_force(event, picks["force"])
    return as_case_force(force), [f"{force.name}: {troops_in_words(force)}, from the event's records."]


def fill_battle_side(event: Any, picks: Mapping[str, str], values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """X. BATTLE DIE ROLLING SYSTEM: the picked force joins the side; the side fights under its commander (the
    one picked, else the force's army commander or its legate), named after him and with his Military Skill;
    and its parts that force-marched in this turn's moves count against it."""
    side, notes = with_picked_force(event, picks, values)
    commander = picked_commander(event, picks) or commander_of(side_forces(event, side))
    if commander is not None:
        side["name"], side["military_skill"] = commander.name, check_military_skill(commander, "commander")
        notes.append(f"{side['name']} commands, Military Skill {side['military_skill']}.")
    elif not side.get("name"):
        side["name"] = " and ".join(force.get("name", "") for force in side["forces"])
    side["force_marched"] = forced_marches(side_forces(event, side), event)
    return side, notes


def fill_siege_side(event: Any, picks: Mapping[str, str], values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """X. SIEGE COMBAT RESULTS: "+ Military Skill of Army Commander": the one picked, else the side's forces'
    army commander or legate, as the siege page counts it."""
    side, notes = with_picked_force(event, picks, values)
    commander = picked_commander(event, picks)
    if commander is not None:
        side["military_skill"] = check_military_skill(commander, "commander")
        notes.append(f"{commander.name} commands, Military Skill {side['military_skill']}.")
    else:
        side["military_skill"] = military_skill(side_forces(event, side), "commander")
    return side, notes


def fill_marcher(event: Any, picks: Mapping[str, str], values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """IX. LAND MOVEMENT, forces meeting between tables: the player who rolls for a force is its commander (its
    army commander, else its legate; a force with neither is rolled for under its own name, by its Region
    umpire); its target area is one its own area's designated routes lead to."""
    marcher, notes = dict(values), []
    force = record_force(event, picks["force"]) if picks.get("force") else None
    if force is not None:
        player = force.army_commander or force.legate
        marcher["player"] = player.name if player else force.name
        notes.append(
            f"{force.name} marches under {player.name}."
            if player
            else f"{force.name} has no commander: its Region umpire rolls for it."
        )
    if picks.get("target"):
        area = record_area(event, picks["target"])
        if force is not None:
            check_next_to(force.province, area)
        marcher["target"] = area.name
        notes.append(f"Marching to {area.name}, at the {area.region.name} table.")
    return marcher, notes


def check_next_to(home: Province, area: Province) -> None:
    """The target area is one a designated route leads to from the force's own: "players may only enter or
    leave an area along the designated routes"."""
    crossings = MapRoute.objects.filter(designated=True).filter(
        Q(one__province=home, other__province=area) | Q(one__province=area, other__province=home)
    )
    if not crossings.exists():
        raise ValidationError(
            f"No designated route leads from {home.name} to {area.name} on the map: pick an area next to {home.name}."
        )


def record_area(event: Any, picked: str) -> Province:
    found = Province.objects.filter(event=event, pk=int(picked)).first() if is_record_id(picked) else None
    if found is None:
        raise ValidationError("That area is not one of this event's.")
    return found


def with_picked_force(event: Any, picks: Mapping[str, str], values: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The side with the picked force among its forces, as the records have it now."""
    side = {**values, "forces": list(values.get("forces", []))}
    if not picks.get("force"):
        return side, []
    force = record_force(event, picks["force"])
    fresh = as_case_force(force)
    # its own entry if the side names it already, else the entry the form offered and nobody named, else a new one
    places = [i for i, each in enumerate(side["forces"]) if each.get("name") in (force.name, None, "")]
    if places:
        side["forces"][places[0]] = fresh
    else:
        side["forces"].append(fresh)
    return side, [f"{force.name}: {troops_in_words(force)}, from the event's records."]


def side_forces(event: Any, side: Mapping[str, Any]) -> list[Force]:
    """The event's forces the side names (a force's name is unique in its event)."""
    names = [force.get("name") for force in side.get("forces", [])]
    return list(Force.objects.filter(event=event, name__in=names).select_related("army_commander", "legate"))


def commander_of(forces: list[Force]) -> Character | None:
    """The side's army commander by the records: a force's army commander, or its legate where it serves under
    none; several is the umpire's to settle, by picking one."""
    commanders = {c for c in (force.army_commander or force.legate for force in forces) if c is not None}
    if len(commanders) > 1:
        names = " and ".join(sorted(c.name for c in commanders))
        raise ValidationError(f"{names} each command part of this side: pick the one whose Military Skill counts.")
    return commanders.pop() if commanders else None


def picked_commander(event: Any, picks: Mapping[str, str]) -> Character | None:
    picked = picks.get("commander", "")
    if not picked:
        return None
    found = Character.objects.filter(event=event, pk=int(picked)).first() if is_record_id(picked) else None
    if found is None:
        raise ValidationError("That commander is not a character of this event.")
    return found


def record_force(event: Any, picked: str) -> Force:
    found = Force.objects.filter(event=event, pk=int(picked)).first() if is_record_id(picked) else None
    if found is None:
        raise ValidationError("That force is not one of this event's.")
    return found


def troops_in_words(force: Force) -> str:
    units = ", ".join(str(troops) for troops in force.troops.all() if troops.count)
    return f"{units or 'no units'}{', with its Aquila' if force.aquila else ''}"
