"""The demo cast (fixtures/ad69_demo_cast.csv): every AD69 character's figures, flagged as demo data,
loaded by seed_demo through the cast import as one audited action, so a newcomer's first battle opens."""

import csv
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management import call_command

from regions.models import Force
from umpire.cast_sheets import read_cast
from umpire.management.commands.seed_demo import DEMO_PASSWORD
from umpire.models import AuditEntry, Briefing, Character, Event, Region
from umpire.services.cast import DEMO_CAST, do_load_demo_cast, preview_cast
from warfare.services.battles import do_open_battle

FIGURES = ("wealth", "support", "military_skill")


@pytest.fixture
def seeded(empty_database):
    call_command("seed_demo", stdout=StringIO())
    return Event.objects.get(slug="ad69")


def test_the_demo_cast_names_every_character_of_the_world_once(ad69):
    with DEMO_CAST.open(encoding="utf-8") as cast:
        names = [row["name"] for row in csv.DictReader(cast)]
    assert sorted(names) == sorted(Character.objects.filter(event=ad69).values_list("name", flat=True))
    assert len(names) == len(set(names)) == 48


def test_the_demo_cast_changes_only_the_figures_of_the_worlds_characters(ad69):
    preview = preview_cast(ad69, read_cast(DEMO_CAST.read_bytes(), DEMO_CAST.name))
    assert preview.counts == {"new": 0, "changed": 48, "unchanged": 0, "refused": 0}
    changed = {change.column for row in preview.rows for change in row.changes}
    assert changed == {"wealth", "personal income", "support", "military skill", "briefing notes"}


@pytest.mark.slow  # seed_demo loads the whole world on an empty database
def test_after_seed_demo_every_character_has_his_figures_and_is_demo_in_one_audited_action(seeded):
    characters = Character.objects.filter(event=seeded)
    assert characters.count() == 48
    for character in characters:
        assert None not in [getattr(character, figure) for figure in FIGURES], character.name
        assert character.is_demo, character.name
        briefing = Briefing.objects.get(character=character)
        assert briefing.personal_income is not None and briefing.notes, character.name
    entry = AuditEntry.objects.get(event=seeded, action="cast.import")
    assert entry.after["demo"] is True
    assert entry.parts.filter(action="umpire.character.update").count() == 48
    assert entry.parts.filter(action="umpire.briefing.create").count() == 48
    skill = dict(characters.values_list("name", "military_skill"))
    for great in ("Flavius Vespasianus", "Verginius Rufus", "Licinius Mucianus", "Sercius Sulpicius Galba"):
        assert skill[great] >= 2, great
    with pytest.raises(ValidationError, match="changes nothing"):
        do_load_demo_cast(seeded, actor=None)


@pytest.mark.slow  # seed_demo loads the whole world on an empty database
def test_a_battle_between_two_demo_forces_opens_after_seed_demo(seeded):
    """Germania Superior: Verginius Rufus' Legio IV Macedonica against the Chatti; then Vitellius' legion
    marched in against Verginius' other legion. Neither is refused for a missing Military Skill."""
    northern = Region.objects.get(event=seeded, name="Northern")
    verginius = Character.objects.get(event=seeded, name="Verginius Rufus")
    vitellius = Character.objects.get(event=seeded, name="Aulius Vitellius")
    control = seeded.seats.filter(role="control").get().user
    macedonica, chatti = (Force.objects.get(event=seeded, name=n) for n in ("Legio IV Macedonica", "Chatti warbands"))
    battle = do_open_battle(
        northern, side_a_forces=[macedonica], side_b_forces=[chatti], side_a_commander=verginius, actor=control
    )
    assert (battle.side_a_skill, battle.side_b_skill) == (verginius.military_skill, 0)

    rapax = Force.objects.get(event=seeded, name="Legio XXI Rapax")
    germanica = Force.objects.get(event=seeded, name="Legio I Germanica")
    Force.objects.filter(pk=germanica.pk).update(province=rapax.province)  # marched up the Rhine (test set-up)
    civil_war = do_open_battle(
        northern,
        side_a_forces=[rapax],
        side_b_forces=[germanica],
        side_a_commander=verginius,
        side_b_commander=vitellius,
        actor=control,
    )
    assert (civil_war.side_a_skill, civil_war.side_b_skill) == (3, 1)


@pytest.mark.slow  # seed_demo loads the whole world on an empty database
def test_the_demo_team_is_seated_once_and_a_removed_demo_umpire_stays_removed(seeded):
    users = get_user_model().objects
    assert users.get(username="gaul").check_password(DEMO_PASSWORD)
    users.filter(username="gaul").delete()
    control = users.get(username="control")
    control.set_password("control's own, at last")
    control.save()
    out = StringIO()
    call_command("seed_demo", stdout=out)  # the console started again
    assert not users.filter(username="gaul").exists()
    assert users.get(username="control").check_password("control's own, at last")
    assert "  control " not in out.getvalue() and "  senate " in out.getvalue()
