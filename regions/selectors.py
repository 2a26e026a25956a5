"""Reads of the map: tables and provinces; forces and fleets, with what each may do this turn."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.http import Http404

from umpire.models import AuditEntry, Character, Region, Role, UmpireSeat
from umpire.permissions import Perm
from umpire.rules.ad69.forces import Force as RulesForce
from umpire.rules.ad69.forces import Troops, TroopType, combat_value
from umpire.rules.ad69.legions import RAISING_TROOPS, UPGRADES
from umpire.rules.ad69.movement import MOVE_ALLOWANCE
from umpire.rules.ad69.sea import vexillation_equivalents
from umpire.rules.working import Working
from umpire.selectors import access_event, can, get_regions, get_seats

from .models import Bribe, CostOwed, Fleet, Force, ForceTroops, MapPoint, MapRoute, Province, Spending, Upgrade
from .services.engine import as_case_force, as_rules_force, run_rules
from .services.forces import player_present
from .services.marches import map_graph
from .services.plunder import get_bribery_standing
from .services.taxes import unpaid_troops


@dataclass(frozen=True)
class WorldTable:
    """One table as the world page shows it: the umpires seated there, its provinces and who is there now, each a
    row of the columns shown."""

    region: Region
    umpires: list[str]
    provinces: list
    people: list


@dataclass(frozen=True)
class World:
    """The event at a glance: every table, and the characters at none (between tables, or not yet placed)."""

    tables: list[WorldTable]
    travelling: list


# What the world page shows of a province and of a character, read as rows: as models, with their governors',
# controlling provinces', ranks' and destinations' models, they cost the page more than drawing it (issue 34).
WORLD_PROVINCE_COLUMNS = (
    "region_id",
    "name",
    "team_at_start",
    "income_per_quarter",
    "potential_income",
    "road_cost",
    "governed_by_senate",
    "governor__name",
    "controlled_from__name",
    "run_by_procurator",
    "military_governor",
    "province_type",
)
WORLD_CHARACTER_COLUMNS = ("location_id", "name", "role", "career_rank__name", "travelling_to__name")


def get_world(event):
    """Every table of `event` (the regions its process keeps) with its umpires, provinces and characters, and the
    characters at no table: three reads, however big the world. Names are unique in an event, so ordering by name
    orders as the models do, without joining the event."""
    regions = get_regions(event)
    tables = [region.pk for region in regions]
    # the seats in their own order (role, then table), in which the page has always named a table's umpires
    umpires = by_table(UmpireSeat.objects.filter(region__in=tables).values_list("region_id", "user__username"))
    provinces = Province.objects.filter(region__in=tables).order_by("name")
    rows = by_table(provinces.values_list(*WORLD_PROVINCE_COLUMNS, named=True))
    # one read for the characters at the tables and those at none
    characters = Character.objects.filter(event=event).order_by("name")
    people = by_table(characters.values_list(*WORLD_CHARACTER_COLUMNS, named=True))
    return World(
        tables=[
            WorldTable(region, [name for _, name in umpires[region.pk]], rows[region.pk], people[region.pk])
            for region in regions
        ],
        travelling=people[None],
    )


def by_table(rows):
    """Rows whose first column is a table's id (None for a character at no table), grouped by it in their order."""
    tables = defaultdict(list)
    for row in rows:
        tables[row[0]].append(row)
    return tables


# ---- forces and fleets -----------------------------------------------------------------------


@dataclass(frozen=True)
class CommandScope:
    """Which forces and fleets a user may give orders to in one event: Control all of them; a
    Region umpire those at his own tables; a Non-Roman World umpire the non-Roman hosts."""

    everything: bool = False
    tables: frozenset = frozenset()
    non_roman: bool = False

    def covers_force(self, force):
        return self.everything or force.province.region_id in self.tables or (self.non_roman and force.is_non_roman)

    def covers_fleet(self, fleet):
        return self.everything or fleet.base.region_id in self.tables


