"""Control's clock desk: the controls, the announcements, the projector's code, the schedule."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST

from umpire import clockwork, forms
from umpire.clock_words import get_clock_lines
from umpire.models import AccessCode, Announcement, GameClock
from umpire.permissions import Perm
from umpire.printing.schedule import turn_schedule_pdf
from umpire.selectors import access_event, can, get_clock_state, get_schedule, get_schedule_sheet
from umpire.services import announcements
from umpire.services.access_codes import do_reissue_display_code


@login_required
def clock_desk(request, slug):
    event = access_event(request.user, slug, Perm.VIEW_CLOCK)
    clock = GameClock.objects.select_related("event").get(event=event)
    now = timezone.now()
    state = get_clock_state(clock, now)
    state_line, phase_line = get_clock_lines(state)  # the words live.js shows, before it runs
    context = {
        "event": event,
        "clock": clock,
        "state": state,
        "state_line": state_line,
        "phase_line": phase_line,
        "initial": {"clock": state, "announcements": []},
        "schedule": get_schedule(clock, now),
        "can_run": can(request.user, event, Perm.RUN_CLOCK),
        "can_announce": can(request.user, event, Perm.ANNOUNCE),
        "can_manage_displays": can(request.user, event, Perm.MANAGE_DISPLAYS),
        "announcements": Announcement.objects.filter(event=event)[:20],
        "display_code": AccessCode.objects.filter(
            event=event, kind=AccessCode.Kind.DISPLAY, revoked_at__isnull=True
        ).first(),
        "held": _held_choices(clock, now) if clock.is_held else None,
        "extend_form": forms.ExtendTurnForm(),
        "set_turn_form": forms.SetTurnForm(initial={"turn": clock.turn}),
        "first_turn_form": forms.FirstTurnTimeForm(initial={"first_turn_time": clock.first_turn_time}),
        "announcement_form": forms.AnnouncementForm(),
    }
    return render(request, "umpire/clock_desk.html", context)


def _held_choices(clock, now):
    """What each of Control's choices for a held clock would do, if chosen now."""
    minutes, seconds = divmod(int(clock.remaining.total_seconds()), 60)
    return {
        "catch_up": clock.catch_up(now),
        "resume_left": f"{minutes}:{seconds:02d}",
        "resume_until": now + clock.remaining,
        "ended_turn": clock.turn - 1,
    }


def _control_action(perm, handler):
    """A POST from the desk: check the permission, run the service, report, back to the desk."""

    @login_required
    @require_POST
    def view(request, slug, **kwargs):
        event = access_event(request.user, slug, perm)
        try:
            message = handler(request, event, **kwargs)
        except ValidationError as refusal:
            messages.error(request, " ".join(refusal.messages))
        else:
            messages.success(request, message)
        return redirect("umpire:clock", slug=slug)

    return view


def _valid(form):
    if not form.is_valid():
        raise ValidationError(
            [
                f"{form[name].label}: {' '.join(errors)}" if name != "__all__" else " ".join(errors)
                for name, errors in form.errors.items()
            ]
        )
    return form.cleaned_data


def _start(request, event):
    clockwork.do_start_clock(event, actor=request.user)
    return "The clock is running."


def _pause(request, event):
    clockwork.do_pause_clock(event, actor=request.user)
    return "The clock is paused."


def _resume(request, event):
    clockwork.do_resume_clock(event, actor=request.user)
    return "The clock is running again."


def _next_turn(request, event):
    clock = clockwork.do_skip_turn(event, actor=request.user)
    return f"Turn {clock.turn}, {clock.month()}." if clock.state != GameClock.State.FINISHED else "The game is over."


def _catch_up(request, event):
    clock = clockwork.do_catch_up_clock(event, actor=request.user)
    if clock.state == GameClock.State.FINISHED:
        return "Caught up: the game is over."
    return f"Caught up to the hall's time: turn {clock.turn}, {clock.month()}, runs to {_local(clock.ends_at)}."


