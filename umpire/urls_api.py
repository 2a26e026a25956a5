"""The JSON API."""

from django.urls import path

from umpire.api import rules, schema

app_name = "api"

urlpatterns = [
    path("api/schema/", schema.openapi_schema, name="schema"),
    path("api/rules/", rules.procedure_list, name="rules"),
    path("api/rules/<str:ruleset>/<str:name>", rules.procedure_detail, name="rules-procedure"),
]
