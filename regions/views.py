"""The map's pages: the world at a glance, and the forces pages a table umpire works from.

Each order is a small POST view: check the permission (access_force or access_fleet), read the
form, call the service, report, and go back to the page. A refusal, by the form or by the AD69
engine through the service, changes nothing and answers 400 with the page as it stands: the
refusal in a message, and the form as typed in the panel it was sent from, each problem beside
its field.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from umpire.models import Region
from umpire.permissions import Perm
from umpire.refusals import refused_in
from umpire.rules.ad69.legions import UNPAID_TROOPS
from umpire.rules.working import Line
from umpire.selectors import access_event, can, get_seats, get_turn, is_record_id
from umpire.views.refusals import refusal_text, valid

from . import forms
from .money_scope import get_money_scope
from .printing import force_chart, table_charts
from .selectors import (
    AQUILA,
    access_fleet,
    access_force,
    describe_upgrade_with_date,
    get_bribery,
    get_command_scope,
    get_costs_owed,
    get_demo_map,
    get_demo_order_of_battle,
    get_fleet_card,
    get_force_card,
    get_forces_by_table,
    get_history,
    get_paid_into,
    get_unpaid,
    get_upkeep,
    get_world,
)
from .services import demo, fleets, plunder
from .services import forces as force_services

# The unpaid flags change with a tax turn, a payment or its reversal; a legion's bribes with a new one.
LIVE_ON = "force.changed fleet.changed clock.changed troops.unpaid statement.changed ledger.changed bribe.offered"


@login_required
def world(request, slug):
    """The event at a glance: each table with its provinces, the people there and its umpires."""
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    turn = get_turn(event)  # None before the clock is set
    context = {
        "event": event,
        "turn": turn,
        "game_month": None if turn is None else event.game_month(turn),
        "world": get_world(event),
        "can_edit": can(request.user, event, Perm.EDIT_WORLD),
        # the seats the request has read already (its permissions), not read again
        "my_tables": {region for _, region in get_seats(request.user, event)},
    }
    return render(request, "regions/world.html", context)


def record_links(url_name, event):
    """Links to one kind of the event's records, by pk, from one reverse: a list of hundreds of rows
    that reversed each row's link spent a fifth of its page there (issue 34)."""
    stand_in = "2147483647"  # a pk no row has: it marks where each row's pk goes
    before, _, after = reverse(url_name, args=[event.slug, stand_in]).rpartition(stand_in)  # the pk comes last
    return lambda pk: f"{before}{pk}{after}"


def turn_context(event):
    turn = get_turn(event)
    return {
        "event": event,
        "turn": turn,
        "game_month": event.game_month(turn),
        "live_on": LIVE_ON,
        "unpaid_warning": UNPAID_TROOPS,
    }


@login_required
def forces(request, slug):
    """Every table's forces and fleets, the umpire's own table first: what each may do this turn."""
    event = access_event(request.user, slug, Perm.VIEW_FORCES)
    context = turn_context(event)
    context |= {
        "tables": get_forces_by_table(event, request.user, context["turn"]),
        "demo": get_demo_order_of_battle(event) if can(request.user, event, Perm.EDIT_WORLD) else None,
        "demo_map": get_demo_map(event) if can(request.user, event, Perm.EDIT_WORLD) else None,
    }
    return render(request, "regions/forces.html", context)


@login_required
@require_POST
def adopt_demo_forces(request, slug):
    """Control keeps the demo order of battle as the event's own (the handbook's lists are missing)."""
    return adopting(
        request,
        slug,
        demo.do_adopt_demo_forces,
        "The demo forces and fleets are the event's own now ({forces} and {fleets}).",
    )


@login_required
@require_POST
def adopt_demo_map(request, slug):
    """Control keeps the demo map as the event's own (the handbook's maps are missing)."""
    return adopting(
        request,
        slug,
        demo.do_adopt_demo_map,
        "The demo map is the event's own now ({points} points and {routes} routes).",
    )


def adopting(request, slug, adopt, done):
    """Adopt demo data as the event's own, saying so with a link to undo it (`done` is worded from the
    entry's after), or why not."""
    event = access_event(request.user, slug, Perm.EDIT_WORLD)
    try:
        entry = adopt(event, actor=request.user)
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
    else:
        undo = reverse("umpire:undo", args=[slug, entry.pk])
        messages.success(request, format_html('{} <a href="{}">Undo</a>', done.format(**entry.after), undo))
    return redirect("regions:forces", slug=slug)


@login_required
def force(request, slug, pk):
    """One legion, detachment or host: its figures, its history and, to its commander, its orders."""
    return force_page(request, access_force(request.user, slug, pk))


