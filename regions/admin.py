from django.contrib import admin

from umpire.admin import AuditedAdmin

from .models import Province


@admin.register(Province)
class ProvinceAdmin(AuditedAdmin):
    list_display = [
        "name", "region", "income_per_quarter", "potential_income", "road_cost", "governor",
        "province_type", "run_by_procurator", "military_governor", "controlled_from", "team_at_start",
    ]
    list_filter = ["event", "region", "province_type", "team_at_start"]
    list_editable = ["team_at_start"]
    search_fields = ["name"]
    autocomplete_fields = ["governor"]
