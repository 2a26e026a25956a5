"""umpire.drawn.text writes a value as `{{ value }}` does: the same as Django's conditional_escape of its
localized value, for words, quotes, numbers, dates, nothing and what is already marked safe."""

import datetime

import pytest
from django.template import Context, Template
from django.utils.safestring import mark_safe

from umpire.drawn import text

VALUES = [
    "Legio XIV <Gemina> & \"Martia\" 'Victrix'",
    mark_safe("<strong>marked safe</strong>"),
    1234567,
    -12,
    3.5,
    None,
    datetime.date(69, 1, 1),
    "",
]


@pytest.mark.parametrize("value", VALUES)
def test_text_writes_a_value_as_the_template_does(value):
    assert text(value) == Template("{{ value }}").render(Context({"value": value}))