def _resume_held(request, event):
    clock = clockwork.do_resume_held_turn(event, actor=request.user)
    return f"Turn {clock.turn} runs from now, to {_local(clock.ends_at)}."


def _local(moment):
    return f"{timezone.localtime(moment):%H:%M}"


def _extend(request, event):
    minutes = _valid(forms.ExtendTurnForm(request.POST))["minutes"]
    clockwork.do_extend_turn(event, minutes=minutes, actor=request.user)
    return f"The turn is {'longer' if minutes > 0 else 'shorter'} by {abs(minutes)} minutes."


def _set_turn(request, event):
    data = _valid(forms.SetTurnForm(request.POST))
    clock = clockwork.do_set_turn(event, turn=data["turn"], reason=data["reason"], actor=request.user)
    return f"The clock now stands at turn {clock.turn}, {clock.month()}."


def _auto_advance(request, event):
    on = _valid(forms.AutoAdvanceForm(request.POST))["auto_advance"]
    clockwork.do_set_auto_advance(event, auto_advance=on, actor=request.user)
    return "Turns now advance by themselves." if on else "The clock will hold at each turn's end for you."


def _plan_start(request, event):
    time = _valid(forms.FirstTurnTimeForm(request.POST))["first_turn_time"]
    clockwork.do_plan_start(event, first_turn_time=time, actor=request.user)
    return f"The first turn is planned for {time:%H:%M}."


def _announce(request, event):
    text = _valid(forms.AnnouncementForm(request.POST))["text"]
    announcements.do_draft_announcement(event, text=text, actor=request.user)
    return "Announcement drafted: publish it to show it in the hall."


def _publish(request, event, pk):
    announcement = get_object_or_404(Announcement, event=event, pk=pk)
    announcements.do_publish_announcement(announcement, actor=request.user)
    return "Published to the projector."


def _withdraw(request, event, pk):
    announcement = get_object_or_404(Announcement, event=event, pk=pk)
    announcements.do_withdraw_announcement(announcement, actor=request.user)
    return "Withdrawn from the projector."


def _reissue_display(request, event):
    do_reissue_display_code(event, actor=request.user)
    return "New projector link issued; screens on the old link have lost it."


start = _control_action(Perm.RUN_CLOCK, _start)
pause = _control_action(Perm.RUN_CLOCK, _pause)
resume = _control_action(Perm.RUN_CLOCK, _resume)
next_turn = _control_action(Perm.RUN_CLOCK, _next_turn)
catch_up = _control_action(Perm.RUN_CLOCK, _catch_up)
resume_held = _control_action(Perm.RUN_CLOCK, _resume_held)
extend = _control_action(Perm.RUN_CLOCK, _extend)
set_turn = _control_action(Perm.RUN_CLOCK, _set_turn)
auto_advance = _control_action(Perm.RUN_CLOCK, _auto_advance)
plan_start = _control_action(Perm.RUN_CLOCK, _plan_start)
announce = _control_action(Perm.ANNOUNCE, _announce)
publish = _control_action(Perm.ANNOUNCE, _publish)
withdraw = _control_action(Perm.ANNOUNCE, _withdraw)
reissue_display = _control_action(Perm.MANAGE_DISPLAYS, _reissue_display)


@login_required
def schedule_pdf(request, slug):
    """The turn schedule on paper: real times against game months, tax turns marked."""
    event = access_event(request.user, slug, Perm.VIEW_CLOCK)
    clock = GameClock.objects.select_related("event").get(event=event)
    now = timezone.now()
    if not get_schedule(clock, now):
        messages.error(request, "Plan the first turn's time of day first: the schedule needs it.")
        return redirect("umpire:clock", slug=slug)
    sheet = get_schedule_sheet(clock, now)
    try:
        pdf = turn_schedule_pdf(sheet, page_size=request.GET.get("size", "A4"))
    except ValueError as refusal:
        return HttpResponseBadRequest(str(refusal))
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{event.slug}-schedule.pdf"'
    return response
