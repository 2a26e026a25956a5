"""Umpire accounts."""
from django.contrib.auth import get_user_model
from django.db import transaction

from .audit import record_audit
from .seats import do_assign_seat


def do_seat_umpire(*, event, username, role, region=None, password="", user=None, actor):
    """Seat an umpire, creating his account first if he has none."""
    with transaction.atomic():
        if user is None:
            user = get_user_model().objects.create_user(username=username, password=password)
            record_audit(event=event, actor=actor, action="auth.user.create", target=user,
                         after={"username": username})
        return do_assign_seat(event=event, user=user, role=role, region=region, actor=actor)
