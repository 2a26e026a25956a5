"""Choice widgets drawn in Python, the same HTML as Django's templates give (issue 34).

A post tray's "post a letter" form lists every living character, about 330 options; Django draws each
option by rendering two templates (the option and its attributes), and the tray spent two thirds of
its time there. `QuickChoicesRenderer` writes a `<select>`, and a list of checkboxes or radio buttons,
straight from the context the widget built, escaping as the templates escape. Any other widget, or
an option with a template of its own, is left to the templates. It is every form's renderer
(settings.FORM_RENDERER), and Django keeps one for the process.
"""

from django.forms.renderers import DjangoTemplates
from django.utils.html import conditional_escape
from django.utils.safestring import SafeData, mark_safe

from umpire.drawn import text

SELECT = "django/forms/widgets/select.html"
SELECT_OPTION = "django/forms/widgets/select_option.html"
MULTIPLE_INPUTS = ("django/forms/widgets/checkbox_select.html", "django/forms/widgets/radio.html")
INPUT_OPTIONS = ("django/forms/widgets/checkbox_option.html", "django/forms/widgets/radio_option.html")
# The widgets whose template is input.html alone.
INPUTS = {
    f"django/forms/widgets/{kind}.html"
    for kind in "checkbox color date datetime email hidden number password search tel text time url".split()
}


class QuickChoicesRenderer(DjangoTemplates):
    """Django's own renderer, but for the choice widgets whose options it would render one by one."""

    def render(self, template_name, context, request=None):
        widget = context.get("widget") if isinstance(context, dict) else None
        if template_name == SELECT and options_drawn_by(widget, {SELECT_OPTION}):
            return select_html(widget)
        if template_name in MULTIPLE_INPUTS and options_drawn_by(widget, set(INPUT_OPTIONS)):
            return multiple_inputs_html(widget)
        if template_name in INPUTS and widget is not None:
            return input_html(widget)
        return super().render(template_name, context, request)


def options_drawn_by(widget, templates):
    """Whether every option uses one of Django's own option templates, which this module draws."""
    return widget is not None and all(
        option["template_name"] in templates for _, options, _ in widget["optgroups"] for option in options
    )


def select_html(widget):
    """django/forms/widgets/select.html and select_option.html."""
    parts = [f'<select name="{text(widget["name"])}"{attrs_html(widget["attrs"])}>']
    for group, options, _ in widget["optgroups"]:
        if group:
            parts.append(f'\n  <optgroup label="{text(group)}">')
        for option in options:
            value = as_string(option["value"])
            parts.append(f'\n  <option value="{value}"{attrs_html(option["attrs"])}>{text(option["label"])}</option>\n')
        if group:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


def multiple_inputs_html(widget):
    """django/forms/widgets/multiple_input.html, with input_option.html and input.html for each option."""
    box_id, box_class = widget["attrs"].get("id"), widget["attrs"].get("class")
    parts = [
        "<div",
        f' id="{text(box_id)}"' if box_id else "",
        f' class="{text(box_class)}"' if box_class else "",
        ">",
    ]
    for group, options, _ in widget["optgroups"]:
        if group:
            parts.append(f"\n  <div><label>{text(group)}</label>")
        parts += [f"<div>\n    {input_option_html(option)}</div>" for option in options]
        if group:
            parts.append("\n  </div>")
    parts.append("\n</div>")
    return "".join(parts)


def input_html(widget):
    """django/forms/widgets/input.html."""
    value = widget["value"]
    # The template's `widget.value != None`, which a ModelChoiceIteratorValue answers with its own __eq__.
    value_attr = f' value="{as_string(value)}"' if value != None else ""  # noqa: E711
    return (
        f'<input type="{text(widget["type"])}" name="{text(widget["name"])}"{value_attr}{attrs_html(widget["attrs"])}>'
    )


def input_option_html(option):
    """django/forms/widgets/input_option.html, as checkbox_option.html and radio_option.html include it."""
    field = f"{input_html(option)}\n"
    if not option["wrap_label"]:
        return f"{field}\n\n"
    label_id = option["attrs"].get("id")
    label_for = f' for="{text(label_id)}"' if label_id else ""
    return f"<label{label_for}>{field} {text(option['label'])}</label>\n\n"


def attrs_html(attrs):
    """django/forms/widgets/attrs.html: `name="value"`, a bare name for True, nothing for False."""
    return "".join(
        f" {text(name)}" if value is True else f' {text(name)}="{as_string(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


def as_string(value):
    """`{{ value|stringformat:'s' }}`: the filter keeps a safe value safe, and the rest is escaped."""
    # A record's id, the value of a choice read as (id, name) rows: digits, nothing to escape, and hundreds a page.
    if type(value) is int:
        return str(value)
    formatted = "%s" % (str(value) if isinstance(value, tuple) else value)
    return conditional_escape(mark_safe(formatted) if isinstance(value, SafeData) else formatted)
