"""Forces meeting between area tables at the rules desk (IX. LAND MOVEMENT): the umpire picks the two forces and
the areas they were marching to, the players' d6 are typed in, the verdict says where the contact is resolved,
and the run is kept in the event's rules log with its dice."""

import json

import pytest

from regions.models import Force, Province
from tests.map_builders import build_rhine_map
from tests.regions.forces_builders import legion
from tests.warfare.builders import commander
from umpire import clockwork
from umpire.models import ProcedureRun, Region, Role
from umpire.rules_forms import CaseField, walk

MEETING = "/events/ad69/rules/ad69.meeting_between_tables/"
LEG, AUX = "legionary", "auxiliary"


@pytest.fixture
def rhine(ad69):
    clockwork.do_start_clock(ad69, actor=None)
    return build_rhine_map(ad69)


@pytest.fixture
def desk(client, ad69, make_umpire):
    client.force_login(make_umpire(ad69, Role.REGION, "Northern"))
    return client


def area(event, name):
    return Province.objects.get(event=event, name=name)


@pytest.fixture
def xxi_rapax(ad69, rhine):
    """Legio XXI Rapax at Vindonissa under Bigius Diccus, marching out to Raetia."""
    bigius = commander(ad69, "Bigius Diccus", 2, Region.objects.get(event=ad69, name="Northern"))
    return legion(ad69, "Legio XXI Rapax", "Germania Superior", [(LEG, 5, False)], legate=bigius.name, at="Vindonissa")


@pytest.fixture
def raetian_levy(ad69, rhine):
    """Raetia's militia at Augusta Vindelicorum under Flatulius Butus, marching to Germania Superior."""
    flatulius = commander(ad69, "Flatulius Butus", 0, Region.objects.get(event=ad69, name="Alpes"))
    force = legion(ad69, "Raetian militia", "Raetia", [(AUX, 4, False)], aquila=False, at="Augusta Vindelicorum")
    Force.objects.filter(pk=force.pk).update(kind=Force.Kind.DETACHMENT, army_commander=flatulius)
    return force


def form_values(page):
    return {path: node.value for path, node in walk(page.context["form"]) if isinstance(node, CaseField)}


def picks(ad69, first, first_to, second, second_to):
    return {
        "step": "fill",
        "pick.first.force": str(first.pk),
        "pick.first.target": str(area(ad69, first_to).pk),
        "pick.second.force": str(second.pk),
        "pick.second.target": str(area(ad69, second_to).pk),
    }


def test_two_forces_fill_their_commanders_and_the_areas_they_were_marching_to(desk, ad69, xxi_rapax, raetian_levy):
    page = desk.post(MEETING, picks(ad69, xxi_rapax, "Raetia", raetian_levy, "Germania Superior"))
    assert page.status_code == 200
    shown = form_values(page)
    assert (shown["first.player"], shown["first.target"]) == ("Bigius Diccus", "Raetia")
    assert (shown["second.player"], shown["second.target"]) == ("Flatulius Butus", "Germania Superior")
    html = page.content.decode()
    assert "Legio XXI Rapax marches under Bigius Diccus." in html and "Marching to Raetia, at the Alpes table." in html


def test_the_contact_is_resolved_where_the_higher_roller_was_marching_and_the_run_is_kept_with_its_dice(
    desk, ad69, xxi_rapax, raetian_levy
):
    filled = form_values(desk.post(MEETING, picks(ad69, xxi_rapax, "Raetia", raetian_levy, "Germania Superior")))
    shown = desk.post(MEETING, {**filled, "dice_mode": "table", "die.0": "3", "die.1": "5", "step": "run"})
    assert shown.status_code == 200, shown.context.get("problems")
    verdict = "Flatulius Butus rolls higher and moves to Germania Superior, where the contact is resolved"
    assert shown.context["said"].verdict[0] == f"Verdict: {verdict}"
    assert verdict in shown.content.decode()

    saved = desk.post(MEETING, {**shown.context["run"], "step": "save", "note": "on the Vindonissa road", "table": ""})
    assert saved.status_code == 302
    record = ProcedureRun.objects.get()
    assert (record.procedure, record.note, record.rolled_by_console) == (
        "ad69.meeting_between_tables",
        "on the Vindonissa road",
        False,
    )
    assert record.case == {
        "first": {"player": "Bigius Diccus", "target": "Raetia"},
        "second": {"player": "Flatulius Butus", "target": "Germania Superior"},
    }
    assert [(die["sides"], die["value"]) for die in record.dice] == [(6, 3), (6, 5)]
    assert (record.outcome["moves"], record.outcome["resolved_in"], record.outcome["verdict"]) == (
        "Flatulius Butus",
        "Germania Superior",
        verdict,
    )
    assert json.loads(shown.context["run"]["case"]) == record.case


def test_an_area_no_designated_route_leads_to_is_refused_beside_the_player_and_nothing_is_filled(
    desk, ad69, xxi_rapax, raetian_levy
):
    page = desk.post(MEETING, picks(ad69, xxi_rapax, "Britannia", raetian_levy, "Germania Superior"))
    assert page.status_code == 400
    first = dict(walk(page.context["form"]))["first"]
    assert "No designated route leads from Germania Superior to Britannia on the map" in first.error
    assert form_values(page)["first.target"] == ""


def test_a_force_without_a_commander_is_rolled_for_by_its_name(desk, ad69, xxi_rapax, raetian_levy):
    Force.objects.filter(pk=raetian_levy.pk).update(army_commander=None)
    page = desk.post(MEETING, picks(ad69, xxi_rapax, "Raetia", raetian_levy, "Germania Superior"))
    assert form_values(page)["second.player"] == "Raetian militia"
    assert "Raetian militia has no commander: its Region umpire rolls for it." in page.content.decode()
