"""Reads of the sieges (X. THE SIEGE SYSTEM): who may see and run which, the sieges index, and a
siege's state at a glance with what its table may do this month.

A siege is public at its table: every umpire of the event sees every siege. Running one (a month's
work, placing losses, lifting it) is Control's, the Region umpire's of the siege's table, or, when a
non-Roman host besieges or defends, the Non-Roman World umpire's (warfare.selectors.FightScope); to
anyone else it does not exist (404), as for the forces and the money."""

from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db.models import Exists, OuterRef, Prefetch
from django.http import Http404

from regions.models import Force, MapPoint, Province
from regions.selectors import get_my_tables
from umpire.permissions import Perm
from umpire.rules.ad69.forces import TroopType
from umpire.rules.ad69.losses import label as group_label
from umpire.rules.ad69.siege import FORTIFICATIONS
from umpire.selectors import access_event

from .models import Siege, SiegeMonth
from .selectors import FightScope, get_fight_scope
from .services.sieges import check_may_work

Action = SiegeMonth.Action


# ---- who runs which ------------------------------------------------------------------------------


def forces_with_units():
    return Force.objects.select_related("legate", "army_commander").prefetch_related("troops").order_by("name")


def sieges_of(event):
    """The event's sieges with their sides and months, in a fixed number of queries."""
    return (
        Siege.objects.filter(event=event)
        .select_related("event", "region", "province")
        .prefetch_related(
            Prefetch("besiegers", queryset=forces_with_units()),
            Prefetch("garrison", queryset=forces_with_units()),
            Prefetch("months", queryset=SiegeMonth.objects.select_related("legion").order_by("turn", "pk")),
        )
    )


def _access(user, slug, perm, fetch, covers=lambda scope, siege: True):
    """What `fetch` finds (a siege, or an assault month, judged by its siege), or 404: the same for
    "no such siege", "not your event" and "not your table", so a refusal leaks nothing."""
    try:
        event = access_event(user, slug, perm)
    except Http404:
        raise Http404("No such siege.") from None
    found = fetch(event)
    siege = found.siege if isinstance(found, SiegeMonth) else found
    if found is None or not covers(get_fight_scope(user, event), siege):
        raise Http404("No such siege.")
    return found


def access_siege(user, slug, pk):
    """Any siege of the event, to any of its umpires."""
    return _access(user, slug, Perm.VIEW_FORCES, lambda event: sieges_of(event).filter(pk=pk).first())


def access_siege_to_run(user, slug, pk):
    return _access(user, slug, Perm.RUN_BATTLES, lambda event: sieges_of(event).filter(pk=pk).first(), FightScope.runs)


def access_assault_to_place(user, slug, pk):
    """An assault month whose losses the user may place: its siege is his to run."""
    return _access(
        user,
        slug,
        Perm.RUN_BATTLES,
        lambda event: (
            SiegeMonth.objects.filter(siege__event=event, pk=pk, action=Action.ASSAULT)
            .select_related("siege__event", "siege__region")
            .first()
        ),
        FightScope.runs,
    )


def access_siege_desk(user, slug):
    """The event, to a user who may begin a siege somewhere: Control, a Region umpire, or the Non-Roman
    World umpire (with a host of his in it, at a table where his hosts stand)."""
    event = access_event(user, slug, Perm.RUN_BATTLES)
    if not get_fight_scope(user, event).runs_any:
        raise Http404("No such page.")
    return event


# ---- the index -------------------------------------------------------------------------------------


@dataclass
class TableSieges:
    region: object
    mine: bool
    active: list = field(default_factory=list)
    past: list = field(default_factory=list)


def get_siege_index(event, user):
    """Each table's sieges, active first then past; the user's own tables first."""
    mine, tables = get_my_tables(user, event), {}
    for siege in sieges_of(event).order_by("region__position", "-begun_turn", "place"):
        table = tables.setdefault(siege.region_id, TableSieges(siege.region, siege.region_id in mine))
        (table.active if siege.state == Siege.State.ACTIVE else table.past).append(siege)
    return sorted(tables.values(), key=lambda table: not table.mine)


def get_provinces_to_besiege(event, scope):
    provinces = Province.objects.filter(event=event).select_related("region").order_by("region__position", "name")
    return provinces if scope.everything else provinces.filter(region__in=scope.tables | scope.non_roman_tables)


