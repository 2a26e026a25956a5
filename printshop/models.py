"""A batch print run: every personal briefing, or every table's pack, printed in the background
while Control watches its progress bar, ending in one merged PDF and a ZIP of one file each."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from .outputs import output_path, print_outputs


class PrintRun(models.Model):
    class Kind(models.TextChoices):
        BRIEFINGS = "briefings", "Every personal briefing"
        TABLE_PACKS = "table_packs", "Every table's pack"

    class State(models.TextChoices):
        QUEUED = "queued", "Waiting to print"
        PRINTING = "printing", "Printing"
        DONE = "done", "Printed"
        FAILED = "failed", "Failed"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="print_runs")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    page_size = models.CharField(max_length=6)
    site = models.CharField(
        max_length=200, blank=True, help_text="The console's address, which each briefing's QR code opens his page at."
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    requested_at = models.DateTimeField()
    state = models.CharField(max_length=8, choices=State.choices, default=State.QUEUED)
    done = models.PositiveIntegerField(default=0, help_text="Documents printed so far.")
    total = models.PositiveIntegerField(default=0, help_text="Documents to print.")
    pages = models.PositiveIntegerField(default=0, help_text="Pages in the merged PDF, once printed.")
    finished_at = models.DateTimeField(null=True, blank=True)
    failure = models.TextField(blank=True, help_text="Why the run stopped, if it failed.")
    heard_at = models.DateTimeField(
        default=timezone.now, help_text="When the run last moved: asked for, taken up, a step of its progress."
    )
    attempts = models.PositiveIntegerField(default=0, help_text="How many times a printer has taken the run up.")
    # The outputs are files in the var directory (printshop/outputs.py), named here once the run is done:
    # saving a large run's outputs into the row held them whole in memory.
    merged_pdf = models.FileField(upload_to=output_path, storage=print_outputs, blank=True, editable=False)
    bundle = models.FileField(
        upload_to=output_path,
        storage=print_outputs,
        blank=True,
        editable=False,
        help_text="A ZIP of one PDF per document.",
    )

    class Meta:
        ordering = ["-requested_at", "-pk"]

    def __str__(self):
        return f"{self.get_kind_display()} ({self.page_size}), {self.requested_at:%H:%M:%S}"

    @property
    def percent(self):
        return 100 * self.done // self.total if self.total else 0


class PrintedBriefing(models.Model):
    """When a character's personal briefing was last printed, alone or in a batch run: what has
    changed of him since (his audit entries after it) means his briefing in hand is out of date."""

    character = models.OneToOneField("umpire.Character", on_delete=models.CASCADE, related_name="printed_briefing")
    printed_at = models.DateTimeField()

    def __str__(self):
        return f"{self.character}'s briefing, printed {self.printed_at:%d %b %H:%M}"


class RunSlip(models.Model):
    """A letter slip's code reserved for a table's pack by a print run: a printer that takes the run up
    again prints the same codes on that table's slips, so a retried run reserves each pack's codes once."""

    run = models.ForeignKey(PrintRun, on_delete=models.CASCADE, related_name="slips")
    code = models.OneToOneField("mail.StationeryCode", on_delete=models.CASCADE, related_name="+")

    class Meta:
        ordering = ["run", "pk"]

    def __str__(self):
        return f"{self.code} for {self.run}"
