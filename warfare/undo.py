"""What undoing a fight means (umpire.undo).

Each step of a battle is audited twice: what happened (the round's outcome, the verdict) and, as its step,
the battle as it stood before and after, with its rounds, overrides and order of battle
(`battle_record`). Undoing the step puts that back: a round fought is taken out, a verdict unsaid, a claim
given back; refused while a later step of the same battle stands. A confirmation is undone whole: each
force's losses, the victors' veterans and the commanders' fates it wrote as its steps, then the battle
unlocked at "losses proposed", to be put right and confirmed again.

A siege's step (laid, a month's work, an assault, losses placed, lifted) is audited with the siege whole,
each month's work with its losses (`siege_state`), and the forces' changes it made as its steps: undoing it
puts the forces back, the siege as it stood and takes out the month it added.
"""

from umpire.services.undo import restore_with_steps, save_fields
from umpire.undo import register_compensation, register_restorer

from .models import BattleForce, Siege, SiegeMonth
from .models.rounds import BattleOverride, BattleRound
from .services.battles import battle_record
from .services.sieges import siege_state


def write_battle(battle, values, *, actor, reason):
    """The battle's fields as they were, without the rounds and overrides added since, each force where it
    stood in the order of battle."""
    if "rounds" in values:
        BattleRound.objects.filter(battle=battle).exclude(pk__in=values["rounds"]).delete()
    if "overrides" in values:
        BattleOverride.objects.filter(battle=battle).exclude(pk__in=values["overrides"]).delete()
    for pk, words in (values.get("deployments") or {}).items():
        BattleForce.objects.filter(battle=battle, pk=pk).update(deployment=words)
    save_fields(battle, values, actor=actor, reason=reason)


def write_siege(siege, values, *, actor, reason):
    """The siege's fields as they were, without the months of work added since, each month's losses as they
    stood."""
    months = values.get("months")
    if months is not None:
        SiegeMonth.objects.filter(siege=siege).exclude(pk__in=[int(pk) for pk in months]).delete()
        for pk, losses in months.items():
            SiegeMonth.objects.filter(siege=siege, pk=pk).update(losses=losses)
    save_fields(siege, values, actor=actor, reason=reason)


def register():
    register_restorer(
        "warfare.battle", read=battle_record, write=write_battle, parts=[BattleForce, BattleRound, BattleOverride]
    )
    register_compensation("battle.confirmed", restore_with_steps)
    register_restorer(
        "warfare.siege",
        read=siege_state,
        write=write_siege,
        parts=[SiegeMonth, Siege.besiegers.through, Siege.garrison.through],
    )
