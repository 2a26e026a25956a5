"""Bread and circuses (VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION): buying from the catalogue,
the corn dole, and the builds that finish at a turn's end.

Every cost, time and condition comes from the engine's ad69.conspicuous_consumption; this module
checks what the engine cannot see (the permission given, the venue chosen, the money there is),
pays through the ledger and records the purchase. A refusal writes nothing.
"""

from itertools import count
from typing import cast

from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.db.transaction import atomic

from umpire.calendar import is_tax_turn
from umpire.events import control_group, publish_on_commit, table_group
from umpire.models import Character, Event
from umpire.models.base import InEvent
from umpire.rules.ad69.consumption import CORN_DOLE_IN_ROME
from umpire.services.audit import Actor, record_audit, snapshot

from ..events import SpendingChanged
from ..models import Account, Province, Spending, Venue
from ..models.limits import MOST_TALENTS
from ..money_scope import get_money_scope
from .books import PUBLIC_WORKS, THE_PEOPLE, outside
from .engine import current_turn, run_rules
from .ledger import is_user, is_whole, post

Item = Spending.Item


CIRCUSES = "VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION, Circuses and the Mob"
BREAD = "VIII. EXPENDITURE, CONSPICUOUS CONSUMPTION, Bread"
# What is built is paid to the works; what is shown, eaten or handed out, to the people.
BUILDS = {Item.ENTERTAINMENT_VENUE, Item.TEMPLE, Item.PUBLIC_WORKS}
# Notes (3) and (4): the place the engine's `needs` names, as a kind of Venue.
PLACE_NEEDED = {"venue": Venue.Kind.ENTERTAINMENT_VENUE, "temple": Venue.Kind.TEMPLE}
# Notes (1) and (2): what a finished build adds to the venues.
BUILT_AS: dict[str, str] = {Item.ENTERTAINMENT_VENUE: Venue.Kind.ENTERTAINMENT_VENUE, Item.TEMPLE: Venue.Kind.TEMPLE}
VENUE_NAME_LENGTH = cast(int, Venue._meta.get_field("name").max_length)  # a CharField has one


# ---- buying from the catalogue --------------------------------------------------------------


def do_buy(
    event: Event,
    *,
    item: str,
    province: Province,
    paid_from: Account,
    spender: Character | None,
    actor: Actor,
    multiples: int = 1,
    months: int = 0,
    description: str = "",
    permission: str = "",
    venue: Venue | None = None,
) -> Spending:
    """VIII. CONSPICUOUS CONSUMPTION, "Typical costs": buy one item of the catalogue in Rome or a
    province (PROVINCIAL GOVERNMENT & TAXATION, 2: "in the case of provincial entertainments, you
    can get away with halving the costs"). The engine gives the cost, the time, and whether
    permission or a venue is needed."""
    item = check_item(item)
    check_in_event(event, province=province, paid_from=paid_from, spender=spender, venue=venue)
    check_spender_kept(event, spender, actor)
    check_payer(paid_from)
    terms = run_rules(
        "ad69.conspicuous_consumption",
        {"item": item.value, "in_rome": province.is_rome, "multiples": multiples, "months": months},
    ).outcome
    if terms["permission"]:
        check_permission(province, spender, permission)
    with atomic():
        turn = current_turn(event)
        check_venue(item, terms["needs"], venue, province, turn)
        spending = Spending(
            event=event,
            item=item,
            province=province,
            spender=spender,
            paid_from=paid_from,
            talents=terms["cost"],
            multiples=multiples,
            description=description.strip(),
            permission=permission.strip(),
            venue=venue,
            entered_by=actor if is_user(actor) else None,
            ordered_turn=turn,
            **timing(turn, terms["months"]),
        )
        spending.full_clean(exclude=["payment"])
        return record(spending, sink=PUBLIC_WORKS if item in BUILDS else THE_PEOPLE, actor=actor, action="bought")


