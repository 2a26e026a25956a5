"""Per-event data tables: what a board game's rulebook refers to but does not print (city cards,
leader cards, the map), filled in by Control. The cells the rulebook gives come pre-filled and
marked `given`, with the rule beside them; an empty cell is None, never a made-up number."""

from django.core.validators import MaxLengthValidator
from django.db import models

# what a table's note on its sources may say: half a page, as the printed data sheet has room for
MOST_SOURCE_CHARS = 2_000


class DataTable(models.Model):
    """One table of a ruleset's data for one event: its columns are a JSON list of
    {"key", "title", "kind"} ("number", "yesno" or "text"), declared by the ruleset
    (boardgames.registry)."""

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="data_tables")
    ruleset = models.CharField(max_length=32)
    key = models.SlugField(max_length=40)
    title = models.CharField(max_length=120)
    row_title = models.CharField(max_length=40, help_text='What a row is: "City", "Leader".')
    columns = models.JSONField(default=list)
    source = models.TextField(
        blank=True,
        max_length=MOST_SOURCE_CHARS,
        validators=[MaxLengthValidator(MOST_SOURCE_CHARS)],
        help_text="Where the data comes from, and what the rulebook leaves out.",
    )
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["event_id", "position", "key"]
        constraints = [models.UniqueConstraint(fields=["event", "key"], name="one_data_table_per_key")]

    def __str__(self):
        return self.title

    def column(self, key):
        return next((column for column in self.columns if column["key"] == key), None)


class DataRow(models.Model):
    table = models.ForeignKey(DataTable, on_delete=models.CASCADE, related_name="rows")
    key = models.CharField(max_length=80, help_text="The row's name: the city, the leader, the tribe.")
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["table", "position", "pk"]
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="one_data_row_per_key")]

    def __str__(self):
        return f"{self.table}: {self.key}"


class DataCell(models.Model):
    """One value; None while nobody has filled it in. `given`: the rulebook prints it (`source`)."""

    row = models.ForeignKey(DataRow, on_delete=models.CASCADE, related_name="cells")
    column = models.CharField(max_length=40)
    value = models.CharField(max_length=300, null=True, blank=True)  # noqa: DJ001 None is "not filled in", "" a value
    given = models.BooleanField(default=False)
    source = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["row", "pk"]
        constraints = [models.UniqueConstraint(fields=["row", "column"], name="one_data_cell_per_column")]

    def __str__(self):
        return f"{self.row} {self.column}: {self.value if self.value is not None else 'empty'}"
