"""The print shop's pages: the personal briefings, the table packs, Control's pack and the batch runs."""

from . import urls_briefings, urls_control, urls_packs, urls_runs

app_name = "printshop"

urlpatterns = [*urls_briefings.urlpatterns, *urls_packs.urlpatterns, *urls_control.urlpatterns, *urls_runs.urlpatterns]
