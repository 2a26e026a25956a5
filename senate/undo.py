"""What undoing Rome means (umpire.undo): the Senate's acts, the mob's mood and the gods'
records are history that later acts answer, never erase (a mood is the sum of its moves)."""
from umpire.undo import register_refusal


def register():
    register_refusal("senate", "the Senate's acts stand in its record: table a motion or appoint again.")
    register_refusal("mob", "the mob's mood is the sum of its history: move it back.")
    register_refusal("gods", "the gods' records stand: rule again or record another devotion.")
