"""Orders refused on the forces and treasury pages: the page again at 400, the refused order's panel
holding the form as typed, each problem beside its field, marked as the step the umpire is on."""

import re


def squeezed(response):
    return re.sub(r"\s+", " ", response.content.decode()).replace("&#x27;", "'")


def refused(client, url, data=None):
    """POST an order the page must refuse; the page drawn again, its text, spaces squeezed."""
    response = client.post(url, {**(data or {})})
    assert response.status_code == 400, url
    return squeezed(response)


def refused_panel(text):
    """The one panel marked as the current step: the refused order's."""
    panels = re.findall(r"<article class=\"order\" data-current-step>.*?</article>", text)
    assert len(panels) == 1, panels
    return panels[0]


def beside(panel, field_id, problem):
    """Is `problem` in the error list just before the field of id `field_id` (its label between)?"""
    return re.search(
        rf'<ul class="errorlist"[^>]*><li>{re.escape(problem)}</li></ul>\s*<label[^>]*for="{field_id}"', panel
    ) or re.search(
        rf'<ul class="errorlist"[^>]*><li>{re.escape(problem)}</li></ul>\s*<label class="check"><input[^>]*id="{field_id}"',
        panel,
    )
