"""The forces pages over HTTP: the figures, every order through its service, refusals that change
nothing, who may command what, the Legion Status Chart, the query count and the live feed."""

import io
import re

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pypdf import PdfReader

from regions.models import CostOwed, Fleet, Force, ForceTroops, MapPoint, Province, Upgrade
from tests.regions.forces_builders import build_danube_map, composition, legion
from tests.regions.refusals import refused, refused_panel
from tests.regions.test_forces import state_of_everything
from umpire import clockwork
from umpire.models import AuditEntry, Region, Role
from umpire.routing import websocket_urlpatterns

LEV, AUX, LEG = "raw_levy", "auxiliary", "legionary"


@pytest.fixture
def danube(ad69):
    return build_danube_map(ad69)


@pytest.fixture
def xlv(ad69, danube):
    """The UPGRADING EXAMPLE's XLV Legion, at Carnuntum in Pannonia at the Illyria table, led by its governor."""
    troops = [(LEG, 3, False), (AUX, 2, False), (LEV, 10, False)]
    return legion(ad69, "Legion XLV", "Pannonia", troops, legate="Tampius Flavianus", at="Carnuntum")


@pytest.fixture
def misenum(ad69):
    italia = Province.objects.get(event=ad69, name="Italia")
    return Fleet.objects.create(event=ad69, name="Classis Misenensis", base=italia)


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    return re.sub(r"\s+", " ", response.content.decode())


def post(client, url, data=None):
    """POST an order and follow it back to the page; the page's text, spaces squeezed."""
    response = client.post(url, data or {}, follow=True)
    assert response.status_code == 200, url
    return re.sub(r"\s+", " ", response.content.decode())


def force_url(force, action=""):
    return f"/events/ad69/forces/{force.pk}/{action + '/' if action else ''}"


# ---- the figures ------------------------------------------------------------------------------


def test_forces_page_shows_each_force_with_its_figures_and_the_umpires_table_first(client, ad69, xlv, illyria_umpire):
    legion(ad69, "Legio I Italica", "Gallia Lugdunensis", [(LEG, 4, True), (AUX, 2, False)])
    client.force_login(illyria_umpire)
    text = page(client, "/events/ad69/forces/")
    illyria, gaul = (Region.objects.get(event=ad69, name=name).pk for name in ("Illyria", "Gaul"))
    assert text.index(f'<section class="table-forces mine" id="table-{illyria}">') < text.index(
        f'<section class="table-forces" id="table-{gaul}">'
    )
    assert text.count("your table") == 1
    assert "Legion XLV" in text and "Pannonia" in text and "Legate Tampius Flavianus" in text
    assert "Combat value <strong>46</strong> · if veteran 72" in text  # 3×10 + 2×6 + 10×3
    assert "<strong>6</strong> of 6 map points left" in text and "<strong>8</strong> of 8 left" in text
    assert "May upgrade" in text
    assert '4 legionaries (4 <span class="vet" title="veteran">V</span>)' in text  # Legio I Italica's veterans
    assert "Combat value <strong>48</strong> · if veteran 52" in text


def test_legion_page_shows_the_upgrading_example_table(client, ad69, xlv, illyria_umpire):
    """IX. UPGRADING EXAMPLE: Aquila 10 n.a.; 3 legionaries 12 18; 2 auxilia 6 8; 10 levies 20 20;
    total maintenance 48, combat value 46."""
    client.force_login(illyria_umpire)
    text = page(client, force_url(xlv))
    rows = [re.sub(r"<[^>]+>", " ", row).split() for row in re.findall(r"<tr[^>]*>(?:(?!</tr>).)*</tr>", text)]
    assert ["Aquila", "1", "–", "10", "n.a."] in rows
    assert ["Legionaries", "3", "0", "12", "18"] in rows
    assert ["Auxiliaries", "2", "0", "6", "8"] in rows
    assert ["Raw", "levies", "10", "0", "20", "20"] in rows
    assert ["Combat", "value", "if", "all", "veteran", "72"] in rows
    assert ["TOTAL", "15", "0", "48", "46"] in rows
    assert "Upkeep / quarter<strong>48</strong>" in text and "Combat value<strong>46</strong>" in text
    assert "Orders" in text and "Print the Legion Status Chart" in text


# ---- each order through HTTP: changed and audited --------------------------------------------


