"""Building the handbook's characters for the desks' tests (test set-up, not game actions)."""

from umpire.models import Character
from warfare.models import Battle
from warfare.services.battles import do_decide_battle


def commander(event, name, skill, table):
    return Character.objects.create(
        event=event, name=name, role="legate", social_class="senator", military_skill=skill, location=table
    )


def called_off(battle, umpire):
    """Side B declines at step 1 (the opening's choice to fight taken back, as set-up): the battle is
    over unfought, its record locked, and it may be published."""
    Battle.objects.filter(pk=battle.pk).update(decided_at=None)
    return do_decide_battle(battle, fight=False, declined_by="b", reason="the river is in flood", actor=umpire)
