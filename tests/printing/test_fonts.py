"""The bundled DejaVu Sans: it prints every Latin letter the names need, `missing_glyphs` names any
character it would print as an empty box, and a PDF embeds it and nothing else."""

from io import BytesIO

from pypdf import PdfReader

from umpire.models import Character
from umpire.printing.styles import FONT_FILES, FONT_FOLDER, build_pdf, missing_glyphs, paragraph

LATIN_1_LETTERS = "".join(chr(code) for code in range(0xC0, 0x100) if chr(code).isalpha())  # not × or ÷
LATIN_EXTENDED_A = "".join(chr(code) for code in range(0x100, 0x180))
NAMES = "Przemysław Łącki, Antonín Dvořák, Erdős Őrs"


def test_the_fonts_ship_in_the_repository_with_their_licence():
    assert all((FONT_FOLDER / filename).is_file() for filename in FONT_FILES.values())
    assert "Bitstream Vera" in (FONT_FOLDER / "LICENSE").read_text()


def test_every_latin_1_letter_has_a_glyph():
    assert len(LATIN_1_LETTERS) == 62
    assert missing_glyphs(LATIN_1_LETTERS) == ""


def test_every_latin_extended_a_letter_has_a_glyph():
    assert missing_glyphs(LATIN_EXTENDED_A) == ""


def test_a_cjk_ideograph_and_an_emoji_are_reported_once_each_and_sorted():
    assert missing_glyphs("Liu 劉 Bei 🐉 and Liu 劉 again") == "劉🐉"


def test_whitespace_is_not_reported():
    assert missing_glyphs("Titus\tVinius\u00a0Rufinus\n") == ""


def test_every_ad69_character_name_prints(ad69):
    names = list(Character.objects.filter(event=ad69).values_list("name", flat=True))
    assert names
    assert {name: missing_glyphs(name) for name in names if missing_glyphs(name)} == {}


def test_extended_latin_and_the_arrow_read_back_from_the_pdf():
    pdf = build_pdf([paragraph(f"{NAMES}: 2 levies → 1 auxiliary")], title="Test", event_name="AD69")
    page = PdfReader(BytesIO(pdf)).pages[0]
    assert f"{NAMES}: 2 levies → 1 auxiliary" in page.extract_text()
    fonts = [font.get_object() for font in page["/Resources"]["/Font"].values()]
    assert {font["/BaseFont"].split("+")[-1] for font in fonts} == {"DejaVuSans"}
    assert all("/FontFile2" in font["/FontDescriptor"] for font in fonts)  # embedded, not named
