"""Reads of the map."""
from django.db.models import Prefetch

from umpire.models import Character, Region, UmpireSeat

from .models import Province


def get_tables_with_contents(event):
    """Every table of `event`, with its provinces, the characters there and its umpires."""
    provinces = Province.objects.select_related("governor", "controlled_from")
    characters = Character.objects.select_related("career_rank")
    seats = UmpireSeat.objects.select_related("user")
    return Region.objects.filter(event=event).prefetch_related(
        Prefetch("provinces", queryset=provinces),
        Prefetch("characters_here", queryset=characters),
        Prefetch("seats", queryset=seats),
    )


def get_characters_travelling(event):
    """Characters at no table: between tables, or not yet placed by Control."""
    return Character.objects.filter(event=event, location__isnull=True).select_related("career_rank")
