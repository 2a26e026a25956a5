"""The Django admin: Control's tool for setting up and correcting an event.

Every save and delete goes through the audited services, never straight to the model.
"""
from django.contrib import admin
from django.db import transaction

from umpire.models import AuditEntry, CareerRank, Character, Event, GameClock, Region, Route, UmpireSeat
from umpire.selectors import can_edit_world_anywhere
from umpire.services.records import do_delete_record, do_save_record
from umpire.services.seats import do_remove_seat, do_save_seat

admin.site.site_header = "Umpire control console"
admin.site.site_title = "Umpire console admin"


class AuditedAdmin(admin.ModelAdmin):
    """Saves and deletes through the services; only Control may use it."""

    def save_model(self, request, obj, form, change):
        do_save_record(obj, actor=request.user)

    def delete_model(self, request, obj):
        do_delete_record(obj, actor=request.user)

    def delete_queryset(self, request, queryset):
        with transaction.atomic():
            for obj in queryset:
                self.delete_model(request, obj)

    def has_module_permission(self, request):
        return can_edit_world_anywhere(request.user)

    def has_view_permission(self, request, obj=None):
        return can_edit_world_anywhere(request.user)

    has_add_permission = has_view_permission
    has_change_permission = has_view_permission
    has_delete_permission = has_view_permission


@admin.register(Event)
class EventAdmin(AuditedAdmin):
    list_display = ["name", "slug", "ruleset", "start_month", "start_year", "turn_minutes", "number_of_turns"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(GameClock)
class GameClockAdmin(AuditedAdmin):
    list_display = ["event", "turn"]


@admin.register(Region)
class RegionAdmin(AuditedAdmin):
    list_display = ["name", "event", "kind", "position"]
    list_filter = ["event", "kind"]
    search_fields = ["name"]


@admin.register(Route)
class RouteAdmin(AuditedAdmin):
    list_display = ["one", "other", "kind", "event"]
    list_filter = ["event", "kind"]


@admin.register(CareerRank)
class CareerRankAdmin(AuditedAdmin):
    list_display = ["name", "social_class", "step"]
    list_filter = ["social_class"]


@admin.register(Character)
class CharacterAdmin(AuditedAdmin):
    list_display = ["name", "role", "social_class", "career_rank", "location", "wealth", "support", "military_skill"]
    list_filter = ["event", "role", "social_class", "location"]
    search_fields = ["name"]
    autocomplete_fields = ["location"]


@admin.register(UmpireSeat)
class UmpireSeatAdmin(AuditedAdmin):
    list_display = ["user", "role", "region", "event"]
    list_filter = ["event", "role"]

    def save_model(self, request, obj, form, change):
        do_save_seat(obj, actor=request.user)

    def delete_model(self, request, obj):
        do_remove_seat(obj, actor=request.user)


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """The log is read, never written, here."""

    list_display = ["at", "game_date", "actor_name", "action", "target_label"]
    list_filter = ["event", "action"]
    search_fields = ["target_label", "actor_name", "reason"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_module_permission(self, request):
        return can_edit_world_anywhere(request.user)

    def has_view_permission(self, request, obj=None):
        return can_edit_world_anywhere(request.user)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
