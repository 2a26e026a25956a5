"""The battle pages (X. COMBAT RESOLUTION): the index with the form that opens a battle, and the
desk an umpire runs one battle from, on a tablet at his table, round by round.

Each step is a small POST view, as on the forces and treasury pages: fetch the battle the user
runs (access_battle with RUN_BATTLES, else 404), read the form, call the service, report, and go
back to the desk. A refusal, by the form or by the service, changes nothing and answers 400 with
the desk, the step's form as typed and each problem beside its field (battle_step); the index does
the same with its open form (index_form_step). Both keep their place (keep_place): on the desk the
step the battle waits for comes first, in the order of desk_steps.py; on the index the odds or the
refused form is the current step.
"""

from fractions import Fraction

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from regions.services.engine import as_case_force, run_rules
from regions.views import pdf_response
from umpire.permissions import Perm
from umpire.refusals import refused_in, said
from umpire.rules.ad69.exact_odds import chance_said
from umpire.selectors import access_event, can, get_turn
from umpire.views.refusals import refusal_text, valid

from . import forms
from .desk_steps import get_desk_steps
from .models.rounds import SIDES, Figure
from .printing import SideOnPaper, battle_record, battle_sheet, on_paper, opened_battle_sheet
from .selectors import (
    access_battle,
    access_battle_table,
    battles_to_step,
    forced_marches,
    get_battles_by_table,
    get_fight_scope,
    get_forces_at_table,
    get_loss_groups,
    get_sides,
    get_tables_to_open_at,
    result_in_words,
    verdict_in_words,
)
from .services.battle_losses import do_confirm_battle, do_place_losses, do_propose_losses
from .services.battle_overrides import do_override_figure
from .services.battle_rounds import do_fight_round, do_give_verdict
from .services.battles import (
    do_claim_battle,
    do_decide_battle,
    do_deploy_forces,
    do_open_battle,
    do_publish_battle,
    do_release_battle,
    do_take_over_battle,
    skill_of,
    standing_point,
)

LIVE_ON = "battle.changed battle.published clock.changed"

# The words a refusal's field is shown with: the forms' labels, and the services' fields.
FIELD_LABELS = {
    "side_a_forces": "Side A's forces",
    "side_b_forces": "Side B's forces",
    "side_a_commander": "Side A's commander",
    "side_b_commander": "Side B's commander",
    "side_a_skill": "Side A's Military Skill",
    "side_b_skill": "Side B's Military Skill",
    "claim": "Claim",
    "reason": "Why",
    "dice": "Dice",
    "what": "Figure",
    "umpire_value": "New value",
    "round_number": "Round",
    "victor": "Victor",
    "placed": "Losses placed",
    "orders.a.joins": "Side A joins",
    "orders.b.joins": "Side B joins",
    "declined_by": "The side that will not fight",
    "deployment": "Order of battle",
}


# ---- the index and opening --------------------------------------------------------------------


@login_required
def battles(request, slug):
    """The battles of the user's tables (drafts marked, unfinished first) and the published ones
    of other tables; the form to open a battle at a table he runs (?table=<id>)."""
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    table = request.GET.get("table")
    if not (table and can(request.user, event, Perm.RUN_BATTLES)):
        return index_page(request, event)
    region = access_battle_table(request.user, slug, table)
    return index_page(request, event, region, open_form(region))


def index_page(request, event, region=None, typed=None, odds=None, status=200):
    """The index; with the open form of `region`'s table, as `typed`, and the odds it was asked for."""
    scope = get_fight_scope(request.user, event)
    turn = get_turn(event)  # the page read the clock with its event
    context = {
        "event": event,
        "turn": turn,
        "game_month": event.game_month(turn),
        "live_on": LIVE_ON,
        "tables": get_battles_by_table(event, scope),
        "open_at": get_tables_to_open_at(event, scope),
        "region": region,
        "open_form": typed,
        "odds": odds,
    }
    return render(request, "warfare/battles.html", context, status=status)


