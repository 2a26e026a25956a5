"""Umpire accounts."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction

from umpire.models import Event, Region, UmpireSeat

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
