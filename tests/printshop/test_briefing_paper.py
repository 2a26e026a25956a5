"""The briefing as paper a player keeps: the handbook quoted exactly, a one-page summary on top for
the table, and no heading or paragraph's tail left alone on a page. Read back with pypdf."""

import re
from dataclasses import replace
from io import BytesIO

import pytest
from pypdf import PdfReader

from printshop import handbook_rules
from printshop.briefings import get_briefing
from regions.models import Force, Province
from tests.demo_data import load_demo_forces
from tests.handbook import handbook_text
from umpire import clockwork
from umpire.models import Briefing, Character
from umpire.printing.briefing import MOST_LISTED, Quote, briefing_pdf
from umpire.printing.styles import MARGIN
from umpire.services.cast import do_load_demo_cast

# The sections every briefing prints from page 2, whatever his role; the rules sections add their own.
SECTIONS = (
    "Your character",
    "Where you start",
    "Your forces",
    "Your finances",
    "Your player page",
    "The turn schedule",
    "Your situation",
    "Your objectives",
    "People you know",
)
# A page filled less than this, other than the summary and the last, is a page nearly wasted. (The last
# section's last run of quotes and its tables stay together, and may leave a gap before them.)
LEAST_FILL = 0.4
# The last page may be short only if it starts a section: a tail of fewer lines than this, alone on a
# page, is what the issue found (a three-line paragraph pushed onto a page of its own).
LONE_TAIL_LINES = 8
LONG_NOTES = "\n\n".join(
    f"Part {part}: the legions on the Rhine grumble at Galba's meanness; the procurators of Gaul count the cost "
    "of the revolt of Vindex, and your friends in Rome write that the Praetorians were promised a donative."
    for part in range(1, 21)
)


def one_line(text):
    return " ".join(text.split())


def every_quote():
    for value in vars(handbook_rules).values():
        for group in value.values() if isinstance(value, dict) else [value]:
            if isinstance(group, tuple):
                yield from (quote for quote in group if isinstance(quote, Quote))


def test_every_quote_is_the_handbook_s_own_words_under_its_own_section():
    handbook = one_line(handbook_text())
    quotes = list(every_quote())
    assert len(quotes) > 50
    for quote in quotes:
        assert one_line(quote.text) in handbook, quote.text
        for part in quote.source.split(", "):
            assert part.lower() in handbook.lower(), quote.source


def pages_of(pdf):
    return [page.extract_text() for page in PdfReader(BytesIO(pdf)).pages]


def readings(pdf):
    """Each page's body lines and how far down its frame its text reaches (0 to 1)."""
    return [(body_lines(page.extract_text()), fill(page)) for page in PdfReader(BytesIO(pdf)).pages]


def body_lines(text):
    """A page's lines without its running header and its "page X of Y" footer."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return [line for line in lines if not line.startswith("PERSONAL — ") and not re.fullmatch(r"page \d+ of \d+", line)]


def fill(page):
    """The share of the frame's height above the page's lowest line of body text."""
    top, bottom = float(page.mediabox.height) - MARGIN, MARGIN
    baselines = []

    def visit(text, cm, tm, font, size):
        baseline = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        if text.strip() and bottom <= baseline <= top:  # the header and footer sit in the margins
            baselines.append(baseline)

    page.extract_text(visitor_text=visit)
    return (top - min(baselines, default=top)) / (top - bottom)


def orphans(pages, headings):
    """What is wrong with the pages (each its body lines and fill): a page nearly empty before the last,
    or a last page that holds only a short tail of the section before it."""
    faults = [
        f"page {number} is filled to {share:.0%}"
        for number, (_, share) in enumerate(pages[1:-1], start=2)
        if share < LEAST_FILL
    ]
    last = pages[-1][0]
    if len(pages) > 2 and last[0] not in headings and len(last) < LONE_TAIL_LINES:
        faults.append(f"the last page holds only {last}")
    return faults


def test_the_check_finds_a_short_tail_alone_on_the_last_page():
    """The fault the issue found, as pdftotext read it: a paragraph's last three lines on a page of their own."""
    full = (["a line"] * 40, 0.95)
    tail = (["each spring", "for maintenance", "of the roads"], 0.08)
    assert orphans([full, full, tail], SECTIONS) == [
        "the last page holds only ['each spring', 'for maintenance', 'of the roads']"
    ]
    assert orphans([full, full, (["Your situation", *tail[0]], 0.1)], SECTIONS) == []
    assert orphans([full, tail, full], SECTIONS) == ["page 2 is filled to 8%"]