def open_form(region, data=None):
    """The form, with each side's forces to tick, province by province, as posted."""
    groups = get_forces_at_table(region)
    form = forms.OpenBattleForm(data, region=region, forces=[c.force for _, choices in groups for c in choices])
    chosen = {side: set(data.getlist(f"side_{side}_forces")) if data else set() for side in SIDES}
    form.sides = [
        (
            side,
            form[f"side_{side}_forces"],
            [(province, [(c, str(c.force.pk) in chosen[side]) for c in choices]) for province, choices in groups],
        )
        for side in SIDES
    ]
    return form


def index_form_step(handler):
    """A POST of the open form (open, odds, blank sheet) at a table the user runs battles at. Refused, by the
    form, the user's scope or the service: the index again, 400, nothing opened, the form as typed with each
    problem beside its field. `handler(request, region, form)` gets the form once it is valid."""

    @login_required
    @require_POST
    def view(request, slug):
        region = access_battle_table(request.user, slug, request.POST.get("table", ""))
        form = open_form(region, request.POST)
        try:
            checked(form)
            get_fight_scope(request.user, region.event).check_may_open(
                region, form.cleaned_data["side_a_forces"] + form.cleaned_data["side_b_forces"]
            )
            return handler(request, region, form)
        except ValidationError as refusal:
            if form.is_valid():  # the form was content: the refusal is the scope's or the service's
                refused_in(form, refusal, FIELD_LABELS)
            return index_page(request, region.event, region, form, status=400)

    return view


@index_form_step
def open_battle(request, region, form):
    battle = do_open_battle(region, actor=request.user, **form.cleaned_data)
    messages.success(request, f"“{battle}” is open; you hold it. Fight the first round below.")
    return redirect("warfare:battle", slug=region.event.slug, pk=battle.pk)


@index_form_step
def battle_odds(request, region, form):
    """ad69.battle_odds from the sides in the open form, both sides' orders left to the engine's
    default (the side with the advantage attacks): shown above the form as typed, nothing kept."""
    sides = {side: side_as_case(form.cleaned_data, side, region.event) for side in SIDES}
    result = run_rules("ad69.battle_odds", {"battle": {f"side_{s}": sides[s] for s in SIDES}})
    odds = odds_lines(result.outcome["exact"], {s: sides[s]["name"] for s in SIDES})
    return index_page(request, region.event, region, form, odds=odds)


def odds_lines(exact, names):
    """The engine's exact chances in the sides' names: each ending as (what, how likely), each side's
    units lost on average as (name, units), and the rounds the battle lasts on average."""
    shares = exact["shares"]
    endings = [
        (f"{names[side]} {words}", shares[f"{side}_{key}"])
        for side in SIDES
        for key, words in (
            ("wins_outright", "wins outright"),
            ("pushes_back_and_withdraws", "pushes back and withdraws"),
        )
    ] + [("No decision after four rounds", shares["undecided_after_4_rounds"])]
    return {
        "chances": [(what, chance_said(Fraction(chance))) for what, chance in endings],
        "losses": [(names[side], units_between(exact["expected_losses"][side])) for side in SIDES],
        "rounds": f"{float(Fraction(exact['average_rounds'])):.2f}",
    }


def units_between(expected):
    """A side's expected losses: one figure if the umpires' verdicts cannot change it, else the range."""
    least, most = (float(Fraction(expected[end])) for end in ("least", "most"))
    return f"{least:.1f}" if least == most else f"{least:.1f} to {most:.1f}"


def side_as_case(data, side, event):
    """A side of the open form as the engine takes it, for the odds and the blank sheet."""
    forces = data[f"side_{side}_forces"]
    commander = data[f"side_{side}_commander"]
    return {
        "name": data[f"side_{side}_name"] or (str(commander) if commander else f"Side {side.upper()}"),
        "forces": [as_case_force(force) for force in forces],
        # the skill as the battle desk takes it: a commander's missing skill is refused, never counted as 0
        "military_skill": skill_of(side, commander, data[f"side_{side}_skill"]),
        "force_marched": forced_marches(forces, event),
    }