def get_points_to_besiege(event, scope):
    """The walled map points of the provinces at the user's tables (an open place has nothing to
    besiege), by province; in each, the points where forces stand first, since besiegers lay siege
    to the place they stand at."""
    standing = Exists(Force.objects.filter(map_point=OuterRef("pk")))
    points = (
        MapPoint.objects.filter(event=event)
        .exclude(fortification="")
        .select_related("province")
        .prefetch_related(Prefetch("forces", queryset=Force.objects.order_by("name")))
        .order_by("province__name", ~standing, "name")
    )
    return points if scope.everything else points.filter(province__region__in=scope.tables | scope.non_roman_tables)


def get_forces_at_tables(event, scope):
    """The forces that may besiege or defend a place at the user's tables: those in its provinces."""
    forces = Force.objects.filter(event=event).select_related("province").order_by("province__name", "name")
    return forces if scope.everything else forces.filter(province__region__in=scope.tables | scope.non_roman_tables)


# ---- one siege -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class WorkDone:
    row: SiegeMonth
    losses: tuple[str, ...]  # each side's loss in words


@dataclass(frozen=True)
class MonthOfSiege:
    turn: int
    month: str
    work: tuple[WorkDone, ...]  # that turn's work, in the order it was done


@dataclass(frozen=True)
class SiegeCard:
    siege: Siege
    engines: tuple  # the build_engines months: who built each set, and when
    engines_needed: int
    months: tuple[MonthOfSiege, ...]
    waiting: tuple  # (assault month, side) whose losses wait for their owner
    may_run: bool
    why_not: dict  # action -> why it cannot be done this month ("" if it can)
    legions_to_build: tuple  # besieging legions that have not built their set

    @property
    def engine_sets(self):
        return len(self.engines)


def get_siege_card(siege, scope):
    """The siege at a glance, and (to a user who runs it) what may be done this month and why not."""
    months = list(siege.months.all())
    engines = tuple(m for m in months if m.action == Action.BUILD_ENGINES)
    built = {m.legion_id for m in engines}
    legions = tuple(f for f in siege.besiegers.all() if f.kind == Force.Kind.LEGION and f.pk not in built)
    may_run = scope.runs(siege)
    return SiegeCard(
        siege=siege,
        engines=engines,
        engines_needed=engines_needed(siege),
        months=months_by_turn(siege, months),
        waiting=tuple((m, side) for m in months if m.action == Action.ASSAULT for side in m.sides_waiting),
        may_run=may_run,
        legions_to_build=legions,
        why_not=why_not_this_month(siege, len(engines), legions) if may_run else {},
    )


def engines_needed(siege):
    """The umpires' advice, else the table's minimum (X. REDUCING DEFENCES)."""
    return siege.engines_required or FORTIFICATIONS.rows[siege.place_type]["min_engines"]


def months_by_turn(siege, months):
    turns = sorted({m.turn for m in months})
    return tuple(
        MonthOfSiege(
            turn,
            str(siege.event.game_month(turn)),
            tuple(WorkDone(m, losses_in_words(m)) for m in months if m.turn == turn),
        )
        for turn in turns
    )


def losses_in_words(month):
    return tuple(loss_in_words(side, loss) for side, loss in month.losses.items())


def loss_in_words(side, loss):
    """ "The besiegers lose 1: 1 Legion XLV auxiliary", and what still waits for the owner."""
    lost = (
        ", ".join(
            f"{line['count']} {group_label(line['force'], TroopType(line['type']), line['veteran'])}"
            for line in loss["lost"]
        )
        or "none yet"
    )
    waits = "" if loss["applied"] else f"; {loss['to_place']} for the owner to place, among {', '.join(loss['among'])}"
    return f"The {side} lose {loss['units']}: {lost}{waits}"


def why_not_this_month(siege, engine_sets, legions):
    """Each action's refusal, as the service would give it, so the page hides nothing it then refuses."""
    reasons = {action: refusal(siege, action) for action in Action}
    if not reasons[Action.BUILD_ENGINES] and not legions:
        reasons[Action.BUILD_ENGINES] = "every besieging legion has built its set: one set per legion"
    needed = engines_needed(siege)
    if not reasons[Action.REDUCE_DEFENCES] and engine_sets < needed:
        reasons[Action.REDUCE_DEFENCES] = (
            f"{engine_sets} sets of siege engines built; {siege.place} needs {needed} (X. REDUCING DEFENCES)"
        )
    return {action.value: reason for action, reason in reasons.items()}


def refusal(siege, action):
    try:
        check_may_work(siege, action)
    except ValidationError as refused:
        # The panel ends the reason with its own full stop.
        return " ".join(refused.messages).rstrip(".")
    return ""
