"""Parts of pages drawn in Python rather than by the template engine, where a page repeats a small part
hundreds of times (issue 34): form choices (umpire.form_rendering), the menu bar and the console's rows
(umpire.templatetags.console), the treasury's rows (regions.templatetags.treasury). Each writes its words
through `text`, as `{{ value }}` would, and marks the whole part safe once."""

import html

from django.utils.formats import localize


def text(value):
    """`{{ value }}`: localized, then escaped unless marked safe, as Django's conditional_escape does, without
    the lazy-string check Django wraps each escape in: on a page of a few hundred words it cost more than
    the escaping."""
    value = localize(value)
    return value.__html__() if hasattr(value, "__html__") else html.escape(str(value))
