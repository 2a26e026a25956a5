"""What undoing the print shop means (umpire.undo): a run still waiting to print is taken off the queue;
paper once printing stays printed; a run put back in the queue because its printer stopped stays there."""

from django.core.exceptions import ValidationError

from umpire.services.undo import restore_with_steps
from umpire.undo import register_compensation, register_refusal

from .models import PrintRun


def unqueue_run(entry, *, actor, reason):
    run = PrintRun.objects.filter(pk=entry.target_id).first()
    if run is not None and run.state != PrintRun.State.QUEUED:
        raise ValidationError(
            f"{entry.target_label} is {run.get_state_display().lower()}: paper once printing is not taken back."
        )
    restore_with_steps(entry, actor=actor, reason=reason)


def register():
    register_compensation("print run requested", unqueue_run)
    register_refusal("print run resumed", "its printer had stopped, and without it the run would never finish.")
