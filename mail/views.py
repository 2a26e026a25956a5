"""The post pages (VI. COMMUNICATIONS): the post room with the code finder, each table's tray, a
letter's history, what a courier carries, and Control's view of the whole post.

Each step is a small POST view, as on the battle desk: fetch what the user may act on (else
404), read the form, call the service, report, and go back. A refusal, by the form or the
service, is a message naming the field, or (the letter page's forms, and a letter posted) the page again, 400,
with what was typed and each problem beside its field; either way it changes nothing.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from umpire.models import Character
from umpire.refusals import refused_in
from umpire.selectors import is_record_id
from umpire.views.refusals import refusal_text, valid

from . import forms
from .forms import focus_first_error
from .models import Letter, PostOffice
from .selectors import (
    ADDRESSED,
    ADDRESSED_FIELDS,
    access_letter,
    access_post,
    access_tray,
    find_letter,
    get_carried_by,
    get_couriers_at,
    get_post_office_setting,
    get_posted_this_turn,
    get_runners_letters_for,
    get_tray,
    get_whole_post,
)
from .services.letters import (
    do_deliver_letter,
    do_forward_letter,
    do_leave_letters,
    do_pick_up_letters,
    do_post_letter,
    do_return_letter,
    do_rule_letter,
    do_settle_letter,
)
from .services.office import do_set_post_office
from .services.post import post_office_settings

LIVE_ON = "letter.moved letters.arrived character.moved clock.changed"
FIELD_LABELS = {
    "sender": "From",
    "addressee": "To",
    "office": "Office",
    "office_province": "Province of the office",
    "office_legion": "Legion of the Legate",
    "destination": "At the table of",
    "code": "Tracking code",
    "letters": "Letters",
    "courier": "Courier",
    "runner": "Runner",
    "letter": "Letter",
    "reason": "Why",
    "ruling": "Ruling",
    "table": "Into the tray of",
    "written_turn": "Dated (turn)",
    "contents": "Contents",
}


def refuse(request, refusal):
    messages.error(request, refusal_text(refusal, FIELD_LABELS))


# ---- the post room and the finder -------------------------------------------------------------


@login_required
def post_room(request, slug):
    """The trays the user keeps, the code finder, and for Control the whole post."""
    event, scope = access_post(request.user, slug)
    tables = [table for table in event.regions.order_by("position", "name") if scope.sees_table(table.pk)]
    return render(
        request,
        "mail/post.html",
        {"event": event, "scope": scope, "tables": tables, "find_form": forms.FindForm(), "live_on": LIVE_ON},
    )


@login_required
def find(request, slug):
    """A typed or scanned tracking code: straight to its letter, or back with what is wrong."""
    event, scope = access_post(request.user, slug)
    try:
        letter = find_letter(event, request.GET.get("code", ""))
        if not scope.sees_letter(letter):
            raise ValidationError({"code": f"{letter.shown_code} has nothing to do with your tables."})
    except ValidationError as refusal:
        refuse(request, refusal)
        table = request.GET.get("table", "")
        return (
            redirect("mail:tray", slug=slug, table_id=table)
            if is_record_id(table)
            else redirect("mail:post", slug=slug)
        )
    return redirect("mail:letter", slug=slug, pk=letter.pk)


# ---- a table's tray ---------------------------------------------------------------------------


@login_required
def tray(request, slug, table_id):
    event, scope, table = access_tray(request.user, slug, table_id)
    return tray_page(request, event, scope, table)


def tray_page(request, event, scope, table, *, post_form=None, status=200):
    """The tray; a refused letter comes back in its form as typed, each problem beside its field."""
    office = get_post_office_setting(event)
    context = {
        "event": event,
        "table": table,
        "scope": scope,
        "keeps": scope.keeps(table.pk),
        "office": office,
        "tray": get_tray(table, office.stuck_after_minutes),
        "posted": get_posted_this_turn(table),
        "find_form": forms.FindForm(),
        "live_on": LIVE_ON,
    }
    if scope.keeps(table.pk):
        context.update(tray_forms(table, context["tray"]))
    if post_form is not None:
        focus_first_error(post_form)
        context["post_form"] = post_form
    return render(request, "mail/tray.html", context, status=status)


def tray_forms(table, tray):
    """The hand-over forms offer the letters the tray has already read, labelled from them."""
    couriers = get_couriers_at(table)
    return {
        "post_form": forms.PostLetterForm(table=table),
        "pick_up_form": (
            forms.CarrierForm(letters=labelled(tray.waiting), couriers=couriers) if tray.waiting else None
        ),
        "leave_forms": [
            (
                courier,
                forms.LeaveForm(
                    letters=labelled(carried),
                    prefix=f"courier-{courier.pk}",
                    initial={"letters": [letter.pk for letter in carried if letter.destination_id == table.pk]},
                ),
            )
            for courier, carried in tray.couriers_here
        ],
        "runners_form": (
            forms.RunnersLettersForm(
                letters=labelled(tray.runners_bound_here),
                prefix="runners",
                initial={"letters": [letter.pk for letter in tray.runners_bound_here]},
            )
            if tray.runners_bound_here
            else None
        ),
    }


def labelled(letters):
    """A letter choice's label reads its addressee and office: fetched with it, not one by one."""
    shown = Letter.objects.filter(pk__in=[letter.pk for letter in letters]).select_related(*ADDRESSED)
    return shown.only(*ADDRESSED_FIELDS, "runner")


