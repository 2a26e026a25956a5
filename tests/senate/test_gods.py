"""XI. GODS OF ROME: the pantheon, devotions and oaths, their refusals, rulings, audit and audience."""

import re
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from regions.models import Province, Spending, Venue
from regions.services.books import OPENING, outside, purse_of
from regions.services.ledger import do_transfer
from regions.services.spending import do_buy
from senate.gods_selectors import (
    SEA_OFFERING_GOD,
    SEA_OFFERING_TALENTS,
    get_oaths_by_state,
    get_pantheon,
    offered_to,
)
from senate.models.gods import Devotion, God, Oath
from senate.services import gods as service
from tests.senate.in_place import beside, refused_form
from umpire import clockwork
from umpire.events import control_group, event_group, table_group
from umpire.models import AuditEntry, Character, Region, Role

HONOUR, GODS_NAME, GODS_TEMPLE = Oath.Degree.values


@pytest.fixture
def sent(monkeypatch):
    """What the gods' services published: (groups, payload) in order."""
    published = []
    monkeypatch.setattr(service, "publish_on_commit", lambda groups, payload: published.append((groups, payload)))
    return published


@pytest.fixture
def rome(ad69, make_umpire):
    """Crassus swears and sacrifices at the Italia/Rome table; the temples of Neptune and Mars in Rome."""
    clockwork.do_start_clock(ad69, actor=None)
    service.ensure_pantheon(ad69)
    table = Region.objects.get(event=ad69, name="Italia/Rome")
    city = Province.objects.get(event=ad69, name="City of Rome")
    crassus = Character.objects.create(
        event=ad69, name="Licinius Crassus", role="senator", social_class="senator", location=table
    )
    salvius = Character.objects.create(
        event=ad69,
        name="Marcus Salvius",
        role="senator",
        social_class="senator",
        location=Region.objects.get(event=ad69, name="Senate"),
    )
    return SimpleNamespace(
        event=ad69,
        table=table,
        city=city,
        crassus=crassus,
        salvius=salvius,
        neptune=God.objects.get(event=ad69, name="Neptune"),
        mars=God.objects.get(event=ad69, name="Mars"),
        neptunes_temple=Venue.objects.create(
            event=ad69, name="Temple of Neptune", kind=Venue.Kind.TEMPLE, province=city, god="Neptune"
        ),
        mars_temple=Venue.objects.create(
            event=ad69, name="Temple of Mars Ultor", kind=Venue.Kind.TEMPLE, province=city, god="Mars"
        ),
        region_umpire=make_umpire(ad69, Role.REGION, "Italia/Rome"),
        senate_umpire=make_umpire(ad69, Role.SENATE, username="senate"),
    )


def swear(rome, **kwargs):
    fields = {
        "character": rome.crassus,
        "degree": GODS_NAME,
        "god": rome.mars,
        "sworn": "to march on Rome",
        "to_character": rome.salvius,
        "actor": rome.region_umpire,
        **kwargs,
    }
    return service.do_swear_oath(rome.event, **fields)


def refused(call, field):
    with pytest.raises(ValidationError) as refusal:
        call()
    assert field in refusal.value.message_dict, refusal.value.message_dict
    return refusal.value.message_dict[field][0]


# ---- the pantheon ----------------------------------------------------------------------------


def test_the_handbooks_pantheon_is_there_once(ad69):
    service.ensure_pantheon(ad69)
    service.ensure_pantheon(ad69)
    assert [god.name for god in God.objects.filter(event=ad69)] == [
        "Jupiter",
        "Juno",
        "Minerva",
        "Mercury",
        "Mars",
        "Neptune",
        "Concordia",
        "The Imperial Cult",
    ]
    neptune = God.objects.get(event=ad69, name="Neptune")
    assert neptune.domain == "God of the Seas (and something of a rival to Jupiter)."
    assert AuditEntry.objects.filter(event=ad69, action="gods.god_added").count() == 8


# ---- oaths: the three degrees ----------------------------------------------------------------


def test_an_oath_on_his_honour_names_no_god(rome):
    message = refused(lambda: swear(rome, degree=HONOUR), "god")
    assert "honour names no god" in message
    swear(rome, degree=HONOUR, god=None)
    assert Oath.objects.get().degree == HONOUR


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"degree": GODS_NAME, "god": None}, "god"),
        ({"degree": GODS_TEMPLE}, "temple"),
        ({"degree": GODS_NAME, "temple": "neptunes_temple", "god": "neptune"}, "temple"),
        ({"degree": GODS_TEMPLE, "temple": "neptunes_temple"}, "temple"),
        ({"to_character": None}, "to_whom"),
        ({"sworn": "  "}, "sworn"),
    ],
)
def test_a_bad_oath_is_refused_and_changes_nothing(rome, sent, kwargs, field):
    kwargs = {
        key: getattr(rome, value) if isinstance(value, str) and hasattr(rome, value) else value
        for key, value in kwargs.items()
    }
    refused(lambda: swear(rome, **kwargs), field)
    assert not Oath.objects.exists()
    assert not AuditEntry.objects.filter(action__startswith="gods.oath").exists()
    assert sent == []


