from django.urls import include, path

app_name = "maps"

urlpatterns = [
    path("", include("maps.urls_edit")),
    path("", include("maps.urls_view")),
    path("", include("maps.urls_paper")),
]
