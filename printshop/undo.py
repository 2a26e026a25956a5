"""What undoing the print shop means (umpire.undo): paper once printed stays printed."""
from umpire.undo import register_refusal


def register():
    register_refusal("print run requested", "the paper is printed: a run is not taken back.")
