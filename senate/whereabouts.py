"""Where Rome's records are, for the audit log's filters (umpire.whereabouts).

The Senate's sittings, its motions, votes and edicts, the claims to the throne, Rome's offices, the
mob of Rome and the Acta Diurna's items are filed at the Senate room; a provincial mob and a
devotion in a province at that province's table. The characters are the records' own keys (a
senator's vote, an office's holder, before and after), which the core reads.
"""

from regions.whereabouts import table_of_province
from umpire.models import Region
from umpire.whereabouts import register_whereabouts

AT_THE_SENATE_ROOM = (
    ("senate.session", "event"),
    ("senate.edict", "event"),
    ("senate.claimant", "event"),
    ("senate.romanoffice", "event"),
    ("senate.mobeffect", "event"),
    ("senate.actaitem", "event"),
    ("senate.motion", "session__event"),
    ("senate.vote", "motion__session__event"),
)


def in_the_senate_room(event_lookup):
    """Whereabouts of a record at its event's Senate room, its event found through `event_lookup`."""

    def whereabouts(instance):
        events = type(instance).objects.filter(pk=instance.pk).values(event_lookup)
        return set(
            Region.objects.filter(kind=Region.Kind.SENATE_ROOM, event__in=events).values_list("pk", flat=True)
        ), set()

    return whereabouts


def mood_whereabouts(mood):
    """A provincial city's mob at its province's table; the mob of Rome in the Senate room."""
    return table_of_province("place_id")(mood) if mood.place_id else in_the_senate_room("event")(mood)


def register():
    for label, event_lookup in AT_THE_SENATE_ROOM:
        register_whereabouts(label, in_the_senate_room(event_lookup))
    register_whereabouts("senate.mood", mood_whereabouts)
    register_whereabouts("senate.moodentry", lambda entry: mood_whereabouts(entry.mood))
    register_whereabouts("senate.devotion", table_of_province("province_id"))
