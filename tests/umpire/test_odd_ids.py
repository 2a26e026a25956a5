"""An id typed into a query string that no record can have ("²" passes str.isdigit(); a 30-digit number
overflows the column) finds nothing, as a wrong id does, never a server error."""

import pytest
from django.urls import reverse

from umpire.selectors import is_record_id

ODD = ["²", "٣", "1" * 30, "-3", " 4", ""]


@pytest.mark.parametrize("text", ODD)
def test_what_no_record_can_have_is_not_an_id(text):
    assert not is_record_id(text)


def test_plain_digits_are_an_id():
    assert is_record_id("42") and is_record_id(42)


@pytest.mark.parametrize("text", ODD)
def test_a_legions_table_charts_with_an_odd_table_are_not_found(client, ad69, control, text):
    client.force_login(control)
    assert client.get(reverse("regions:table-status-pdf", args=["ad69"]), {"table": text}).status_code == 404


@pytest.mark.parametrize("text", ODD)
def test_the_rulings_page_ignores_an_odd_ruling_to_supersede(client, ad69, control, text):
    client.force_login(control)
    assert client.get(reverse("rulings:index", args=["ad69"]), {"supersedes": text}).status_code == 200
