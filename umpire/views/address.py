"""Control's page for the event's public address: where players' phones open the console, printed in
every player link and QR code. Shows the address in use and whether a phone could open it."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from umpire.permissions import Perm
from umpire.public_address import is_loopback, public_address, served_at
from umpire.selectors import access_event
from umpire.services.address import do_set_public_address
from umpire.views.refusals import refusal_text, valid

FIELD_LABELS = {"public_address": "Public address"}


class PublicAddressForm(forms.Form):
    # a CharField, not a URLField: the service says what is wrong with an address, in the hall's words
    address = forms.CharField(label="Public address", max_length=200, required=False)


@login_required
@require_http_methods(["GET", "POST"])
def public_address_page(request, slug):
    event = access_event(request.user, slug, Perm.EDIT_WORLD)
    if request.method == "POST":
        try:
            event = do_set_public_address(event, actor=request.user, **valid(PublicAddressForm(request.POST)))
        except ValidationError as refusal:
            messages.error(request, refusal_text(refusal, FIELD_LABELS))
        else:
            messages.success(request, f"Player links and QR codes now open {public_address(event)}.")
        return redirect("prepare:address", slug=event.slug)
    address = public_address(event)
    context = {
        "event": event,
        "address": address,
        "loopback": is_loopback(address),
        "served_at": served_at(),
        "form": PublicAddressForm(initial={"address": event.public_address}),
    }
    return render(request, "umpire/public_address.html", context)
