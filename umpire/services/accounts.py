"""Umpire accounts."""

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.events import WorldChanged, control_group, publish_on_commit
from umpire.models import Event, Region, UmpireSeat
from umpire.permissions import Perm
from umpire.selectors import can

from .audit import Actor, record_audit
from .seats import do_assign_seat


def do_seat_umpire(
    *,
    event: Event,
    username: str,
    role: str,
    region: Region | None = None,
    password: str = "",
    user: User | None = None,
    actor: Actor,
) -> UmpireSeat:
    """Seat an umpire, creating his account first if he has none."""
    with transaction.atomic():
        if user is None:
            user = new_account(username, password)
            record_audit(
                event=event, actor=actor, action="auth.user.create", target=user, after={"username": user.username}
            )
        return do_assign_seat(event=event, user=user, role=role, region=region, actor=actor)


def new_account(username: str, password: str) -> User:
    """A new account, its name checked as the admin checks one: an empty, overlong, odd or taken name is refused
    with a ValidationError naming `username` (create_user would store any of them, or fail with a ValueError)."""
    model = get_user_model()
    user = model(username=model.normalize_username(username))
    user.set_password(password)
    user.full_clean()
    user.save()
    return user


# Letters and digits no one misreads on a slip of paper or mistypes on a tablet: no 0/o, 1/l/i.
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"


def readable_password(groups: int = 4, size: int = 4) -> str:
    """A new umpire's password, as Control reads it out or prints it: "kq7m-x3tv-9hpa-w2rf" (about 79 bits)."""
    return "-".join("".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(size)) for _ in range(groups))


def do_give_password(*, event: Event, user: User, password: str, made_by_console: bool, actor: Actor) -> User:
    """Give an umpire seated in `event` a new password, as Control does from the Seats page.

    Every session he signed in before ends: Django keeps in each session a hash of the stored password and
    signs out a session whose hash no longer matches. The audit says who gave it and how, never the password
    nor its hash."""
    check_may_give_password(event=event, user=user, actor=actor)
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        user.set_password(password)
        user.save(update_fields=["password"])
        given = "made by the console" if made_by_console else "typed by Control"
        record_audit(
            event=event,
            actor=actor,
            action="auth.user.password",
            target=user,
            after={"username": user.get_username(), "password": given},
        )
        change = WorldChanged(action="password", model="auth.user", record_id=str(user.pk), label=str(user))
        publish_on_commit([control_group(event.pk)], change)
    return user


def check_may_give_password(*, event: Event, user: User, actor: Actor) -> None:
    """An event's Control gives passwords to its own team, and to no one whose account opens more than he
    manages: a superuser's opens the whole console, and an umpire seated in another event that event's pages."""
    name = user.get_username()
    if not UmpireSeat.objects.filter(event=event, user=user).exists():
        raise ValidationError(f"{name} holds no seat in {event.name}.")
    if actor is None or actor.is_superuser:
        return
    if user.is_superuser:
        raise ValidationError(
            f"{name} is a superuser, whose account opens every event and the admin: only a superuser gives him "
            f"a new password (or manage.py changepassword {name}, on the console's computer)."
        )
    others = Event.objects.filter(seats__user=user).exclude(pk=event.pk).distinct()
    if any(not can(actor, other, Perm.MANAGE_SEATS) for other in others):
        raise ValidationError(
            f"{name} also umpires an event whose seats you do not manage: his password opens it too, so Control of "
            f"both events, or a superuser, gives him a new one (or manage.py changepassword {name})."
        )
