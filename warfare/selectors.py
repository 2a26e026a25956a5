"""Reads of the fights: who may see and run which battle, and what the battle pages show.

A battle is a draft until published: seen by those who run it only. Once published, every umpire
of the event may read it. Control, the Region umpires of its table and, if a non-Roman host fights
in it, the Non-Roman World umpire run it (FightScope). Out of scope and "no such battle" are the
same 404, so a refusal leaks nothing.
"""

from dataclasses import dataclass
from operator import attrgetter

from django.core.exceptions import ValidationError
from django.db.models import Case, IntegerField, Prefetch, Q, Value, When
from django.http import Http404

from regions.models import Force, MapPoint
from regions.selectors import NON_ROMAN_KINDS, get_non_roman_tables
from regions.services.engine import as_rules_force, current_turn
from umpire.models import Character, Region, Role
from umpire.permissions import Perm
from umpire.rules.ad69.forces import Force as RulesForce
from umpire.rules.ad69.forces import Troops, TroopType, combat_value
from umpire.selectors import access_event, can, get_map_tables, get_seats, get_table, the_one

from .models import Battle, BattleForce, BattleOverride, BattleRound

# ---- battles ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class FightScope:
    """The battles and sieges a user runs (and the draft battles he sees): Control every one; a Region
    umpire those at his own tables; the Non-Roman World umpire those a non-Roman host fights in, on
    either side. He opens one only at a table where a host stands (regions.selectors.get_non_roman_tables)
    and only with a host in it (check_may_open), and runs it to the end wherever the host goes after;
    a fight of Romans alone is not his, even at such a table."""

    everything: bool = False
    tables: frozenset = frozenset()
    non_roman: bool = False
    non_roman_tables: frozenset = frozenset()

    def runs(self, fight):
        return self.everything or fight.region_id in self.tables or (self.non_roman and fights_non_romans(fight))

    def opens_at(self, region_id):
        return self.everything or region_id in self.tables or region_id in self.non_roman_tables

    @property
    def runs_any(self):
        return self.everything or bool(self.tables) or self.non_roman

    def sees(self, battle):
        return self.runs(battle) or battle.published_at is not None

    def visible(self):
        """The same as `sees`, as a filter."""
        if self.everything:
            return Q()
        seen = Q(published_at__isnull=False) | Q(region__in=self.tables)
        hosts_fight = Q(pk__in=BattleForce.objects.filter(kind__in=NON_ROMAN_KINDS).values("battle"))
        return seen | hosts_fight if self.non_roman else seen

    def visible_at(self, region_id):
        """`visible` among the fights at one table: every one of them, to one who runs the table's."""
        return Q() if self.everything or region_id in self.tables else self.visible()

    def check_may_open(self, region, forces):
        """Refuses a fight the user could open at `region` but not run: for the Non-Roman World
        umpire, one with none of his hosts in it."""
        if not (self.everything or region.pk in self.tables or any(force.is_non_roman for force in forces)):
            raise ValidationError(
                {
                    "__all__": "The Non-Roman World umpire runs only the fights a non-Roman host "
                    "is in: put one on a side, or leave this fight to the table's umpire."
                }
            )


def fights_non_romans(fight):
    """Whether a non-Roman host fights in this battle (its forces' kinds as the battle began) or siege
    (besieging or in the garrison)."""
    if isinstance(fight, Battle):
        return any(fought.kind in NON_ROMAN_KINDS for fought in fight.forces.all())
    return any(force.is_non_roman for force in (*fight.besiegers.all(), *fight.garrison.all()))


def get_fight_scope(user, event):
    if not can(user, event, Perm.RUN_BATTLES):
        return FightScope()
    if user.is_superuser:
        return FightScope(everything=True)
    seats = get_seats(user, event)
    non_roman = any(role == Role.NON_ROMAN_WORLD for role, _ in seats)
    return FightScope(
        everything=any(role == Role.CONTROL for role, _ in seats),
        tables=frozenset(region for role, region in seats if role == Role.REGION),
        non_roman=non_roman,
        non_roman_tables=frozenset(get_non_roman_tables(event)) if non_roman else frozenset(),
    )


def forces_in_order():
    """A battle's forces as the models order them, side by side. The models' orderings begin with the
    battle, which would cost every read of one battle's rows a join of the battle and its event."""
    return BattleForce.objects.order_by("side", "pk")


def overrides_in_order():
    return BattleOverride.objects.order_by("at", "pk")