@pytest.fixture
def demo_cast(ad69):
    """The AD69 world as `seed_demo` leaves it, the books open; three of the cast with long notes, as the
    bench's players have."""
    load_demo_forces()
    do_load_demo_cast(ad69, actor=None)
    clockwork.do_start_clock(ad69, actor=None)
    for name in ("Arrius Antonius", "Aulius Vitellius", "Sempronius Rufus"):
        Briefing.objects.filter(character__event=ad69, character__name=name).update(notes=LONG_NOTES)
    return Character.objects.filter(event=ad69).select_related("event", "career_rank", "location", "travelling_to")


def pdf_and_headings(character, page_size="A4"):
    sheet = get_briefing(character, site="http://testserver")
    pdf = briefing_pdf(sheet, event_name=character.event.name, page_size=page_size)
    return pdf, set(SECTIONS) | {summary.title for summary in sheet.rules}


@pytest.mark.slow  # lays out all 48 of the demo cast's briefings
def test_no_demo_briefing_leaves_a_page_nearly_empty_or_a_tail_alone(demo_cast):
    faults = {}
    for character in demo_cast:
        pdf, headings = pdf_and_headings(character)
        if found := orphans(readings(pdf), headings):
            faults[character.name] = found
    assert len(demo_cast) == 48
    assert faults == {}


@pytest.mark.parametrize("page_size", ["A4", "Letter"])
def test_long_notes_leave_no_tail_alone(demo_cast, page_size):
    for name in ("Arrius Antonius", "Aulius Vitellius", "Sempronius Rufus"):
        pdf, headings = pdf_and_headings(demo_cast.get(name=name), page_size)
        assert orphans(readings(pdf), headings) == [], name


@pytest.fixture
def great_man(ad69):
    """Governor of a dozen provinces and commander of every force of the demo's: far more than a page lists."""
    load_demo_forces()
    character = Character.objects.get(event=ad69, name="Aulius Vitellius")
    provinces = Province.objects.filter(event=ad69).order_by("name")[:12]
    Province.objects.filter(pk__in=[province.pk for province in provinces]).update(governor=character)
    Force.objects.filter(event=ad69, province__isnull=False, legate__isnull=True).update(legate=character)
    return character


def test_the_summary_is_one_page_however_much_he_holds(great_man):
    sheet = get_briefing(great_man)
    pages = pages_of(briefing_pdf(sheet, event_name=great_man.event.name))
    summary, first_full = one_line(pages[0]), one_line(pages[1])
    offices, forces = len(sheet.offices), len(sheet.forces)
    assert offices > MOST_LISTED + 1 and forces > MOST_LISTED + 1
    assert "Your full briefing follows from page 2." in summary
    assert f"… and {offices - MOST_LISTED} more: all {offices} under “Where you start”, from page 2." in summary
    assert f"… and {forces - MOST_LISTED} more: all {forces} under “Your forces”" in summary
    assert "Personal Briefing" in first_full and "Personal Briefing" not in summary
    assert first_full.index("Your character") < first_full.index("Where you start")


