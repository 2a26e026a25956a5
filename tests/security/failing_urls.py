"""A page that fails, for the console's own 500 page to answer (tests/security/test_safe_defaults.py)."""

from django.urls import path


def fails(request):
    raise RuntimeError("a fault of the console's own")


urlpatterns = [path("fails/", fails)]
