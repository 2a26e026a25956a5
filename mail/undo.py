"""What undoing the post means (umpire.undo): a letter's journey is the post's history, and a
player's mailbox code, once replaced, stays dead."""
from umpire.undo import register_refusal


def register():
    register_refusal("letter", "a letter's journey is the post's history: Control rules on the letter at its page.")
    register_refusal("mailbox", "a replaced mailbox code stays dead: issue another.")
