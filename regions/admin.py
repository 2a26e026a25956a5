from django.contrib import admin

from umpire.admin import AuditedAdmin, ControlOnly, ReadOnlyAdmin

from .models import CostOwed, Fleet, Force, ForceTroops, MapPoint, MapRoute, Province, Upgrade
from .services.forces import do_correct_troops


@admin.register(Province)
class ProvinceAdmin(AuditedAdmin):
    list_display = [
        "name",
        "region",
        "income_per_quarter",
        "potential_income",
        "road_cost",
        "governor",
        "province_type",
        "run_by_procurator",
        "military_governor",
        "controlled_from",
        "team_at_start",
    ]
    list_filter = ["event", "region", "province_type", "team_at_start"]
    list_editable = ["team_at_start"]
    search_fields = ["name"]
    autocomplete_fields = ["governor"]


class ForceTroopsInline(ControlOnly, admin.TabularInline):
    """A force's units, corrected together with the force: see ForceAdmin.save_related."""

    model = ForceTroops
    extra = 1
    fields = ["type", "veteran", "count"]


@admin.register(Force)
class ForceAdmin(AuditedAdmin):
    """Control's corrections to a force. Game actions (raising, upgrading, marching) are given on
    the forces pages, where the AD69 engine checks them."""

    list_display = ["name", "kind", "province", "map_point", "legate", "status", "aquila", "embarked_on", "is_demo"]
    list_filter = ["event", "kind", "status", "province__region"]
    search_fields = ["name"]
    autocomplete_fields = ["province", "map_point", "legate", "army_commander", "sworn_to"]
    inlines = [ForceTroopsInline]

    def save_related(self, request, form, formsets, change):
        """The units go through the forces service's audited change, so the force's history
        shows them before and after, and its table hears of it."""
        form.save_m2m()
        for formset in formsets:
            formset.save(commit=False)  # writes nothing: lists the rows changed, for the admin's history
        troops = [troops_of(formset) for formset in formsets if formset.model is ForceTroops]
        if not troops or held(form.instance) == sorted((t["type"], t["veteran"], t["count"]) for t in troops[0]):
            return
        do_correct_troops(form.instance, troops=troops[0], actor=request.user, reason="corrected in the admin")


def troops_of(formset):
    """The units the inline's rows describe, without the rows marked for deletion or left empty."""
    return [
        {"type": f.cleaned_data["type"], "veteran": f.cleaned_data["veteran"], "count": f.cleaned_data["count"]}
        for f in formset.forms
        if f.cleaned_data and not f.cleaned_data.get("DELETE") and f.cleaned_data.get("count")
    ]


def held(force):
    return sorted((t.type, t.veteran, t.count) for t in force.troops.all() if t.count)


@admin.register(MapPoint)
class MapPointAdmin(AuditedAdmin):
    """Control's corrections to a map point; the map page (maps:edit) is where the map is prepared."""

    list_display = ["name", "province", "kind", "fortification", "longitude", "latitude", "is_demo"]
    list_filter = ["event", "kind", "province__region"]
    search_fields = ["name"]


@admin.register(MapRoute)
class MapRouteAdmin(AuditedAdmin):
    list_display = ["__str__", "kind", "designated", "is_demo"]
    list_filter = ["event", "kind", "designated"]
    search_fields = ["one__name", "other__name"]
    autocomplete_fields = ["one", "other"]


@admin.register(Fleet)
class FleetAdmin(AuditedAdmin):
    list_display = ["name", "base", "state", "capacity", "busy_until_turn", "is_demo"]
    list_filter = ["event", "state"]
    search_fields = ["name"]
    autocomplete_fields = ["base"]


@admin.register(Upgrade)
class UpgradeAdmin(ReadOnlyAdmin):
    """Ordered on a legion's page; finished by the turn's end."""

    list_display = ["force", "ordered_turn", "ready_turn", "cost", "finished_turn"]
    list_filter = ["force__event"]


@admin.register(CostOwed)
class CostOwedAdmin(ReadOnlyAdmin):
    """Run up by the forces' and fleets' services; settled by the treasury."""

    list_display = ["what", "talents", "turn", "force", "fleet", "settled"]
    list_filter = ["event", "settled"]