@index_form_step
def blank_sheet_pdf(request, region, form):
    """The pre-filled battle sheet for the chosen forces, for a table without a working tablet:
    nothing is opened on the console."""
    data = form.cleaned_data
    sides = {side: paper_side(data, side, region.event) for side in SIDES}
    place = data["place"] or sheet_point_name(data)
    pdf = battle_sheet(data["side_a_forces"][0].province, place=place, side_a=sides["a"], side_b=sides["b"])
    return pdf_response(pdf, f"{region.event.slug}-battle-sheet.pdf")


def sheet_point_name(data):
    """The map point the battle would be opened at, as do_open_battle takes it, for the sheet."""
    point = data["map_point"] or standing_point({side: data[f"side_{side}_forces"] for side in SIDES})
    return point.name if point else ""


def paper_side(data, side, event):
    case = side_as_case(data, side, event)
    forces = on_paper(data[f"side_{side}_forces"])
    return SideOnPaper(case["name"], forces, case["military_skill"], case["force_marched"])


# ---- the desk ---------------------------------------------------------------------------------


@login_required
def battle(request, slug, pk):
    """One battle: the claim, the step it waits for, the rounds fought, the sides, the handbook's
    other steps, the overrides beside the engine's values."""
    return desk_page(request, access_battle(request.user, slug, pk))


def desk_page(request, battle, typed=None, status=200):
    """The desk; a refused step's form as it was `typed`, each problem beside its field."""
    context = desk_context(request, battle, get_fight_scope(request.user, battle.event), typed or {})
    return render(request, "warfare/battle.html", context, status=status)


def desk_context(request, battle, scope, typed):
    runs = scope.runs(battle)
    holds = battle.claimed_by_id == request.user.pk and not battle.is_locked
    sides = get_sides(battle)
    rounds = [
        (fought, [(side.name, fought.orders[side.key]) for side in sides], result_in_words(battle, fought.effective()))
        for fought in battle.round_list
    ]
    context = {
        "event": battle.event,
        "battle": battle,
        "live_on": LIVE_ON,
        "runs": runs,
        "holds": holds,
        "claim_live": battle.claim_is_live(),
        "sides": sides,
        "rounds": rounds,
        "steps": get_desk_steps(battle),
        "is_control": scope.everything,
        "losses": [(battle.side_name(s), battle.losses[s]) for s in SIDES] if battle.losses else [],
        "fates": [(battle.side_name(s), fate) for s, fate in sorted(battle.fates.items())],
        "verdict_words": verdict_in_words(battle),
    }
    if runs and battle.claimed_by_id and not holds:
        context["take_over_form"] = forms.TakeOverForm()
    if runs and holds:
        context.update(step_forms(battle))
    if runs and battle.is_locked:  # a locked battle is nobody's to hold: whoever runs it publishes it
        context["publish_form"] = forms.PublishForm(initial={"to_projector": not battle.is_draft})
    for name, form in typed.items():
        if name not in context:  # refused while the desk no longer offers it: its problems are said above
            messages.error(request, said(form))
    context.update(typed)
    context["place_forms"] = [
        (side, battle.side_name(side), context[f"place_{side}"]) for side in SIDES if f"place_{side}" in context
    ]
    return context


def step_forms(battle):
    """The forms of the steps the battle is at; the template says why the others are not offered."""
    step = {}
    if battle.awaits_decision:
        step["decide_form"] = forms.DecideForm()
    if battle.may_deploy:
        step["deploy_form"] = forms.DeployForm(forces=list(battle.forces.all()))
    if battle.next_round_number and not battle.awaits_decision:
        step["round_form"] = forms.RoundForm(initial=last_orders(battle))
    if battle.figures_open:
        step["override_form"] = forms.OverrideForm(figures=battle.figures_open)
    if battle.state == battle.State.OPEN and battle.is_over and not battle.victor_by_dice:
        step["verdict_form"] = forms.VerdictForm(initial={"victor": battle.verdict})
    if battle.state == battle.State.OPEN and battle.victor:
        step["wound_form"] = forms.WoundDiceForm()
    if battle.state == battle.State.LOSSES_PROPOSED:
        step.update(
            (f"place_{side}", place_form(battle, side))
            for side in SIDES
            if side in battle.to_place or battle.placed_losses[side]
        )
    return step