def tray_step(handler):
    """A POST at a table whose tray the user keeps: back to the tray with a message."""

    @login_required
    @require_POST
    def view(request, slug, table_id):
        event, scope, table = access_tray(request.user, slug, table_id)
        if not scope.keeps(table.pk):
            raise Http404("No such tray.")
        try:
            messages.success(request, handler(request, table))
        except ValidationError as refusal:
            refuse(request, refusal)
        return redirect("mail:tray", slug=slug, table_id=table.pk)

    return view


@login_required
@require_POST
def post_letter(request, slug, table_id):
    """Posted: back to the tray with its code. Refused: the tray with the form as typed, each
    problem beside its field, so nothing typed is lost."""
    event, scope, table = access_tray(request.user, slug, table_id)
    if not scope.keeps(table.pk):
        raise Http404("No such tray.")
    form = forms.PostLetterForm(request.POST, table=table)
    if form.is_valid():
        try:
            letter = do_post_letter(table, actor=request.user, **form.cleaned_data)
        except ValidationError as refusal:
            refused_in(form, refusal)
        else:
            messages.success(
                request,
                f"Posted: {letter.shown_code} to {letter.addressed_to} at the {letter.destination} table. "
                f"Write the code on the letter.",
            )
            return redirect(tray_address(slug, table.pk) + "#posted")
    return tray_page(request, event, scope, table, post_form=form, status=400)


@tray_step
def pick_up(request, table):
    waiting = Letter.objects.filter(event=table.event, state=Letter.State.IN_TRAY, at_table=table)
    data = valid(forms.CarrierForm(request.POST, letters=waiting, couriers=get_couriers_at(table)))
    do_pick_up_letters(
        list(data["letters"]), table=table, courier=data["courier"], runner=data["runner"], actor=request.user
    )
    return f"{len(data['letters'])} letter(s) handed to {data['courier'] or data['runner']}."


@tray_step
def leave(request, table):
    """A courier at this table hands over what he carries: one elsewhere is no courier of this tray's."""
    courier_id = request.POST.get("courier", "")
    courier = get_object_or_404(get_couriers_at(table), pk=courier_id if is_record_id(courier_id) else 0)
    carried = Letter.objects.filter(state=Letter.State.CARRIED, courier=courier)
    data = valid(forms.LeaveForm(request.POST, letters=carried, prefix=f"courier-{courier.pk}"))
    do_leave_letters(list(data["letters"]), table=table, actor=request.user)
    return f"{courier} left {len(data['letters'])} letter(s) at the {table} table."


@tray_step
def leave_from_runners(request, table):
    """Runners hand over the letters they brought to this table."""
    data = valid(forms.RunnersLettersForm(request.POST, letters=get_runners_letters_for(table), prefix="runners"))
    do_leave_letters(list(data["letters"]), table=table, actor=request.user)
    return f"{len(data['letters'])} letter(s) taken from runners into the {table} tray."