def check_item(name: str) -> Item:
    try:
        item = Item(name)
    except ValueError:
        raise ValidationError({"item": f"{name!r} is not in the catalogue."}) from None
    if item == Item.CORN_DOLE:
        raise ValidationError(
            {"item": f"The corn dole is not bought from the catalogue: pay it as the corn dole ({BREAD})."}
        )
    return item


def check_in_event(event: Event, **records: InEvent | None) -> None:
    """Each record given belongs to `event`: the same refusal for a stranger as for a mistake."""
    for field, record in records.items():
        if record is not None and record.event_id != event.pk:
            raise ValidationError({field: f"{record} belongs to another event."})


def check_spender_kept(event: Event, spender: Character | None, actor: Actor) -> None:
    """The spending is credited to a man at the umpire's tables (the mob remembers who paid): the same
    scope as the purses he keeps. The console's own spending (no umpire) names whom it likes."""
    if spender is None or actor is None or not actor.is_authenticated:
        return
    if not get_money_scope(actor, event).covers_character(spender):
        raise ValidationError({"spender": f"{spender} is not at your tables: name one who is, or no one."})


def check_payer(paid_from: Account) -> None:
    # An account outside the books can always pay; money spent in the game comes from someone's.
    if paid_from.kind == Account.Kind.EXTERNAL:
        raise ValidationError(
            {"paid_from": f"{paid_from} is outside the books: pay from a treasury, a purse or a pay chest."}
        )


def permission_giver(province: Province | None) -> tuple[Character | None, str]:
    """Note (1): "permission from the Senate (in Rome) or the Governor (in the Provinces)". A
    province run from another (the Alpes from Italia) asks whoever governs that one. Returns the
    governor, or None when the Senate (or no one on record) gives it, with the words for it."""
    seen = set()
    while province is not None and province.pk not in seen:
        seen.add(province.pk)
        if province.is_rome or province.governed_by_senate:
            return None, "the Senate's permission"
        if province.governor_id:
            return province.governor, f"the permission of its governor, {province.governor}"
        province = province.controlled_from
    return None, "its governor's permission"


def check_permission(province: Province, spender: Character | None, permission: str) -> None:
    """Note (1): an entertainment venue needs leave; a governor needs none to build in his own province."""
    governor, whose = permission_giver(province)
    if governor is not None and spender is not None and governor.pk == spender.pk:
        return
    if not permission or not permission.strip():
        raise ValidationError(
            {"permission": f"An entertainment venue in {province} needs {whose} (note 1): say who gave it and when."}
        )


def check_venue(item: Item, needs: str | None, venue: Venue | None, province: Province, turn: int) -> None:
    """Notes (3) and (4): "There must be a venue available in that month"; a ceremony needs a temple."""
    if not needs:
        if venue is not None:
            raise ValidationError(
                {"venue": f"No venue is chosen for {item.label.lower()}: only a show or a ceremony is held at one."}
            )
        return
    kind = PLACE_NEEDED[needs]
    if venue is None:
        raise ValidationError(
            {"venue": f"A {item.label.lower()} needs {a(kind.label.lower())} available in that month: choose one."}
        )
    venue = Venue.objects.select_for_update().get(pk=venue.pk)  # two shows cannot book it at once
    if venue.kind != kind:
        raise ValidationError(
            {
                "venue": f"{venue} is {a(venue.get_kind_display().lower())}: a "
                f"{item.label.lower()} needs {a(kind.label.lower())}."
            }
        )
    if venue.province_id != province.pk:
        raise ValidationError({"venue": f"{venue} is in {venue.province}, not in {province}."})
    taken = held_this_turn(venue.event_id, turn).filter(venue=venue).first()
    if taken:
        raise ValidationError(
            {
                "venue": f"{venue} is not available this month: it is taken by the "
                f"{taken.get_item_display().lower()} ordered by {taken.spender or 'Control'}."
            }
        )


