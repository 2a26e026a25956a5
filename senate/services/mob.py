"""The Roman mob (VIII. CONSPICUOUS CONSUMPTION, Bread; Circuses and the Mob) and each
senator's support with it (II. CHARACTERISTICS, SUPPORT).

The handbook says what moves the mob but not how far, so every figure is the umpire's: a
`MobEffect` per kind of spending (points for each multiple of "the minimum that will be
noticed"), or his ruling. Spending with no effect set is still written into the history, moving
nothing, for the umpire to judge: the umpire keeps the final word."""

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.db.transaction import atomic

from regions.models import Province, Spending
from regions.services.engine import current_turn
from regions.services.spending import describe, get_corn_dole
from umpire.calendar import is_tax_turn
from umpire.events import publish_on_commit
from umpire.models import Character, Event
from umpire.services.audit import Actor, record_audit, snapshot, steps_of

from ..events_mob import MobEffectSet, MoodMoved, SupportChanged
from ..models.mob import Cause, MobEffect, Mood, MoodEntry, SupportChange
from .rooms import senate_groups

BREAD = "VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION, Bread"
NO_EFFECT = "no effect set: the umpire judges"


def is_user(actor: Actor) -> bool:
    return actor is not None and actor.is_authenticated


# ---- the moods -------------------------------------------------------------------------------


def rome_mood(event: Event) -> Mood:
    """Rome always has a mob: its mood is opened the first time it is needed."""
    return Mood.objects.get_or_create(event=event, place=None)[0]


def do_open_mood(event: Event, *, province: Province, actor: Actor) -> Mood:
    """A mood for a provincial city, when the umpires want one (PROVINCIAL GOVERNMENT & TAXATION,
    2: "the natives can be swayed by bread and circuses too")."""
    if province.event_id != event.pk:
        raise ValidationError({"place": f"{province} belongs to another event."})
    if province.is_rome:
        raise ValidationError({"place": "The City of Rome's mob has its mood already."})
    with atomic():
        mood, created = Mood.objects.get_or_create(event=event, place=province)
        if not created:
            raise ValidationError({"place": f"{province} has a mood already."})
        record_audit(event=event, actor=actor, action="mob.mood_opened", target=mood, after=snapshot(mood))
        return mood


def do_move_mood(event: Event, *, change: int, reason: str, actor: Actor, place: Province | None = None) -> MoodEntry:
    """The umpire's word: the mob of Rome (or of `place`, a province with a mood) moves by
    `change`, for the reason he gives."""
    if not change:
        raise ValidationError({"change": "Move the mood by a whole number of points, up or down, not 0."})
    with atomic():
        mood = rome_mood(event) if place is None else place.moods.filter(event=event).first()
        if mood is None:
            raise ValidationError({"place": f"The umpires follow no mob in {place}: open its mood first."})
        mood = Mood.objects.select_for_update(of=("self",)).select_related("event").get(pk=mood.pk)
        return add_entry(mood, turn=current_turn(event), change=change, cause=Cause.RULING, reason=reason, actor=actor)


def add_entry(
    mood: Mood,
    *,
    turn: int,
    change: int,
    cause: str,
    reason: str,
    actor: Actor,
    spending: Spending | None = None,
    effect_set: bool = True,
) -> MoodEntry:
    """Write one line of the history, checked, audited and told; inside the caller's transaction."""
    entry = MoodEntry(
        mood=mood,
        turn=turn,
        change=change,
        cause=cause,
        reason=(reason or "").strip(),
        spending=spending,
        effect_set=effect_set,
        by=actor if is_user(actor) else None,
    )
    entry.full_clean()
    entry.save()
    record_audit(
        event=mood.event, actor=actor, action="mob.mood_moved", target=entry, after=snapshot(entry), reason=entry.reason
    )
    publish_on_commit(
        senate_groups(mood.event),
        MoodMoved(mood_id=mood.pk, place=str(mood), cause=cause, change=change, value=mood.value, turn=turn),
    )
    return entry


# ---- what the umpire has set ----------------------------------------------------------------


def do_set_mob_effect(event: Event, *, cause: str, points_per_multiple: int | None, actor: Actor) -> None:
    """Set how far one multiple of `cause` moves the mob; None clears it, so the umpire judges."""
    if cause not in dict(MobEffect._meta.get_field("cause").choices or ()):
        raise ValidationError({"cause": f"{cause!r} is not spending the mob notices."})
    with atomic():
        effect = MobEffect.objects.select_for_update().filter(event=event, cause=cause).first()
        before = snapshot(effect)
        if points_per_multiple is None:
            if effect is None:  # nothing set, nothing to clear
                return
            effect.delete()
            after = None
        else:
            effect = effect or MobEffect(event=event, cause=cause)
            effect.points_per_multiple = points_per_multiple
            effect.full_clean()
            effect.save()
            after = snapshot(effect)
        record_audit(event=event, actor=actor, action="mob.effect_set", target=effect, before=before, after=after)
        publish_on_commit(senate_groups(event), MobEffectSet(cause=cause, points_per_multiple=points_per_multiple))


