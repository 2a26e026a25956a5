"""The sequence of play's changes: moving the game on to the next phase (and so the next stage and
round), and ticking an item of the current phase's checklist. Both audited and told to every umpire,
since every table's console shows the stage's checklist."""

from django.core.exceptions import ValidationError
from django.db.transaction import atomic

from umpire.events import publish_on_commit, umpires_group
from umpire.models import Event
from umpire.services.audit import Actor, record_audit, snapshot

from ..events import SequenceMoved
from ..models import ChecklistTick, SequencePosition
from ..sequence import Place, Sequence, first_place, load_sequence, next_place, next_stage


def check_sequence(event: Event) -> Sequence:
    sequence = load_sequence(event.ruleset)
    if sequence is None:
        raise ValidationError({"ruleset": f"The {event.get_ruleset_display()} ruleset has no sequence of play here."})
    return sequence


def position_of(event: Event, sequence: Sequence) -> SequencePosition:
    """The event's position, locked; opened at the start of the sequence the first time it is needed."""
    place = first_place(sequence)
    SequencePosition.objects.get_or_create(
        event=event, defaults=dict(round=place.round, stage=place.stage, phase=place.phase)
    )
    return SequencePosition.objects.select_for_update().get(event=event)


def do_advance_sequence(event: Event, *, start_stage: int = 1, actor: Actor) -> SequencePosition:
    """On to the next phase. Leaving the set-up, the game starts at `start_stage` (the scenario's)."""
    sequence = check_sequence(event)
    if not 1 <= start_stage <= len(sequence.stages):
        raise ValidationError({"start_stage": f"A stage from 1 to {len(sequence.stages)}."})
    with atomic():
        position = position_of(event, sequence)
        before = snapshot(position)
        place = next_place(sequence, Place(position.round, position.stage, position.phase), start_stage=start_stage)
        position.round, position.stage, position.phase = place.round, place.stage, place.phase
        position.full_clean()
        position.save()
        record_audit(
            event=event,
            actor=actor,
            action="sequence.advanced",
            target=position,
            before=before,
            after=snapshot(position),
        )
        tell(event, sequence, position, "advanced")
        return position


def do_begin_next_stage(event: Event, *, actor: Actor = None) -> SequencePosition | None:
    """A turn of the game clock is one stage: when it ends, the game goes to the first phase of the
    next stage (after the last, the next round's first). A game still in its set-up waits for the
    umpire to leave it at the scenario's stage; a ruleset with no sequence has nothing to move."""
    sequence = load_sequence(event.ruleset)
    if sequence is None:
        return None
    with atomic():
        position = position_of(event, sequence)
        if position.round == 0:
            return position
        before = snapshot(position)
        place = next_stage(sequence, Place(position.round, position.stage, position.phase))
        position.round, position.stage, position.phase = place.round, place.stage, place.phase
        position.full_clean()
        position.save()
        record_audit(
            event=event,
            actor=actor,
            action="sequence.next_stage",
            target=position,
            before=before,
            after=snapshot(position),
            reason="the clock's turn ended",
        )
        tell(event, sequence, position, "advanced")
        return position


def do_tick_checklist_item(event: Event, *, item: int, done: bool = True, actor: Actor) -> ChecklistTick | None:
    """Tick (or untick) item `item` (counted from 0) of the current phase's checklist."""
    sequence = check_sequence(event)
    with atomic():
        position = position_of(event, sequence)
        phase = sequence.phase(position.phase)
        if not 0 <= item < len(phase.items):
            raise ValidationError({"item": f"{phase.title} has items 1 to {len(phase.items)}."})
        where = dict(event=event, round=position.round, stage=position.stage, phase=position.phase, item=item)
        tick = ChecklistTick.objects.filter(**where).first()
        if done == (tick is not None):
            return tick
        if tick is None:  # ticked now (an untick finds its tick)
            tick = ChecklistTick(**where, by=actor if actor is not None and actor.is_authenticated else None)
            tick.full_clean()
            tick.save()
        record_audit(
            event=event,
            actor=actor,
            action="sequence.ticked" if done else "sequence.unticked",
            target=tick,
            before=None if done else snapshot(tick),
            after=snapshot(tick) if done else None,
            reason=phase.items[item].text,
        )
        if not done:
            tick.delete()
        tell(event, sequence, position, "ticked" if done else "unticked")
        return tick if done else None


def tell(event: Event, sequence: Sequence, position: SequencePosition, action: str) -> None:
    phase = sequence.phase(position.phase)
    publish_on_commit(
        [umpires_group(event.pk)],
        SequenceMoved(
            action=action,
            round=position.round,
            stage=sequence.stage_name(position.stage),
            phase=position.phase,
            title=phase.title,
        ),
    )