def test_raising_levies_joins_them_owes_the_cost_and_is_audited(client, ad69, illyria_umpire):
    xv = legion(ad69, "Legion XV", "Pannonia", [(LEG, 5, False)])
    client.force_login(illyria_umpire)
    text = post(client, force_url(xv, "raise-levies"), {"count": 4})
    assert "4 raw levies join Legion XV" in text
    assert composition(xv) == [(LEG, 5, False), (LEV, 4, False)]
    assert list(CostOwed.objects.filter(force=xv).values_list("talents", flat=True)) == [8]
    entry = AuditEntry.objects.get(action="force.raise_levies", target_id=str(xv.pk))
    assert entry.actor == illyria_umpire and "4 raw_levy" in entry.after["troops"]
    assert "force.raise_levies" in text  # the page's history


def test_the_upgrading_example_is_ordered_as_two_orders_at_once(client, ad69, xlv, illyria_umpire):
    client.force_login(illyria_umpire)
    text = post(
        client,
        force_url(xlv, "upgrade"),
        {"kind_1": "levies_to_auxiliaries", "count_1": 5, "kind_2": "auxiliaries_to_legionaries", "count_2": 2},
    )
    assert "Upgrade ordered for Legion XLV" in text
    upgrade = Upgrade.objects.get(force=xlv)
    assert upgrade.cost == 32 and upgrade.ready_turn == 1
    assert "10 raw levies → 5 auxiliaries; 2 auxiliaries → 2 legionaries, ready at the end of turn 1" in text
    assert list(CostOwed.objects.filter(force=xlv).values_list("talents", flat=True)) == [32]
    assert AuditEntry.objects.filter(action="force.order_upgrade", actor=illyria_umpire).exists()
    assert "No march: upgrading" in text


def test_detach_then_merge_through_the_pages(client, ad69, xlv, illyria_umpire):
    client.force_login(illyria_umpire)
    text = post(client, force_url(xlv, "detach"), {"name": "Vexillatio Pannonica", "raw_levy": 4, "legionary": 1})
    assert "Vexillatio Pannonica is detached from Legion XLV" in text
    detachment = Force.objects.get(name="Vexillatio Pannonica")
    assert composition(detachment) == [(LEG, 1, False), (LEV, 4, False)]
    assert composition(xlv) == [(AUX, 2, False), (LEG, 2, False), (LEV, 6, False)]
    assert AuditEntry.objects.filter(action="force.detach", target_id=str(xlv.pk), actor=illyria_umpire).exists()

    response = client.post(force_url(detachment, "merge"), {"into": xlv.pk})
    assert response.status_code == 302 and response.url == force_url(xlv)
    assert composition(xlv) == [(AUX, 2, False), (LEG, 3, False), (LEV, 10, False)]
    assert not Force.objects.filter(pk=detachment.pk).exists()
    assert AuditEntry.objects.filter(action="force.merge", target_id=str(xlv.pk)).exists()


def test_march_and_forced_march_through_the_page(client, ad69, xlv, illyria_umpire, control, danube):
    client.force_login(illyria_umpire)
    dalmatia = Province.objects.get(event=ad69, name="Dalmatia")
    text = post(client, force_url(xlv, "march"), {"to_point": danube["Burnum"].pk})
    assert "Legion XLV marched to Burnum, Dalmatia (Illyria table): 4 map points this turn." in text
    xlv.refresh_from_db()
    assert (xlv.province, xlv.map_point, xlv.points_moved) == (dalmatia, danube["Burnum"], 4)
    assert "<strong>2</strong> of 6 map points left" in text and "No upgrade: it has moved this turn" in text
    text = post(client, force_url(xlv, "march"), {"to_point": danube["Singidunum"].pk, "forced_march": "on"})
    assert "Legion XLV force-marched to Singidunum, Moesia (Illyria table): 7 map points this turn." in text
    assert AuditEntry.objects.filter(action="force.march", target_id=str(xlv.pk)).count() == 2


def test_embark_land_and_a_charter(client, ad69, control, misenum):
    adiutrix = legion(ad69, "Legion I Adiutrix", "Italia", [(LEG, 5, False), (AUX, 4, False)])
    client.force_login(control)
    assert "Legion I Adiutrix is aboard Classis Misenensis" in post(
        client, force_url(adiutrix, "embark"), {"fleet": misenum.pk}
    )
    sicilia = Province.objects.get(event=ad69, name="Sicilia")
    assert "ashore in Sicilia" in post(client, force_url(adiutrix, "land"), {"province": sicilia.pk})
    adiutrix.refresh_from_db()
    assert adiutrix.province == sicilia and adiutrix.embarked_on is None
    text = post(
        client, force_url(adiutrix, "charter"), {"coastal_sea_areas": 2, "open_sea_areas": 0, "fleets_agree": "on"}
    )
    assert "104 talents owed" in text  # 13 equivalents × 2 areas, ×4: October is winter at sea
    entries = AuditEntry.objects.filter(target_type="regions.force", target_id=str(adiutrix.pk)).order_by("at", "id")
    assert [e.action for e in entries] == ["force.embark", "force.land", "force.book_charter"]


