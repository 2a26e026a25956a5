"""A run's merged PDF and ZIP move out of its row into files (issue 34, printshop/outputs.py): each run's
bytes are written to its files, one output at a time, and back again if the migration is reversed."""

from django.core.files.base import ContentFile
from django.db import migrations, models, transaction

import printshop.outputs
from printshop.outputs import output_filename, remove_files

IN_THE_ROW = {"merged_pdf": "merged_pdf_bytes", "bundle": "bundle_bytes"}  # each file's field, its bytes' field


def bytes_to_files(apps, schema_editor):
    runs = apps.get_model("printshop", "PrintRun").objects.using(schema_editor.connection.alias)
    for pk in list(runs.values_list("pk", flat=True)):
        run = runs.select_related("event").only("pk", "event__slug", *IN_THE_ROW).get(pk=pk)
        for field, old in IN_THE_ROW.items():
            data = runs.filter(pk=pk).values_list(old, flat=True).get()  # one output in memory at a time
            if data:
                getattr(run, field).save(output_filename(pk, field), ContentFile(bytes(data)), save=False)
        run.save(update_fields=list(IN_THE_ROW))


def files_to_bytes(apps, schema_editor):
    alias = schema_editor.connection.alias
    runs = apps.get_model("printshop", "PrintRun").objects.using(alias)
    moved = []
    for run in list(runs.only("pk", *IN_THE_ROW)):
        for field, old in IN_THE_ROW.items():
            output = getattr(run, field)
            if output:
                runs.filter(pk=run.pk).update(**{old: read_or_nothing(output)})
                moved.append(output.name)
    # the files go only once their bytes are safely back in the rows
    transaction.on_commit(lambda: remove_files(moved), using=alias)


def read_or_nothing(output):
    """The file's bytes; none for a row restored from a backup on a machine that never held its file."""
    try:
        with output.open("rb") as opened:
            return opened.read()
    except FileNotFoundError:
        return b""


class Migration(migrations.Migration):
    dependencies = [
        ("printshop", "0004_run_keeps_its_slips_codes"),
    ]

    operations = [
        migrations.RenameField(model_name="printrun", old_name="merged_pdf", new_name="merged_pdf_bytes"),
        migrations.RenameField(model_name="printrun", old_name="bundle", new_name="bundle_bytes"),
        migrations.AddField(
            model_name="printrun",
            name="merged_pdf",
            field=models.FileField(
                blank=True,
                editable=False,
                storage=printshop.outputs.PrintOutputs(),
                upload_to=printshop.outputs.output_path,
            ),
        ),
        migrations.AddField(
            model_name="printrun",
            name="bundle",
            field=models.FileField(
                blank=True,
                editable=False,
                help_text="A ZIP of one PDF per document.",
                storage=printshop.outputs.PrintOutputs(),
                upload_to=printshop.outputs.output_path,
            ),
        ),
        migrations.RunPython(bytes_to_files, files_to_bytes),
        migrations.RemoveField(model_name="printrun", name="merged_pdf_bytes"),
        migrations.RemoveField(model_name="printrun", name="bundle_bytes"),
    ]
