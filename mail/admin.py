from django.contrib import admin

from umpire.admin import AuditedAdmin

from .models import PostingTime


@admin.register(PostingTime)
class PostingTimeAdmin(AuditedAdmin):
    """Control times each link for simulated transit: the handbook gives no posting times."""

    list_display = ["route", "turns", "winter_turns"]
    list_editable = ["turns", "winter_turns"]
    list_filter = ["route__event", "route__kind"]