def test_an_open_sea_crossing_shows_its_working(client, ad69, control, misenum):
    adiutrix = legion(ad69, "Legion I Adiutrix", "Italia", [(LEG, 5, False), (AUX, 4, False)])
    client.force_login(control)
    post(client, force_url(adiutrix, "embark"), {"fleet": misenum.pk})
    text = post(client, f"/events/ad69/fleets/{misenum.pk}/crossing/", {"dice": "1,3"})
    assert "Classis Misenensis: open-sea crossing – serious losses" in text
    assert "d6 for Classis Misenensis&#x27;s open-sea crossing: 1" in text
    assert "Worse Things Happen At Sea" in text
    misenum.refresh_from_db()
    assert misenum.capacity == 7
    assert AuditEntry.objects.filter(action="fleet.open_sea_crossing", actor=control).exists()


def test_fleet_repairs_strips_its_marines_and_bridges_a_strait(client, ad69, control, misenum):
    client.force_login(control)
    fleet_url = f"/events/ad69/fleets/{misenum.pk}/"
    assert "Classis Misenensis&#x27;s marines form Marines of Misenum" in post(
        client, fleet_url + "strip-marines/", {"name": "Marines of Misenum"}
    )
    assert composition(Force.objects.get(name="Marines of Misenum")) == [(AUX, 6, False)]
    assert "replacement marines under way" in post(client, fleet_url + "repair/", {"repair": "replacement_marines"})
    misenum.refresh_from_db()
    assert misenum.busy_until_turn == 2
    ravenna = Fleet.objects.create(event=ad69, name="Classis Ravennas", base=misenum.base)
    assert "bridges the Straits of Messina" in post(
        client, f"/events/ad69/fleets/{ravenna.pk}/bridge/", {"waterway": "the Straits of Messina"}
    )
    assert [e.action for e in AuditEntry.objects.filter(target_type="regions.fleet").order_by("at", "id")] == [
        "fleet.strip_marines",
        "fleet.repair",
        "fleet.bridge_of_boats",
    ]


# ---- refusals name the problem and change nothing --------------------------------------------


@pytest.mark.parametrize(
    "action, data, message",
    [
        ("raise-levies", {"count": -2}, "Raw levies to raise: Ensure this value is greater than or equal to 1."),
        ("raise-levies", {"count": "lots"}, "Raw levies to raise: Enter a whole number."),
        ("raise-levies", {"count": 1}, "Raw levies: Legion XLV would hold 11 raw levy vexillations"),
        (
            "upgrade",
            {"kind_1": "levies_to_auxiliaries", "count_1": 1, "count_2": 2},
            "Second order: Choose which upgrade the second order is.",
        ),
        ("detach", {"name": "Too many", "legionary": 4}, "Troops: Legion XLV has 3 legionary to send, not 4."),
        ("detach", {"name": "Nobody", "legionary": 0}, "Send at least one unit"),
        ("march", {"to_point": ""}, "March to: This field is required."),
        (
            "march",
            {"to_point": "Naissus"},
            "The march: Legion XLV would move 7 map points this turn (7 from Carnuntum to Naissus): a march is at "
            "most 6 a turn",
        ),
        ("charter", {"coastal_sea_areas": 5, "open_sea_areas": 4}, "Open sea areas: 9 sea areas"),
    ],
)
def test_bad_orders_are_refused_by_name_and_change_nothing(
    client, ad69, xlv, illyria_umpire, danube, action, data, message
):
    client.force_login(illyria_umpire)
    data = {**data, **({"to_point": danube[data["to_point"]].pk} if data.get("to_point") else {})}
    before = state_of_everything()
    text = refused(client, force_url(xlv, action), data)
    assert f'<li class="error">{message}' in text
    assert state_of_everything() == before
    panel = refused_panel(text)  # the order it was sent from, with the problem in it
    assert f'action="{force_url(xlv, action)}"' in panel and message.split(": ", 1)[-1] in panel