# ---- one letter -------------------------------------------------------------------------------


@login_required
def letter(request, slug, pk):
    event, scope, letter = access_letter(request.user, slug, pk)
    return letter_page(request, event, scope, letter)


def letter_page(request, event, scope, letter, *, refused=None, status=200):
    """A letter's address, where it is, its whole history; its typed contents to Control only.

    `refused` is (name, form): a form of this page sent back as typed, each problem beside its field and the
    page's place kept at it. If the page no longer offers that form (the letter moved on meanwhile), its
    problems are told in a message instead."""
    offered = letter_forms(scope, letter)
    if refused is not None:
        name, form = refused
        if offered[name] is None:
            refuse(request, ValidationError(dict(form.errors)))
        else:
            focus_first_error(form)
            offered[name] = form
    steps = letter.steps.select_related("table", "to_table", "courier", "to_character", "by")
    context = {
        "event": event,
        "letter": letter,
        "steps": steps,
        "scope": scope,
        "live_on": LIVE_ON,
        "hands_out": offered["reason_form"] is not None,
        "rules": offered["ruling_form"] is not None,
        "current_step": refused[0] if refused else None,
        **offered,
    }
    return render(request, "mail/letter.html", context, status=status)


def letter_forms(scope, letter):
    """The forms the letter page offers the user now, by name; None for one it does not offer."""
    hands_out = letter.state == Letter.State.ARRIVED and scope.keeps(letter.at_table_id)
    rules = letter.is_moving and (scope.everything or scope.keeps(letter.at_table_id))
    settles = letter.state == Letter.State.CARRIED and scope.everything
    return {
        "reason_form": forms.ReasonForm() if hands_out else None,
        "ruling_form": forms.RulingForm() if rules else None,
        "settle_form": forms.SettleForm(letter=letter) if settles else None,
    }


def letter_step(ends_at):
    """A button on one letter. Done: a message, and on to `ends_at`'s page, one the actor may still open
    (a letter sent on may be no longer his to see). Refused: a message, back on the page it was sent
    from (the tray's buttons say so), where the letter still is."""

    def wrap(handler):
        @login_required
        @require_POST
        def view(request, slug, pk):
            event, scope, letter = access_letter(request.user, slug, pk)
            was_at = letter.at_table_id
            try:
                message = handler(request, letter)
            except ValidationError as refusal:
                refuse(request, refusal)
                return redirect(sent_from(request, slug, scope, letter))
            messages.success(request, message)
            return redirect(ends_at(slug, scope, Letter.objects.get(pk=letter.pk), was_at))

        return view

    return wrap


def letter_form_step(ends_at, name, make_form):
    """A form on the letter page. Done: as a button's step. Refused, by the form or by the service: the
    letter page again, 400, with what was typed and each problem beside its field; nothing changed.
    The handler may raise Http404 first, for a user the step is none of his business."""

    def wrap(handler):
        @login_required
        @require_POST
        def view(request, slug, pk):
            event, scope, letter = access_letter(request.user, slug, pk)
            was_at = letter.at_table_id
            form = make_form(request.POST, letter)
            try:
                message = handler(request, scope, letter, form)
            except ValidationError as refusal:
                refused_in(form, refusal)
                return letter_page(request, event, scope, letter, refused=(name, form), status=400)
            messages.success(request, message)
            return redirect(ends_at(slug, scope, Letter.objects.get(pk=letter.pk), was_at))

        return view

    return wrap


def checked(form):
    """The form's data; a form with problems is refused with nothing to add, its problems already beside its fields."""
    if not form.is_valid():
        raise ValidationError({})
    return form.cleaned_data


def tray_address(slug, table_id):
    return reverse("mail:tray", kwargs={"slug": slug, "table_id": table_id})


def letter_address(slug, letter_id):
    return reverse("mail:letter", kwargs={"slug": slug, "pk": letter_id})


