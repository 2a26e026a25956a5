"""The Non-Roman World umpire's hosts and their tables: he reads the consoles of the tables where a
non-Roman host stands and runs the battles and sieges a host fights in, and nothing else: not a
fight of Romans alone, even at such a table, nor any other table, nor its post, follow-ups or money."""

import pytest

from mail.services.letters import do_leave_letters, do_pick_up_letters, do_post_letter
from regions.models import Force, ForceTroops, Province
from regions.selectors import get_non_roman_tables
from tests.regions.forces_builders import legion
from tests.warfare.builders import commander
from tests.warfare.test_battle_pages import errors_at_head, refused_open
from umpire import clockwork
from umpire.models import AuditEntry, Region, Role
from umpire.services.followups import do_send_follow_up
from warfare.models import Battle, Siege
from warfare.services.battles import do_open_battle
from warfare.services.sieges import do_begin_siege

LEG, AUX, WARBAND = "legionary", "auxiliary", "barbarian_warband"
MINOR = "minor_fortified_city"


def host(event, name, province_name):
    """A barbarian host placed directly (test set-up, not a game action)."""
    force = Force.objects.create(
        event=event,
        name=name,
        kind=Force.Kind.BARBARIAN_HOST,
        province=Province.objects.get(event=event, name=province_name),
    )
    ForceTroops.objects.create(force=force, type=WARBAND, count=8)
    return force


@pytest.fixture
def nrw(ad69, make_umpire):
    return make_umpire(ad69, Role.NON_ROMAN_WORLD)


@pytest.fixture
def illyria(ad69):
    return Region.objects.get(event=ad69, name="Illyria")


@pytest.fixture
def pannonia(ad69, illyria, control):
    """At Illyria, in Pannonia: the Iazyges' host and two legions; Gaul has legions and no host."""
    clockwork.do_start_clock(ad69, actor=None)
    return {
        "iazyges": host(ad69, "Iazyges", "Pannonia"),
        "xiii": legion(ad69, "Legion XIII", "Pannonia", [(LEG, 5, False), (AUX, 5, False)]),
        "vii": legion(ad69, "Legion VII", "Pannonia", [(LEG, 5, False), (AUX, 5, False)]),
        "belgica": legion(ad69, "Legion XXII", "Belgica", [(LEG, 5, False)]),
        "chief": commander(ad69, "Banadaspus", 0, illyria),
    }


def open_data(illyria, side_a, side_b):
    return {
        "table": illyria.pk,
        "side_a_forces": [f.pk for f in side_a],
        "side_b_forces": [f.pk for f in side_b],
        "place": "Mursa",
        "decided": "on",
    }


def opened(illyria, side_a, side_b, actor):
    return do_open_battle(illyria, side_a_forces=side_a, side_b_forces=side_b, place="Mursa", actor=actor)


def test_non_roman_tables_are_where_a_host_stands_and_follow_it(ad69, illyria, pannonia):
    assert get_non_roman_tables(ad69) == {illyria.pk}
    Force.objects.filter(pk=pannonia["iazyges"].pk).update(province=Province.objects.get(event=ad69, name="Belgica"))
    assert get_non_roman_tables(ad69) == {Region.objects.get(event=ad69, name="Gaul").pk}


def test_non_roman_umpire_opens_and_claims_a_battle_his_host_fights_in(client, illyria, pannonia, nrw):
    client.force_login(nrw)
    response = client.post("/events/ad69/battles/open/", open_data(illyria, [pannonia["iazyges"]], [pannonia["xiii"]]))
    battle = Battle.objects.get()
    assert response.status_code == 302 and response.url == f"/events/ad69/battles/{battle.pk}/"
    assert client.get(response.url).status_code == 200
    assert client.post(f"/events/ad69/battles/{battle.pk}/release/").status_code == 302


def test_non_roman_umpire_cannot_open_a_battle_of_romans_alone_at_his_hosts_table(client, illyria, pannonia, nrw):
    client.force_login(nrw)
    response = refused_open(client, "open/", open_data(illyria, [pannonia["xiii"]], [pannonia["vii"]]))
    assert errors_at_head(response) == [
        "The Non-Roman World umpire runs only the fights a non-Roman host is in: put one on a side, "
        "or leave this fight to the table's umpire."
    ]
    assert not Battle.objects.exists()


def test_non_roman_umpire_cannot_open_a_battle_at_a_table_without_a_host(client, ad69, pannonia, nrw):
    gaul = Region.objects.get(event=ad69, name="Gaul")
    client.force_login(nrw)
    assert client.post("/events/ad69/battles/open/", open_data(gaul, [pannonia["belgica"]], [])).status_code == 404
    assert client.get(f"/events/ad69/battles/?table={gaul.pk}").status_code == 404


def test_non_roman_umpire_cannot_see_or_claim_a_draft_of_romans_alone(client, illyria, pannonia, nrw, illyria_umpire):
    battle = opened(illyria, [pannonia["xiii"]], [pannonia["vii"]], illyria_umpire)
    entries = AuditEntry.objects.count()
    client.force_login(nrw)
    assert client.get(f"/events/ad69/battles/{battle.pk}/").status_code == 404
    assert client.post(f"/events/ad69/battles/{battle.pk}/take-over/", {"reason": "mine"}).status_code == 404
    assert battle.title not in client.get("/events/ad69/battles/").content.decode()
    assert AuditEntry.objects.count() == entries