def test_a_refused_order_comes_back_as_typed_with_the_problem_beside_its_field(client, ad69, xlv, illyria_umpire):
    client.force_login(illyria_umpire)
    naissus = MapPoint.objects.get(event=ad69, name="Naissus")
    text = refused(client, force_url(xlv, "march"), {"to_point": naissus.pk})
    panel = refused_panel(text)
    assert "<h3>March</h3>" in panel
    field_id = f"eventsad69forces{xlv.pk}march-to_point"
    assert re.search(
        rf'<ul class="errorlist" id="{field_id}_error"><li>Legion XLV would move 7 map points this turn .*?'
        rf"a march is at most 6 a turn.*?</li></ul> <label for=\"{field_id}\">March to",
        panel,
    )
    assert f'<option value="{naissus.pk}" selected>Naissus — 7 points (Illyria), by forced march only' in panel
    assert text.count("data-current-step") == 1 and "<h1>Legion XLV</h1>" in text


@pytest.mark.parametrize("address", ["/events/ad69/forces/", "force", "fleet"])
def test_the_forces_pages_keep_their_place(client, ad69, xlv, misenum, illyria_umpire, address):
    client.force_login(illyria_umpire)
    address = {"force": force_url(xlv), "fleet": f"/events/ad69/fleets/{misenum.pk}/"}.get(address, address)
    assert 'hx-boost="true"' in page(client, address)


def test_a_refused_fleet_order_comes_back_on_the_fleets_page(client, ad69, control, misenum):
    client.force_login(control)
    before = state_of_everything()
    text = refused(client, f"/events/ad69/fleets/{misenum.pk}/bridge/", {"waterway": ""})
    assert "<h1>Classis Misenensis</h1>" in text and '<li class="error">Waterway: This field is required.' in text
    assert "<h3>Bridge of boats</h3>" in refused_panel(text)
    assert state_of_everything() == before


def test_a_sixth_legionary_vexillation_is_refused_on_the_page(client, ad69, illyria_umpire):
    full = legion(ad69, "Legion XV", "Pannonia", [(LEG, 5, False), (AUX, 1, False)])
    client.force_login(illyria_umpire)
    before = state_of_everything()
    text = refused(client, force_url(full, "upgrade"), {"kind_1": "auxiliaries_to_legionaries", "count_1": 1})
    assert (
        "Upgrade orders, row 1: Legion XV would hold 6 legionary vexillations (praetorians included): no. 6 is "
        "refused, a legion may hold at most 5" in text
    )
    assert state_of_everything() == before


def test_a_forced_march_on_consecutive_moves_is_refused(client, ad69, xlv, illyria_umpire, control, danube):
    clockwork.do_start_clock(ad69, actor=None)
    client.force_login(illyria_umpire)
    post(client, force_url(xlv, "march"), {"to_point": danube["Naissus"].pk, "forced_march": "on"})
    clockwork.do_skip_turn(ad69, actor=control)
    text = page(client, force_url(xlv))
    assert "No forced march: its last move was a forced march" in text
    assert "by forced march only" not in text  # nothing offered that only a forced march reaches
    before = state_of_everything()
    text = refused(client, force_url(xlv, "march"), {"to_point": danube["Singidunum"].pk, "forced_march": "on"})
    assert (
        "Forced march: Legion XLV force-marched on its last move: units may only force march on alternate moves" in text
    )
    assert state_of_everything() == before
    # its field is the forced-march button's: the problem is shown where that button stands
    assert re.search(
        r'<ul class="errorlist"[^>]*><li>Legion XLV force-marched on its last move[^<]*</li></ul> '
        r'<p class="why-not">No forced march',
        refused_panel(text),
    )


# ---- who may command what ------------------------------------------------------------------


def test_a_gaul_umpire_cannot_command_a_force_at_the_illyria_table_but_control_can(
    client, ad69, xlv, gaul_umpire, control
):
    client.force_login(gaul_umpire)
    text = page(client, force_url(xlv))  # every umpire may look
    assert "Combat value<strong>46</strong>" in text and "Raise the levies" not in text
    before = state_of_everything()
    for action, data in [("raise-levies", {"count": 1}), ("detach", {"name": "X", "raw_levy": 1})]:
        assert client.post(force_url(xlv, action), data).status_code == 404
    assert client.post("/events/ad69/forces/999999/raise-levies/", {"count": 1}).status_code == 404
    assert state_of_everything() == before

    client.force_login(control)
    xv = legion(ad69, "Legion XV", "Pannonia", [(LEG, 2, False)])
    assert "1 raw levies join Legion XV" in post(client, force_url(xv, "raise-levies"), {"count": 1})