def sent_from(request, slug, scope, letter):
    """The tray a refused button was pressed in, or else the letter's page."""
    if request.POST.get("back") == "tray" and letter.at_table_id and scope.sees_table(letter.at_table_id):
        return tray_address(slug, letter.at_table_id) + "#to-hand-out"
    return letter_address(slug, letter.pk)


def its_tray(slug, scope, letter, was_at):
    """Handed out, forwarded or returned: back to the tray it left, to hand out the next."""
    return tray_address(slug, was_at) + "#to-hand-out"


def its_page_or_tray(slug, scope, letter, was_at):
    """Ruled on or settled: its page, if the actor may still see it; else the tray it left, else the post room."""
    if scope.sees_letter(letter):
        return letter_address(slug, letter.pk)
    if was_at is not None and scope.sees_table(was_at):
        return tray_address(slug, was_at)
    return reverse("mail:post", kwargs={"slug": slug})


@letter_step(its_tray)
def deliver(request, letter):
    letter = do_deliver_letter(letter, actor=request.user)
    return f"{letter.shown_code} handed to {letter.delivered_to}."


@letter_step(its_tray)
def forward(request, letter):
    letter = do_forward_letter(letter, actor=request.user)
    return f"{letter.shown_code} forwarded to the {letter.destination} table."


@letter_form_step(its_tray, "reason_form", lambda data, letter: forms.ReasonForm(data))
def return_to_sender(request, scope, letter, form):
    letter = do_return_letter(letter, reason=checked(form)["reason"], actor=request.user)
    return f"{letter.shown_code} goes back to {letter.sender}, at the {letter.destination} table."


@letter_form_step(its_page_or_tray, "ruling_form", lambda data, letter: forms.RulingForm(data))
def rule(request, scope, letter, form):
    if not (scope.everything or scope.keeps(letter.at_table_id)):
        raise ValidationError({"ruling": "Only Control, or the umpire of the table it is at, rules on a letter."})
    data = checked(form)
    letter = do_rule_letter(letter, actor=request.user, **data)
    return f"{letter.shown_code} is {letter.get_state_display().lower()}: {data['reason']}."


@letter_form_step(its_page_or_tray, "settle_form", lambda data, letter: forms.SettleForm(data, letter=letter))
def settle(request, scope, letter, form):
    """Control's alone, as the whole post is: to anyone else the same 404 as no such letter."""
    if not scope.everything:
        raise Http404("No such letter.")
    data = checked(form)
    letter = do_settle_letter(letter, actor=request.user, **data)
    return f"{letter.shown_code} is taken from its carrier into the {data['table']} tray: {data['reason']}."


# ---- a courier, and the whole post ------------------------------------------------------------


@login_required
def courier(request, slug, character_id):
    event, scope = access_post(request.user, slug)
    carrier = get_object_or_404(Character, event=event, pk=character_id)
    if not (scope.everything or scope.keeps(carrier.location_id)):
        raise Http404("No such courier.")
    return render(
        request,
        "mail/courier.html",
        {"event": event, "courier": carrier, "letters": get_carried_by(carrier), "live_on": LIVE_ON},
    )


@login_required
def whole_post(request, slug):
    """Control's view: every table's letters by state, and the letters stuck anywhere."""
    event, scope = access_post(request.user, slug)
    if not scope.everything:
        raise Http404("Control's page.")
    office = post_office_settings(event)
    return render(
        request,
        "mail/whole_post.html",
        {
            "event": event,
            "office": office,
            "post": get_whole_post(event, office.stuck_after_minutes),
            "states": Letter.State.choices,
            "settings_form": forms.PostOfficeForm(instance=office),
            "live_on": LIVE_ON,
        },
    )


@login_required
@require_POST
def settings(request, slug):
    event, scope = access_post(request.user, slug)
    if not scope.everything:
        raise Http404("Control's page.")
    try:
        data = valid(forms.PostOfficeForm(request.POST, instance=PostOffice(event=event)))  # unsaved: reads only
        do_set_post_office(event, actor=request.user, **data)
        messages.success(request, "The post's settings are changed.")
    except ValidationError as refusal:
        refuse(request, refusal)
    return redirect("mail:whole-post", slug=slug)
