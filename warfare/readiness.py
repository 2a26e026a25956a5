"""The battles' check for game day (umpire.readiness): every commander's Military Skill. A battle, its
odds and a siege refuse a commander without one (selectors.check_military_skill), so the first battle at
his table would stop on it."""

from collections import defaultdict

from django.db.models import Q

from regions.models import Force
from umpire.models import Character, Event
from umpire.readiness import Missing, register_check
from umpire.readiness_checks import in_words, sheet_of


def commanders_without_skill(event: Event) -> list[Missing]:
    """Each legate or army commander of a force, and each Legionary Legate, whose skill is not set."""
    if not event.is_megagame:
        return []
    unskilled = Character.objects.filter(event=event, military_skill__isnull=True, died_turn__isnull=True)
    commands = defaultdict(list)
    for name, *commander_ids in Force.objects.filter(
        Q(legate__in=unskilled) | Q(army_commander__in=unskilled), event=event
    ).values_list("name", "legate_id", "army_commander_id"):
        for commander_id in set(commander_ids) - {None}:
            commands[commander_id].append(name)
    commanders = unskilled.filter(Q(role=Character.Role.LEGIONARY_LEGATE) | Q(pk__in=commands))
    return [
        Missing("Commanders", without_skill(commander, commands.get(commander.pk, [])), sheet_of(event, commander))
        for commander in commanders
    ]


def without_skill(commander: Character, forces: list[str]) -> str:
    if forces:
        return f"{commander} commands {in_words(sorted(forces))} but has no Military Skill."
    return f"{commander} is a Legionary Legate but has no Military Skill."


def register() -> None:
    register_check("warfare.commanders", commanders_without_skill)
