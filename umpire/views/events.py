"""Control's event pages: a new event from its ruleset's template (/events/new/), and the event's umpire seats
(/control/<slug>/seats/) and their passwords, with no admin.

A new event is for a superuser or an umpire who holds a Control seat in any event; anyone else gets a 404, as for
a page that does not exist. The seats are MANAGE_SEATS's: Control's.
"""

from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import add_never_cache_headers
from django.views.decorators.http import require_POST

from umpire.event_forms import NewEventForm, NewPasswordForm, SeatForm
from umpire.event_templates import CALENDAR_FIELDS, get_ad69_calendar, get_event_templates
from umpire.models import AuditEntry, Role, UmpireSeat
from umpire.permissions import Perm
from umpire.selectors import access_event, can_edit_world_anywhere
from umpire.services.accounts import do_give_password, do_seat_umpire, readable_password
from umpire.services.event_templates import do_create_event_from_template
from umpire.services.seats import do_remove_seat
from umpire.views.home import home_page


@login_required
def new_event(request):
    if not can_edit_world_anywhere(request.user):
        raise Http404("No such page.")
    form = NewEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = do_create_event_from_template(
                name=data["name"],
                slug=data["slug"],
                ruleset=data["ruleset"],
                demo_forces=data["demo_forces"],
                demo_cast=data["demo_cast"],
                calendar={field: data[field] for field in CALENDAR_FIELDS},
                actor=request.user,
            )
        except ValidationError as refusal:
            add_refusal(form, refusal)
        else:
            messages.success(request, f"{event.name} is made, and you are its Control.")
            return redirect(home_page(event), slug=event.slug)
    status = 400 if form.is_bound else 200
    context = {"form": form, "templates": get_event_templates(), "ad69_calendar": get_ad69_calendar()}
    return render(request, "umpire/event_new.html", context, status=status)


@login_required
def seats(request, slug):
    event = access_event(request.user, slug, Perm.MANAGE_SEATS)
    return seats_page(request, event, SeatForm(event=event))


@login_required
@require_POST
def seat_umpire(request, slug):
    event = access_event(request.user, slug, Perm.MANAGE_SEATS)
    form = SeatForm(request.POST, event=event)
    if form.is_valid():
        data = form.cleaned_data
        made_password = readable_password() if data["user"] is None and not data["password"] else ""
        try:
            seat = do_seat_umpire(
                event=event,
                username=data["username"],
                role=data["role"],
                region=data["region"],
                password=data["password"] or made_password,
                user=data["user"],
                actor=request.user,
            )
        except ValidationError as refusal:
            add_refusal(form, refusal)
        else:
            if made_password:
                return password_slip(request, seat, made_password)
            messages.success(request, f"{seat} is seated.")
            return redirect("events:seats", slug=event.slug)
    return seats_page(request, event, form, status=400)


def password_slip(request, seat, password, *, seated=True):
    """The password the console made, shown this once (no browser keeps the page) for Control to print or copy:
    the console stores only its hash."""
    context = {"event": seat.event, "seat": seat, "password": password, "seated": seated}
    response = render(request, "umpire/seat_password.html", context)
    add_never_cache_headers(response)
    return response


@login_required
@require_POST
def give_password(request, slug, pk):
    """A seated umpire's new password: the one Control typed, or one the console makes and shows once."""
    event = access_event(request.user, slug, Perm.MANAGE_SEATS)
    seat = get_object_or_404(UmpireSeat.objects.select_related("user", "region", "event"), pk=pk, event=event)
    form = NewPasswordForm(request.POST, user=seat.user, auto_id=password_field_id(seat))
    if form.is_valid():
        typed = form.cleaned_data["password"]
        made_password = "" if typed else readable_password()
        try:
            user = do_give_password(
                event=event,
                user=seat.user,
                password=typed or made_password,
                made_by_console=not typed,
                actor=request.user,
            )
        except ValidationError as refusal:
            add_refusal(form, refusal)
        else:
            if user.pk == request.user.pk:
                update_session_auth_hash(request, user)  # Control who gives himself one stays signed in here
            if made_password:
                return password_slip(request, seat, made_password, seated=False)
            messages.success(request, f"{user} has the password you typed: every sign-in of his before it has ended.")
            return redirect("events:seats", slug=event.slug)
    return seats_page(request, event, SeatForm(event=event), status=400, refused=(seat.pk, form))


def password_field_id(seat):
    """Each row of the team has its own password box, and its label its own target."""
    return f"id_seat_{seat.pk}_%s"


@login_required
@require_POST
def remove_seat(request, slug, pk):
    event = access_event(request.user, slug, Perm.MANAGE_SEATS)
    seat = get_object_or_404(UmpireSeat.objects.select_related("user", "region"), pk=pk, event=event)
    if is_last_control(seat):
        messages.error(request, f"{seat.user} holds the last Control seat: seat another Control umpire first.")
    else:
        do_remove_seat(seat, actor=request.user)
        messages.success(request, f"{seat} is no longer seated.")
    return redirect("events:seats", slug=event.slug)


def is_last_control(seat):
    """Without a Control seat nobody but a superuser could open the event's pages again, this one among them."""
    controls = UmpireSeat.objects.filter(event_id=seat.event_id, role=Role.CONTROL)
    return seat.role == Role.CONTROL and not controls.exclude(pk=seat.pk).exists()


def seats_page(request, event, form, status=200, refused=(None, None)):
    """The team, each seat with its password form (`refused`: the seat's pk and the form it sent back, refused)
    and when Control last gave its umpire a new password."""
    held = list(UmpireSeat.objects.filter(event=event).select_related("user", "region"))
    given = passwords_given(event)
    for seat in held:
        seat.password_given = given.get(str(seat.user_id))
        blank = NewPasswordForm(user=seat.user, auto_id=password_field_id(seat))
        seat.password_form = refused[1] if seat.pk == refused[0] else blank
    return render(request, "umpire/seats.html", {"event": event, "seats": held, "form": form}, status=status)


def passwords_given(event):
    """The latest new password given to each umpire of the event, as the audit keeps it: by account id."""
    entries = AuditEntry.objects.filter(event=event, action="auth.user.password", target_type="auth.user")
    return {entry.target_id: entry for entry in entries.order_by("pk")}


def add_refusal(form, refusal):
    """A service's refusal on the form: beside the field it names, or above the form."""
    problems = refusal.message_dict if hasattr(refusal, "error_dict") else {NON_FIELD_ERRORS: refusal.messages}
    for field, errors in problems.items():
        for error in errors:
            form.add_error(field if field in form.fields else None, error)