def get_command_scope(user, event):
    if not can(user, event, Perm.COMMAND_FORCES):
        return CommandScope()
    if user.is_superuser:
        return CommandScope(everything=True)
    seats = get_seats(user, event)
    roles = {role for role, _ in seats}
    return CommandScope(
        everything=Role.CONTROL in roles,
        non_roman=Role.NON_ROMAN_WORLD in roles,
        tables=frozenset(region for role, region in seats if role == Role.REGION),
    )


NON_ROMAN_KINDS = (Force.Kind.BARBARIAN_HOST, Force.Kind.NON_ROMAN)


def get_non_roman_tables(event):
    """The Non-Roman World umpire's tables: the map tables where a non-Roman host now stands. They
    follow the hosts as they march, so he reads the consoles and runs the fights of the tables his
    hosts are at this minute, and of no other. The one answer the console and the fights ask."""
    return set(
        Region.objects.filter(
            event=event, kind=Region.Kind.MAP_TABLE, provinces__forces__kind__in=NON_ROMAN_KINDS
        ).values_list("pk", flat=True)
    )


def get_my_tables(user, event):
    """The tables a Region umpire sits at, to put them first and mark them."""
    return {region for _, region in get_seats(user, event) if region is not None}


def forces_of(event):
    """The event's forces with everything their cards show, in a fixed number of queries."""
    open_upgrades = Upgrade.objects.filter(finished_turn__isnull=True)
    return (
        Force.objects.filter(event=event)
        .select_related(
            "event",
            "province__region",
            "map_point",
            "legate",
            "army_commander",
            "sworn_to",
            "embarked_on",
            "detached_from",
        )
        .prefetch_related("troops", Prefetch("upgrades", queryset=open_upgrades, to_attr="open_upgrades"))
    )


def forces_on_cards(event):
    """The event's forces with what the forces page's cards show, and no more: not the event (the page has
    it), nor the oath or the legion detached from, which only a force's own page shows, nor any column no card
    reads; their troops are read apart (get_troops_by_force) (issue 34). Each list is ordered within its one
    event and its forces: the models' orderings start with the event, and sorting by it joined the event, and
    the forces again under their upgrades."""
    open_upgrades = (
        Upgrade.objects.filter(finished_turn__isnull=True).only("force", "ready_turn").order_by("ready_turn")
    )
    return (
        Force.objects.filter(event=event)
        .select_related("province", "map_point", "legate", "army_commander", "embarked_on")
        .only(*CARD_COLUMNS)
        .prefetch_related(Prefetch("upgrades", queryset=open_upgrades, to_attr="open_upgrades"))
        .order_by("province__region__position", "name")
    )


# What a force card reads (ForceCard, get_this_turn, CommandScope.covers_force, player_present).
CARD_COLUMNS = (
    *("name", "kind", "aquila", "status", "moved_turn", "points_moved", "forced_march_turn", "move_before_forced"),
    *("fought_turn", "province__name", "province__region", "map_point__name", "legate__name", "legate__location"),
    *("army_commander__location", "embarked_on__name"),
)


def get_troops_by_force(event):
    """Each force's units as its make counts them (make_of), from one query of bare values: through a prefetch,
    a model for each row and a queryset for each force cost the forces page more than the query (issue 34)."""
    rows = ForceTroops.objects.filter(force__event=event, count__gt=0).values_list("force", "type", "count", "veteran")
    held = {}
    for force, *troops in rows.order_by():
        held.setdefault(force, []).append(tuple(troops))
    return {force: tuple(sorted(troops)) for force, troops in held.items()}


def fleets_of(event):
    fleets = Fleet.objects.filter(event=event).select_related("event", "base__region")
    return fleets.prefetch_related(Prefetch("aboard", queryset=Force.objects.prefetch_related("troops")))


def fleets_on_cards(event):
    """The event's fleets with what the forces page's cards show: not the event (the page has it), its table
    (the base's key is enough) nor the forces aboard, which are among the page's own."""
    fields = ("name", "capacity", "state", "busy_until_turn", "base__name", "base__region")
    return Fleet.objects.filter(event=event).select_related("base").only(*fields).order_by("name")


