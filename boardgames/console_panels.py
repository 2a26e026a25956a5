"""The sequence of play's panel on a table's console (umpire.table_console), registered in
BoardgamesConfig.ready(): the current stage and phase, and its checklist, the items still to do
needing action. An event whose ruleset has no sequence (AD69) has no such panel: an empty one on every
console and a column of noughts in the hall would only ask its umpires what they were missing."""

from umpire.addresses import address
from umpire.permissions import Perm
from umpire.selectors import can
from umpire.table_console import PanelView, Row

from .selectors import get_sequence_state
from .sequence import has_sequence


def gather_sequence(table, user, now):
    event = table.event
    state = get_sequence_state(event) if can(user, event, Perm.USE_RULES) else None
    if state is None:
        return PanelView((), 0, 0)
    heading = Row(where_text(state), note=state.phase.source)
    rows = tuple(Row(line.text, note=f"{line.source}, {'done' if line.done else 'to do'}") for line in state.checklist)
    return PanelView(
        (heading, *rows),
        len(state.to_do),
        0,
        address("boardgames:sequence", event.slug),
        "Open the sequence of play",
    )


def count_sequence(event, user, now, tables):
    """The sequence is the event's, not a table's: every table's cell counts the same items to do."""
    state = get_sequence_state(event) if can(user, event, Perm.USE_RULES) else None
    to_do = len(state.to_do) if state is not None else 0
    return {table.pk: PanelView((), to_do, 0) for table in tables}


def shown_in(event):
    return has_sequence(event.ruleset)


def where_text(state):
    if state.in_setup:
        return f"{state.phase.title}"
    return f"{state.sequence.round_name} {state.round}, stage {state.stage_name}: {state.phase.title}"