def test_non_roman_umpire_runs_a_hosts_battle_opened_by_the_tables_umpire(
    client, illyria, pannonia, nrw, illyria_umpire
):
    battle = opened(illyria, [pannonia["xiii"]], [pannonia["iazyges"]], illyria_umpire)
    client.force_login(nrw)
    assert battle.title in client.get("/events/ad69/battles/").content.decode()
    response = client.post(f"/events/ad69/battles/{battle.pk}/take-over/", {"reason": "the Iazyges are mine"})
    assert response.status_code == 302
    battle.refresh_from_db()
    assert battle.claimed_by == nrw


def begin_data(province, besiegers, garrison=()):
    return {
        "place": "Sirmium",
        "place_type": MINOR,
        "province": province.pk,
        "besiegers": [f.pk for f in besiegers],
        "garrison": [f.pk for f in garrison],
    }


def test_non_roman_umpire_begins_and_lifts_a_siege_his_host_lays(client, ad69, pannonia, nrw):
    pannonia_province = Province.objects.get(event=ad69, name="Pannonia")
    client.force_login(nrw)
    client.post("/events/ad69/sieges/begin/", begin_data(pannonia_province, [pannonia["iazyges"]], [pannonia["vii"]]))
    siege = Siege.objects.get()
    assert client.post(f"/events/ad69/sieges/{siege.pk}/lift/", {"reason": "winter"}).status_code == 302
    siege.refresh_from_db()
    assert siege.state == Siege.State.LIFTED


def test_non_roman_umpire_cannot_begin_or_run_a_siege_of_romans_alone(client, ad69, pannonia, nrw, control):
    pannonia_province = Province.objects.get(event=ad69, name="Pannonia")
    client.force_login(nrw)
    client.post("/events/ad69/sieges/begin/", begin_data(pannonia_province, [pannonia["xiii"]], [pannonia["vii"]]))
    assert not Siege.objects.exists()
    siege = do_begin_siege(
        besiegers=[pannonia["xiii"]],
        place="Sirmium",
        place_type=MINOR,
        province=pannonia_province,
        garrison=[pannonia["vii"]],
        actor=control,
    )
    entries = AuditEntry.objects.count()
    assert client.post(f"/events/ad69/sieges/{siege.pk}/lift/", {"reason": "winter"}).status_code == 404
    assert AuditEntry.objects.count() == entries


def test_non_roman_umpire_reads_the_console_of_his_hosts_table_only(client, ad69, illyria, pannonia, nrw):
    gaul = Region.objects.get(event=ad69, name="Gaul")
    client.force_login(nrw)
    assert client.get(f"/events/ad69/tables/{illyria.pk}/console/").status_code == 200
    assert client.get(f"/events/ad69/tables/{gaul.pk}/console/").status_code == 404
    Force.objects.filter(pk=pannonia["iazyges"].pk).update(province=Province.objects.get(event=ad69, name="Belgica"))
    assert client.get(f"/events/ad69/tables/{illyria.pk}/console/").status_code == 404
    assert client.get(f"/events/ad69/tables/{gaul.pk}/console/").status_code == 200


def letter_arrives(event, illyria, addressee, illyria_umpire, make_umpire):
    """Posted at Rome, carried by a courier to Illyria and left in its tray, to hand out there."""
    rome = Region.objects.get(event=event, name="Italia/Rome")
    rome_umpire = make_umpire(event, Role.REGION, "Italia/Rome")
    writer = commander(event, "Quintus Scribonius", 0, rome)
    courier = commander(event, "Cornelius Fuscus", 0, rome)
    letter = do_post_letter(rome, sender=writer, addressee=addressee, destination=illyria, actor=rome_umpire)
    do_pick_up_letters([letter], table=rome, courier=courier, actor=rome_umpire)
    do_leave_letters([letter], table=illyria, actor=illyria_umpire)
    return letter


def test_watching_a_table_opens_none_of_its_post_follow_ups_or_roman_drafts(
    client, ad69, illyria, pannonia, nrw, illyria_umpire, control, make_umpire
):
    letter = letter_arrives(ad69, illyria, pannonia["chief"], illyria_umpire, make_umpire)
    do_send_follow_up(event=ad69, text="Tell Illyria the Danube is frozen", to_table=illyria, actor=control)
    draft = opened(illyria, [pannonia["xiii"]], [pannonia["vii"]], illyria_umpire)
    client.force_login(illyria_umpire)
    kept = client.get(f"/events/ad69/tables/{illyria.pk}/console/").content.decode()
    assert "Danube is frozen" in kept and draft.title in kept and letter.shown_code in kept
    client.force_login(nrw)
    console = client.get(f"/events/ad69/tables/{illyria.pk}/console/").content.decode()
    assert "Danube is frozen" not in console and draft.title not in console and letter.shown_code not in console
    for page in (
        f"/events/ad69/post/tables/{illyria.pk}/",
        f"/events/ad69/tables/{illyria.pk}/follow-ups/",
        "/events/ad69/treasury/",
    ):
        assert client.get(page).status_code == 404, page
