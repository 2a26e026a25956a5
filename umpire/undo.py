"""What undoing an audited action means, action by action.

Most actions change one record and keep it whole in the audit's before and after: undoing
one puts back the fields it changed. A record whose audit snapshot holds more than its own
fields (a force's units) registers a restorer that reads and writes that state. An action
that is undone some other way (money, by a reversing transaction) registers its own
compensation; one that must never be undone from the log registers the reason why.

The apps register theirs in their AppConfig.ready(); the core knows none of them.
"""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Restorer:
    """How to read a record's audited state, and write part of it back."""

    read: Callable  # read(instance) -> the dict the audit keeps as before and after
    write: Callable  # write(instance, values, *, actor, reason): put `values` back, audited
    parts: tuple = ()  # the models whose rows are part of the record's state (a force's units)


_RESTORERS: dict[str, Restorer] = {}  # target_type ("mail.letter") -> how to read and write it back
_COMPENSATIONS: dict[str, Callable[..., object]] = {}  # action -> compensate(entry, *, actor, reason)
_REFUSALS: dict[str, str] = {}  # action prefix -> why it is never undone


def register_restorer(target_type, *, read, write, parts=()):
    _RESTORERS[target_type] = Restorer(read=read, write=write, parts=tuple(parts))


def register_compensation(action, compensate):
    """`compensate(entry, *, actor, reason)` undoes the action `entry` records with new changes."""
    _COMPENSATIONS[action] = compensate


def register_refusal(action_prefix, why):
    """Actions whose name starts with `action_prefix` are never undone from the log: `why` says
    what to do instead."""
    _REFUSALS[action_prefix] = why


def restorer_of(target_type):
    return _RESTORERS.get(target_type)


def compensation_of(action):
    return _COMPENSATIONS.get(action)


def refusal_of(action):
    matches = [prefix for prefix in _REFUSALS if action == prefix or action.startswith(prefix + ".")]
    return _REFUSALS[max(matches, key=len)] if matches else None


# A pause, a resume, an extension, a corrected turn are the clock's record alone, put back like any
# other (undoing a pause lets the turn run as if it had never stopped). A turn's end is not: its hooks
# have drawn up statements, brought letters and finished upgrades, none of which the clock undoes.
TURN_ENDED = (
    "the turn's end has been acted on (statements drawn up, letters arrived, upgrades finished): set "
    "the turn on the clock desk instead."
)
for action in ("clock.start", "clock.next_turn", "clock.advance"):
    register_refusal(action, TURN_ENDED)
register_refusal("access_code", "a revoked code stays revoked: reissue another.")
register_refusal("auth", "an umpire's password is given again on the Seats page, never taken back.")
register_refusal("rules.record", "the rules log keeps every run: record a ruling if a run was wrong.")
register_refusal("ruling", "a ruling is superseded, never withdrawn: record the corrected ruling.")
register_refusal("umpire.event.load", "an event's world is loaded once; correct its records in the admin.")
