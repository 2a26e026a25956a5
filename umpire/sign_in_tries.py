"""Wrong passwords: a few are mistakes, many are guessing.

Once one login has been given `ACCOUNT_TRIES` wrong passwords, or one address has typed `ADDRESS_TRIES`, within
one `WINDOW`, every password for that login or from that address, right or wrong, is refused for `LOCKOUT`
seconds. The console's sign-in page and the admin's both sign in through `LimitedSignInBackend`, which counts and
refuses; `SignInTriesMiddleware` answers a sign-in that would be refused with a page (HTTP 429) saying when to
try again, before the password is looked at. A right password counts nothing and clears nothing: a guesser with
an account of his own cannot wipe his address's tally by signing in with it.

Locking a login means a stranger can keep its umpire from signing in for a while; an umpire already signed in
stays in for the event day (SESSION_COOKIE_AGE), and what the lock buys is that a password cannot be guessed.
The counts are shared between the console's processes (umpire.tries).
"""

import hashlib
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from umpire.request_roles import signed_in_user
from umpire.tries import note_try, seconds_locked

ACCOUNT_TRIES = 10  # an umpire on a tablet mistypes a few times; ten in ten minutes is someone guessing
ADDRESS_TRIES = 20  # one device trying many logins
WINDOW = 10 * 60
LOCKOUT = 10 * 60


def seconds_to_wait(username, address):
    """How long a password for `username`, typed from `address`, is refused before it is looked at; 0 if not."""
    return max(seconds_locked(_account_key(username)), seconds_locked(_address_key(address)))


def note_wrong_password(username, address):
    note_try(_account_key(username), limit=ACCOUNT_TRIES, window=WINDOW, lockout=LOCKOUT)
    note_try(_address_key(address), limit=ADDRESS_TRIES, window=WINDOW, lockout=LOCKOUT)


def request_address(request):
    return request.META.get("REMOTE_ADDR") or "unknown"


class LimitedSignInBackend(ModelBackend):
    """Django's own backend, refusing a locked-out login or address and counting each wrong password, and taking a
    page's user from its session's query.

    A sign-in with no request (a management command, a test's force_login) has no address and is not counted."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return super().authenticate(request, username, password, **kwargs)
        username = username if username is not None else kwargs.get(get_user_model().USERNAME_FIELD)
        address = request_address(request)
        if seconds_to_wait(username or "", address):
            return None
        user = super().authenticate(request, username, password, **kwargs)
        if user is None:
            note_wrong_password(username or "", address)
        return user

    def get_user(self, user_id):
        """Django's, taking the user read with the request's session (umpire.sessions) where there is one."""
        user = signed_in_user(user_id)
        if user is None:
            return super().get_user(user_id)
        return user if self.user_can_authenticate(user) else None


class SignInTriesMiddleware:
    """Answers a sign-in (the console's or the admin's) from a locked-out login or address with a page that
    says when to try again, before any password is looked at."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "POST" and request.path_info in {reverse("login"), reverse("admin:login")}:
            wait = seconds_to_wait(request.POST.get("username", ""), request_address(request))
            if wait:
                return locked_out(request, wait)
        return self.get_response(request)


def locked_out(request, wait):
    context = {"wait_minutes": -(-wait // 60), "try_again_at": timezone.localtime() + timedelta(seconds=wait)}
    response = render(request, "registration/locked_out.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


def _account_key(username):
    # hashed, as a login is typed by anyone and may hold what a cache key must not (spaces, 250+ characters)
    return "sign-in:login:" + hashlib.sha256(username.encode()).hexdigest()


def _address_key(address):
    return f"sign-in:address:{address}"
