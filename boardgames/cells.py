"""Reading a cell as its column's kind says, the same for a form, a CSV row and a given cell."""

from django.core.exceptions import ValidationError

YES, NO = {"yes", "y", "true", "1"}, {"no", "n", "false", "0"}


def clean_value(column, raw):
    """The value as stored (text, or None for empty), or a ValidationError in plain words."""
    text = "" if raw is None else str(raw).strip()
    if text == "":
        return None
    if column["kind"] == "number":
        try:
            return str(int(text))
        except ValueError:
            raise ValidationError(f'"{text}" is not a whole number.') from None
    if column["kind"] == "yesno":
        if text.lower() in YES | NO:
            return "yes" if text.lower() in YES else "no"
        raise ValidationError(f'"{text}" is not yes or no.')
    return text