def force_page(request, force, typed=None):
    """The force's page; after a refused order (status 400), its form as `typed` in its panel."""
    context = turn_context(force.event)
    card = get_force_card(force, context["turn"], get_command_scope(request.user, force.event), get_unpaid(force))
    context.update(
        {
            "force": force,
            "card": card,
            "unit_unpaid": card.unpaid,
            "upkeep": get_upkeep(force),
            "costs": get_costs_owed(force),
            "upgrades": [describe_upgrade_with_date(u, force.event) for u in force.open_upgrades],
            "history": get_history(force),
            "panels": typed_in(
                forms.force_panels(force, card, get_money_scope(request.user, force.event)), request, typed
            )
            if card.can_command
            else [],
            "bribery": get_bribery(force, context["turn"]) if card.can_command else None,
            "totals": totals(card.lines),
        }
    )
    return render(request, "regions/legion.html", context, status=200 if typed is None else 400)


def typed_in(panels, request, typed):
    return [forms.as_typed(panel, request.path, typed) for panel in panels]


def totals(lines):
    """The TOTAL row's vexillations, normal and veteran: the Aquila is not one."""
    vexillations = [line for line in lines if line.label != AQUILA]
    return {"normal": sum(line.normal for line in vexillations), "veteran": sum(line.veteran for line in vexillations)}


@login_required
def fleet(request, slug, pk):
    """One fleet: its state and load, the troops aboard, its history and, to its table, its orders."""
    return fleet_page(request, access_fleet(request.user, slug, pk))


def fleet_page(request, fleet, typed=None):
    """The fleet's page; after a refused order (status 400), its form as `typed` in its panel."""
    context = turn_context(fleet.event)
    card = get_fleet_card(fleet, get_command_scope(request.user, fleet.event), unpaid=get_unpaid(fleet))
    context.update(
        {
            "fleet": fleet,
            "card": card,
            "unit_unpaid": card.unpaid,
            "history": get_history(fleet),
            "costs": fleet.costs_owed.all(),
            "panels": typed_in(forms.fleet_panels(fleet), request, typed) if card.can_command else [],
        }
    )
    return render(request, "regions/fleet.html", context, status=200 if typed is None else 400)


# ---- printing --------------------------------------------------------------------------------


def pdf_response(pdf, filename):
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@login_required
def force_status_pdf(request, slug, pk):
    """The Legion Status Chart of one Roman force; a non-Roman host has none."""
    force = access_force(request.user, slug, pk)
    if force.is_non_roman:
        raise Http404("No such chart.")
    try:
        pdf = force_chart(force.event, force, page_size=request.GET.get("size", "A4"))
    except ValueError as refusal:
        return HttpResponseBadRequest(str(refusal))
    return pdf_response(pdf, f"{force.event.slug}-{force.pk}-status.pdf")


@login_required
def table_status_pdf(request, slug):
    """The charts of every legion at one table (?table=<its id>), one a page."""
    event = access_event(request.user, slug, Perm.VIEW_FORCES)
    table_id = request.GET.get("table", "")
    region = Region.objects.filter(event=event, pk=table_id).first() if is_record_id(table_id) else None
    if region is None:
        raise Http404("No such table.")
    try:
        pdf = table_charts(event, region, page_size=request.GET.get("size", "A4"))
    except ValueError as refusal:
        messages.error(request, f"{region}: {refusal}.")
        return redirect("regions:forces", slug=slug)
    return pdf_response(pdf, f"{event.slug}-{region.pk}-legions.pdf")


# ---- orders ----------------------------------------------------------------------------------

# The words a refusal's field is shown with: the form's own labels, and the engine's inputs.
FIELD_LABELS = {
    "raw_levies": "Raw levies",
    "orders": "Upgrade orders",
    "troops": "Troops",
    "legion": "Legion",
    "standing_still": "Standing still",
    "in_rome_with_emperors_approval": "In Rome, with the Emperor's approval",
    "map_points": "Map points",
    "legs": "The march",
    "to_point": "March to",
    "map_point": "Map point",
    "ordered_by_region_umpire": "Region umpire's order",
    "reason": "Why",
    "forced_march": "Forced march",
    "player_present": "Player with the force",
    "to_province": "To province",
    "into": "Rejoin",
    "name": "Name",
    "fleet": "Fleet",
    "forces": "Load",
    "coastal_sea_areas": "Coastal sea areas",
    "open_sea_areas": "Open sea areas",
    "fleets_agree": "Fleets agree",
    "dice": "Dice",
    "repair": "Repair",
    "marines_aboard": "Marines",
    "waterway": "Waterway",
    "aquila": "Aquila",
    "town": "Town or city",
    "legions_present": "Legions present",
    "briber": "Briber",
    "talents": "Talents",
    "purpose": "Purpose",
    "paid_from": "Paid from",
    "force": "Force",
}


