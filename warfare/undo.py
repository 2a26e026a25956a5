"""What undoing a fight means (umpire.undo): only a battle's confirmation is undone from the
log, whole: each force's losses, the victors' veterans and the commanders' fates it wrote
as its steps, then the battle unlocked at "losses proposed", to be put right and confirmed
again. The steps of a fight before that are put right at its desk."""
from umpire.services.undo import restore_with_steps
from umpire.undo import register_compensation, register_refusal


def register():
    register_compensation("battle.confirmed", restore_with_steps)
    register_refusal("battle", "a battle is put right at its desk (an override, a new verdict, calling it off); "
                               "only its confirmation is undone from the log.")
    register_refusal("siege", "a siege's months are put right at the siege desk.")