def test_the_summary_is_one_page_even_for_an_absurdly_long_name(ad69):
    # Longer than a character's name may be (80 characters), so set on the sheet, past the model's check.
    character = Character.objects.create(event=ad69, name="Gaius", role=Character.Role.SENATOR, social_class="senator")
    sheet = replace(get_briefing(character), name="Gaius " + "Longinus " * 60 + "Maximus")
    pages = pages_of(briefing_pdf(sheet, event_name=ad69.name))
    assert "Your full briefing follows from page 2." in one_line(pages[0])
    assert "Your character" not in pages[0] and "Your character" in "".join(pages[1:])


def test_the_summary_gives_his_figures_purse_tax_turns_and_winter(demo_cast):
    vitellius = demo_cast.get(name="Aulius Vitellius")
    summary = one_line(pages_of(pdf_and_headings(vitellius)[0])[0])
    assert "At the table" in summary and "Military skill" in summary
    assert "You start at the Northern table." in summary
    assert "Governor of Germania Inferior: 0 talents a quarter; road cost 1 talent each March" in summary
    assert "Tax turns: turn 1 (September 68), turn 4 (December 68), turn 7 (March 69)" in summary
    assert "Weather: Winter at the Northern table: on land Oct-Feb; at sea Sept-Apr." in summary
    assert "First winter month: turn 1 (September 68): Winter at sea" in summary


def test_the_turn_schedule_marks_tax_turns_road_costs_and_his_winters(demo_cast):
    text = one_line("\n".join(pages_of(pdf_and_headings(demo_cast.get(name="Aulius Vitellius"))[0])))
    assert "Each game turn represents 1 month and will take 20 minutes to resolve." in text
    assert "September 68 Tax Turn" in text
    assert "October 68 Winter" in text  # Oct-Feb on land at the Northern table
    assert "March 69 Tax Turn Road costs due Winter at sea" in text  # March is past the land's winter, not the sea's
    assert "May 69 " in text and "May 69 Winter" not in text


def full_text(character):
    return one_line("\n".join(pages_of(pdf_and_headings(character)[0])))


def test_a_senator_reads_the_senate_his_ladder_and_the_gods_and_no_battles(demo_cast):
    text = full_text(demo_cast.get(name="Arrius Antonius"))
    for title in ("The Senate", "Offices and the career ladder", "Oaths and the gods"):
        assert title in text
    assert "From the handbook, XI. THE ROMAN EMPIRE, GODS OF ROME:" in text
    assert "the god's don't like people who take their names in vain" in text
    assert "Proconsul / Governor Consul / Army Commander" in text and "Senator in Rome (your rank)" in text
    assert "At least one of these works must be undertaken every six months" in text
    assert "Battles" not in text and "Revenue, spending and tax turns" not in text


def test_a_governor_who_commands_legions_gets_both_the_province_s_and_the_army_s_rules(demo_cast):
    text = full_text(demo_cast.get(name="Aulius Vitellius"))
    for title in ("Revenue, spending and tax turns", "Governing a province", "Marches", "Battles", "Sieges"):
        assert title in text, title
    assert "A force may move up to 6 map points per turn." in text
    assert "+8 or more assault victorious, place falls" in text
    assert "The Senate operates" not in text


def test_a_procurator_gets_revenue_and_tax_turns_but_not_governing_nor_battles(ad69):
    procurator = Character.objects.create(
        event=ad69, name="Pompeius Propinquus", role=Character.Role.PROCURATOR, social_class="equestrian"
    )
    Province.objects.filter(event=ad69, name="Belgica").update(procurator=procurator)
    text = full_text(procurator)
    assert "Procurator of a Province : Entirely responsible for the finances of a Province." in text
    assert "need maintenance on the taxation turn" in text
    assert "Governing a province" not in text and "Battles" not in text


def test_a_procurator_acting_as_governor_also_reads_what_governing_asks(ad69):
    text = full_text(Character.objects.get(event=ad69, name="Sempronius Rufus"))  # (proc) of Mauretania Tingitana
    assert "Governing a province" in text and "1. Local legal problems." in text
