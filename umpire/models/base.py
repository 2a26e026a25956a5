from collections.abc import Callable
from typing import Protocol, TypeVar

from django.db import models

Method = TypeVar("Method", bound=Callable[..., object])


def depends_on(*labels: str) -> Callable[[Method], Method]:
    """Mark a `natural_key` method with the models whose natural keys it uses (Django's
    `natural_key.dependencies`), so that serializing orders those models first."""

    def mark(method: Method) -> Method:
        method.__dict__["dependencies"] = list(labels)
        return method

    return mark


class InEvent(Protocol):
    """Any record of one event (a province, an account, a character, a venue), for the checks that refuse
    a record of another event."""

    @property
    def event_id(self) -> int: ...


class NamedInEventManager(models.Manager):
    def get_by_natural_key(self, event_slug, name):
        return self.get(event__slug=event_slug, name=name)


class NamedInEvent(models.Model):
    """A record known by its name within one event: a table, a character, a province.

    The natural key (event slug, name) lets fixtures refer to it without ids, so
    loading the same fixture again finds the rows it made the first time.
    """

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="%(class)ss")
    name = models.CharField(max_length=80)

    objects = NamedInEventManager()

    class Meta:
        abstract = True
        constraints = [
            models.UniqueConstraint(
                fields=["event", "name"],
                name="%(app_label)s_%(class)s_name_unique_in_event",
                violation_error_message="This event already has one of that name.",
            )
        ]

    def __str__(self):
        return self.name

    @depends_on("umpire.event")
    def natural_key(self):
        return (*self.event.natural_key(), self.name)

    def other_event_errors(self, *fields):
        """An error for each of `fields` that points at a record of another event."""
        errors = {}
        for field in fields:
            related = getattr(self, field) if getattr(self, f"{field}_id") else None
            if related is not None and self.event_id and related.event_id != self.event_id:
                errors[field] = f"{related} belongs to another event."
        return errors
