"""Paper checks for the print tests: render a PDF's pages with pdftoppm, as a printer would see
them, and look for ink where no printer can be trusted to reach."""

import subprocess
from pathlib import Path
from tempfile import TemporaryDirectory

from PIL import Image

from umpire.printing.styles import HEADER_SIZE, MARGIN

DPI = 72  # a pixel to a point, so the bands below measure the same in the PDF and the image
INK = 200  # of 255: darker is ink; anti-aliasing at a glyph's edge or the pale SHADE is lighter
# Every sheet's text and rules sit inside the frame, FRAME_PADDING within MARGIN; the strip
# left and right is MARGIN less 2 pt, for a pixel of anti-aliasing and rounding either way.
SIDE = MARGIN - 2
# The running header and footer are HEADER_SIZE text on baselines MARGIN / 2 from the top and
# bottom edges, and no glyph rises or drops a whole em from its baseline: so only the outer
# MARGIN / 2 - HEADER_SIZE (about 12 pt) of each end is bound to be blank. (The briefings and
# table packs measure 48 pt of white at either side, 14 above the header and 20 below the footer.)
END = MARGIN / 2 - HEADER_SIZE


def rendered_pages(pdf):
    """Each page of the PDF's bytes, in order, as a greyscale image at one pixel a point."""
    with TemporaryDirectory() as folder:
        path = Path(folder) / "sheet.pdf"
        path.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", str(path), str(Path(folder) / "page")], check=True)
        # pdftoppm pads the page number to the width of the last one: page-01 ... page-12.
        images = sorted(Path(folder).glob("page-*.png"), key=lambda image: int(image.stem.rpartition("-")[2]))
        return [Image.open(image).convert("L") for image in images]


def margin_bands(width, height):
    """The four bands at a page's edges that must stay blank, as (left, top, right, bottom) boxes."""
    return {
        "left": (0, 0, round(SIDE), height),
        "right": (width - round(SIDE), 0, width, height),
        "top": (0, 0, width, round(END)),
        "bottom": (0, height - round(END), width, height),
    }


def ink_outside_margins(pdf):
    """(page number, "left", "right", "top" or "bottom") for every band of every page with ink in it."""
    return [
        (number, where)
        for number, page in enumerate(rendered_pages(pdf), start=1)
        for where, box in margin_bands(*page.size).items()
        if page.crop(box).getextrema()[0] < INK
    ]
