"""The auth groups that stand for the umpire team's roles."""

from django.db import migrations

ROLE_GROUPS = ["Control", "Region", "Senate", "Non-Roman World"]


def add_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in ROLE_GROUPS:
        Group.objects.get_or_create(name=name)


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=ROLE_GROUPS).delete()


class Migration(migrations.Migration):
    dependencies = [("umpire", "0001_initial"), ("auth", "0012_alter_user_first_name_max_length")]
    operations = [migrations.RunPython(add_groups, remove_groups)]
