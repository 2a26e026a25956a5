"""Every style in a static file (issue 30): no template carries a <style> block, so a page's look has one home,
the stylesheet of its purpose, and no rule is copied from page to page."""

from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)


def templates():
    for folder in [ROOT / "templates", *ROOT.glob("*/templates")]:
        yield from folder.rglob("*.html")


def test_no_template_carries_a_style_block():
    assert [str(path.relative_to(ROOT)) for path in templates() if "<style" in path.read_text()] == []


def test_the_walk_reads_the_templates():
    assert sum(1 for _ in templates()) > 90