def test_the_third_degree_is_sworn_in_the_gods_own_temple(rome):
    message = refused(lambda: swear(rome, degree=GODS_TEMPLE, temple=rome.neptunes_temple), "temple")
    assert message == "Temple of Neptune is not Mars's temple (it honours Neptune)."
    oath = swear(rome, degree=GODS_TEMPLE, temple=rome.mars_temple, to_character=None, to_whom="the Roman mob")
    assert (oath.state, oath.turn, oath.sworn_to) == (Oath.State.SWORN, 1, "to the Roman mob")


def test_an_oath_is_told_to_control_the_senate_and_the_tables_never_to_the_hall(rome, sent):
    swear(rome)
    groups, payload = sent[0]
    senate_room = Region.objects.get(event=rome.event, name="Senate")
    assert set(groups) == {control_group(rome.event.pk), table_group(senate_room.pk), table_group(rome.table.pk)}
    assert event_group(rome.event.pk) not in groups
    assert (payload.type, payload.action, payload.god, payload.state) == ("gods.oath_changed", "sworn", "Mars", "sworn")


# ---- ruling an oath --------------------------------------------------------------------------


def test_an_oath_is_ruled_once_with_its_reason(rome, sent):
    oath = swear(rome)
    refused(lambda: service.do_rule_oath(oath, kept=False, reason=" ", actor=rome.senate_umpire), "reason")
    oath = service.do_rule_oath(oath, kept=False, reason="He stayed at home.", actor=rome.senate_umpire)
    assert (oath.state, oath.ruled_turn, oath.ruled_by) == (Oath.State.BROKEN, 1, rome.senate_umpire)
    message = refused(
        lambda: service.do_rule_oath(oath, kept=True, reason="Changed my mind", actor=rome.senate_umpire), "state"
    )
    assert message == "This oath was ruled broken on turn 1: an oath is ruled once."
    oath.refresh_from_db()
    assert (oath.state, oath.ruling_reason) == (Oath.State.BROKEN, "He stayed at home.")
    entry = AuditEntry.objects.get(action="gods.oath_ruled")
    assert (entry.before["state"], entry.after["state"], entry.reason) == ("sworn", "broken", "He stayed at home.")
    assert [payload.state for _, payload in sent] == ["sworn", "broken"]


# ---- devotions -------------------------------------------------------------------------------


def test_an_offering_to_neptune_before_the_voyage_is_found(rome, sent):
    devotion = service.do_record_devotion(
        rome.event,
        character=rome.crassus,
        god=rome.neptune,
        kind=Devotion.Kind.OFFERING,
        what="a black bull",
        talents=10,
        temple=rome.neptunes_temple,
        actor=rome.region_umpire,
    )
    assert (devotion.turn, devotion.province) == (1, rome.city)
    assert list(offered_to(rome.crassus, SEA_OFFERING_GOD, 1, at_least=SEA_OFFERING_TALENTS)) == [devotion]
    assert list(offered_to(rome.crassus, "neptune", 0)) == [devotion]
    assert not offered_to(rome.crassus, SEA_OFFERING_GOD, 2).exists()
    assert not offered_to(rome.crassus, SEA_OFFERING_GOD, 1, at_least=11).exists()
    assert not offered_to(rome.salvius, SEA_OFFERING_GOD, 0).exists()
    assert not offered_to(rome.crassus, "Mars", 0).exists()
    assert AuditEntry.objects.get(action="gods.devotion_recorded").after["talents"] == 10
    assert sent[0][1].type == "gods.devotion_recorded"


def test_a_sacrifice_at_another_gods_temple_is_refused(rome):
    refused(
        lambda: service.do_record_devotion(
            rome.event,
            character=rome.crassus,
            god=rome.mars,
            kind=Devotion.Kind.SACRIFICE,
            what="a ram",
            temple=rome.neptunes_temple,
            actor=rome.region_umpire,
        ),
        "temple",
    )
    assert not Devotion.objects.exists()