def place_form(battle, side, data=None):
    """X. LOSSES: only where the split is uneven is it the owning player's choice; he may change
    it until the battle is confirmed."""
    return forms.PlaceLossesForm(data, groups=get_loss_groups(battle, side), auto_id=f"id_{side}_%s")


def last_orders(battle):
    """A round's orders start as the last round's: a side usually holds its stance."""
    rounds = battle.round_list
    if not rounds:
        return {}
    orders = rounds[-1].orders
    return {f"{side}_{key}": value for side in SIDES for key, value in orders[side].items()}


def battle_step(typed_form=None):
    """A POST that takes one step of a battle the user runs. Taken: back to the desk with a message.
    Refused, by its form or by the service: the desk again with status 400 and nothing changed, the
    step's form as typed with each problem beside its field; a step without a form says why in a
    message. `typed_form(request, battle)` gives the step's form bound to the POST, by the name the
    desk shows it under; the handler gets the form once it is valid."""

    def wrap(handler):
        @login_required
        @require_POST
        def view(request, slug, pk):
            battle = access_battle(request.user, slug, pk, Perm.RUN_BATTLES, reads=battles_to_step)
            typed = typed_form(request, battle) if typed_form else {}
            try:
                message = handler(request, battle, *[checked(form) for form in typed.values()])
            except ValidationError as refusal:
                return refused(request, slug, pk, typed, refusal)
            messages.success(request, message)
            return redirect("warfare:battle", slug=slug, pk=battle.pk)

        return view

    return wrap


def checked(form):
    valid(form)  # a bad field is refused by its label; its errors stay beside it in the form
    return form


def refused(request, slug, pk, typed, refusal):
    """The desk as it stands (the service changed nothing), with the refusal where it belongs."""
    for form in typed.values():
        if form.is_valid():  # the form was content: the refusal is the service's
            refused_in(form, refusal, FIELD_LABELS)
    if not typed:
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
    return desk_page(request, access_battle(request.user, slug, pk, Perm.RUN_BATTLES), typed, status=400)


@battle_step()
def claim(request, battle):
    do_claim_battle(battle, actor=request.user)
    return f"You hold “{battle}”: nobody else can run it while you do."


@battle_step()
def release(request, battle):
    do_release_battle(battle, actor=request.user)
    return f"You have released “{battle}”: another umpire may claim it."


@battle_step(lambda request, battle: {"take_over_form": forms.TakeOverForm(request.POST)})
def take_over(request, battle, form):
    was = battle.claimed_by
    do_take_over_battle(battle, actor=request.user, reason=form.cleaned_data["reason"])
    return f"You have taken “{battle}” over{f' from {was}' if was else ''}; the takeover is recorded."


@battle_step()
def fight(request, battle):
    do_decide_battle(battle, fight=True, actor=request.user)
    return "Both commanders choose to fight: set out the order of battle, then fight the first round."


@battle_step(lambda request, battle: {"decide_form": forms.DecideForm(request.POST)})
def call_off(request, battle, form):
    battle = do_decide_battle(battle, fight=False, actor=request.user, **form.cleaned_data)
    return f"“{battle}” is called off: {battle.called_off_reason}. Its forces are free."


@battle_step(lambda request, battle: {"deploy_form": forms.DeployForm(request.POST, forces=list(battle.forces.all()))})
def deploy(request, battle, form):
    do_deploy_forces(battle, deployment=form.deployment(), actor=request.user)
    return "The order of battle is set."


