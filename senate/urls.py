"""The Senate's pages, part by part: offices and careers, sessions and edicts (with the Acta
Diurna), the mob, and the gods."""

from . import urls_gods, urls_mob, urls_offices, urls_sessions

app_name = "senate"

urlpatterns = [*urls_offices.urlpatterns, *urls_sessions.urlpatterns, *urls_mob.urlpatterns, *urls_gods.urlpatterns]