def buy(rome, item, **kwargs):
    """Crassus pays from his purse, through the treasury's spending (VIII. CONSPICUOUS CONSUMPTION)."""
    purse = purse_of(rome.crassus)
    do_transfer(source=outside(rome.event, OPENING), target=purse, talents=100, why="test funds", actor=None)
    return do_buy(
        rome.event, item=item, province=rome.city, paid_from=purse, spender=rome.crassus, actor=None, **kwargs
    )


def test_a_ceremony_paid_through_the_treasury_gives_its_talents_temple_and_place(rome):
    ceremony = buy(rome, Spending.Item.RELIGIOUS_CEREMONY, venue=rome.neptunes_temple)

    def record(character=rome.crassus, spending=ceremony):
        return service.do_record_devotion(
            rome.event,
            character=character,
            god=rome.neptune,
            kind=Devotion.Kind.FESTIVAL,
            what="the Neptunalia",
            spending=spending,
            actor=rome.senate_umpire,
        )

    devotion = record()
    assert (devotion.talents, devotion.temple, devotion.province) == (10, rome.neptunes_temple, rome.city)
    assert offered_to(rome.crassus, SEA_OFFERING_GOD, 1, at_least=SEA_OFFERING_TALENTS).exists()
    assert "already recorded" in refused(record, "spending")
    assert "paid for by Licinius Crassus" in refused(lambda: record(character=rome.salvius), "spending")
    dinners = buy(rome, Spending.Item.FREE_DINNERS)
    assert "not paid to a god" in refused(lambda: record(spending=dinners), "spending")
    assert Devotion.objects.count() == 1


# ---- reads -----------------------------------------------------------------------------------


def count_queries(event):
    with CaptureQueriesContext(connection) as queries:
        [list(god.devotions.all()) for god in get_pantheon(event)]
        get_oaths_by_state(event)
    return len(queries)


def test_the_gods_page_reads_in_a_fixed_number_of_queries(rome):
    def give(god):
        service.do_record_devotion(
            rome.event, character=rome.crassus, god=god, kind=Devotion.Kind.FESTIVAL, what="games", actor=None
        )

    give(rome.mars)
    swear(rome)
    few = count_queries(rome.event)
    for god in God.objects.filter(event=rome.event):
        give(god)
        swear(rome, god=god)
    assert count_queries(rome.event) == few == 3  # the gods, their devotions, the oaths


# ---- the page --------------------------------------------------------------------------------


def page(rome):
    return reverse("senate:gods", args=[rome.event.slug])


def test_only_the_events_umpires_read_the_gods(rome, client, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="stranger"))
    assert client.get(page(rome)).status_code == 404
    client.force_login(rome.region_umpire)
    body = client.get(page(rome)).content.decode()
    assert "Neptune" in body and "God of the Seas" in body and "gods.oath_changed" in body


def test_a_region_umpire_records_an_oath_but_may_not_rule_it(rome, client):
    client.force_login(rome.region_umpire)
    response = client.post(
        reverse("senate:gods-oath", args=[rome.event.slug]),
        {
            "character": rome.crassus.pk,
            "degree": GODS_NAME,
            "god": rome.neptune.pk,
            "sworn": "to sail at once",
            "to_whom": "the fleet at Misenum",
        },
    )
    assert response.status_code == 302
    oath = Oath.objects.get()
    assert oath.recorded_by == rome.region_umpire
    rule = reverse("senate:gods-rule", args=[rome.event.slug, oath.pk])
    assert client.post(rule, {"outcome": "broken", "reason": "He did not."}).status_code == 404
    assert Oath.objects.get().state == Oath.State.SWORN
    assert "Rule</button>" not in client.get(page(rome)).content.decode()


def test_the_senate_umpire_rules_an_oath_from_the_page(rome, client):
    oath = swear(rome)
    client.force_login(rome.senate_umpire)
    query = f"?character={rome.crassus.pk}"
    response = client.post(
        reverse("senate:gods-rule", args=[rome.event.slug, oath.pk]) + query,
        {"outcome": "kept", "reason": "He marched."},
    )
    assert response["Location"] == page(rome) + query
    assert Oath.objects.get().state == Oath.State.KEPT
    body = client.get(page(rome) + query).content.decode()
    assert "He marched." in body


