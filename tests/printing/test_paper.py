"""The margin check of `paper.py` can fail: text drawn into each margin band is reported."""

from io import BytesIO

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from tests.printing.paper import ink_outside_margins, rendered_pages
from umpire.printing.styles import FONT, MARGIN

WIDTH, HEIGHT = A4
# Where a bare canvas writes "ink" at 12 pt so that its glyphs fall in each band.
IN_THE_BAND = {
    "left": (4, HEIGHT / 2),
    "right": (WIDTH - 30, HEIGHT / 2),
    "top": (WIDTH / 2, HEIGHT - 10),
    "bottom": (WIDTH / 2, 4),
}


def canvas_pdf(*pages):
    """A PDF with a page for each list of (x, y) baselines, "ink" written at each."""
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4)
    for baselines in pages:
        canvas.setFont(FONT, 12)
        for x, y in baselines:
            canvas.drawString(x, y, "ink")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def test_text_inside_the_margins_is_not_reported():
    inside = [(MARGIN, MARGIN), (WIDTH - MARGIN - 20, HEIGHT - MARGIN - 9), (WIDTH / 2, HEIGHT / 2)]
    assert ink_outside_margins(canvas_pdf(inside)) == []


@pytest.mark.parametrize("where", IN_THE_BAND)
def test_text_in_a_margin_band_is_reported_with_its_page(where):
    pdf = canvas_pdf([(WIDTH / 2, HEIGHT / 2)], [IN_THE_BAND[where]])
    assert ink_outside_margins(pdf) == [(2, where)]


def test_pages_come_back_in_order_past_the_ninth():
    # pdftoppm names them page-01 ... page-12, which only sort by number if read as one.
    pages = [[] for _ in range(12)]
    pages[10] = [IN_THE_BAND["left"]]
    pdf = canvas_pdf(*pages)
    assert len(rendered_pages(pdf)) == 12
    assert ink_outside_margins(pdf) == [(11, "left")]
