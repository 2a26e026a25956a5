"""The rulings log: an umpire records how he interpreted the rules, and every umpire hears it at once.

"Consistency": the same question should get the same answer at every table. A ruling may replace
an earlier one; the earlier stays in the log, marked as superseded, since history is never edited.
"""

from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.events import RulingRecorded, publish_on_commit, umpires_group
from umpire.models import Event, Ruling
from umpire.permissions import Perm
from umpire.selectors import can, get_turn

from .audit import Actor, record_audit, snapshot


def do_record_ruling(
    event: Event, *, question: str, ruling: str, actor: Actor, section: str = "", supersedes: Ruling | None = None
) -> Ruling:
    """Add a ruling on `question` to the log, replacing `supersedes` if given."""
    if not can(actor, event, Perm.RECORD_RULINGS):
        raise ValidationError("Only the event's umpires record rulings.")
    with transaction.atomic():
        if supersedes is not None:  # locked, so two umpires cannot both replace the same ruling
            supersedes = Ruling.objects.select_for_update().get(pk=supersedes.pk)
        recorded = Ruling(
            event=event,
            question=question.strip(),
            ruling=ruling.strip(),
            section=section.strip(),
            supersedes=supersedes,
            recorded_by=actor,
            turn=get_turn(event),
        )
        recorded.full_clean()
        recorded.save()
        record_audit(
            event=event,
            actor=actor,
            action="ruling.recorded",
            target=recorded,
            after=snapshot(recorded),
            reason=f"supersedes ruling {supersedes.pk}" if supersedes else "",
        )
        publish_on_commit(
            [umpires_group(event.pk)],
            RulingRecorded(
                ruling_id=recorded.pk,
                section=recorded.section,
                question=recorded.question,
                ruling=recorded.ruling,
                supersedes_id=recorded.supersedes_id,
            ),
        )
    return recorded
