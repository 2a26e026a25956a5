"""A letter's paper (VI. COMMUNICATIONS, (i) Letters): the cover of a posted letter, which never
shows its contents, and a table's stationery, whose slips carry codes reserved for the letters
written on them; each printed only for those who keep the tables' post, and Control."""

from io import BytesIO

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from mail.codes import shown
from mail.forms import PostLetterForm
from mail.models import Letter, StationeryCode
from mail.printing import LETTER_LINES, MOST_LETTER_CHARACTERS, letter_text, lines_on_paper
from mail.services.letters import do_post_letter
from mail.services.stationery import do_print_stationery
from umpire.models import AuditEntry
from umpire.printing.letter_slips import Slip, qr_code, stationery_pdf
from umpire.printing.styles import build_pdf

SECRET = "Hold the Alpine passes until the Moesian legions come."


def text_of(pdf):
    pages = PdfReader(BytesIO(pdf)).pages
    return len(pages), " ".join(" ".join(page.extract_text() for page in pages).split())  # lines wrap anywhere


@pytest.fixture
def letter(hall):
    return do_post_letter(
        hall.rome,
        sender=hall.scribonius,
        addressee=hall.primus,
        destination=hall.illyria,
        contents=SECRET,
        actor=hall.rome_umpire,
    )


def cover_url(hall, letter):
    return reverse("mail:letter-cover", kwargs={"slug": hall.event.slug, "pk": letter.pk})


def stationery_url(hall, table):
    return reverse("mail:stationery", kwargs={"slug": hall.event.slug, "table_id": table.pk})


def reserved():
    return sorted(StationeryCode.objects.values_list("code", flat=True)), AuditEntry.objects.count()


# ---- the cover ---------------------------------------------------------------------------------


def test_the_cover_carries_code_addressee_tables_and_date_but_never_the_contents(client, hall, letter):
    client.force_login(hall.rome_umpire)
    response = client.get(cover_url(hall, letter))
    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    pages, text = text_of(response.content)
    assert pages == 1
    for words in (
        letter.shown_code,
        "To Antonius Primus",
        "At the table of Illyria",
        "From Quintus Scribonius",
        "Posted at Italia/Rome",
        f"Written in {hall.event.game_month(letter.written_turn)}",
        "Post it in the tray of your table; the umpire hands it out.",
    ):
        assert words in text
    assert "Alpine" not in text


def test_the_qr_code_is_of_the_tracking_code():
    drawing = qr_code("KM7-4QX", 60)
    assert (drawing.width, [widget.value for widget in drawing.contents]) == (60, ["KM7-4QX"])


def test_the_cover_prints_on_letter_paper_and_refuses_other_sizes(client, hall, letter):
    client.force_login(hall.control)
    letter_size = client.get(cover_url(hall, letter), {"size": "Letter"})
    assert PdfReader(BytesIO(letter_size.content)).pages[0].mediabox.height == 792
    refused = client.get(cover_url(hall, letter), {"size": "A3"})
    assert (refused.status_code, "unknown page size 'A3'" in refused.content.decode()) == (400, True)


@pytest.mark.parametrize("who", ["rome_umpire", "illyria_umpire", "control"])
def test_origin_destination_and_control_print_the_cover(client, hall, letter, who):
    client.force_login(getattr(hall, who))
    assert client.get(cover_url(hall, letter)).status_code == 200


def test_another_tables_umpire_gets_no_cover(client, hall, letter):
    client.force_login(hall.gaul_umpire)
    assert client.get(cover_url(hall, letter)).status_code == 404
    assert client.get(reverse("mail:letter-cover", kwargs={"slug": hall.event.slug, "pk": 999_999})).status_code == 404


# ---- the stationery service --------------------------------------------------------------------