def rounds_in_order():
    """A battle's rounds by number, each with its overrides as made (see forces_in_order)."""
    return BattleRound.objects.order_by("number").prefetch_related(Prefetch("overrides", overrides_in_order()))


def battles_of(event):
    """The event's battles with everything the desk and the record show, in a fixed number of queries."""
    overrides = overrides_in_order().select_related("round", "by")
    return (
        Battle.objects.filter(event=event)
        .select_related(
            "event",
            "region",
            "province",
            "side_a_commander",
            "side_b_commander",
            "claimed_by",
            "confirmed_by",
            "verdict_by",
        )
        .prefetch_related(
            # the forces as they began (BattleForce); none of the desk or the record reads the live ones
            Prefetch("forces", queryset=forces_in_order()),
            Prefetch("rounds", queryset=rounds_in_order().select_related("fought_by")),
            Prefetch("overrides", queryset=overrides),
        )
    )


def battles_to_step(event):
    """The event's battles as a step's POST reads one before its service locks it and reads it afresh:
    the battle alone, anything else a step's form asks of it read then."""
    return Battle.objects.filter(event=event).select_related("event")


def access_battle(user, slug, pk, perm=Perm.VIEW_WORLD, *, reads=battles_of):
    """The battle as `reads(event)` gives it, or 404: the same for "no such battle", "a draft of another
    table" and, with RUN_BATTLES, "not your table"."""
    try:
        event = access_event(user, slug, perm)
    except Http404:
        raise Http404("No such battle.") from None
    battle = the_one(reads(event).filter(pk=pk))
    scope = get_fight_scope(user, event)
    allowed = battle is not None and (scope.runs(battle) if perm == Perm.RUN_BATTLES else scope.sees(battle))
    if not allowed:
        raise Http404("No such battle.")
    return battle


def access_battle_table(user, slug, table_id):
    """A table the user runs battles at, or 404: found among the event's regions, which the page reads anyway."""
    event = access_event(user, slug, Perm.RUN_BATTLES)
    region = get_table(event, table_id)
    scope = get_fight_scope(user, event)
    if region is None or not scope.opens_at(region.pk):
        raise Http404("No such table.")
    return region


@dataclass(frozen=True)
class TableBattles:
    region: Region
    mine: bool
    battles: list


def get_battles_by_table(event, scope):
    """The battles the user may see, table by table, his own tables first; in each, the battles
    still being fought first, then the newest."""
    unfinished = Case(
        When(state__in=(Battle.State.CONFIRMED, Battle.State.CALLED_OFF), then=Value(1)),
        default=Value(0),
        output_field=IntegerField(),
    )
    battles = (
        Battle.objects.filter(event=event)
        .filter(scope.visible())
        .select_related("region", "claimed_by")
        .prefetch_related("rounds__overrides", "forces")
        .order_by(unfinished, "-created_at", "-pk")
    )
    by_table = {}
    for battle in battles:
        by_table.setdefault(battle.region, []).append(battle)
    groups = [TableBattles(region, scope.runs(battles[0]), battles) for region, battles in by_table.items()]
    return sorted(groups, key=lambda group: (not group.mine, group.region.name))


def get_tables_to_open_at(event, scope):
    """The map tables the user may open a battle at, by name, from the event's regions the page reads anyway."""
    return sorted((table for table in get_map_tables(event) if scope.opens_at(table.pk)), key=attrgetter("name"))


# ---- opening a battle -------------------------------------------------------------------------


@dataclass(frozen=True)
class ForceChoice:
    force: Force
    combat_value: int
    fighting: bool  # already in a battle not yet confirmed


def get_forces_at_table(region):
    """The forces at the table, grouped by province (a battle is fought in one), with their
    combat values: [(province, [ForceChoice])]."""
    forces = (
        Force.objects.filter(event_id=region.event_id, province__region=region)
        .select_related("province", "map_point")
        .prefetch_related("troops")
        .order_by("province__name", "name")
    )
    busy = set(
        Force.objects.filter(
            province__region=region, battle_places__battle__state__in=(Battle.State.OPEN, Battle.State.LOSSES_PROPOSED)
        )
        .order_by()  # a set: the forces' ordering would join their event, province and table
        .values_list("pk", flat=True)
    )
    groups = {}
    for force in forces:
        choice = ForceChoice(force, combat_value(as_rules_force(force)), force.pk in busy)
        groups.setdefault(force.province, []).append(choice)
    return list(groups.items())


def get_points_at(region):
    """The map points of the table's provinces, where a battle there may be fought."""
    return MapPoint.objects.filter(event=region.event, province__region=region).select_related("province")


