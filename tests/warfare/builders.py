"""Building the handbook's characters for the desks' tests (test set-up, not game actions)."""

from umpire.models import Character


def commander(event, name, skill, table):
    return Character.objects.create(
        event=event, name=name, role="legate", social_class="senator", military_skill=skill, location=table
    )
