"""The print shop's pages: the personal briefings, and the table packs."""
from . import urls_briefings, urls_packs

app_name = "printshop"

urlpatterns = [*urls_briefings.urlpatterns, *urls_packs.urlpatterns]