# A service's field by the name its order's form gives it.
SAME_AS = {"raw_levies": "count", "paid_from": "briber", "legs": "to_point"}


def order(access, page, shows, typed_form):
    """A POST giving one order to a force or fleet the user commands. Done: back to `page` with a
    message. Refused, by its form or by the engine through the service: `shows` draws the page again,
    400, as it stands, with the refusal in a message and the form as typed in its panel.

    `typed_form(request, target)` gives the order's form bound to the POST; the handler gets its data
    once valid, and returns the message ("" if it gave its own), or the message and the force to show
    next (a merged detachment is gone: its legion is shown)."""

    def wrap(handler):
        @login_required
        @require_POST
        def view(request, slug, pk):
            target = access(request.user, slug, pk, Perm.COMMAND_FORCES)
            typed = forms.typed_for_panel(typed_form(request, target), request.path)
            try:
                done = handler(request, target, valid(typed))
            except ValidationError as refusal:
                if typed.is_valid():  # the form was content: the refusal is the service's
                    refused_in(typed, refusal, FIELD_LABELS, SAME_AS)
                messages.error(request, refusal_text(refusal, FIELD_LABELS))
                return shows(request, access(request.user, slug, pk), typed)  # as it stands: nothing changed
            message, shown = done if isinstance(done, tuple) else (done, target)
            if message:
                messages.success(request, message)
            return redirect(page, slug=slug, pk=shown.pk)

        return view

    return wrap


def force_order(typed_form):
    return order(access_force, "regions:force", force_page, typed_form)


def fleet_order(typed_form):
    return order(access_fleet, "regions:fleet", fleet_page, typed_form)


@force_order(lambda r, force: forms.RaiseLeviesForm(r.POST))
def raise_levies(request, force, data):
    count = data["count"]
    force_services.do_raise_levies(force, count=count, actor=request.user)
    return f"{count} raw levies join {force.name}; the raising cost is owed."


@force_order(lambda r, force: forms.UpgradeForm(r.POST))
def order_upgrade(request, force, data):
    force_services.do_order_upgrade(
        force,
        orders=data["orders"],
        actor=request.user,
        in_rome_with_emperors_approval=data["in_rome_with_emperors_approval"],
    )
    return f"Upgrade ordered for {force.name}; the cost is owed."


@force_order(lambda r, force: forms.DetachForm(r.POST, force=force))
def detach(request, force, data):
    detachment = force_services.do_detach(force, name=data["name"], troops=data["troops"], actor=request.user)
    return f"{detachment.name} is detached from {force.name}."


@force_order(lambda r, force: forms.MergeForm(r.POST, force=force))
def merge(request, force, data):
    into = data["into"]
    force_services.do_merge(force, into=into, actor=request.user)
    return f"{force.name} has rejoined {into.name}.", into


@force_order(lambda r, force: forms.MarchForm(r.POST, force=force))
def march(request, force, data):
    to_point = data["to_point"]
    marched = force_services.do_march(force, to_point=to_point, forced_march=data["forced_march"], actor=request.user)
    how = "force-marched" if data["forced_march"] else "marched"
    table = to_point.province.region
    return (
        f"{force.name} {how} to {to_point}, {to_point.province} ({table} table): "
        f"{marched.points_moved} map point{'' if marched.points_moved == 1 else 's'} this turn."
    )


def place_form(request, force):
    """Control's alone: to a table's umpire there is no such order (404, as for another table's force)."""
    if not get_command_scope(request.user, force.event).everything:
        raise Http404("No such force.")
    return forms.PlaceForm(request.POST, force=force)


@force_order(place_form)
def place(request, force, data):
    """Control places a force on the map, or corrects where it stands (not a march)."""
    point = data["map_point"]
    force_services.do_place_force(force, map_point=point, actor=request.user, reason=data["reason"])
    return f"{force.name} stands at {point}, {point.province}."


@force_order(lambda r, force: forms.EmbarkForm(r.POST, force=force))
def embark(request, force, data):
    fleet = data["fleet"]
    fleets.do_embark(force, fleet=fleet, actor=request.user)
    return f"{force.name} is aboard {fleet}."


@force_order(lambda r, force: forms.LandForm(r.POST, force=force))
def land(request, force, data):
    province, at_point = data["province"], data["at_point"]
    fleets.do_land(force, province=province, at_point=at_point, actor=request.user)
    return (
        f"{force.name} is ashore at {at_point}, {province}." if at_point else f"{force.name} is ashore in {province}."
    )


