"""Each battle's forces keep their legate as the battle began, and each siege month the sides as they
stood when it was adjudicated.

Nothing is filled in for the fights already on the record: today's legates and forces are not
what those fights began with. Their forces' legates are marked not recorded (added False, then
True for every battle opened from now on), and their months keep no sides: their paper says so.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("warfare", "0003_bounded_reasons"),
    ]

    operations = [
        migrations.AddField(
            model_name="battleforce",
            name="legate_name",
            field=models.CharField(
                blank=True, help_text="Its legate when the battle began; empty: none.", max_length=60
            ),
        ),
        migrations.AddField(
            model_name="battleforce",
            name="legate_recorded",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="battleforce",
            name="legate_recorded",
            field=models.BooleanField(default=True),
        ),
        migrations.AddField(
            model_name="siegemonth",
            name="sides",
            field=models.JSONField(
                blank=True,
                help_text="The besiegers and the garrison as they stood when the month was adjudicated, before its "
                "losses: each force's name, kind, legate, Aquila and units, each side's Military Skill, the "
                "multiplier and the engine sets. Empty: adjudicated before the console kept them.",
                null=True,
            ),
        ),
    ]
