"""What a board game does at the end of every turn of the game clock; registered in BoardgamesConfig.ready()."""

from umpire.selectors import is_the_eve

from .services.sequence import do_begin_next_stage


def next_stage(event, turn):
    """A turn of the clock is a stage of the board game's sequence of play: at each turn's end the next
    stage begins (the eve of the game, as the clock starts, begins none)."""
    if not is_the_eve(event, turn):
        do_begin_next_stage(event)