def a(noun: str) -> str:
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def held_this_turn(event_id: int, turn: int) -> QuerySet[Spending]:
    """The shows and ceremonies of `turn` (a show is organised in its month and held then), not
    counting any whose payment was reversed."""
    return Spending.objects.filter(
        event=event_id, ordered_turn=turn, venue__isnull=False, payment__reversed_by__isnull=True
    )


def timing(turn: int, months: int) -> dict[str, int | None]:
    """A build ordered now is ready at the end of its last month; an immediate purchase is done now."""
    if months > 0:
        return {"ready_turn": turn + months - 1, "finished_turn": None}
    return {"ready_turn": turn, "finished_turn": turn}


def record(spending: Spending, *, sink: str, actor: Actor, action: str) -> Spending:
    """Pay for a checked purchase with one transaction, then save, audit and announce it. Runs
    inside the caller's atomic block, so a refusal by the ledger writes nothing."""
    why = describe(spending)
    spending.payment = post(
        spending.event,
        [(spending.paid_from, -spending.talents), (outside(spending.event, sink), spending.talents)],
        why=why,
        actor=actor,
        field="paid_from",
    )
    spending.save()
    record_audit(
        event=spending.event,
        actor=actor,
        action=f"spending.{action}",
        target=spending,
        after=snapshot(spending),
        reason=why,
    )
    announce(spending, action)
    return spending


def describe(spending: Spending) -> str:
    what = spending.get_item_display()
    if spending.multiples > 1:
        what = f"{what} × {spending.multiples}"
    where = f" at {spending.venue}" if spending.venue else ""
    detail = f" ({spending.description})" if spending.description else ""
    who = f", for {spending.spender}" if spending.spender else ""
    return f"{what} in {spending.province}{where}{detail}{who}"


def announce(spending: Spending, action: str) -> None:
    publish_on_commit(
        [control_group(spending.event_id), table_group(spending.province.region_id)],
        SpendingChanged(
            action=action,
            spending_id=spending.pk,
            item=spending.item,
            province=spending.province.name,
            talents=spending.talents,
        ),
    )


# ---- the corn dole ---------------------------------------------------------------------------


def do_pay_corn_dole(
    event: Event,
    *,
    province: Province,
    paid_from: Account,
    actor: Actor,
    spender: Character | None = None,
    talents: int | None = None,
) -> Spending:
    """VIII. Bread: "In Rome there is a system whereby 200,000 certified citizens receive a corn
    dole ... 20 Talents per quarter." Once a quarter in Rome. "A corn dole can also be made in
    provincial city": the handbook gives no price there, so Control enters it."""
    check_in_event(event, province=province, paid_from=paid_from, spender=spender)
    check_spender_kept(event, spender, actor)
    check_payer(paid_from)
    cost = corn_dole_cost(province, talents)
    with atomic():
        Province.objects.select_for_update().get(pk=province.pk)  # one dole a quarter, even paid twice at once
        turn = current_turn(event)
        if province.is_rome:
            check_dole_unpaid(event, quarter_of(turn))
        spending = Spending(
            event=event,
            item=Item.CORN_DOLE,
            province=province,
            spender=spender,
            paid_from=paid_from,
            talents=cost,
            entered_by=actor if is_user(actor) else None,
            ordered_turn=turn,
            **timing(turn, 0),
        )
        spending.full_clean(exclude=["payment"])
        return record(spending, sink=THE_PEOPLE, actor=actor, action="corn_dole")


def corn_dole_cost(province: Province, talents: int | None) -> int:
    if province.is_rome:
        if talents is not None:
            raise ValidationError(
                {
                    "talents": f"The corn dole in Rome costs {CORN_DOLE_IN_ROME} talents a quarter "
                    f"({BREAD}): enter no other figure."
                }
            )
        return CORN_DOLE_IN_ROME
    if talents is None or not is_whole(talents) or not 0 < talents <= MOST_TALENTS:
        raise ValidationError(
            {
                "talents": f"The handbook gives no price for a corn dole in {province}: enter the "
                "whole number of talents Control has set."
            }
        )
    return talents


