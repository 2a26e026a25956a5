"""Writing the audit log; called by every service inside its transaction."""
import json

from django.core.serializers.json import DjangoJSONEncoder

from umpire.models import AuditEntry, GameClock


def snapshot(instance):
    """The stored fields of a model instance, as JSON-safe values."""
    if instance is None:
        return None
    values = {field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields}
    return json.loads(json.dumps(values, cls=DjangoJSONEncoder))


def record_audit(*, event, actor, action, target, before=None, after=None, reason=""):
    """Add the audit entry of one change, stamped with the wall clock and the game date."""
    turn, game_date = _game_date(event)
    return AuditEntry.objects.create(
        event=event,
        actor=actor if actor is not None and actor.is_authenticated else None,
        actor_name=_actor_name(actor),
        action=action,
        target_type=target._meta.label_lower,
        target_id=str(target.pk or ""),
        target_label=str(target)[:200],
        game_turn=turn,
        game_date=game_date,
        before=before,
        after=after,
        reason=reason,
    )


def _actor_name(actor):
    if actor is None:
        return "system"
    return actor.get_username() or "anonymous"


def _game_date(event):
    if event is None:
        return None, ""
    turn = GameClock.objects.filter(event=event).values_list("turn", flat=True).first()
    if turn is None:
        return None, ""
    return turn, str(event.game_month(turn))
