"""What undoing a fight means (umpire.undo).

Each step of a battle is audited twice: what happened (the round's outcome, the verdict) and, as its step,
the battle as it stood before and after, with its rounds, overrides and order of battle
(`battle_record`). Undoing the step puts that back: a round fought is taken out, a verdict unsaid, a claim
given back; refused while a later step of the same battle stands. A confirmation is undone whole: each
force's losses, the victors' veterans and the commanders' fates it wrote as its steps, then the battle
unlocked at "losses proposed", to be put right and confirmed again. A siege's months are put right at the
siege desk.
"""
from umpire.services.undo import restore_with_steps, save_fields
from umpire.undo import register_compensation, register_refusal, register_restorer

from .models import BattleForce
from .models.rounds import BattleOverride, BattleRound
from .services.battles import battle_record


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


def register():
    register_restorer("warfare.battle", read=battle_record, write=write_battle,
                      parts=[BattleForce, BattleRound, BattleOverride])
    register_compensation("battle.confirmed", restore_with_steps)
    register_refusal("siege", "a siege's months are put right at the siege desk.")