def access_force(user, slug, pk, perm=Perm.VIEW_FORCES):
    """The force, or 404: the same for "no such force", "not your event" and "not yours to command"."""
    return _access(user, slug, pk, perm, forces_of, "covers_force", "force")


def access_fleet(user, slug, pk, perm=Perm.VIEW_FORCES):
    """The fleet, or 404, on the same terms as access_force (a fleet is at its base's table)."""
    return _access(user, slug, pk, perm, fleets_of, "covers_fleet", "fleet")


def _access(user, slug, pk, perm, records_of, covers, noun):
    try:
        event = access_event(user, slug, perm)
    except Http404:
        raise Http404(f"No such {noun}.") from None
    record = records_of(event).filter(pk=pk).first()
    commanded = perm != Perm.COMMAND_FORCES or (record and getattr(get_command_scope(user, event), covers)(record))
    if record is None or not commanded:
        raise Http404(f"No such {noun}.")
    return record


# What the UPGRADING EXAMPLE's table calls each line, in its order (praetorians, rarer, first).
LINE_LABELS = {
    TroopType.PRAETORIAN: "Praetorians",
    TroopType.LEGIONARY: "Legionaries",
    TroopType.AUXILIARY: "Auxiliaries",
    TroopType.RAW_LEVY: "Raw levies",
    TroopType.BARBARIAN_WARBAND: "Barbarian warbands",
    TroopType.NON_ROMAN_REGIMENT: "Non-Roman regiments",
}
# A legion's table shows these lines even when empty, as the example's "0 Vex of Levies".
LEGION_LINES = (TroopType.LEGIONARY, TroopType.AUXILIARY, TroopType.RAW_LEVY)
AQUILA = "Aquila"


@dataclass(frozen=True)
class UnitLine:
    """One line of a force's composition: its units, normal and veteran, with their upkeep
    per quarter (None: not a legion's unit, the RAISING TROOPS table prices it not) and
    combat value (None for the Aquila: "n.a.")."""

    label: str
    normal: int
    veteran: int
    upkeep: int | None
    combat_value: int | None
    kind: str = "aquila"

    @property
    def in_words(self):
        """ "1 raw levy", "4 legionaries": normal and veteran together."""
        return units(self.normal + self.veteran, self.kind)


def get_unit_lines(force):
    """The force's composition by the engine's tables, one line per troop type."""
    return unit_lines(force.kind, make_of(force))


def unit_lines(kind, make):
    """The composition of a force of `kind` and `make`: the same for every force of them."""
    aquila, troops = make
    held = {(troop_type, veteran): count for troop_type, count, veteran in troops}
    lines = [UnitLine(AQUILA, 1, 0, RAISING_TROOPS.lookup("aquila", column="upkeep"), None)] if aquila else []
    for troop_type in LINE_LABELS:
        normal, veteran = held.get((troop_type.value, False), 0), held.get((troop_type.value, True), 0)
        if normal or veteran or (kind == Force.Kind.LEGION and troop_type in LEGION_LINES):
            lines.append(unit_line(troop_type, normal, veteran))
    return lines


def unit_line(troop_type, normal, veteran):
    label = LINE_LABELS[troop_type]
    part = RulesForce(label, (Troops(troop_type, normal, False), Troops(troop_type, veteran, True)))
    upkeep = (
        RAISING_TROOPS.lookup(troop_type.value, column="upkeep") * (normal + veteran)
        if troop_type.value in RAISING_TROOPS.rows
        else None
    )
    return UnitLine(label, normal, veteran, upkeep, combat_value(part), troop_type.value)


def get_combat_values(force):
    """X. COMBAT VALUES by the engine: (as it stands, if every unit were veteran)."""
    return combat_values_of(force.name, make_of(force))


def combat_values_of(name, make):
    """X. COMBAT VALUES by the engine, of a force of `make`; `name` is only for the working."""
    outcome = run_rules("ad69.combat_value", {"force": case_of(name, make)}).outcome
    return outcome["combat_value"], outcome["if_veteran"]


