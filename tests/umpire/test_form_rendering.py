"""The choice lists and inputs a page's forms draw in Python are the HTML Django's own templates draw, and the
busy pages draw them without a template for each field and option (issue 34)."""

import datetime

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.utils.safestring import mark_safe

from tests.umpire.test_page_queries import hall, pages  # noqa: F401 (hall: the world's fixture)
from umpire.form_rendering import QuickChoicesRenderer
from umpire.models import Character, Role

CHOICES = [
    ("", "—"),
    (1, "Gaius <the> & 'Bold'"),
    ('x"y', mark_safe("<i>marked safe</i>")),
    ("Group <1>", [(3, 3), (4, 12345.5)]),
    (5, "five"),
]


class ChoicesForm(forms.Form):
    pick = forms.ChoiceField(choices=CHOICES, initial=3)
    several = forms.MultipleChoiceField(choices=CHOICES, initial=[1, 4])
    ticks = forms.MultipleChoiceField(
        choices=CHOICES,
        widget=forms.CheckboxSelectMultiple(attrs={"class": "a<b", "data-on": True, "hidden": False}),
        initial=[5],
    )
    one = forms.ChoiceField(choices=CHOICES, widget=forms.RadioSelect)
    character = forms.ModelChoiceField(
        queryset=Character.objects.order_by("name")[:40],
        required=False,
        widget=forms.Select(attrs={"autofocus": True, "disabled": False}),
    )
    characters = forms.ModelMultipleChoiceField(
        queryset=Character.objects.order_by("name")[:20], widget=forms.CheckboxSelectMultiple
    )
    named = forms.ModelChoiceField(
        queryset=Character.objects.order_by("name")[:5], widget=forms.RadioSelect, empty_label=None
    )


class InputsForm(forms.Form):
    why = forms.CharField(
        initial='a<"b', widget=forms.TextInput(attrs={"placeholder": "Why & <how>", "aria-label": mark_safe("x&amp;")})
    )
    talents = forms.IntegerField(initial=12345, min_value=-3)
    hidden = forms.CharField(widget=forms.HiddenInput, initial="h")
    shipped = forms.BooleanField(initial=True, required=False)
    not_shipped = forms.BooleanField(required=False)
    on = forms.DateField(initial=datetime.date(69, 1, 2))
    mail = forms.EmailField(required=False)
    secret = forms.CharField(widget=forms.PasswordInput(render_value=True), initial="pw")
    share = forms.FloatField(initial=1234.5)
    contents = forms.CharField(widget=forms.Textarea, initial="<p>left to the templates</p>")


def characters_by_pk(ad69):
    return [str(pk) for pk in Character.objects.filter(event=ad69).order_by("name").values_list("pk", flat=True)]


ASKED = [
    {},
    {"auto_id": False},
    {"auto_id": "step-%s"},
    {"data": {"pick": 'x"y', "character": "2", "one": "5", "talents": "many", "shipped": "on", "secret": "s"}},
]


@pytest.mark.parametrize("form_class", [ChoicesForm, InputsForm])
@pytest.mark.parametrize("asked", ASKED)
def test_the_quick_renderer_draws_each_field_as_djangos_templates_draw_it(ad69, form_class, asked):
    if "data" in asked:
        asked = {"data": {**asked["data"], "characters": characters_by_pk(ad69)[:3], "named": "1"}}
    by_templates = form_class(renderer=DjangoTemplates(), **asked)
    quick = form_class(renderer=get_default_renderer(), **asked)
    assert isinstance(quick.renderer, QuickChoicesRenderer)  # every form's, as settings say
    for name in by_templates.fields:
        assert str(quick[name]) == str(by_templates[name]), name
    assert str(quick) == str(by_templates)


WIDGET_TEMPLATES = ("select_option.html", "input_option.html", "input.html")


@pytest.fixture
def senate_umpire(hall, make_umpire):
    return make_umpire(hall.event, Role.SENATE, username="senate")


def busy_pages(hall, senate_umpire):
    """The pages whose forms list the hall's characters, accounts or forces, or repeat a form for each senator."""
    slug = hall.event.slug
    return {
        "tray": pages(hall)["tray"],
        "battles": pages(hall)["battles"],
        "senate": (senate_umpire, f"/events/{slug}/senate/"),
        "offices": (senate_umpire, f"/events/{slug}/senate/offices/"),
        "mob": (senate_umpire, f"/events/{slug}/senate/mob/"),
        "rome's books": (senate_umpire, f"/events/{slug}/treasury/rome/"),
    }


@pytest.mark.parametrize("page", ["tray", "battles", "senate", "offices", "mob", "rome's books"])
def test_a_busy_page_draws_its_fields_without_a_template_for_each(client, hall, senate_umpire, page):
    """Django drew each option of a `<select>`, and each input, with templates of its own: the tray's 'post a
    letter' form alone rendered hundreds."""
    user, url = busy_pages(hall, senate_umpire)[page]
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    drawn = {template.name for template in response.templates}
    assert not [name for name in drawn if name.startswith("django/forms/widgets/") and name.endswith(WIDGET_TEMPLATES)]
    assert "<option" in response.content.decode() or "<input" in response.content.decode()
