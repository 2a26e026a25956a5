from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from umpire.urls_followups import follow_up_patterns, ruling_patterns
from umpire.views import table_console, tables

# the table umpires' pages of the core: a table's console, and its roster of players
table_urlpatterns = [
    path("events/<slug:slug>/tables/<int:pk>/console/", table_console.table_console, name="console"),
    path("events/<slug:slug>/tables/<int:pk>/players/", tables.table_players, name="players"),
    path("events/<slug:slug>/tables/<int:pk>/players/check-out/", tables.check_out, name="check-out"),
    path("events/<slug:slug>/tables/<int:pk>/players/check-in/", tables.check_in, name="check-in"),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", include("umpire.urls_control")),
    path("", include(("umpire.urls_events", "events"))),
    path("", include(("umpire.urls_cast", "cast"))),
    path("", include(("umpire.urls_prepare", "prepare"))),
    path("", include(("umpire.urls_readiness", "readiness"))),
    path("", include("umpire.urls_audit")),
    path("", include("umpire.urls_display")),
    path("", include((table_urlpatterns, "table"))),
    path("", include((follow_up_patterns, "followups"))),
    path("", include((ruling_patterns, "rulings"))),
    path("", include("umpire.urls_api")),
    path("", include("regions.urls")),
    path("", include("warfare.urls")),
    path("", include("mail.urls")),
    path("", include("senate.urls")),
    path("", include("printshop.urls")),
    path("", include("maps.urls")),
    path("", include("boardgames.urls")),
    path("", include("backups.urls")),
]