def get_commanders_at(region):
    """The living characters at the table, who may command a side."""
    return Character.objects.filter(event=region.event, location=region, died_turn__isnull=True).order_by("name")


def check_military_skill(commander: Character, field: str) -> int:
    """X. BATTLE DIE ROLLING SYSTEM: "+ Military Skill of Army Commander". His skill, or while it is
    missing a refusal naming him, in the same words wherever a fight needs it (the battle desk, the
    odds, the blank sheet, a siege): a missing skill is never counted as 0."""
    if commander.military_skill is None:
        raise ValidationError(
            {field: f"{commander}'s Military Skill is missing: Control sets it on the cast page, from his briefing."}
        )
    return commander.military_skill


def force_marched_before_battle(force, turn):
    """X. BATTLE DIE ROLLING SYSTEM: "-2 for each part of the force that has force marched last turn", and IX.
    LAND MOVEMENT: a forced march reduces "their combat power ... as a result". IV. THE TURN moves every force
    at the start of the turn and resolves the combats after, so a force that force-marched in this turn's moves
    fights this turn's battles reduced (IX), and, in X's own words, next turn's too (docs/rules.md, Readings)."""
    return force.force_marched_in(turn) or force.force_marched_in(turn - 1)


def forced_marches(forces, event):
    """X. BATTLE DIE ROLLING SYSTEM: the parts of a side that force-marched before this turn's battles."""
    turn = current_turn(event)
    return sum(force_marched_before_battle(force, turn) for force in forces)


# ---- the desk ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SideView:
    key: str
    name: str
    commander: Character | None
    skill: int
    forces: list  # [(BattleForce, units in words, combat value)]
    ruled_value: int | None  # the umpire's ruling on the side's combat value, if any

    @property
    def forces_value(self):
        return sum(value for _, _, value in self.forces)

    @property
    def combat_value(self):
        """The value it fights with: the umpire's ruling, else its forces' combined."""
        return self.forces_value if self.ruled_value is None else self.ruled_value


def get_sides(battle):
    """Each side as it began: its forces, their units and combat values, by the engine."""
    return [
        SideView(
            side,
            battle.side_name(side),
            battle.commander(side),
            battle.skill(side),
            [
                (fought, units_in_words(fought.composition), combat_value(rules_force(fought.composition)))
                for fought in battle.forces_of(side)
            ],
            battle.ruled_combat_value(side),
        )
        for side in ("a", "b")
    ]


def rules_force(composition):
    return RulesForce(
        composition["name"],
        tuple(Troops(TroopType(t["type"]), t["count"], t["veteran"]) for t in composition["troops"]),
        composition["aquila"],
    )


def units_in_words(composition):
    units = [
        f"{t['count']} {'veteran ' if t['veteran'] else ''}{TroopType(t['type']).label}" for t in composition["troops"]
    ]
    return ", ".join(units + (["Aquila"] if composition["aquila"] else [])) or "no units"


@dataclass(frozen=True)
class LossGroup:
    """Units of one kind in one force, and how many of them the side loses as it stands."""

    force: str
    type: str
    veteran: bool
    count: int
    proposed: int

    @property
    def label(self):
        return f"{self.force}: {'veteran ' if self.veteran else ''}{TroopType(self.type).label} (of {self.count})"


def get_loss_groups(battle, side):
    """Where a side's losses may fall, with the owner's split if made, else the engine's proposal."""
    placed = battle.placed_losses[side] or [
        dict(line, force=lost["force"]) for lost in battle.losses[side]["forces"] for line in lost["lost"]
    ]
    counts = {(line["force"], line["type"], line["veteran"]): line["count"] for line in placed}
    return [
        LossGroup(
            fought.force_name,
            t["type"],
            t["veteran"],
            t["count"],
            counts.get((fought.force_name, t["type"], t["veteran"]), 0),
        )
        for fought in battle.forces_of(side)
        for t in fought.composition["troops"]
    ]


def result_in_words(battle, result):
    """A round's result by the sides' names, as the table hears it: "Flatulius Butus pushed back"."""
    if result.ahead is None or result.result not in ("defeated outright", "pushed back"):
        return result.result
    return f"{battle.side_name('b' if result.ahead == 'a' else 'a')} {result.result}"


def verdict_in_words(battle):
    """The umpire's verdict by the victor's name, or "A draw"."""
    return battle.side_name(battle.verdict) if battle.verdict in ("a", "b") else battle.get_verdict_display()
