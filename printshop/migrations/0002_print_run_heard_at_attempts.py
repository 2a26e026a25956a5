import django.utils.timezone
from django.db import migrations, models
from django.db.models import F


def heard_when_asked(apps, schema_editor):
    apps.get_model("printshop", "PrintRun").objects.update(heard_at=F("requested_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("printshop", "0001_print_runs"),
    ]

    operations = [
        migrations.AddField(
            model_name="printrun",
            name="heard_at",
            field=models.DateTimeField(null=True),
        ),
        migrations.RunPython(heard_when_asked, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="printrun",
            name="heard_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now,
                help_text="When the run last moved: asked for, taken up, a step of its progress.",
            ),
        ),
        migrations.AddField(
            model_name="printrun",
            name="attempts",
            field=models.PositiveIntegerField(default=0, help_text="How many times a printer has taken the run up."),
        ),
    ]