def make_of(force):
    """What a force's combat values and composition depend on: its Aquila and its units (type, count,
    veteran), not its name."""
    return force.aquila, tuple(sorted((t.type, t.count, t.veteran) for t in force.troops.all() if t.count))


def case_of(name, make):
    """A force of `make` as the JSON an engine procedure takes (services.engine.as_case_force)."""
    aquila, troops = make
    held = [{"type": troop_type, "count": count, "veteran": veteran} for troop_type, count, veteran in troops]
    return {"name": name, "aquila": aquila, "troops": held}


def rules_force_of(name, make):
    """A force of `make` as the rules engine sees it (services.engine.as_rules_force)."""
    aquila, troops = make
    return RulesForce(name, tuple(Troops(TroopType(t), count, veteran) for t, count, veteran in troops), aquila)


class AlikeOnCards:
    """What every force of one make shows alike, worked out once a page: a hall's legions are mostly alike, and
    running the engine for each card was a third of the forces page, its unit lines a tenth (issue 34)."""

    def __init__(self):
        self.values, self.lines = {}, {}

    def combat_values(self, name, make):
        if make not in self.values:
            self.values[make] = combat_values_of(name, make)
        return self.values[make]

    def unit_lines(self, kind, make):
        if (kind, make) not in self.lines:
            self.lines[kind, make] = unit_lines(kind, make)
        return self.lines[kind, make]


def get_upkeep(force):
    """VIII. RAISING TROOPS by the engine's ad69.upkeep, Aquila included: the Result, or None for
    a non-Roman host, which the treasury does not pay."""
    if force.is_non_roman:
        return None
    return run_rules("ad69.upkeep", {"legions": [as_case_force(force)]})


@dataclass(frozen=True)
class ThisTurn:
    """What a force may still do in the current turn (IX. LAND MOVEMENT, UPGRADING)."""

    march: int  # map points a turn (IX. LAND MOVEMENT)
    march_left: int  # of them, left this turn
    forced_march: int  # map points of a forced march
    forced_left: int | None  # of them, left this turn; None if its last move was a forced march
    cannot_move: str  # why it may not march at all, or ""
    upgrade: Upgrade | None  # the upgrade under way
    ready_month: object  # the game month the upgrade is done in
    cannot_upgrade: str  # why it may not order an upgrade, or ""


def get_this_turn(force, turn):
    moved = force.points_moved if force.moved_turn == turn else 0
    march, forced = MOVE_ALLOWANCE.lookup("march"), MOVE_ALLOWANCE.lookup("forced_march")
    upgrade = force.open_upgrades[0] if force.open_upgrades else None
    return ThisTurn(
        march=march,
        march_left=max(0, march - moved),
        forced_march=forced,
        forced_left=None if force.last_move_forced(turn) else max(0, forced - moved),
        cannot_move=why_it_cannot_move(force, upgrade),
        upgrade=upgrade,
        ready_month=force.event.game_month(upgrade.ready_turn) if upgrade else None,
        cannot_upgrade=why_it_cannot_upgrade(force, turn, upgrade),
    )


def why_it_cannot_move(force, upgrade):
    """As regions.services.forces.do_march and the engine's ad69.check_move would refuse it."""
    if upgrade:
        return "upgrading: it stands still until the upgrade is done"
    if force.embarked_on_id:
        return f"aboard {force.embarked_on}: land it first"
    if force.aquila and not player_present(force):
        return "no player with it (its legate or army commander, at its table)"
    if force.map_point_id is None:
        return "it stands at no map point: Control places it on the map first"
    return ""


@dataclass(frozen=True)
class Reach:
    """A map point a force can march to this turn (IX. LAND MOVEMENT), by the shortest legal way."""

    point: MapPoint
    distance: int  # map points
    forced_only: bool  # only within a forced march's allowance

    def __str__(self):
        forced = ", by forced march only" if self.forced_only else ""
        points = "point" if self.distance == 1 else "points"
        return f"{self.point.name} — {self.distance} {points} ({self.point.province.region.name}){forced}"


