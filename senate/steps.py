"""Rome's forms refused in place (issue 30): a refused form, by itself or by the service, comes back on the
page it was sent from, status 400, as typed, each problem beside its field and its section the step the
umpire is on; nothing is changed. A form done is a message and the page again by GET."""

from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.views.decorators.http import require_POST

from umpire.refusals import refused_in, said


@dataclass(frozen=True)
class Refused:
    """The form a page sends back: its name among the page's forms, and the form as typed with its problems."""

    name: str
    form: forms.BaseForm


@dataclass(frozen=True)
class Step:
    """A form the page offers; the refused one is `current`, the step the umpire is on."""

    form: forms.BaseForm
    current: bool = False


class PageForms:
    """The forms one answer of a page offers, each by its name: fresh, or the refused one as typed."""

    def __init__(self, refused: Refused | None = None):
        self.refused = refused
        self.placed = False

    def step(self, name: str, make: Callable[[Any], forms.BaseForm]) -> Step:
        """The form called `name`, made by `make(data)`: the refused one if it is that form."""
        if self.refused is not None and self.refused.name == name:
            self.placed = True
            return Step(self.refused.form, current=True)
        return Step(make(None))

    def tell_unplaced(self, request) -> None:
        """A refused form the page no longer offers (its record moved on meanwhile) is told as a message."""
        if self.refused is not None and not self.placed:
            messages.error(request, said(self.refused.form))


def taken(request, form: forms.BaseForm, act: Callable[[], str], labels: dict[str, str]) -> bool:
    """Run `act`, its message told. False when refused: the problems are then in the form, beside their fields."""
    try:
        message = act()
    except ValidationError as refusal:
        refused_in(form, refusal, labels)
        return False
    messages.success(request, message)
    return True


def checked(form: forms.BaseForm) -> dict:
    """The form's data; a form with problems is refused with nothing to add, its problems already in it."""
    if not form.is_valid():
        raise ValidationError({})
    return form.cleaned_data


def page_steps(*, access, make, page, done, labels):
    """The decorator of one Rome page's forms, `@step(name)`: the user let in by `access(user, slug)`, the form
    `make(request, event, name, **ids)` bound to the POST, the handler's message told and `done(request, event)`
    answered; refused, by the form or the service, `page(request, event, refused=…, status=400)`: the page with
    the form as typed, each problem beside its field (the service's, by `labels`), nothing changed."""

    def step(name):
        def wrap(handler):
            @wraps(handler)
            @login_required
            @require_POST
            def view(request, slug, **ids):
                event = access(request.user, slug)
                form = make(request, event, name, **ids)
                if taken(request, form, lambda: handler(request, event, form, **ids), labels):
                    return done(request, event)
                return page(request, event, refused=Refused(name.format(**ids), form), status=400)

            return view

        return wrap

    return step