def quarter_of(turn: int) -> int:
    """The tax turn that opened the quarter `turn` is in."""
    return next(t for t in range(turn, 0, -1) if is_tax_turn(t))


def check_dole_unpaid(event: Event, quarter_turn: int) -> None:
    paid = get_corn_dole(event, quarter_turn)
    if paid:
        raise ValidationError(
            {
                "province": f"Rome's corn dole for the quarter from {event.game_month(quarter_turn)} "
                f"was already paid on turn {paid.ordered_turn}, from {paid.paid_from}."
            }
        )


def get_corn_dole(event: Event, quarter_turn: int) -> Spending | None:
    """Rome's corn dole paid in the quarter that opens on (or includes) `quarter_turn`, or None.
    A dole whose payment was reversed was not paid."""
    start = quarter_of(quarter_turn)
    end = next(t for t in count(start + 1) if is_tax_turn(t))
    return (
        Spending.objects.filter(
            event=event,
            item=Item.CORN_DOLE,
            province__is_rome=True,
            ordered_turn__gte=start,
            ordered_turn__lt=end,
            payment__reversed_by__isnull=True,
        )
        .select_related("paid_from")
        .order_by("pk")
        .first()
    )


# ---- builds finishing, and the venues they add -----------------------------------------------


def finish_spending(event: Event, turn: int) -> None:
    """Turn-end hook: what was ordered is ready at the end of its last month ("Time to build or
    organise"). A finished entertainment venue or temple is a venue a show or a ceremony can
    use (note 3: the list of venues "may be added to")."""
    due = Spending.objects.filter(
        event=event, ready_turn__lte=turn, finished_turn__isnull=True, payment__reversed_by__isnull=True
    )
    for pk in due.order_by("pk").values_list("pk", flat=True):
        finish(pk, turn)


def finish(pk: int, turn: int) -> None:
    with atomic():
        spending = (
            Spending.objects.select_for_update(of=("self",)).select_related("event", "province", "spender").get(pk=pk)
        )
        if spending.finished_turn is not None:  # finished meanwhile
            return
        before = snapshot(spending)
        spending.finished_turn = turn
        if spending.item in BUILT_AS:
            spending.built = Venue.objects.create(
                event=spending.event,
                name=venue_name(spending),
                kind=BUILT_AS[spending.item],
                province=spending.province,
            )
        spending.save(update_fields=["finished_turn", "built"])
        record_audit(
            event=spending.event,
            actor=None,
            action="spending.finished",
            target=spending,
            before=before,
            after=snapshot(spending),
            reason=f"end of turn {turn}",
        )
        announce(spending, "finished")


def venue_name(spending: Spending) -> str:
    """The name the builder gave it, else who built what where; made unique within the event."""
    kind = spending.get_item_display()
    by = f" by {spending.spender}" if spending.spender else ""
    name = spending.description or f"{kind} built{by} in {spending.province}"
    return unique_venue_name(spending.event, name)


def unique_venue_name(event: Event, name: str) -> str:
    taken = set(
        Venue.objects.filter(event=event, name__startswith=name[: VENUE_NAME_LENGTH // 2]).values_list(
            "name", flat=True
        )
    )
    candidate = name[:VENUE_NAME_LENGTH]
    n = 1
    while candidate in taken:
        n += 1
        suffix = f" ({n})"
        candidate = name[: VENUE_NAME_LENGTH - len(suffix)] + suffix
    return candidate


def venues_free(event: Event, province: Province, turn: int, kind: str) -> QuerySet[Venue]:
    """The venues of `kind` in `province` that no show or ceremony holds in `turn`: the choice for note (3)."""
    return (
        Venue.objects.filter(event=event, province=province, kind=kind)
        .exclude(pk__in=held_this_turn(event.pk, turn).values("venue"))
        .order_by("name")
    )
