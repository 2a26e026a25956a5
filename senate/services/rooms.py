"""Who hears of Rome's business before it is published: Control, the Senate room, and any other
table it concerns (where a new governor sits, where an oath was sworn)."""

from umpire.events import control_group, table_group
from umpire.models import Event
from umpire.selectors import senate_rooms


def senate_groups(event: Event, *tables: int | None) -> list[str]:
    """`tables` are table ids; None (a character between tables) is left out."""
    rooms = set(senate_rooms(event))
    return [control_group(event.pk), *(table_group(table) for table in sorted(rooms | {t for t in tables if t}))]