def test_a_refused_oath_comes_back_as_typed_with_the_problem_beside_its_field(rome, client):
    client.force_login(rome.region_umpire)
    action = reverse("senate:gods-oath", args=[rome.event.slug]) + f"?character={rome.crassus.pk}"
    before = AuditEntry.objects.count()
    response = client.post(
        action,
        {
            "character": rome.crassus.pk,
            "degree": HONOUR,
            "god": rome.mars.pk,
            "sworn": "by Hercules",
            "to_whom": "the mob",
        },
    )
    form = refused_form(response, action)
    beside(form, "god", "An oath on one's honour names no god")
    assert "by Hercules</textarea>" in form and 'value="the mob"' in form
    assert f'<option value="{rome.mars.pk}" selected>' in form
    assert not Oath.objects.exists() and AuditEntry.objects.count() == before


def test_a_refused_ruling_comes_back_beside_its_oath(rome, client):
    oath = swear(rome)
    client.force_login(rome.senate_umpire)
    action = reverse("senate:gods-rule", args=[rome.event.slug, oath.pk])
    form = refused_form(client.post(action, {"outcome": "broken", "reason": ""}), action)
    beside(form, "reason", "This field is required.")
    assert f'id="rule{oath.pk}_reason"' in form and '<option value="broken" selected>' in form
    assert Oath.objects.get().state == Oath.State.SWORN


def test_a_ruling_refused_once_the_oath_is_ruled_is_told_above_the_page(rome, client):
    oath = swear(rome)
    service.do_rule_oath(oath, kept=True, reason="He marched.", actor=rome.senate_umpire)
    client.force_login(rome.senate_umpire)
    action = reverse("senate:gods-rule", args=[rome.event.slug, oath.pk])
    response = client.post(action, {"outcome": "broken", "reason": "He did not."})
    assert response.status_code == 400 and "data-current-step" not in response.content.decode()
    assert "Oath: This oath was ruled kept on turn 1: an oath is ruled once." in response.content.decode()
    assert Oath.objects.get().state == Oath.State.KEPT


# ---- whose devotions and oaths an umpire records ---------------------------------------------


def test_a_region_umpire_records_only_what_he_saw_at_his_tables(rome):
    """Salvius sits in the Senate room: not the Italia/Rome umpire's to record, in the service too."""
    before = Devotion.objects.count(), Oath.objects.count(), AuditEntry.objects.count()
    words = "Marcus Salvius is at the Senate table: record only what you saw at your own tables."
    assert refused(lambda: swear(rome, character=rome.salvius, to_character=rome.crassus), "character") == words
    devotion = {"character": rome.salvius, "god": rome.mars, "kind": Devotion.Kind.SACRIFICE, "what": "a bull"}
    assert refused(lambda: service.do_record_devotion(rome.event, **devotion, actor=rome.region_umpire), "character")
    assert (Devotion.objects.count(), Oath.objects.count(), AuditEntry.objects.count()) == before
    service.do_record_devotion(rome.event, **devotion, actor=rome.senate_umpire)  # the gods' voice records anyone's
    assert Devotion.objects.get().recorded_by == rome.senate_umpire


def test_the_gods_page_offers_and_accepts_only_the_characters_at_the_umpires_tables(rome, client):
    client.force_login(rome.region_umpire)
    body = client.get(page(rome)).content.decode()
    lists = re.findall(r'<select name="character".*?</select>', body, re.S)
    offered = [options for options in lists if "everyone" not in options]  # the page's filter reads everyone
    assert offered and all("Licinius Crassus" in o and "Marcus Salvius" not in o for o in offered)
    before = Devotion.objects.count(), AuditEntry.objects.count()
    action = reverse("senate:gods-devotion", args=[rome.event.slug])
    response = client.post(
        action, {"character": rome.salvius.pk, "god": rome.mars.pk, "kind": Devotion.Kind.SACRIFICE, "what": "a bull"}
    )
    beside(
        refused_form(response, action), "character", "Choose someone at your tables: record only what you saw there."
    )
    assert (Devotion.objects.count(), AuditEntry.objects.count()) == before


@pytest.mark.parametrize(
    "field, typed, words",
    [
        ("turn", "100000", "Ensure this value is less than or equal to"),
        ("talents", str(10**20), "Ensure this value is less than or equal to 1000000."),
        ("note", "x" * 1001, "Ensure this value has at most 1000 characters (it has 1001)."),
    ],
)
def test_a_devotion_past_the_games_bounds_is_refused_by_name(rome, client, field, typed, words):
    client.force_login(rome.region_umpire)
    form = {"character": rome.crassus.pk, "god": rome.mars.pk, "kind": Devotion.Kind.SACRIFICE, "what": "a bull"}
    action = reverse("senate:gods-devotion", args=[rome.event.slug])
    page = refused_form(client.post(action, {**form, field: typed}), action)
    beside(page, field, words)
    assert typed in page and not Devotion.objects.exists()
