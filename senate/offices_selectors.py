"""Reads for the offices page: the two career ladders with who stands on each rung, who holds
which office, and the appointments made. Each is a fixed number of queries however many
characters, provinces and legions there are."""

from dataclasses import dataclass

from regions.models import Force, Province
from umpire.models import CareerRank, Character
from umpire.models.character import SocialClass

from .models.offices import ROME_OFFICES, Appointment, Office, RomanOffice


@dataclass(frozen=True)
class Rung:
    rank: CareerRank
    holders: list


@dataclass(frozen=True)
class Ladder:
    social_class: str
    label: str
    rungs: list  # top first, as the handbook draws it


def get_ladders(event):
    """XI. SOCIAL CLASS, Career Progression: the Equitates' and the Senators' ladders, in the
    handbook's columns, top first,
    with the living characters on each rung, and those of the class with no rank yet."""
    living = list(Character.objects.filter(event=event, died_turn__isnull=True).order_by("name"))
    ranks = CareerRank.objects.order_by("-step")
    return [
        ladder(social_class, social_class.label, ranks, living)
        for social_class in (SocialClass.EQUESTRIAN, SocialClass.SENATOR)
    ]


def ladder(social_class, label, ranks, living):
    rungs = [
        Rung(rank, [c for c in living if c.career_rank_id == rank.pk])
        for rank in ranks
        if rank.social_class == social_class
    ]
    unranked = [c for c in living if c.social_class == social_class and c.career_rank_id is None]
    return Ladder(social_class, label, rungs + ([Rung(None, unranked)] if unranked else []))


def get_province_offices(event):
    """Every province with its governor and procurator."""
    return (
        Province.objects.filter(event=event)
        .select_related("governor", "procurator", "controlled_from", "region")
        .order_by("name")
    )


def get_legates(event):
    """Every legion with its legate."""
    return (
        Force.objects.filter(event=event, kind=Force.Kind.LEGION).select_related("legate", "province").order_by("name")
    )


def get_rome_offices(event):
    """Rome's commands, vacant ones included: (office label, holder or None)."""
    held = {o.office: o.holder for o in RomanOffice.objects.filter(event=event).select_related("holder")}
    return [(Office(office).label, held.get(office)) for office in ROME_OFFICES]


def get_appointments(event):
    """The appointments made, newest first."""
    return Appointment.objects.filter(event=event).select_related(
        "character", "previous", "province", "force", "recorded_by"
    )