def effects_of(event: Event) -> dict[str, int | None]:
    return dict(MobEffect.objects.filter(event=event).values_list("cause", "points_per_multiple"))


def effect_of(effects: Mapping[str, int | None], cause: str, multiples: int) -> tuple[int, bool, str]:
    """(change, effect set?, words) for `multiples` of `cause`: proportional, as the notes say."""
    points = effects.get(cause)
    if points is None:
        return 0, False, NO_EFFECT
    return points * multiples, True, f"{multiples} × {points:+d}"


# ---- the turn's end -------------------------------------------------------------------------


def record_spending_effects(event: Event, turn: int) -> None:
    """Turn-end hook: every purchase done by now in Rome, or in a province whose mob the umpires
    follow, goes into that mob's history once, on the turn it was done. Builds are finished by
    regions' own hook; one it finishes after this ran is taken at the next turn's end."""
    effects = effects_of(event)
    for spending in spending_to_record(event, turn):
        with atomic():
            mood = rome_mood(event) if spending.province.is_rome else spending.province.moods.get()
            mood = Mood.objects.select_for_update(of=("self",)).select_related("event").get(pk=mood.pk)
            if MoodEntry.objects.filter(spending=spending).exists():  # recorded meanwhile
                continue
            change, is_set, working = effect_of(effects, spending.item, spending.multiples)
            assert spending.finished_turn is not None  # spending_to_record: finished by `turn`
            add_entry(
                mood,
                turn=spending.finished_turn,
                change=change,
                cause=spending.item,
                spending=spending,
                effect_set=is_set,
                reason=f"{describe(spending)}: {working}",
                actor=None,
            )


def spending_to_record(event: Event, turn: int) -> QuerySet[Spending]:
    followed = Q(province__is_rome=True) | Q(province__moods__isnull=False)
    return (
        Spending.objects.filter(followed, event=event, finished_turn__lte=turn, payment__reversed_by__isnull=True)
        .exclude(Exists(MoodEntry.objects.filter(spending=OuterRef("pk"))))
        .select_related("province", "spender", "venue")
        .distinct()
        .order_by("finished_turn", "pk")
    )


def record_corn_dole(event: Event, turn: int) -> None:
    """Turn-end hook: at the end of a quarter's last month, Rome's corn dole unpaid goes into the
    mob's history (Bread: "Failure to provide this in Rome is very likely to result in unrest")."""
    if turn < 1 or not is_tax_turn(turn + 1) or get_corn_dole(event, turn) is not None:
        return
    with atomic():
        mood = Mood.objects.select_for_update(of=("self",)).select_related("event").get(pk=rome_mood(event).pk)
        if mood.entries.filter(cause=Cause.CORN_DOLE_UNPAID, turn=turn).exists():
            return
        change, is_set, working = effect_of(effects_of(event), Cause.CORN_DOLE_UNPAID, 1)
        add_entry(
            mood,
            turn=turn,
            change=change,
            cause=Cause.CORN_DOLE_UNPAID,
            effect_set=is_set,
            actor=None,
            reason=f"Rome's corn dole for the quarter ending {event.game_month(turn)} was not paid ({BREAD}): "
            f"{working}",
        )


# ---- a senator's support ---------------------------------------------------------------------


def do_change_support(senator: Character, *, change: int, reason: str, actor: Actor) -> SupportChange:
    """The Senate umpire moves a senator's support with the mob, with the reason, in one step
    with its record."""
    if not change:
        raise ValidationError({"change": "Change the support by a whole number of points, up or down, not 0."})
    with atomic():
        senator = Character.objects.select_for_update(of=("self",)).select_related("event").get(pk=senator.pk)
        if senator.support is None:
            raise ValidationError(
                {"senator": f"{senator}'s support is not set yet: Control enters it from his briefing first."}
            )
        before = snapshot(senator)
        record = SupportChange(
            senator=senator,
            change=change,
            before=senator.support,
            after=senator.support + change,
            reason=(reason or "").strip(),
            turn=current_turn(senator.event),
            by=actor if is_user(actor) else None,
        )
        record.full_clean()
        senator.support = record.after
        senator.save(update_fields=["support"])
        entry = record_audit(
            event=senator.event,
            actor=actor,
            action="mob.support_changed",
            target=senator,
            before=before,
            after=snapshot(senator),
            reason=record.reason,
        )
        record.save()
        with steps_of(entry):  # the line of his support's history goes with the change
            record_audit(
                event=senator.event, actor=actor, action="mob.support_recorded", target=record, after=snapshot(record)
            )
        publish_on_commit(
            senate_groups(senator.event),
            SupportChanged(senator_id=senator.pk, senator=str(senator), change=change, support=senator.support),
        )
        return record