def get_reach(force, this_turn):
    """The points `force` can reach this turn by legal ways within what it has left of a march, and of a
    forced march where it may force-march; nearest first. The engine judges the march again when ordered."""
    if force.map_point_id is None or this_turn.cannot_move:
        return []
    furthest = max(this_turn.march_left, this_turn.forced_left or 0)
    if not furthest:
        return []
    distances = map_graph(force.event_id).reachable(force.map_point_id, furthest)
    points = MapPoint.objects.filter(pk__in=distances).select_related("province__region")
    reach = [Reach(p, distances[p.pk], distances[p.pk] > this_turn.march_left) for p in points]
    return sorted(reach, key=lambda r: (r.forced_only, r.distance, r.point.name))


def why_it_cannot_upgrade(force, turn, upgrade):
    """As regions.services.forces.check_may_upgrade decides, from what is already loaded."""
    if force.is_non_roman:
        return "not a legion's troops"
    if upgrade:
        return "an upgrade is already under way"
    if force.moved_turn == turn:
        return "it has moved this turn"
    if force.fought_turn == turn:
        return "it has fought this turn"
    if force.status == Force.Status.BESIEGING:
        return "it is besieging"
    return ""


# ---- unpaid troops ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Unpaid:
    """A unit's upkeep and raising bills left unpaid (VIII. RAISING TROOPS), oldest first."""

    unit: object  # the Force, or the Fleet
    bills: tuple
    quarters: tuple  # the game months of the tax turns left unpaid, as "September 68"

    @property
    def talents(self):
        return sum(bill.talents for bill in self.bills)

    @property
    def url_name(self):
        return "regions:fleet" if isinstance(self.unit, Fleet) else "regions:force"


def get_unpaid_by_unit(event, **only):
    """Each unit's unpaid bills, in one query, keyed by the unit: its force, or else its fleet (as
    regions.services.taxes.flag_unpaid_troops counts them). Model instances compare by class and
    primary key, so a card's own instance finds its entry."""
    return unpaid_by_unit(event, unpaid_troops(event).filter(**only))


def get_unpaid_on_cards(event, turn):
    """As get_unpaid_by_unit, in `turn`, the current one, reading only what the forces page shows of each bill:
    its talents, its tax turn and its unit's name; not the province and table of its statement, nor its unit's
    province or base, which unpaid_troops joins for the pages that list the bills."""
    bills = unpaid_troops(event, turn).select_related(None).select_related("statement", "force", "fleet")
    return unpaid_by_unit(event, bills.only("talents", "statement__turn", "force__name", "fleet__name"))


def unpaid_by_unit(event, bills):
    by_unit = {}
    for bill in bills:
        by_unit.setdefault(bill.force or bill.fleet, []).append(bill)
    return {unit: unpaid_of(event, unit, bills) for unit, bills in by_unit.items()}


def unpaid_of(event, unit, bills):
    turns = sorted({bill.statement.turn for bill in bills})
    return Unpaid(unit, tuple(bills), tuple(str(event.game_month(turn)) for turn in turns))


def get_unpaid(unit):
    """One force's or fleet's unpaid bills, or None if it is paid up."""
    return get_unpaid_by_unit(unit.event, **{unit._meta.model_name: unit}).get(unit)


# ---- cards -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ForceCard:
    force: Force
    lines: list
    combat_value: int
    combat_value_if_veteran: int
    this_turn: ThisTurn
    can_command: bool
    unpaid: Unpaid | None = None
    can_place: bool = False  # Control's: it corrects where a force stands on the map


def get_force_card(force, turn, scope, unpaid=None, make=None, alike=None):
    """`make` (make_of), when read apart, and `alike`, what forces of one make show, when a page shows many."""
    make = make_of(force) if make is None else make
    alike = alike or AlikeOnCards()
    value, if_veteran = alike.combat_values(force.name, make)
    return ForceCard(
        force,
        alike.unit_lines(force.kind, make),
        value,
        if_veteran,
        get_this_turn(force, turn),
        scope.covers_force(force),
        unpaid,
        scope.everything,
    )


