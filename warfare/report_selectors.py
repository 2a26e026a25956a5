"""The players' side of the fights: what a published battle tells the hall, and nothing more.

Players have no logins; they read the reports through the projector's display code. So each
battle is copied into a report holding only what is public (no dice, seeds, overrides, verdict
reasons, umpires or audit), and the page never sees the battle's row itself.
"""

from dataclasses import dataclass

from .models import Battle
from .models.rounds import SIDES
from .selectors import units_in_words


def published_battles(event):
    """The event's published battles, newest first, with all their reports read, in a fixed
    number of queries: the summary reads every round and its overrides, the fates the umpire's
    rulings on the battle."""
    return (
        Battle.objects.filter(event=event, published_at__isnull=False)
        .select_related("province", "side_a_commander", "side_b_commander")
        .prefetch_related("forces", "rounds__overrides", "overrides")
        .order_by("-published_at", "-pk")
    )


@dataclass(frozen=True)
class SideReport:
    name: str
    forces: list  # [(force name, its units when the battle began)]
    losses: list  # [(force name, units lost, units left)]: empty until the battle is confirmed
    become_veterans: bool
    fate: str  # the fallen commander's fate in words, or ""


@dataclass(frozen=True)
class BattleReport:
    title: str
    turn: int
    month: str
    place: str
    province: str
    summary: str
    confirmed: bool
    sides: list


def get_battle_reports(event):
    return [battle_report(battle, event) for battle in published_battles(event)]


def battle_report(battle, event):
    return BattleReport(
        battle.title,
        battle.turn,
        str(event.game_month(battle.turn)),
        battle.place,
        battle.province.name,
        battle.summary,
        battle.is_locked,
        [side_report(battle, side) for side in SIDES],
    )


def side_report(battle, side):
    """Proposed losses may yet be placed otherwise by their owner: only confirmed ones are told
    (a battle called off is locked too, but has none)."""
    confirmed = battle.losses[side] if battle.is_locked and battle.losses else None
    return SideReport(
        battle.side_name(side),
        forces_in_words(battle, side),
        losses_in_words(confirmed),
        bool(confirmed and confirmed["become_veterans"]),
        fate_in_words(battle, side),
    )


def forces_in_words(battle, side):
    return [(fought.force_name, units_in_words(fought.composition)) for fought in battle.forces_of(side)]


def losses_in_words(losses):
    if losses is None:
        return []
    return [(lost["force"], lost_in_words(lost["lost"]), lost["units_left"]) for lost in losses["forces"]]


def lost_in_words(lines):
    """The engine's loss lines ({type, veteran, count}) read like a force's units."""
    return units_in_words({"troops": lines, "aquila": False})


def fate_in_words(battle, side):
    """X. RISK TO PLAYER CHARACTERS: "A 1 on 1d6 means that the injuries were fatal. Otherwise the
    character is wounded and may not take an active role in battles for 1d6 months"."""
    fate = battle.fates.get(side) if battle.is_locked else None
    if fate is None:
        return ""
    commander = battle.commander(side)
    who = commander.name if commander else f"{battle.side_name(side)}'s commander"
    if fate["fate"] == "killed":
        return f"{who} fell and died of his wounds."
    return f"{who} fell, wounded: no active role in battles for {fate['months_wounded']} month(s)."
