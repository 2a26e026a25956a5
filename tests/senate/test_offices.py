"""Offices and careers in Rome (XI. THE ORGANISATION IN AD69; SOCIAL CLASS): who appoints whom,
the Equitates' commands, entering the Senate, and the revenue following the new procurator."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from regions.models import Force, Province, TaxStatement
from regions.services.taxes import do_confirm_statement
from senate.models.offices import Appointer, Appointment, Office, RomanOffice
from senate.offices_selectors import get_appointments, get_ladders
from senate.services.offices import do_appoint, do_enter_senate
from tests.regions.forces_builders import legion
from tests.senate.in_place import beside, refused_form
from tests.umpire.channels_helpers import listen
from umpire import clockwork
from umpire.events import control_group, event_group, table_group
from umpire.models import AuditEntry, CareerRank, Character, Region, Role
from umpire.selectors import senate_rooms

SEPTEMBER, DECEMBER = 1, 4
EDICT = "Edict of the Emperor, turn 1"
VOTE = "Motion carried in the Senate, turn 1"


@pytest.fixture
def senate_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.SENATE, username="senate-umpire")


@pytest.fixture
def running(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    return ad69


def province(event, name):
    return Province.objects.get(event=event, name=name)


def equestrian(event, name="Publius Nummularius", table="Greece", rank="Legionary Tribune"):
    return Character.objects.create(
        event=event,
        name=name,
        role=Character.Role.PROCURATOR,
        social_class="equestrian",
        career_rank=CareerRank.objects.get(name=rank),
        location=Region.objects.filter(event=event, name=table).first(),
    )


def senator(event, name="Gaius Senex"):
    return Character.objects.create(
        event=event,
        name=name,
        role=Character.Role.SENATOR,
        social_class="senator",
        career_rank=CareerRank.objects.get(name="Senator in Rome"),
    )


def appoint_procurator(event, character, *, actor, name="Achaea", by=Appointer.SENATE):
    return do_appoint(
        event,
        office=Office.PROCURATOR,
        character=character,
        province=province(event, name),
        by=by,
        authority=VOTE,
        reason="The Senate wants its money counted",
        actor=actor,
    )


# ---- the revenue ----------------------------------------------------------------------------


def test_an_appointment_through_the_senate_changes_who_receives_the_revenue_at_the_next_tax_turn(
    running, senate_umpire
):
    achaea = province(running, "Achaea")
    new_procurator = equestrian(running, table=achaea.region.name)
    appoint_procurator(running, new_procurator, actor=senate_umpire)
    for _ in range(DECEMBER - SEPTEMBER):  # to the eve of December, when its statements are drawn up
        clockwork.do_skip_turn(running, actor=None)
    december = TaxStatement.objects.get(province=achaea, turn=DECEMBER)
    assert do_confirm_statement(december, actor=senate_umpire).handed_to == "Publius Nummularius"


# ---- who appoints whom ----------------------------------------------------------------------


def test_the_senate_appoints_a_senatorial_procurator(running, senate_umpire, django_capture_on_commit_callbacks):
    character = equestrian(running)
    with listen(
        [
            control_group(running.pk),
            event_group(running.pk),
            *(table_group(room) for room in senate_rooms(running)),
            table_group(province(running, "Achaea").region_id),
        ]
    ) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            appointment = appoint_procurator(running, character, actor=senate_umpire)
        messages = heard()
    assert province(running, "Achaea").procurator == character
    assert (appointment.by, appointment.previous, appointment.turn) == (Appointer.SENATE, None, SEPTEMBER)
    assert appointment.post == "Procurator of Achaea"
    audit = AuditEntry.objects.get(action="senate.appointed")
    assert audit.before["procurator_id"] is None and audit.after["procurator_id"] == character.pk
    assert event_group(running.pk) not in messages  # the Acta Diurna tells the players
    groups = {
        control_group(running.pk),
        table_group(province(running, "Achaea").region_id),
        *(table_group(room) for room in senate_rooms(running)),
    }
    assert set(messages) == groups
    assert all(m["event"]["type"] == "offices.filled" for sent in messages.values() for m in sent)


def test_the_emperor_may_not_appoint_in_a_senatorial_province(running, control):
    character = equestrian(running)
    with pytest.raises(ValidationError, match=r"Achaea \(Senatorial\): its procurator is appointed by the Senate"):
        appoint_procurator(running, character, by=Appointer.EMPEROR, actor=control)
    assert province(running, "Achaea").procurator is None
    assert not Appointment.objects.exists() and not AuditEntry.objects.filter(action="senate.appointed").exists()


def test_the_emperor_appoints_an_imperial_governor_and_the_senate_may_not(running, control):
    character = senator(running)
    with pytest.raises(ValidationError, match=r"Syria \(Imperial\): its governor is appointed by the Emperor"):
        do_appoint(
            running,
            office=Office.GOVERNOR,
            character=character,
            province=province(running, "Syria"),
            by=Appointer.SENATE,
            authority=VOTE,
            actor=control,
        )
    appointment = do_appoint(
        running,
        office=Office.GOVERNOR,
        character=character,
        province=province(running, "Syria"),
        by=Appointer.EMPEROR,
        authority=EDICT,
        actor=control,
    )
    assert province(running, "Syria").governor == character
    assert appointment.previous.name == "Licinius Mucianus"


def test_a_province_governed_by_the_senate_gets_no_governor(running, control):
    with pytest.raises(ValidationError, match="governed by the Senate"):
        do_appoint(
            running,
            office=Office.GOVERNOR,
            character=senator(running),
            province=province(running, "Italia"),
            by=Appointer.SENATE,
            authority=VOTE,
            actor=control,
        )
    assert province(running, "Italia").governor is None


def test_the_emperor_appoints_a_legate(running, control):
    legio = legion(running, "Legio Exempli", "Achaea", [("legionary", 5, False)])
    character = equestrian(running)
    with pytest.raises(ValidationError, match="legate is appointed by the Emperor"):
        do_appoint(
            running,
            office=Office.LEGATE,
            character=character,
            force=legio,
            by=Appointer.SENATE,
            authority=VOTE,
            actor=control,
        )
    assert Force.objects.get(pk=legio.pk).legate is None
    do_appoint(
        running,
        office=Office.LEGATE,
        character=character,
        force=legio,
        by=Appointer.EMPEROR,
        authority=EDICT,
        actor=control,
    )
    assert Force.objects.get(pk=legio.pk).legate == character


def test_a_senator_may_not_command_the_praetorian_cohorts(running, control):
    with pytest.raises(ValidationError, match="must be from the Equitates"):
        do_appoint(
            running,
            office=Office.PRAETORIAN_COMMANDER,
            character=senator(running),
            by=Appointer.EMPEROR,
            authority=EDICT,
            actor=control,
        )
    assert not RomanOffice.objects.filter(holder__isnull=False).exists() and not Appointment.objects.exists()


def test_an_equestrian_commands_the_urban_cohorts(running, control):
    character = equestrian(running)
    do_appoint(
        running,
        office=Office.URBAN_COMMANDER,
        character=character,
        by=Appointer.EMPEROR,
        authority=EDICT,
        actor=control,
    )
    assert RomanOffice.objects.get(event=running, office=Office.URBAN_COMMANDER).holder == character


def test_an_appointment_names_its_vote_or_edict(running, control):
    with pytest.raises(ValidationError, match="Name the Senate's vote or the Emperor's edict"):
        do_appoint(
            running,
            office=Office.PROCURATOR,
            character=equestrian(running),
            province=province(running, "Achaea"),
            by=Appointer.SENATE,
            authority=" ",
            actor=control,
        )


def test_the_holder_is_not_appointed_again(running, control):
    character = equestrian(running)
    appoint_procurator(running, character, actor=control)
    with pytest.raises(ValidationError, match="already Procurator of Achaea"):
        appoint_procurator(running, character, actor=control)
    assert Appointment.objects.count() == 1


# ---- entering the Senate --------------------------------------------------------------------


def test_an_equestrian_enters_the_senate_at_the_bottom(running, control):
    character = do_enter_senate(equestrian(running, rank="Praetorian Prefect"), actor=control)
    assert character.social_class == "senator" and character.career_rank.name == "Senator in Rome"
    assert AuditEntry.objects.filter(action="senate.entered", target_id=str(character.pk)).exists()


def test_an_imperial_decree_may_place_him_higher(running, control):
    consul = CareerRank.objects.get(name="Consul / Army Commander")
    character = do_enter_senate(equestrian(running), by_imperial_decree=True, rank=consul, actor=control)
    assert character.career_rank == consul


def test_without_a_decree_no_higher_rank(running, control):
    character = equestrian(running)
    with pytest.raises(ValidationError, match="Only an Imperial decree"):
        do_enter_senate(character, rank=CareerRank.objects.get(name="Magistrate"), actor=control)
    character.refresh_from_db()
    assert character.social_class == "equestrian"


def test_a_senator_does_not_enter_the_senate_again(running, control):
    with pytest.raises(ValidationError, match="not an Equestrian"):
        do_enter_senate(senator(running), actor=control)


# ---- reads ----------------------------------------------------------------------------------


def test_the_ladders_show_who_stands_on_each_rung(running):
    character = equestrian(running)
    equestrians, senators = get_ladders(running)
    assert [rung.rank.name for rung in equestrians.rungs if rung.rank][0] == "Praetorian Prefect"
    tribunes = next(rung for rung in equestrians.rungs if rung.rank and rung.rank.name == "Legionary Tribune")
    assert character in tribunes.holders
    assert senators.rungs[-1].rank is None or senators.rungs[-1].rank.name == "Senator in Rome"


def test_the_offices_page_reads_in_the_same_queries_however_many_appointments(running, control, client):
    client.force_login(control)
    url = reverse("senate:offices", args=[running.slug])
    appoint_procurator(running, equestrian(running), actor=control)
    client.get(url)  # the first page reads the event's setting, kept for the pages after it
    with CaptureQueriesContext(connection) as one:
        assert client.get(url).status_code == 200
    appoint_procurator(running, equestrian(running, name="Quintus Alter"), actor=control, name="Asia")
    with CaptureQueriesContext(connection) as two:
        assert client.get(url).status_code == 200
    assert len(two) == len(one)
    assert len(get_appointments(running)) == 2


# ---- the page -------------------------------------------------------------------------------


def test_the_senate_umpire_appoints_through_the_page(running, senate_umpire, client):
    client.force_login(senate_umpire)
    character = equestrian(running)
    response = client.post(
        reverse("senate:office-appoint", args=[running.slug]),
        {
            "office": Office.PROCURATOR,
            "character": character.pk,
            "province": province(running, "Achaea").pk,
            "by": Appointer.SENATE,
            "authority": VOTE,
        },
        follow=True,
    )
    assert "Publius Nummularius is appointed Procurator of Achaea." in response.content.decode()
    assert province(running, "Achaea").procurator == character
    assert "Procurator of Achaea" in client.get(reverse("senate:offices", args=[running.slug])).content.decode()


def test_a_refusal_on_the_page_names_the_rule_beside_its_field_and_changes_nothing(running, senate_umpire, client):
    client.force_login(senate_umpire)
    before, gaius = AuditEntry.objects.count(), senator(running)
    action = reverse("senate:office-appoint", args=[running.slug])
    response = client.post(
        action,
        {
            "office": Office.PRAETORIAN_COMMANDER,
            "character": gaius.pk,
            "by": Appointer.EMPEROR,
            "authority": EDICT,
        },
    )
    form = refused_form(response, action)
    beside(form, "character", "must be from the Equitates")
    assert f'value="{EDICT}"' in form and f'<option value="{gaius.pk}" selected>' in form
    assert not Appointment.objects.exists() and AuditEntry.objects.count() == before


def test_a_senator_refused_entry_to_the_senate_stays_on_the_page(running, senate_umpire, client):
    client.force_login(senate_umpire)
    action = reverse("senate:office-enter-senate", args=[running.slug])
    form = refused_form(client.post(action, {"character": senator(running).pk, "reason": "his wealth"}), action)
    beside(form, "character", "Select a valid choice.")
    assert 'value="his wealth"' in form and 'id="enter_reason"' in form


def test_entering_the_senate_through_the_page(running, senate_umpire, client):
    client.force_login(senate_umpire)
    character = equestrian(running)
    response = client.post(
        reverse("senate:office-enter-senate", args=[running.slug]), {"character": character.pk}, follow=True
    )
    assert "enters the Senate as Senator in Rome" in response.content.decode()


def test_a_region_umpire_sees_the_offices_but_may_not_appoint(running, illyria_umpire, client):
    client.force_login(illyria_umpire)
    character = equestrian(running)
    page = client.get(reverse("senate:offices", args=[running.slug]))
    assert page.status_code == 200 and "Appoint</button>" not in page.content.decode()
    response = client.post(
        reverse("senate:office-appoint", args=[running.slug]),
        {
            "office": Office.PROCURATOR,
            "character": character.pk,
            "province": province(running, "Achaea").pk,
            "by": Appointer.SENATE,
            "authority": VOTE,
        },
    )
    assert response.status_code == 404
    assert (
        client.post(reverse("senate:office-enter-senate", args=[running.slug]), {"character": character.pk}).status_code
        == 404
    )
    assert province(running, "Achaea").procurator is None
