"""What undoing the post means (umpire.undo).

A letter's step is undone by putting the letter back as it stood and taking the step out of its
history: the audit keeps the letter with the steps it had (`letter_state`), so a step done since,
here or by the post's own round of arrivals (which changes the letter outside the log), refuses the
undo until it is put right first. A posting is undone by taking the letter out of the post.
"""

from umpire.services.undo import save_fields
from umpire.undo import register_refusal, register_restorer

from .models import LetterStep
from .services.post import letter_state


def write_letter(letter, values, *, actor, reason):
    """The letter's fields as they were, and its history without the steps taken since."""
    if "steps" in values:
        letter.steps.exclude(pk__in=values["steps"]).delete()
    save_fields(letter, values, actor=actor, reason=reason)


def register():
    register_restorer("mail.letter", read=letter_state, write=write_letter, parts=[LetterStep])
    register_refusal(
        "letter.arrived_by_post",
        "the post's round of arrivals is undone letter by letter: rule on each letter at its page.",
    )
    register_refusal("letter.stationery_printed", "the slips are printed: a printed code is simply never used.")
    register_refusal("mailbox", "a replaced mailbox code stays dead: issue another.")
