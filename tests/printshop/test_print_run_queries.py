"""A batch run's database work grows with its cast by one briefing's gathering a player, and no more
(issue 34): its progress reports, the merge, the ZIP and the printed-at records cost the same whatever
the cast, so a run of 1,000 briefings spends on the database what 1,000 sheets need."""

from io import BytesIO

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from reportlab.pdfgen.canvas import Canvas

from printshop import runs
from printshop.briefings import get_briefing
from printshop.models import PrintedBriefing, PrintRun
from printshop.runs import UPDATES_PER_RUN, do_print_run, documents_of
from umpire.models import Briefing, Character

pytestmark = pytest.mark.slow  # whole print runs of dozens of briefings


def one_page_pdf():
    canvas = Canvas(BytesIO())
    canvas.drawString(60, 780, "A briefing.")
    canvas.showPage()
    return canvas.getpdfdata()


@pytest.fixture
def laid_out_at_once(monkeypatch):
    """The layout is not what is counted: each briefing is the same page, made once."""
    page = one_page_pdf()
    monkeypatch.setattr(runs, "briefing_pdf", lambda sheet, **_: page)


def seat(event, players, start):
    """`players` senators more, each with Control's notes and two acquaintances: every one the same shape."""
    cast = Character.objects.bulk_create(
        Character(event=event, name=f"Player {number:03d}", role=Character.Role.SENATOR, social_class="senatorial")
        for number in range(start, start + players)
    )
    for character in cast:
        briefing = Briefing.objects.create(character=character, notes="Watch the Alps.", objectives="Survive.")
        briefing.acquaintances.set(cast[:2])
    return cast


def queries_of_a_run(event):
    run = PrintRun.objects.create(
        event=event, kind=PrintRun.Kind.BRIEFINGS, page_size="A4", requested_at=timezone.now()
    )
    with CaptureQueriesContext(connection) as run_queries:
        do_print_run(run.pk)
    run.refresh_from_db()
    assert run.state == PrintRun.State.DONE, run.failure
    return len(run_queries)


def queries_of_gathering(character):
    with CaptureQueriesContext(connection) as gathering:
        get_briefing(character)
    return len(gathering)


def test_a_run_s_queries_grow_by_one_briefing_s_gathering_for_each_player(ad69, laid_out_at_once):
    Character.objects.filter(event=ad69).delete()  # the demo cast's shapes differ from one another
    smaller = 2 * UPDATES_PER_RUN  # both casts report twenty times: the reports are a run's, not a player's
    seat(ad69, smaller, start=0)
    before = queries_of_a_run(ad69)
    more = seat(ad69, smaller, start=smaller)
    after = queries_of_a_run(ad69)

    one_more = documents_of(ad69, PrintRun.Kind.BRIEFINGS).get(pk=more[0].pk)  # as the run reads him
    assert after - before == smaller * queries_of_gathering(one_more)
    assert PrintedBriefing.objects.filter(character__event=ad69).count() == 2 * smaller