@battle_step(lambda request, battle: {"round_form": forms.RoundForm(request.POST)})
def fight_round(request, battle, form):
    dice = forms.dice_or_console(form.cleaned_data, "roll" in request.POST)
    fought = do_fight_round(battle, orders=form.orders(), dice=dice, actor=request.user)
    result = fought.effective()
    totals = f"{result.totals['a']} to {result.totals['b']}: " if result.totals else ""
    return f"Round {fought.number}: {totals}{result_in_words(battle, result)}."


def override_form(request, battle):
    # every figure is read, so that one no longer open is refused by name by the service
    return {"override_form": forms.OverrideForm(request.POST, figures=[figure for figure, _ in Figure.choices])}


@battle_step(override_form)
def override(request, battle, form):
    done = do_override_figure(battle, round_number=battle.rounds_fought, actor=request.user, **form.cleaned_data)
    return f"Overridden: {done.label} {done.engine_value} → {done.umpire_value}, because {done.reason}."


@battle_step(lambda request, battle: {"verdict_form": forms.VerdictForm(request.POST)})
def verdict(request, battle, form):
    battle = do_give_verdict(battle, actor=request.user, **form.cleaned_data)
    return f"The umpire's verdict: {verdict_in_words(battle)}."


@battle_step(lambda request, battle: {"wound_form": forms.WoundDiceForm(request.POST)})
def propose_losses(request, battle, form):
    typed = form.cleaned_data["dice"]
    battle = do_propose_losses(battle, dice=wound_dice(battle, typed, "roll" in request.POST), actor=request.user)
    lost = ", ".join(f"{battle.side_name(s)} {battle.losses[s]['units_lost']}" for s in SIDES)
    return f"The losses are proposed: {lost} unit(s)."


def wound_dice(battle, typed, rolled_by_console):
    """No commander fell: no dice to roll. Else the table's wound dice, or the console's."""
    if not battle.fallen:
        return []
    return forms.dice_or_console({"dice": typed}, rolled_by_console)


def placing_form(request, battle):
    """The side's split as typed; no form for a side that is not one or losses not yet proposed."""
    side = request.POST.get("side", "")
    if side not in SIDES or not battle.losses:
        return {}
    return {f"place_{side}": place_form(battle, side, request.POST)}


@battle_step(placing_form)
def place_losses(request, battle, form=None):
    if form is None:
        raise ValidationError({"placed": "Choose the side whose losses are placed, once they are proposed."})
    side = request.POST["side"]
    do_place_losses(battle, side=side, placed=form.placed(), actor=request.user)
    return f"{battle.side_name(side)}'s losses are placed as the owning player chose."


@battle_step()
def confirm(request, battle):
    battle = do_confirm_battle(battle, actor=request.user)
    return f"“{battle}” is confirmed: the losses are on the forces and the record is locked."


@battle_step(lambda request, battle: {"publish_form": forms.PublishForm(request.POST)})
def publish(request, battle, form):
    to_projector = form.cleaned_data["to_projector"]
    if to_projector and not get_fight_scope(request.user, battle.event).everything:
        raise ValidationError({"to_projector": "Only Control puts a battle on the projector's news."})
    battle = do_publish_battle(battle, to_projector=to_projector, actor=request.user)
    return f"“{battle}” is published{' and on the projector' if battle.on_projector else ''}."


# ---- paper ------------------------------------------------------------------------------------


@login_required
def battle_sheet_pdf(request, slug, pk):
    """The pre-filled sheet of an opened battle, to go on by hand if the tablet dies: its forces as the
    battle began, printed before or after."""
    battle = access_battle(request.user, slug, pk)
    return pdf_response(opened_battle_sheet(battle), f"{slug}-battle-{battle.pk}-sheet.pdf")


@login_required
def battle_record_pdf(request, slug, pk):
    """The battle's record: every round's orders, dice and working, overrides, verdict, losses, fates."""
    battle = access_battle(request.user, slug, pk)
    return pdf_response(battle_record(battle), f"{slug}-battle-{battle.pk}-record.pdf")
