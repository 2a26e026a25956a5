"""A ruleset's sequence of play: the stages of a round, the phases of a stage, and each phase's
checklist, each item with its rule. Plain data, no models: an event's position in it is
boardgames.models.SequencePosition.

`load_sequence(ruleset)` reads `umpire.rules.<ruleset>.turn.SEQUENCE_OF_PLAY`; a ruleset whose
rules give none has no sequence, and its events show none."""

from dataclasses import dataclass
from functools import cache

from umpire.rules.reference import get_sequence

SETUP = "setup"


@dataclass(frozen=True)
class Item:
    text: str
    source: str = ""


@dataclass(frozen=True)
class Phase:
    key: str
    title: str
    source: str
    items: tuple
    stages: tuple = ()  # the stages (counted from 1) it happens in; empty: every stage

    def happens_in(self, stage):
        return not self.stages or stage in self.stages


@dataclass(frozen=True)
class Sequence:
    round_name: str  # "Year"
    stages: tuple  # the stages' names, in order: ("I", …, "VI")
    phases: tuple  # Phase, in the order played within a stage
    setup: Phase | None = None

    def phase(self, key):
        if self.setup is not None and key == self.setup.key:
            return self.setup
        return next((phase for phase in self.phases if phase.key == key), None)

    def phases_in(self, stage):
        return [phase for phase in self.phases if phase.happens_in(stage)]

    def stage_name(self, stage):
        return self.stages[stage - 1] if 1 <= stage <= len(self.stages) else ""


@dataclass(frozen=True)
class Place:
    """Where a game stands: round 0 is the set-up."""

    round: int
    stage: int
    phase: str


def first_place(sequence):
    if sequence.setup is not None:
        return Place(0, 0, sequence.setup.key)
    return first_of_stage(sequence, 1, 1)


def first_of_stage(sequence, round_, stage):
    return Place(round_, stage, sequence.phases_in(stage)[0].key)


def next_stage(sequence, place):
    """The first phase of the stage after `place`'s (after the last stage, of the next round)."""
    if place.stage < len(sequence.stages):
        return first_of_stage(sequence, place.round, place.stage + 1)
    return first_of_stage(sequence, place.round + 1, 1)


def next_place(sequence, place, *, start_stage=1):
    """The phase after `place`: the next of this stage, else the first of the next stage (after the
    last stage, the first of the next round). Leaving the set-up goes to `start_stage` of round 1."""
    if place.round == 0:
        return first_of_stage(sequence, 1, start_stage)
    keys = [phase.key for phase in sequence.phases_in(place.stage)]
    if place.phase in keys and keys.index(place.phase) + 1 < len(keys):
        return Place(place.round, place.stage, keys[keys.index(place.phase) + 1])
    return next_stage(sequence, place)


# ---- finding a ruleset's sequence ------------------------------------------------------------------

_ROUND_NAMES: dict[str, str] = {}


def register_round_name(ruleset, name):
    """What a round of the stages is called ("Year"), which the rules' data does not say."""
    _ROUND_NAMES[ruleset] = name


@cache
def has_sequence(ruleset):
    """Whether the ruleset has a sequence of play, asked of every console page: worked out once a process."""
    return get_sequence(ruleset) is not None


def load_sequence(ruleset):
    """The rules package's own SEQUENCE_OF_PLAY and SETUP_CHECKLIST (umpire.rules.reference), as a
    Sequence; None for a ruleset that has none."""
    found = get_sequence(ruleset)
    if found is None:
        return None
    setup, plans = found
    return from_stage_plans(plans, setup, _ROUND_NAMES.get(ruleset, "Round"))


def from_stage_plans(plans, setup, round_name):
    """The rules' data: one plan a stage ({"stage", "number", "phases": [{"key", "title", "rule",
    "steps": [{"text", "rule"}]}]}); a phase's stages are those whose plan holds it, and phases keep
    the printed order (one met first in a later stage goes after the phase it follows there)."""
    order, found, stages = [], {}, []
    for number, plan in enumerate(plans, start=1):
        stages.append(str(read(plan, "stage", number)))
        previous = None
        for phase in read(plan, "phases"):
            key = str(read(phase, "key"))
            if key not in found:
                found[key] = (phase, [])
                order.insert(order.index(previous) + 1 if previous else 0, key)
            found[key][1].append(int(read(plan, "number", number)))
            previous = key
    every = list(range(1, len(stages) + 1))
    phases = tuple(as_phase(found[key][0], () if found[key][1] == every else tuple(found[key][1])) for key in order)
    return Sequence(round_name, tuple(stages), phases, as_setup(setup) if setup else None)


def as_phase(data, stages):
    return Phase(
        str(read(data, "key")),
        str(read(data, "title", read(data, "key"))),
        str(read(data, "rule", "")),
        as_items(read(data, "steps", ())),
        stages,
    )


def as_setup(steps):
    return Phase(SETUP, "Game set-up", "II", as_items(steps))


def as_items(steps):
    return tuple(Item(str(read(step, "text")), str(read(step, "rule", ""))) for step in steps)


def read(data, name, default=None):
    if isinstance(data, dict):
        return data.get(name, default)
    return getattr(data, name, default)