def test_printing_reserves_unique_codes_for_the_table_and_audits(hall):
    codes = do_print_stationery(hall.gaul, slips=20, actor=hall.gaul_umpire)
    assert len(set(codes)) == 20
    assert sorted(StationeryCode.objects.filter(table=hall.gaul).values_list("code", flat=True)) == sorted(codes)
    entry = AuditEntry.objects.get(action="letter.stationery_printed")
    assert (entry.actor, entry.target_label, entry.after) == (
        hall.gaul_umpire,
        str(hall.gaul),
        {"slips": 20, "codes": codes},
    )


def test_a_printed_code_is_never_one_a_letter_or_a_slip_has(hall, letter, monkeypatch):
    slip = StationeryCode.objects.create(event=hall.event, table=hall.rome, code="BBBBBB")
    drawn = iter([letter.code, slip.code, "CCCCCC"])
    monkeypatch.setattr("mail.services.letters.new_code", lambda: next(drawn))
    assert do_print_stationery(hall.rome, slips=1, actor=hall.rome_umpire) == ["CCCCCC"]


@pytest.mark.parametrize("slips", [0, 401])
def test_too_few_or_too_many_slips_are_refused_changing_nothing(hall, slips):
    before = reserved()
    with pytest.raises(ValidationError) as refusal:
        do_print_stationery(hall.rome, slips=slips, actor=hall.rome_umpire)
    assert refusal.value.message_dict["slips"] == [f"Print from 1 to 400 slips at a time, not {slips}."]
    assert reserved() == before


def test_a_letter_posted_on_a_printed_slip_takes_its_code(hall):
    code = do_print_stationery(hall.rome, slips=3, actor=hall.rome_umpire)[1]
    letter = do_post_letter(
        hall.rome,
        sender=hall.scribonius,
        addressee=hall.primus,
        destination=hall.illyria,
        code=shown(code).lower(),
        actor=hall.rome_umpire,
    )
    assert letter.code == code


def test_a_sheet_holds_eight_slips_a_page_on_either_paper():
    slips = tuple(Slip(code=f"KM{n}-4QX", table="Gaul") for n in range(2, 10))
    for size in ("A4", "Letter"):
        pages, text = text_of(stationery_pdf(slips + slips[:1], table="Gaul", event_name="AD69", page_size=size))
        assert pages == 2
        assert text.count("Written in (month)") == 9


# ---- the stationery over HTTP ------------------------------------------------------------------


def test_the_tables_umpire_prints_its_slips_with_their_codes(client, hall):
    client.force_login(hall.rome_umpire)
    response = client.post(stationery_url(hall, hall.rome), {"slips": "8"})
    assert (response.status_code, response["Content-Type"]) == (200, "application/pdf")
    pages, text = text_of(response.content)
    codes = StationeryCode.objects.filter(table=hall.rome).values_list("code", flat=True)
    assert (pages, len(codes), text.count("Italia/Rome")) == (1, 8, 9)  # the running header names it too
    assert all(shown(code) in text for code in codes)
    for words in ("To", "At the table of", "From", "Written in (month)"):
        assert text.count(words) >= 8


def test_control_prints_any_tables_slips(client, hall):
    client.force_login(hall.control)
    assert client.post(stationery_url(hall, hall.illyria), {"slips": "2", "size": "Letter"}).status_code == 200
    assert StationeryCode.objects.filter(table=hall.illyria).count() == 2


def test_another_tables_umpire_prints_no_slips(client, hall):
    client.force_login(hall.gaul_umpire)
    assert client.post(stationery_url(hall, hall.rome), {"slips": "8"}).status_code == 404
    assert (
        client.post(
            reverse("mail:stationery", kwargs={"slug": hall.event.slug, "table_id": 999_999}), {"slips": "8"}
        ).status_code
        == 404
    )
    assert not StationeryCode.objects.exists()