def test_a_non_roman_world_umpire_commands_only_non_roman_forces(client, ad69, xlv, make_umpire, danube):
    client.force_login(make_umpire(ad69, Role.NON_ROMAN_WORLD))
    dacians = Force.objects.create(
        event=ad69,
        name="Dacian raiders",
        kind=Force.Kind.NON_ROMAN,
        province=Province.objects.get(event=ad69, name="Moesia"),
        map_point=danube["Naissus"],
    )
    ForceTroops.objects.create(force=dacians, type="non_roman_regiment", count=4)
    assert client.post(force_url(xlv, "raise-levies"), {"count": 1}).status_code == 404
    assert "Dacian raiders marched to Singidunum, Moesia (Illyria table): 2 map points this turn." in post(
        client, force_url(dacians, "march"), {"to_point": danube["Singidunum"].pk}
    )


def test_a_senate_umpire_sees_the_forces_but_commands_none(client, ad69, xlv, make_umpire):
    client.force_login(make_umpire(ad69, Role.SENATE))
    assert "Legion XLV" in page(client, "/events/ad69/forces/")
    assert client.post(force_url(xlv, "raise-levies"), {"count": 1}).status_code == 404


def test_someone_without_a_seat_sees_no_forces(client, ad69, xlv, django_user_model):
    client.force_login(django_user_model.objects.create_user("stranger", password="x" * 10))
    assert client.get("/events/ad69/forces/").status_code == 404
    assert client.get(force_url(xlv)).status_code == 404


# ---- the Legion Status Chart ----------------------------------------------------------------


def pdf_text(response):
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(response.content)).pages]


def test_legion_status_chart_reads_back_with_the_legions_figures(client, ad69, xlv, illyria_umpire):
    client.force_login(illyria_umpire)
    post(
        client,
        force_url(xlv, "upgrade"),
        {"kind_1": "levies_to_auxiliaries", "count_1": 5, "kind_2": "auxiliaries_to_legionaries", "count_2": 2},
    )
    [text] = pdf_text(client.get(force_url(xlv) + "status.pdf"))
    for figure in [
        "Legion XLV",
        "Legion Status Chart",
        "Tampius Flavianus",
        "Pannonia, Carnuntum (Illyria table)",
        "Turn 1, September 68",
        "TOTAL 15 0 48 46",
        "Combat value if all veteran 72",
        "3/5 legionary",
        "2/5 auxiliary",
        "10/10 raw levy",
        "ready at the end of turn 1",
        "32 talents: Upgrading Legion XLV",
    ]:
        assert figure in text, figure


def test_a_tables_charts_print_one_legion_a_page(client, ad69, xlv, gaul_umpire):
    legion(ad69, "Legion XIII Gemina", "Pannonia", [(LEG, 4, False), (AUX, 4, False), (LEV, 1, False)])
    legion(ad69, "Legio I Italica", "Gallia Lugdunensis", [(LEG, 4, False)])  # another table's
    client.force_login(gaul_umpire)
    illyria = Region.objects.get(event=ad69, name="Illyria")
    pages = pdf_text(client.get(f"/events/ad69/forces/status.pdf?table={illyria.pk}"))
    assert len(pages) == 2
    assert "Legion XIII Gemina" in pages[0] and "TOTAL 9 0 40 42" in pages[0]  # 10+16+12+2; 24+16+2
    assert "Legion XLV" in pages[1] and "TOTAL 15 0 48 46" in pages[1]
    assert client.get("/events/ad69/forces/status.pdf?table=nonsense").status_code == 404


# ---- reads are pinned by query counts -----------------------------------------------------------


def test_forces_page_query_count_does_not_grow_with_the_forces(client, ad69, xlv, illyria_umpire, misenum):
    client.force_login(illyria_umpire)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            page(client, "/events/ad69/forces/")
        return len(captured)

    page(client, "/events/ad69/forces/")  # the first page reads the event's setting, kept for the pages after it
    baseline = queries()
    for n, province in enumerate(["Pannonia", "Moesia", "Italia", "Judea", "Belgica"]):
        force = legion(ad69, f"Legion {n}", province, [(LEG, 2, True), (AUX, 3, False)], legate="Flavius Vespasianus")
        Upgrade.objects.create(
            force=force,
            ordered_turn=1,
            ready_turn=2,
            cost=4,
            composition_after=[],
            orders=[{"kind": "auxiliaries_to_legionaries", "count": 1}],
        )
    Force.objects.filter(name="Legion 2").update(embarked_on=misenum)
    Fleet.objects.create(event=ad69, name="Classis Moesica", base=Province.objects.get(event=ad69, name="Moesia"))
    assert queries() == baseline