@dataclass(frozen=True)
class FleetCard:
    fleet: Fleet
    aboard: list
    load: int
    can_command: bool
    unpaid: Unpaid | None = None


def get_fleet_card(fleet, scope, unpaid=None):
    """The fleet's state and load, the forces on it read with their troops."""
    aboard = list(fleet.aboard.all())
    load = vexillation_equivalents([as_rules_force(f) for f in aboard], Working())
    return FleetCard(fleet, aboard, load, scope.covers_fleet(fleet), unpaid)


def fleet_card_on_page(fleet, scope, aboard, unpaid):
    """`aboard`: each force on the fleet with its make, its troops read apart (get_troops_by_force)."""
    load = vexillation_equivalents([rules_force_of(force.name, make) for force, make in aboard], Working())
    return FleetCard(fleet, [force for force, _ in aboard], load, scope.covers_fleet(fleet), unpaid)


@dataclass
class TableForces:
    table: Region
    mine: bool
    forces: list = field(default_factory=list)
    fleets: list = field(default_factory=list)

    @property
    def has_legions(self):
        return any(card.force.kind == Force.Kind.LEGION for card in self.forces)

    @property
    def unpaid(self):
        """The units at this table with unpaid bills, for the box at the top of its forces."""
        return [card.unpaid for card in [*self.forces, *self.fleets] if card.unpaid]


def get_forces_by_table(event, user, turn):
    """Every table's forces and fleets in `turn`, the current one, the user's own tables first; a fixed number
    of queries."""
    scope, mine = get_command_scope(user, event), get_my_tables(user, event)
    tables = {t.pk: TableForces(t, t.pk in mine) for t in get_regions(event)}
    unpaid, troops, alike, aboard = get_unpaid_on_cards(event, turn), get_troops_by_force(event), AlikeOnCards(), {}
    for force in forces_on_cards(event):
        force.event = event  # an upgrade's month is read from it; the cards' query does not join it
        make = force.aquila, troops.get(force.pk, ())
        card = get_force_card(force, turn, scope, unpaid.get(force), make, alike)
        tables[force.province.region_id].forces.append(card)
        aboard.setdefault(force.embarked_on_id, []).append((force, make))
    for fleet in fleets_on_cards(event):
        card = fleet_card_on_page(fleet, scope, aboard.get(fleet.pk, []), unpaid.get(fleet))
        tables[fleet.base.region_id].fleets.append(card)
    shown = [t for t in tables.values() if t.forces or t.fleets or t.table.kind == Region.Kind.MAP_TABLE]
    return sorted(shown, key=lambda t: (not t.mine, t.table.position, t.table.name))


@dataclass(frozen=True)
class DemoOrderOfBattle:
    forces: int
    fleets: int


def get_demo_order_of_battle(event):
    """How many forces and fleets of the event are still demo data, or None when none is."""
    forces = Force.objects.filter(event=event, is_demo=True).count()
    fleets = Fleet.objects.filter(event=event, is_demo=True).count()
    return DemoOrderOfBattle(forces, fleets) if forces or fleets else None


@dataclass(frozen=True)
class DemoMap:
    points: int
    routes: int


def get_demo_map(event):
    """How many map points and routes of the event are still demo data, or None when none is."""
    points = MapPoint.objects.filter(event=event, is_demo=True).count()
    routes = MapRoute.objects.filter(event=event, is_demo=True).count()
    return DemoMap(points, routes) if points or routes else None


def get_history(target, limit=50):
    """The audit entries whose target is this force or fleet, newest first."""
    return AuditEntry.objects.filter(target_type=target._meta.label_lower, target_id=str(target.pk))[:limit]


def get_costs_owed(force):
    return CostOwed.objects.filter(force=force).select_related("fleet")


@dataclass(frozen=True)
class Bribery:
    """This turn's bribes on a force (VIII. Bribery): each with its value by the engine, and the
    engine's standing (outcome: values, winner, tied; and its working)."""

    bribes: list  # (Bribe, its value in whole talents a vexillation)
    standing: object


