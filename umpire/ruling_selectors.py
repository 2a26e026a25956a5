"""Reads for the rulings log: newest first, searched by the words of question, ruling and section."""

from django.db.models import Q

from umpire.models import Ruling


def get_rulings(event, query=""):
    """The event's rulings, newest first; with a query, those holding every one of its words.

    icontains is LIKE on SQLite and UPPER(...) LIKE on PostgreSQL: case-insensitive on both (on SQLite
    for ASCII letters only, which the handbook's Latin names are).
    """
    rulings = Ruling.objects.filter(event=event).select_related("recorded_by", "supersedes", "superseded_by")
    for word in query.split():
        rulings = rulings.filter(Q(question__icontains=word) | Q(ruling__icontains=word) | Q(section__icontains=word))
    return rulings