@force_order(lambda r, force: forms.CharterForm(r.POST))
def book_charter(request, force, data):
    result = fleets.do_book_charter(
        force,
        coastal_sea_areas=data["coastal_sea_areas"],
        actor=request.user,
        open_sea_areas=data["open_sea_areas"],
        fleets_agree=data["fleets_agree"],
    )
    return f"Civilian charter booked for {force.name}, sailing next month: {result.outcome['cost']} talents owed."


@force_order(lambda r, force: forms.DemandTributeForm(r.POST))
def demand_tribute(request, force, data):
    run, payment = plunder.do_demand_tribute(
        force,
        town=data["town"],
        legions_present=data["legions_present"],
        loot_if_refused=data["loot_if_refused"],
        dice=data["dice"],
        actor=request.user,
    )
    report_plunder(request, force, run, payment)
    return ""


@force_order(lambda r, force: forms.LootForm(r.POST))
def loot(request, force, data):
    run, payment = plunder.do_loot(force, town=data["town"], dice=data["dice"], actor=request.user)
    report_plunder(request, force, run, payment)
    return ""


def report_plunder(request, force, run, payment):
    """What the town gave and whose purse it went to, the working, and after a looting the rebellion
    test the Region umpire now owes (VII. Loot)."""
    town, outcome = run.case["town"], run.outcome
    messages.success(request, f"{force.name} at {town}: {what_the_town_gave(outcome)} {where_it_went(payment)}")
    if outcome["rebellion_test"]:
        messages.warning(
            request, f"{town} was looted: the Region umpire must now test for rebellion in {run.case['province']}."
        )
    messages.info(request, "\n".join(working_lines(Line(**line) for line in run.working)), extra_tags="working")


def what_the_town_gave(outcome):
    if "paid" not in outcome:  # ad69.loot: no demand was made
        return "the town is looted."
    if outcome["paid"]:
        return f"the demand succeeds (score {outcome['score']}): the town pays tribute."
    return f"the demand fails (score {outcome['score']}){': the army loots the town.' if outcome['looted'] else '.'}"


def where_it_went(payment):
    if payment is None:
        return "Nothing is taken."
    account, talents = get_paid_into(payment)
    return f"{talents} talents paid into {account}."


@force_order(lambda r, force: forms.BribeForm(r.POST, force=force, scope=get_money_scope(r.user, force.event)))
def offer_bribe(request, force, data):
    bribe = plunder.do_offer_bribe(
        force, briber=data["briber"], talents=data["talents"], purpose=data["purpose"], actor=request.user
    )
    return f"{bribe.briber} bribes {force.name} with {bribe.talents} talents from his purse, to: {bribe.purpose}"


@fleet_order(lambda r, fleet: forms.CrossingForm(r.POST))
def open_sea_crossing(request, fleet, data):
    result = fleets.do_open_sea_crossing(
        fleet, offering_to_neptune=data["offering_to_neptune"], dice=data["dice"], actor=request.user
    )
    outcome = result.outcome["result"].replace("_", " ")
    messages.success(
        request,
        format_html(
            "{}: open-sea crossing – {}. The working is below; "
            '<a href="#history">the fleet\'s history</a> keeps the record.',
            fleet.name,
            outcome,
        ),
    )
    messages.info(request, "\n".join(working_lines(result.working)), extra_tags="working")
    return ""


def working_lines(lines):
    """The engine's working as text, each die with what it showed."""
    return [f"{line.text}: {line.value}" if line.kind == "die" else line.text for line in lines]


@fleet_order(lambda r, fleet: forms.RepairForm(r.POST))
def repair_fleet(request, fleet, data):
    repair = data["repair"]
    fleets.do_repair_fleet(fleet, repair=repair, actor=request.user)
    return f"{fleet.name}: {repair.replace('_', ' ')} under way; the cost is owed."


@fleet_order(lambda r, fleet: forms.StripMarinesForm(r.POST, fleet=fleet))
def strip_marines(request, fleet, data):
    name = data["name"]
    marines = fleets.do_strip_marines(fleet, name=name, actor=request.user)
    return f"{fleet.name}'s marines form {marines.name}: 6 auxiliary vexillations at {fleet.base}."


@fleet_order(lambda r, fleet: forms.BridgeForm(r.POST))
def build_bridge(request, fleet, data):
    waterway = data["waterway"]
    fleets.do_build_bridge(fleet, waterway=waterway, actor=request.user)
    return f"{fleet.name} bridges {waterway} this month."