def get_bribery(force, turn):
    """The bribes standing on `force` this turn, or None if no one has bribed it."""
    standing = get_bribery_standing(force, turn)
    if standing is None:
        return None
    bribes = Bribe.objects.filter(force=force, turn=turn, payment__reversed_by__isnull=True).select_related("briber")
    values = standing.outcome["values"]
    return Bribery([(bribe, values.get(bribe.briber.name, 0)) for bribe in bribes.order_by("pk")], standing)


def get_paid_into(payment):
    """The account a payment in from outside went to, and how many talents: (account, talents)."""
    posting = payment.postings.filter(amount__gt=0).select_related("account").get()
    return posting.account, posting.amount


def get_legions_of_table(event, region):
    """A table's legions, for its pack of Legion Status Charts."""
    return forces_of(event).filter(province__region=region, kind=Force.Kind.LEGION)


UNIT_NAMES = {  # (one, many)
    "aquila": ("Aquila", "Aquilae"),
    "praetorian": ("praetorian", "praetorians"),
    "legionary": ("legionary", "legionaries"),
    "auxiliary": ("auxiliary", "auxiliaries"),
    "raw_levy": ("raw levy", "raw levies"),
    "barbarian_warband": ("barbarian warband", "barbarian warbands"),
    "non_roman_regiment": ("non-Roman regiment", "non-Roman regiments"),
}


def units(count, kind, veteran=False):
    one, many = UNIT_NAMES[kind]
    return f"{count} {'veteran ' if veteran else ''}{one if count == 1 else many}"


def describe_upgrade(upgrade):
    """An upgrade's orders in words, by the engine's UPGRADES table: "10 raw levies → 5 auxiliaries"."""
    parts = []
    for order in upgrade.orders:
        row, veteran = UPGRADES.lookup(order["kind"]), order.get("veterans", False)
        parts.append(
            f"{units(order['count'] * row['per_unit'], row['takes'], veteran)} → "
            f"{units(order['count'], row['makes'], veteran)}"
        )
    return "; ".join(parts)


def describe_upgrade_with_date(upgrade, event):
    return (
        f"{describe_upgrade(upgrade)}, ready at the end of turn {upgrade.ready_turn} "
        f"({event.game_month(upgrade.ready_turn)})"
    )


# ---- work finishing at a table (the table's console) --------------------------------------------


@dataclass(frozen=True)
class UpgradeUnderWay:
    """An upgrade as its row on a table's console shows it: `describe_upgrade` reads its orders."""

    ready_turn: int
    pk: int
    force_pk: int
    force_name: str
    orders: list


@dataclass(frozen=True)
class BuildUnderWay:
    """A build as its row on a table's console shows it."""

    ready_turn: int
    pk: int
    province_pk: int
    province_name: str
    item: str
    description: str


@dataclass(frozen=True)
class WorkUnderWay:
    """The upgrades and builds under way at a table, soonest ready first: each finishes at the end
    of its `ready_turn`, when the turn-end hook marks it done."""

    upgrades: list[UpgradeUnderWay]
    builds: list[BuildUnderWay]


def get_work_under_way(table):
    """Only the columns the console's rows show are read, as bare rows rather than models: its force's or
    province's name, what it is, when it is ready. Their event is the table's, which the caller has. A table
    has a handful under way: sorted here by (ready turn, id), which costs less than Django's building the
    ORDER BY."""
    upgrades = (
        Upgrade.objects.filter(force__province__region=table.pk, finished_turn__isnull=True)
        .values_list("ready_turn", "pk", "force_id", "force__name", "orders")
        .order_by()
    )
    builds = (
        Spending.objects.filter(province__region=table.pk, finished_turn__isnull=True)
        .values_list("ready_turn", "pk", "province_id", "province__name", "item", "description")
        .order_by()
    )
    return WorkUnderWay(
        [UpgradeUnderWay(*row) for row in sorted(upgrades)], [BuildUnderWay(*row) for row in sorted(builds)]
    )
