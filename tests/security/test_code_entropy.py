"""The codes that open pages with no login cannot be guessed: each is drawn by `secrets` from a large
alphabet, long enough for far more bits than a guesser can try (and `umpire.code_tries` slows him to
twenty tries a minute), and is matched whole and case by case. The letters' tracking codes are short,
to be read aloud, so they open nothing without an umpire's login."""

import math
import string

import pytest
from django.urls import reverse

from mail.codes import ALPHABET as TRACKING_ALPHABET
from mail.codes import new_code as new_tracking_code
from mail.models.office import token
from mail.services.mailboxes import do_issue_mailbox
from tests.warfare.builders import commander
from umpire.models import Region
from umpire.models.access import new_code as new_display_code
from umpire.services.access_codes import do_reissue_display_code

URL_SAFE = set(string.ascii_letters + string.digits + "-_")
# A guesser at twenty tries a minute from each of a thousand addresses, for a year, makes about 2^43 tries;
# 80 bits leaves him one chance in 2^37 of hitting any of a few hundred codes.
ENOUGH_BITS = 80
SAMPLE = 2000


def bits(code, alphabet):
    return len(code) * math.log2(len(alphabet))


@pytest.fixture
def player(ad69):
    return commander(ad69, "Quintus Scribonius", 0, Region.objects.get(event=ad69, name="Illyria"))


def test_the_display_code_control_issues_has_enough_bits(ad69):
    code = do_reissue_display_code(ad69, actor=None).code
    assert set(code) <= URL_SAFE
    assert bits(code, URL_SAFE) >= ENOUGH_BITS


def test_a_mailbox_code_control_issues_and_reissues_has_enough_bits(player):
    first = do_issue_mailbox(player, actor=None).code
    second = do_issue_mailbox(player, actor=None).code
    for code in (first, second):
        assert set(code) <= URL_SAFE
        assert bits(code, URL_SAFE) >= ENOUGH_BITS
    assert first != second


@pytest.mark.parametrize("draw", [new_display_code, token], ids=["display", "mailbox"])
def test_codes_are_drawn_from_the_whole_alphabet_and_never_repeat(draw):
    """A code with as many bits as its length promises uses every character of its alphabet, and
    never repeats; a counter, a clock or a narrow random source would fail one or the other."""
    codes = [draw() for _ in range(SAMPLE)]
    assert len(set(codes)) == SAMPLE
    assert set("".join(codes)) == URL_SAFE
    assert len({code[:4] for code in codes}) > SAMPLE * 0.99  # no shared prefix, as a clock's would be


def test_a_code_opens_its_page_only_whole_and_in_its_own_case(client, ad69, player):
    display, mailbox = do_reissue_display_code(ad69, actor=None).code, do_issue_mailbox(player, actor=None).code
    pages = {
        reverse("display:projector", kwargs={"slug": "ad69"}): display,
        reverse("mail:mailbox", kwargs={"slug": "ad69"}): mailbox,
    }
    for address, code in pages.items():
        assert client.get(address, {"code": code}).status_code == 200
        swapped = code.swapcase() if code.swapcase() != code else code[:-1] + ("A" if code[-1] != "A" else "B")
        for near in (code[:-1], code + "x", swapped, code[: len(code) // 2]):
            assert client.get(address, {"code": near}).status_code == 404, near


def test_a_tracking_code_is_short_and_so_finds_nothing_without_a_login(client, ad69):
    """29^6 is about 2^29: fine for finding a letter at a table, never a key to a page."""
    code = new_tracking_code()
    assert set(code) <= set(TRACKING_ALPHABET) and bits(code, TRACKING_ALPHABET) < 30
    response = client.get(reverse("mail:find", kwargs={"slug": "ad69"}), {"code": code})
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
