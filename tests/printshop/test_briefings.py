"""The personal briefing (I. INTRODUCTION: "a personal briefing which describes the starting
position and the forces and finances available to each player"), read back with pypdf."""

from io import BytesIO

import pytest
from django.urls import reverse
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from mail.services.mailboxes import do_issue_mailbox
from printshop.briefings import get_briefing
from regions.models import Province
from tests.demo_data import load_demo_forces
from tests.printing.paper import ink_outside_margins, rendered_pages
from umpire import clockwork
from umpire.models import Briefing, Character, Role
from umpire.printing.briefing import briefing_pdf
from umpire.printing.styles import FONT, MARGIN

LEGATE = "Aulius Vitellius"  # legate of the four demo legions of Germania Inferior


@pytest.fixture
def vitellius(ad69):
    load_demo_forces()
    Character.objects.filter(event=ad69, name=LEGATE).update(wealth=150)
    clockwork.do_start_clock(ad69, actor=None)  # opens the books: his purse holds his fortune
    character = Character.objects.get(event=ad69, name=LEGATE)
    briefing = Briefing.objects.create(
        character=character,
        personal_income=12,
        notes="The Rhine legions want a new emperor.",
        objectives="Be hailed Imperator before the spring.",
    )
    briefing.acquaintances.add(Character.objects.get(event=ad69, name="Titus Vinius"))
    return character


@pytest.fixture
def procurator(ad69):
    character = Character.objects.create(
        event=ad69, name="Pompeius Propinquus", role=Character.Role.PROCURATOR, social_class="equestrian"
    )
    Province.objects.filter(event=ad69, name="Belgica").update(procurator=character)
    return character


def pages_of(pdf):
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def text_of(pdf):
    return "\n".join(pages_of(pdf))


def pdf_of(character, page_size="A4"):
    return briefing_pdf(
        get_briefing(character, site="http://testserver"), event_name=character.event.name, page_size=page_size
    )


def test_every_page_is_marked_personal_with_his_name(vitellius):
    pages = pages_of(pdf_of(vitellius))
    assert len(pages) > 1
    for number, text in enumerate(pages, start=1):
        assert f"PERSONAL — {LEGATE}" in text
        assert f"page {number} of {len(pages)}" in text


def test_a_legate_reads_his_forces_with_their_combat_values(vitellius):
    sheet = get_briefing(vitellius)
    text = " ".join(text_of(pdf_of(vitellius)).split())
    assert len(sheet.forces) == 4
    for force in sheet.forces:
        assert force.name in text and force.combat_value > 0
        assert f"{force.combat_value} {force.upkeep}" in text


def test_his_purse_income_and_control_s_notes(vitellius):
    text = " ".join(text_of(pdf_of(vitellius)).split())
    assert "You start at the Northern table." in text
    assert "Wealth 150 talents" in text and "In your purse: 150 talents" in text
    assert "Personal income: 12 talents a quarter" in text
    assert "The Rhine legions want a new emperor." in text
    assert "Be hailed Imperator before the spring." in text
    assert "Titus Vinius" in text and "at Senate" in text


def test_a_legate_gets_the_battle_results_table(vitellius):
    text = " ".join(text_of(pdf_of(vitellius)).split())
    assert "+7 or more enemy defeated outright" in text
    assert "+5 if all the Legions involved have their Aquila present" in text
    assert "Legionaries 6 10" in text


def test_a_procurator_gets_the_tax_rules_and_not_the_battle_tables(procurator):
    text = " ".join(text_of(pdf_of(procurator)).split())
    assert "Procurator of Belgica: income 70 talents a quarter; road cost 7 talents each March" in text
    assert "the Region umpire will only hand out tax revenues to the procurator concerned" in text
    assert "Battle results" not in text
    assert "You command no forces." in text


def test_empty_sections_say_control_wrote_none(procurator):
    assert text_of(pdf_of(procurator)).count("Control has written none.") == 3


def test_his_player_page_code_prints_when_he_has_a_mailbox(vitellius):
    assert get_briefing(vitellius).player_page is None
    mailbox = do_issue_mailbox(vitellius, actor=None)
    text = "".join(text_of(pdf_of(vitellius)).split())
    assert f"Yourcode:{mailbox.code}" in text
    assert f"http://testserver/post/ad69/mailbox/?code={mailbox.code}" in text


def text_positions(page):
    """Each piece of text's left and right edge and baseline, in points from the page's corner."""
    found = []

    def visit(text, cm, tm, font, size):
        text = text.strip()
        if text:
            x, y = tm[4] * cm[0] + tm[5] * cm[2] + cm[4], tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text, x, x + stringWidth(text, FONT, size * tm[0] * cm[0]), y))

    page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_no_text_lies_outside_the_margins(vitellius, procurator, page_size):
    do_issue_mailbox(vitellius, actor=None)
    for character in (vitellius, procurator):
        for page in PdfReader(BytesIO(pdf_of(character, page_size))).pages:
            width, height = float(page.mediabox.width), float(page.mediabox.height)
            for text, left, right, baseline in text_positions(page):
                # the running header and footer sit in the top and bottom margins, halfway
                assert MARGIN - 1 <= left and right <= width - MARGIN + 1, text
                assert MARGIN / 2 - 1 <= baseline <= height - MARGIN / 2 + 1, text


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_every_page_renders_to_an_image_with_no_ink_in_the_margins(vitellius, procurator, page_size):
    do_issue_mailbox(vitellius, actor=None)  # so his page carries the QR code too
    for character in (vitellius, procurator):
        pdf = pdf_of(character, page_size)
        assert len(rendered_pages(pdf)) == len(PdfReader(BytesIO(pdf)).pages)
        assert ink_outside_margins(pdf) == [], character.name


def test_control_prints_a_briefing(client, control, vitellius):
    client.force_login(control)
    listing = client.get(reverse("printshop:briefings", args=["ad69"]))
    url = reverse("printshop:briefing", args=["ad69", vitellius.pk])
    assert listing.status_code == 200 and url in listing.content.decode()
    response = client.get(url, {"size": "Letter"})
    assert response["Content-Type"] == "application/pdf"
    assert f"PERSONAL — {LEGATE}" in text_of(response.content)


def test_a_region_umpire_gets_404(client, ad69, make_umpire, vitellius):
    client.force_login(make_umpire(ad69, Role.REGION, "Gaul"))
    assert client.get(reverse("printshop:briefings", args=["ad69"])).status_code == 404
    assert client.get(reverse("printshop:briefing", args=["ad69", vitellius.pk])).status_code == 404


def test_control_is_warned_of_a_name_the_font_cannot_print(client, control, ad69):
    Character.objects.create(event=ad69, name="Liu Bei 劉備", role=Character.Role.SENATOR, social_class="senatorial")
    client.force_login(control)
    page = client.get(reverse("printshop:briefings", args=["ad69"])).content.decode()
    assert "<li>Liu Bei 劉備: 備劉</li>" in page
    assert "Aulius Vitellius:" not in page  # the Roman names all print
