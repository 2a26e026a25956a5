"""A table's stationery: blank letter slips, each printed with a tracking code reserved for the
letter that will be written on it, so posting that letter takes the slip's code."""

from django.core.exceptions import ValidationError
from django.db import transaction

from umpire.models import Region
from umpire.services.audit import Actor, record_audit

from ..models import StationeryCode
from .letters import free_code

MOST_SLIPS = 400  # fifty pages at eight a page: a table's stationery for the whole game


def do_print_stationery(table: Region, *, slips: int, actor: Actor) -> list[str]:
    """Reserve `slips` new codes for the table's slips, in one transaction; the codes, in order."""
    check_slips(slips)
    with transaction.atomic():
        codes = [reserve_code(table) for _ in range(slips)]
        record_audit(
            event=table.event,
            actor=actor,
            action="letter.stationery_printed",
            target=table,
            after={"slips": slips, "codes": codes},
        )
    return codes


def check_slips(slips: int) -> None:
    if not 1 <= slips <= MOST_SLIPS:
        raise ValidationError({"slips": f"Print from 1 to {MOST_SLIPS} slips at a time, not {slips}."})


def reserve_code(table: Region) -> str:
    """A code no letter nor slip of the event has: free_code looks at both, and each reserved row
    is in place before the next code is drawn."""
    return StationeryCode.objects.create(event=table.event, table=table, code=free_code(table.event)).code
