"""What the post does at the end of every turn; registered with the clock in MailConfig.ready()."""

from .services.transit import release_due_letters


def end_of_turn(event, turn):
    release_due_letters(event, turn)
