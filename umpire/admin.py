"""The Django admin: Control's tool for setting up and correcting an event.

Every save and delete goes through the audited services, never straight to the model.
"""

from django.contrib import admin
from django.db import transaction

from umpire.models import (
    AccessCode,
    Announcement,
    AuditEntry,
    Briefing,
    CareerRank,
    Character,
    Event,
    FollowUp,
    GameClock,
    Player,
    Region,
    Route,
    Ruling,
    TurnEnd,
    TurnPhase,
    UmpireSeat,
)
from umpire.selectors import can_edit_world_anywhere
from umpire.services.records import do_delete_record, do_save_event, do_save_record
from umpire.services.seats import do_remove_seat, do_save_seat

admin.site.site_header = "Umpire control console"
admin.site.site_title = "Umpire console admin"


class ControlOnly:
    """Admin pages are Control's: one permission answer for every page, inline and action."""

    def has_module_permission(self, request):
        return can_edit_world_anywhere(request.user)

    def has_view_permission(self, request, obj=None):
        return can_edit_world_anywhere(request.user)

    def has_add_permission(self, request, obj=None):
        return can_edit_world_anywhere(request.user)

    has_change_permission = has_view_permission
    has_delete_permission = has_view_permission


class AuditedAdmin(ControlOnly, admin.ModelAdmin):
    """Saves and deletes through the services; only Control may use it."""

    def save_model(self, request, obj, form, change):
        do_save_record(obj, actor=request.user)

    def delete_model(self, request, obj):
        do_delete_record(obj, actor=request.user)

    def delete_queryset(self, request, queryset):
        with transaction.atomic():
            for obj in queryset:
                self.delete_model(request, obj)


@admin.register(Event)
class EventAdmin(AuditedAdmin):
    list_display = ["name", "slug", "ruleset", "start_month", "start_year", "turn_minutes", "number_of_turns"]
    prepopulated_fields = {"slug": ["name"]}

    def save_model(self, request, obj, form, change):
        do_save_event(obj, actor=request.user)


class ReadOnlyAdmin(ControlOnly, admin.ModelAdmin):
    """Shown to Control, changed only through the console's own desks."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(GameClock)
class GameClockAdmin(ReadOnlyAdmin):
    """The clock is run from the clock desk, where every change is checked and announced."""

    list_display = ["event", "turn", "state", "ends_at", "remaining", "auto_advance"]


@admin.register(TurnPhase)
class TurnPhaseAdmin(AuditedAdmin):
    list_display = ["name", "event", "starts_minute", "ends_minute", "tax_turns_only"]
    list_filter = ["event"]


@admin.register(TurnEnd)
class TurnEndAdmin(ReadOnlyAdmin):
    list_display = ["event", "turn", "at"]


@admin.register(Announcement)
class AnnouncementAdmin(ReadOnlyAdmin):
    list_display = ["text", "event", "published_at", "withdrawn_at"]


@admin.register(AccessCode)
class AccessCodeAdmin(ReadOnlyAdmin):
    list_display = ["event", "kind", "issued_at", "revoked_at"]
    exclude = ["code"]


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
    list_display = [
        "name",
        "role",
        "social_class",
        "career_rank",
        "location",
        "wealth",
        "support",
        "military_skill",
        "is_demo",
    ]
    list_filter = ["event", "role", "social_class", "location", "is_demo"]
    search_fields = ["name"]
    autocomplete_fields = ["location"]


@admin.register(Player)
class PlayerAdmin(AuditedAdmin):
    list_display = ["name", "character", "team", "contact", "event"]
    list_filter = ["event", "team"]
    search_fields = ["name", "character__name"]
    autocomplete_fields = ["character"]


@admin.register(UmpireSeat)
class UmpireSeatAdmin(AuditedAdmin):
    list_display = ["user", "role", "region", "event"]
    list_filter = ["event", "role"]

    def save_model(self, request, obj, form, change):
        do_save_seat(obj, actor=request.user)

    def delete_model(self, request, obj):
        do_remove_seat(obj, actor=request.user)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    """The log is read, never written, here."""

    list_display = ["at", "game_date", "actor_name", "action", "target_label"]
    list_filter = ["event", "action"]
    search_fields = ["target_label", "actor_name", "reason"]


@admin.register(Briefing)
class BriefingAdmin(AuditedAdmin):
    """Control's secret notes and objectives for each player; the print shop prints them."""

    list_display = ["character", "personal_income"]
    list_filter = ["character__event", "character__role"]
    search_fields = ["character__name"]
    autocomplete_fields = ["character", "acquaintances"]


@admin.register(FollowUp)
class FollowUpAdmin(ReadOnlyAdmin):
    """Sent and acknowledged at the tables, where the right umpire is checked and the table told."""

    list_display = ["sent_at", "turn", "from_table", "to_table", "to_control", "text", "acknowledged_at"]
    list_filter = ["event", "to_table", "to_control"]
    search_fields = ["text", "about_label"]


@admin.register(Ruling)
class RulingAdmin(ReadOnlyAdmin):
    """Recorded at the rulings page, where every umpire hears of it; a ruling is replaced, never edited."""

    list_display = ["pk", "recorded_at", "turn", "section", "question", "recorded_by"]
    list_filter = ["event"]
    search_fields = ["question", "ruling", "section"]
