"""Follow-ups: the send form (opened from any record's "Follow up" link), a table's inbox, Control's
inbox with every open follow-up in the hall, and acknowledging one.

Any umpire sends (Perm.SEND_FOLLOW_UPS); a table's inbox is for those who keep the table and
Control; Control's inbox is Control's alone (umpire.follow_up_selectors says who). A refusal is a
message naming the problem, and changes nothing.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from umpire.follow_up_selectors import (
    access_as_control,
    access_follow_up,
    access_kept_table,
    can_acknowledge,
    check_about,
    get_inbox,
    get_open_in_hall,
    get_sending_tables,
    get_sent_from,
    get_tables_kept,
    is_control,
)
from umpire.forms import FollowUpForm
from umpire.models import Region
from umpire.permissions import Perm
from umpire.selectors import access_event
from umpire.services.followups import do_acknowledge_follow_up, do_send_follow_up
from umpire.views.refusals import refusal_text, valid

LIVE_ON = "followup.changed"
FIELD_LABELS = {"to_table": "To", "from_table": "From", "text": "What they must know", "about": "About"}


@login_required
def my_follow_ups(request, slug):
    """The inbox this umpire keeps: Control's for Control, else his (first) table's."""
    event = access_event(request.user, slug, Perm.VIEW_WORLD)
    if is_control(request.user, event):
        return redirect("followups:control", slug=slug)
    tables = Region.objects.filter(event=event, pk__in=get_tables_kept(request.user, event))
    if tables:
        return redirect("followups:table", slug=slug, pk=tables[0].pk)
    messages.info(request, "You keep no table, so nothing is sent to you: here you send follow-ups to the tables.")
    return redirect("followups:send", slug=slug)


@login_required
def table_inbox(request, slug, pk):
    table = access_kept_table(request.user, slug, pk)
    event = table.event
    return render(
        request,
        "umpire/follow_ups_table.html",
        {
            "event": event,
            "table": table,
            "inbox": get_inbox(event, request.user, table=table),
            "sent": get_sent_from(table, request.user),
            "kept": kept_tables(request.user, event),
            "live_on": LIVE_ON,
        },
    )


@login_required
def control_inbox(request, slug):
    event = access_as_control(request.user, slug)
    return render(
        request,
        "umpire/follow_ups_control.html",
        {
            "event": event,
            "inbox": get_inbox(event, request.user),
            "hall": get_open_in_hall(event, request.user),
            "tables": Region.objects.filter(event=event),
            "live_on": LIVE_ON,
        },
    )


def kept_tables(user, event):
    return Region.objects.filter(event=event, pk__in=get_tables_kept(user, event))


@login_required
def send_follow_up(request, slug):
    """GET: the form, about the record `?about=app.model:pk` names. POST: send it."""
    event = access_event(request.user, slug, Perm.SEND_FOLLOW_UPS)
    form = sending_form(request, event)
    about = None
    try:
        about = about_record(request.user, event, form["about"].value())
        if form.is_bound:
            return sent(request, event, form, about)
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
    return render(request, "umpire/follow_up_send.html", {"event": event, "form": form, "about": about})


def sent(request, event, form, about):
    """Send it, and go back to the record it is about (or to one's own follow-ups)."""
    data = valid(form)
    data.pop("about")
    follow_up = do_send_follow_up(event, about=about, actor=request.user, **data)
    messages.success(request, f"Sent to {follow_up.receiver}: it stays open until they acknowledge it.")
    return redirect(follow_up.about_url or reverse("followups:mine", args=[event.slug]))


def sending_form(request, event):
    sending = get_sending_tables(request.user, event)
    if request.method == "POST":
        return FollowUpForm(request.POST, event=event, sending_tables=sending)
    initial = {"about": request.GET.get("about", ""), "from_table": sending.first() if len(sending) == 1 else None}
    return FollowUpForm(initial=initial, event=event, sending_tables=sending)


def about_record(user, event, about):
    return check_about(user, event, about) if about else None


@login_required
@require_POST
def acknowledge(request, slug, pk):
    follow_up = access_follow_up(request.user, slug, pk)
    try:
        do_acknowledge_follow_up(follow_up, actor=request.user)
    except ValidationError as refusal:
        messages.error(request, refusal_text(refusal, FIELD_LABELS))
    else:
        messages.success(request, f"Acknowledged: {follow_up.text[:80]}")
    return redirect(back_to(request, follow_up))


def back_to(request, follow_up):
    """Back to the page the button was on, else to the receiver's inbox (or, for the sender, his own)."""
    back = request.POST.get("next", "")
    # a path of this site only: a bare word ("0") is no URL, and redirect() would take it for a view's name
    if back.startswith("/") and url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return back
    slug = follow_up.event.slug
    if not can_acknowledge(request.user, follow_up):
        return reverse("followups:mine", args=[slug])
    if follow_up.to_control:
        return reverse("followups:control", args=[slug])
    return reverse("followups:table", args=[slug, follow_up.to_table_id])
