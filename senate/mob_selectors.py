"""Reads for the mob's page: Rome's mood and its history as a chart, the effects the umpire has
set, the senators' support, and their political credibility."""

from dataclasses import dataclass

from django.db.models import Max, Q, Sum

from regions.models import Province, Spending
from umpire.models import Character, Region, SocialClass

from .models.mob import Cause, MobEffect, Mood, SupportChange

# VIII. CONSPICUOUS CONSUMPTION, note (6): "At least one of these works must be undertaken every
# six months if a Senator in Rome is to maintain his political credibility." A month is a turn.
CREDIBILITY_MONTHS = 6
CREDIBILITY_RULE = (
    'VIII. CONSPICUOUS CONSUMPTION, note (6): "At least one of these works must be undertaken '
    'every six months if a Senator in Rome is to maintain his political credibility."'
)
CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 720, 240, 36


def get_rome_mood(event):
    """Rome's mood, or None before anything has moved it."""
    return Mood.objects.filter(event=event, place=None).first()


def get_provincial_moods(event):
    """The provincial cities whose mob the umpires follow, each with its mood now: [(mood, value)]."""
    moods = (
        Mood.objects.filter(event=event, place__isnull=False)
        .select_related("place")
        .annotate(total=Sum("entries__change"))
        .order_by("place__name")
    )
    return [(mood, mood.total or 0) for mood in moods]


def get_history(mood):
    """The mood's entries with what they link to, oldest first."""
    if mood is None:
        return []
    return list(mood.entries.select_related("spending__province", "spending__spender", "by"))


def get_effects(event):
    """Every cause the umpire can set, with its points a multiple, or None where not set."""
    set_ = dict(MobEffect.objects.filter(event=event).values_list("cause", "points_per_multiple"))
    return [(cause, label, set_.get(cause)) for cause, label in Cause.choices if cause != Cause.RULING]


# ---- the chart --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Chart:
    """An inline SVG line chart of the mood at the end of each turn: no script is needed."""

    width: int
    height: int
    points: str
    zero_y: float
    ticks: list  # (x, label) along the turns
    levels: list  # (y, label) up the mood
    final: int


def get_mood_chart(event, entries, turn):
    """The mood's running total at the end of each turn from 0 to `turn`."""
    by_turn = {}
    for entry in entries:
        by_turn[entry.turn] = by_turn.get(entry.turn, 0) + entry.change
    last = max([turn, *by_turn])
    values, total = [], 0
    for t in range(last + 1):
        total += by_turn.get(t, 0)
        values.append(total)
    return draw(event, values)


def draw(event, values):
    low, high = min(0, *values), max(0, *values)
    span = (high - low) or 1
    step = (CHART_WIDTH - 2 * CHART_PAD) / max(1, len(values) - 1)

    def x(t):
        return round(CHART_PAD + t * step, 1)

    def y(v):
        return round(CHART_HEIGHT - CHART_PAD - (v - low) * (CHART_HEIGHT - 2 * CHART_PAD) / span, 1)

    every = max(1, len(values) // 8)
    ticks = [(x(t), short_month(event, t)) for t in range(0, len(values), every)]
    levels = [(y(v), v) for v in sorted({low, 0, high})]
    points = " ".join(f"{x(t)},{y(v)}" for t, v in enumerate(values))
    return Chart(CHART_WIDTH, CHART_HEIGHT, points, y(0), ticks, levels, values[-1])


def short_month(event, turn):
    if turn < 1:
        return "eve"
    month = event.game_month(turn)
    return f"{month.name[:3]} {month.year % 100:02d}"


# ---- senators: support and credibility ---------------------------------------------------------


def get_senators(event):
    """The living senators, with their support (empty until Control enters it)."""
    return list(
        Character.objects.filter(event=event, social_class=SocialClass.SENATOR, died_turn__isnull=True)
        .select_related("location", "travelling_to")
        .order_by("name")
    )


def get_support_changes(event, limit=30):
    return list(
        SupportChange.objects.filter(senator__event=event)
        .select_related("senator", "by")
        .order_by("-turn", "-pk")[:limit]
    )


def rome_tables(event):
    """The Senate room, and the table the City of Rome is on: where a senator is "in Rome"."""
    rome = Province.objects.filter(event=event, is_rome=True).values("region")
    return Region.objects.filter(Q(kind=Region.Kind.SENATE_ROOM) | Q(pk__in=rome), event=event)


@dataclass(frozen=True)
class Credibility:
    senator: Character
    last_works_turn: int | None
    months_since: int
    status: str  # "kept", "due" (this month is his last to keep it) or "behind"

    @property
    def behind(self):
        return self.status == "behind"


def get_credibility(event, turn):
    """Each senator in Rome, the last public works he funded and whether he is behind: none
    undertaken in six months (CREDIBILITY_RULE). The game's eve (turn 0) counts as his last."""
    works = Spending.objects.filter(item=Spending.Item.PUBLIC_WORKS, payment__reversed_by__isnull=True)
    senators = (
        Character.objects.filter(
            event=event, social_class=SocialClass.SENATOR, died_turn__isnull=True, location__in=rome_tables(event)
        )
        .annotate(last_works=Max("spendings__ordered_turn", filter=Q(spendings__in=works)))
        .order_by("name")
    )
    return [credibility(senator, turn) for senator in senators]


def credibility(senator, turn):
    since = turn - (senator.last_works or 0)
    if since > CREDIBILITY_MONTHS:
        status = "behind"
    elif since == CREDIBILITY_MONTHS:
        status = "due"
    else:
        status = "kept"
    return Credibility(senator, senator.last_works, since, status)