# ---- live: a change at the Illyria table reaches its umpire, not Gaul's -----------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_force_change_at_illyria_reaches_the_illyria_umpire_only(ad69, make_umpire):
    illyria_umpire = await database_sync_to_async(make_umpire)(ad69, Role.REGION, "Illyria")
    gaul_umpire = await database_sync_to_async(make_umpire)(ad69, Role.REGION, "Gaul")
    xlv = await database_sync_to_async(legion)(ad69, "Legion XLV", "Pannonia", [(LEG, 3, False)])
    illyria, gaul = await listen(illyria_umpire, ad69), await listen(gaul_umpire, ad69)

    await database_sync_to_async(raise_levies_on_the_page)(illyria_umpire, xlv)
    message = await illyria.receive_json_from(timeout=2)
    assert message["event"] == {
        "type": "force.changed",
        "action": "raise_levies",
        "force_id": xlv.pk,
        "name": "Legion XLV",
    }
    assert await gaul.receive_nothing(timeout=0.2)
    await illyria.disconnect()
    await gaul.disconnect()


async def listen(user, event):
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/events/{event.pk}/")
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from())["type"] == "snapshot"
    return communicator


def raise_levies_on_the_page(user, force):
    from django.test import Client

    client = Client()
    client.force_login(user)
    assert client.post(force_url(force, "raise-levies"), {"count": 2}).status_code == 302


# ---- the admin ---------------------------------------------------------------------------------


def test_control_corrects_a_legions_units_in_the_admin_and_it_is_audited(client, ad69, xlv, control):
    client.force_login(control)
    troops = list(xlv.troops.order_by("pk"))
    data = {
        "event": ad69.pk,
        "name": xlv.name,
        "kind": "legion",
        "aquila": "on",
        "province": xlv.province_id,
        "map_point": "",
        "status": "standing",
        "points_moved": 0,
        "legate": xlv.legate_id,
        "troops-TOTAL_FORMS": len(troops),
        "troops-INITIAL_FORMS": len(troops),
        "troops-MIN_NUM_FORMS": 0,
        "troops-MAX_NUM_FORMS": 1000,
    }
    for i, t in enumerate(troops):
        data.update(
            {
                f"troops-{i}-id": t.pk,
                f"troops-{i}-force": xlv.pk,
                f"troops-{i}-type": t.type,
                f"troops-{i}-count": 4 if t.type == LEG else t.count,
            }
        )
    response = client.post(f"/admin/regions/force/{xlv.pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert composition(xlv) == [(AUX, 2, False), (LEG, 4, False), (LEV, 10, False)]
    entry = AuditEntry.objects.get(action="force.corrected", target_id=str(xlv.pk))
    assert entry.actor == control and "3 legionary" in entry.before["troops"] and "4 legionary" in entry.after["troops"]


def test_forces_and_fleets_are_in_the_admin_and_upgrades_and_costs_are_read_only(client, ad69, xlv, control, misenum):
    client.force_login(control)
    for url in [
        f"/admin/regions/force/{xlv.pk}/change/",
        f"/admin/regions/fleet/{misenum.pk}/change/",
        "/admin/regions/upgrade/",
        "/admin/regions/costowed/",
    ]:
        assert client.get(url).status_code == 200, url
    assert client.get("/admin/regions/costowed/add/").status_code == 403
    assert client.get("/admin/regions/upgrade/add/").status_code == 403


def test_a_non_roman_host_has_no_legion_status_chart(client, ad69, control):
    chatti = Force.objects.create(
        event=ad69,
        name="Chatti warbands",
        kind=Force.Kind.BARBARIAN_HOST,
        province=Province.objects.get(event=ad69, name="Germania Superior"),
    )
    ForceTroops.objects.create(force=chatti, type="barbarian_warband", count=10)
    client.force_login(control)
    text = page(client, force_url(chatti))
    assert "Combat value<strong>10</strong>" in text and "Print the Legion Status Chart" not in text
    assert client.get(force_url(chatti) + "status.pdf").status_code == 404