@pytest.mark.parametrize(
    "form, words",
    [
        ({"slips": "0"}, "Slips: Print from 1 to 400 slips at a time, not 0."),
        ({"slips": "401"}, "Slips: Print from 1 to 400 slips at a time, not 401."),
        ({"slips": "eight"}, "Slips: Give the number of slips to print, as 8, not 'eight'."),
        ({}, "Slips: Give the number of slips to print, as 8, not ''."),
        ({"slips": "8", "size": "A3"}, "Paper size: unknown page size 'A3': use one of A4, Letter"),
    ],
)
def test_bad_stationery_requests_are_refused_in_words_reserving_nothing(client, hall, form, words):
    client.force_login(hall.rome_umpire)
    before = reserved()
    response = client.post(stationery_url(hall, hall.rome), form)
    assert (response.status_code, response.content.decode()) == (400, words)
    assert reserved() == before


def test_slips_are_printed_by_post_only_and_by_umpires_only(client, hall):
    assert client.post(stationery_url(hall, hall.rome), {"slips": "8"}).status_code == 302  # to the login page
    client.force_login(hall.rome_umpire)
    assert client.get(stationery_url(hall, hall.rome)).status_code == 405
    assert not StationeryCode.objects.exists()


# ---- a typed letter fits a page of paper ------------------------------------------------------------------------

WIDEST_LINE = "W" * 41  # the widest letter of the body type, as many as one line of the narrower paper holds
LONGEST_LETTERS = {
    "lines of the widest letter": "\n".join([WIDEST_LINE] * LETTER_LINES),
    "one line after another": "\n".join(["Ave"] * LETTER_LINES),
    "one long paragraph": " ".join(["Hold the passes"] * 400),
}


def longest(text):
    """As much of `text` as sets in LETTER_LINES lines."""
    while lines_on_paper(text) > LETTER_LINES:
        text = text[: -max(1, len(text) // 50)]
    return text


@pytest.mark.parametrize("shape", LONGEST_LETTERS)
@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_longest_letter_prints_on_one_page_of_either_paper(shape, paper):
    text = longest(LONGEST_LETTERS[shape])
    assert lines_on_paper(text) == LETTER_LINES and len(text) <= MOST_LETTER_CHARACTERS
    pdf = build_pdf([letter_text(text)], title="Letter", event_name="AD69", page_size=paper)
    assert len(PdfReader(BytesIO(pdf)).pages) == 1


def a_letter_form(hall, contents):
    data = {"sender": hall.scribonius.pk, "addressee": hall.primus.pk, "destination": hall.illyria.pk}
    return PostLetterForm({**data, "contents": contents}, table=hall.rome)


def test_a_letter_a_line_longer_than_a_page_is_refused_naming_the_limit(hall):
    text = "\n".join(["Ave"] * (LETTER_LINES + 1))
    form = a_letter_form(hall, text)
    assert not form.is_valid()
    assert form.errors["contents"] == [
        f"A letter fits a page of paper: {LETTER_LINES} lines at most; this one runs to 41."
    ]
    with pytest.raises(ValidationError) as refusal:
        do_post_letter(
            hall.rome,
            sender=hall.scribonius,
            addressee=hall.primus,
            destination=hall.illyria,
            contents=text,
            actor=hall.rome_umpire,
        )
    assert "40 lines at most" in refusal.value.message_dict["contents"][0]
    assert not Letter.objects.exists()


def test_a_letter_of_a_million_characters_is_refused_before_it_is_set(hall):
    text = "Ave " * 249_999 + "Vale"
    assert a_letter_form(hall, text).errors["contents"] == [
        f"Ensure this value has at most {MOST_LETTER_CHARACTERS} characters (it has 1000000)."
    ]
    with pytest.raises(ValidationError, match="at most 4000 characters"):
        do_post_letter(
            hall.rome,
            sender=hall.scribonius,
            addressee=hall.primus,
            destination=hall.illyria,
            contents=text,
            actor=hall.rome_umpire,
        )
    assert not Letter.objects.exists()
