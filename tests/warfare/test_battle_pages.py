"""The battle pages over HTTP (X. COMBAT RESOLUTION): who may see and run which battle, every
step of the desk through its service, refusals that change nothing, the handbook's Combat
Example 1 played through the desk's POSTs, and who hears of a draft on the websockets."""

import re
from html import unescape

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.models import Province
from tests.regions.forces_builders import composition, legion
from tests.umpire.test_consumers import connect
from tests.warfare.builders import called_off
from tests.warfare.test_battles import AUX, LEG, fresh, orders, rows
from umpire.models import Announcement, AuditEntry, Region, Role
from warfare.models import Battle
from warfare.selectors import get_loss_groups
from warfare.services.battle_losses import do_confirm_battle, do_place_losses, do_propose_losses
from warfare.services.battle_rounds import do_fight_round
from warfare.services.battles import do_open_battle, do_publish_battle


def signed_in(client, user):
    client.force_login(user)
    return client


def squeezed(response):
    """The page's text, tags gone and spaces squeezed."""
    text = re.sub(r"<[^>]+>", "", response.content.decode())
    return re.sub(r"\s+", " ", text).replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&")


def page(client, address):
    response = client.get(address)
    assert response.status_code == 200, address
    return squeezed(response)


def desk(battle):
    return f"/events/{battle.event.slug}/battles/{battle.pk}/"


def step(client, battle, action, data=None):
    """POST one step of the desk; back at the desk, with the message it left."""
    response = client.post(f"{desk(battle)}{action}/", data or {}, follow=True)
    assert response.redirect_chain[-1][0] == desk(battle), response.redirect_chain
    return squeezed(response)


def refused_step(client, battle, action, data=None):
    """POST one step the desk refuses: the desk again at status 400 (nothing redirected, nothing kept
    from the refused step), its text with each problem where the desk shows it."""
    response = client.post(f"{desk(battle)}{action}/", data or {}, headers=htmx_on(desk(battle)))
    assert response.status_code == 400, response.status_code
    assert response.templates[0].name == "warfare/battle.html"
    assert response["HX-Push-Url"] == "false"  # the address stays the desk's, not the step's
    return response


def htmx_on(address):
    """The headers htmx sends with a form of the page at `address` (keep_place)."""
    return {"HX-Request": "true", "HX-Current-URL": f"http://testserver{address}"}


INDEX = "/events/ad69/battles/"


def refused_open(client, action, data, headers=None):
    """POST the index's open form (by htmx unless `headers` say otherwise) and have it refused: the index
    again at status 400, nothing opened, the form as typed and marked as the step the umpire is on."""
    response = client.post(f"{INDEX}{action}", data, headers=htmx_on(INDEX) if headers is None else headers)
    assert response.status_code == 400, response.status_code
    assert response.templates[0].name == "warfare/battles.html"
    assert current_step(response).startswith("<form ")
    return response


def current_step(response):
    """The opening tag of the one element the page marks data-current-step (keep_place scrolls to it)."""
    tags = re.findall(r"<[a-z]+ [^>]*data-current-step[^>]*>", response.content.decode())
    assert len(tags) == 1, tags
    return tags[0]


def errors_beside(response, name):
    """The problems shown beside the open form's field `name` (its own error list), in words."""
    found = re.search(rf'<ul class="errorlist" id="id_{name}_error">(.*?)</ul>', response.content.decode(), re.S)
    assert found, f"no errors beside {name}"
    return [squeezed_text(problem) for problem in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


def errors_at_head(response):
    found = re.search(r'<ul class="errorlist nonfield">(.*?)</ul>', response.content.decode(), re.S)
    return [squeezed_text(problem) for problem in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)] if found else []


def squeezed_text(html):
    return unescape(re.sub(r"\s+", " ", html)).strip()


def open_data(illyria, f, **more):
    return {
        "table": illyria.pk,
        "side_a_forces": [f["xlv"].pk],
        "side_b_forces": [f["xlvi"].pk],
        "side_a_commander": f["bigius"].pk,
        "side_b_commander": f["flatulius"].pk,
        "place": "Carnuntum",
        "decided": "on",
        **more,
    }


def round_data(a="attack", b="defend", dice="10 2", **more):
    return {"a_stance": a, "b_stance": b, "dice": dice, **more}


def placing(battle, side, counts):
    """The owner's split as the desk's form posts it: `counts` by troop type."""
    groups = get_loss_groups(fresh(battle), side)
    return {"side": side, **{f"lost_{i}": counts.get(group.type, 0) for i, group in enumerate(groups)}}


# ---- who sees what ----------------------------------------------------------------------------


def test_a_draft_is_seen_by_its_table_and_control_and_not_by_another_table(
    client, control, umpire, gaul_umpire, opened
):
    assert "Draft" in page(signed_in(client, umpire), desk(opened))
    assert "Bigius Diccus v Flatulius Butus, Carnuntum" in page(client, "/events/ad69/battles/")
    assert "Claim it" not in page(signed_in(client, control), desk(opened))  # the opener holds it

    signed_in(client, gaul_umpire)
    assert client.get(desk(opened)).status_code == 404
    assert client.get(f"{desk(opened)}record.pdf").status_code == 404
    assert "Carnuntum" not in page(client, "/events/ad69/battles/")
    assert client.get("/events/ad69/battles/999999/").status_code == 404

    do_publish_battle(called_off(opened, umpire), actor=umpire)
    text = page(client, desk(opened))
    assert "Published" in text and "its table's umpires and Control run it" in text
    assert "Carnuntum" in page(client, "/events/ad69/battles/")


def test_another_tables_umpire_may_not_run_a_published_battle(client, umpire, gaul_umpire, opened):
    do_publish_battle(called_off(opened, umpire), actor=umpire)
    before = rows()
    assert signed_in(client, gaul_umpire).post(f"{desk(opened)}claim/").status_code == 404
    assert client.post(f"{desk(opened)}round/", round_data()).status_code == 404
    assert rows() == before


@pytest.mark.parametrize("table", ["²", "\u0663", "9" * 30, "-1", "abc"])
def test_an_odd_table_on_the_index_is_a_404_not_a_server_error(client, umpire, table):
    """`?table=²` passed str.isdigit() and reached int(): a ValueError, now no such table."""
    assert signed_in(client, umpire).get("/events/ad69/battles/", {"table": table}).status_code == 404


def test_more_dice_than_a_round_rolls_are_refused_by_name(client, umpire, opened):
    """A round rolls six dice at most; ten thousand were accepted and read."""
    signed_in(client, umpire)
    before = rows()
    response = refused_step(client, opened, "round", round_data(dice="6 " * 10_000))
    assert response.context["round_form"].errors["dice"] == ["10000 dice typed: a round rolls 6 at most."]
    assert rows() == before
    response = refused_step(client, opened, "round", round_data(dice="10 2 3 4 5 6 1"))
    assert "7 dice typed: a round rolls 6 at most." in squeezed(response)
    assert rows() == before


def test_the_index_offers_his_tables_forces_by_province(client, illyria, umpire, example_1_forces):
    text = page(signed_in(client, umpire), f"/events/ad69/battles/?table={illyria.pk}")
    assert "Open a battle" in text and "Pannonia" in text and "Legion XLV – CV 50" in text
    gaul = Region.objects.get(event=illyria.event, name="Gaul")
    assert client.get(f"/events/ad69/battles/?table={gaul.pk}").status_code == 404


def test_the_index_reads_in_a_fixed_number_of_queries(client, ad69, illyria, control, umpire, opened):
    signed_in(client, control)
    do_fight_round(opened, orders={"a": orders("attack"), "b": orders("defend")}, dice=[6, 6], actor=umpire)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            page(client, "/events/ad69/battles/")
        return len(captured)

    page(client, "/events/ad69/battles/")  # the first page reads the event's setting, kept for the pages after it
    first = queries()
    for number in range(3):
        forces = [legion(ad69, f"Legion {side}{number}", "Dalmatia", [(LEG, 2, False)]) for side in "ab"]
        battle = do_open_battle(illyria, side_a_forces=[forces[0]], side_b_forces=[forces[1]], actor=umpire)
        do_fight_round(battle, orders={"a": orders("attack"), "b": orders("defend")}, dice=[4, 2, 6, 6], actor=umpire)
    assert queries() == first


def test_the_desk_reads_in_a_fixed_number_of_queries(client, ad69, illyria, umpire, opened):
    signed_in(client, umpire)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            page(client, desk(opened))
        return len(captured)

    do_fight_round(opened, orders={"a": orders("attack"), "b": orders("defend")}, dice=[6, 6], actor=umpire)
    page(client, desk(opened))  # the first page reads the event's setting, kept for the pages after it
    first = queries()
    do_fight_round(opened, orders={"a": orders("attack"), "b": orders("defend")}, dice=[6, 6], actor=umpire)
    do_fight_round(opened, orders={"a": orders("attack"), "b": orders("defend")}, dice=[6, 6], actor=umpire)
    assert queries() == first


# ---- the handbook's example through the desk ---------------------------------------------------


def test_combat_example_1_played_through_the_desk_lands_on_the_legions(client, illyria, umpire, example_1_forces):
    f = example_1_forces
    signed_in(client, umpire)
    response = client.post("/events/ad69/battles/open/", open_data(illyria, f), follow=True)
    battle = Battle.objects.get()
    assert response.redirect_chain[-1][0] == desk(battle)
    assert "You hold this battle" in squeezed(response)

    text = step(client, battle, "round", round_data())
    assert "Round 1: 21 to 13: Flatulius Butus defeated outright." in text
    assert "Bigius Diccus: Military Skill of the army commander" in text
    assert "entered from the table" in text and "Flatulius Butus was defeated outright in round 1" in text

    assert "Legion XLVI" in step(client, battle, "propose-losses")
    assert "must place 1 more unit(s)" in page(client, desk(battle))
    assert "as the owning player chose" in step(client, battle, "place-losses", placing(battle, "b", {LEG: 2, AUX: 3}))
    assert "is confirmed" in step(client, battle, "confirm")

    assert composition(f["xlv"]) == [(AUX, 4, True), (LEG, 4, True)]
    assert composition(f["xlvi"]) == [(AUX, 2, False), (LEG, 3, False)]
    assert fresh(battle).confirmed_by == umpire
    assert "Confirmed by region-illyria" in page(client, desk(battle))


# ---- each step's happy path and a refusal that changes nothing --------------------------------


def test_opening_refuses_a_side_without_forces_in_place_as_typed_and_writes_nothing(
    client, illyria, umpire, example_1_forces
):
    signed_in(client, umpire)
    before = rows()
    xlv = example_1_forces["xlv"]
    response = refused_open(client, "open/", open_data(illyria, example_1_forces, side_b_forces=[], place="Mursa"))
    assert errors_beside(response, "side_b_forces") == ["This field is required."]
    assert response["HX-Push-Url"] == "false"  # the address stays the index's, not the open form's
    form = response.context["open_form"]
    assert form["place"].value() == "Mursa" and form["side_a_commander"].value() == str(example_1_forces["bigius"].pk)
    assert f'id="id_side_a_forces_{xlv.pk}" value="{xlv.pk}" checked' in response.content.decode()
    assert rows() == before


def test_a_battle_the_service_refuses_is_refused_beside_the_field_it_names(client, illyria, umpire, example_1_forces):
    """The form is content; the service is not (a force already fighting): its words go beside that side's forces."""
    signed_in(client, umpire)
    f = example_1_forces
    do_open_battle(illyria, side_a_forces=[f["xlv"]], side_b_forces=[f["xlvi"]], actor=umpire)
    before = rows()
    response = refused_open(client, "open/", open_data(illyria, f))
    assert errors_beside(response, "side_a_forces") == [
        f"Legion XLV is already in the battle “{Battle.objects.get()}”, not yet confirmed."
    ]
    assert errors_at_head(response) == []
    assert rows() == before


def test_the_odds_are_shown_in_place_above_the_form_as_typed_and_nothing_is_kept(
    client, illyria, umpire, example_1_forces
):
    signed_in(client, umpire)
    before = rows()
    data = open_data(illyria, example_1_forces, place="Mursa")
    response = client.post(f"{INDEX}odds/", data, headers=htmx_on(INDEX))
    assert response.status_code == 200 and response["HX-Push-Url"] == "false"
    text = squeezed(response)
    assert "The odds, from the engine" in text and "Bigius Diccus wins outright" in text
    assert "No decision after four rounds" in text and "%" in text
    assert current_step(response).startswith('<div class="step now odds" id="odds"')
    assert response.context["open_form"]["place"].value() == "Mursa"
    assert rows() == before


def test_the_index_keeps_its_place_but_prints_the_blank_sheet_in_a_tab_of_its_own(
    client, illyria, umpire, example_1_forces
):
    """htmx would swap the sheet's PDF into the page: the open form is not boosted, its open and odds
    buttons are sent by htmx, and the sheet's is the browser's own."""
    html = signed_in(client, umpire).get(f"{INDEX}?table={illyria.pk}").content.decode()
    assert re.search(r'<main id="main"\s+hx-boost="true"', html)
    assert re.search(r'<form method="post" action="/events/ad69/battles/open/" hx-boost="false">', html)
    assert 'class="final" hx-post="/events/ad69/battles/open/">Open the battle' in html
    assert 'hx-post="/events/ad69/battles/odds/">Show the odds first' in html
    sheet = re.search(r"<button [^>]*blank-sheet[^>]*>", html).group(0)
    assert 'formtarget="_blank"' in sheet and "hx-" not in sheet


def test_a_blank_sheet_prints_for_the_chosen_forces_without_opening_a_battle(client, illyria, umpire, example_1_forces):
    signed_in(client, umpire)
    response = client.post("/events/ad69/battles/blank-sheet.pdf", open_data(illyria, example_1_forces))
    assert response["Content-Type"] == "application/pdf" and response.content.startswith(b"%PDF")
    assert Battle.objects.count() == 0
    refused = refused_open(client, "blank-sheet.pdf", open_data(illyria, example_1_forces, side_a_forces=[]), {})
    assert errors_beside(refused, "side_a_forces") == ["This field is required."]
    assert "Print a blank battle sheet" in squeezed(refused)


def test_an_opened_battles_sheet_prints(client, umpire, opened):
    response = signed_in(client, umpire).get(f"{desk(opened)}sheet.pdf")
    assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_claim_release_and_take_over_with_a_reason(client, ad69, umpire, make_umpire, opened):
    second = make_umpire(ad69, Role.REGION, "Illyria", username="second-illyria")
    signed_in(client, second)
    before = rows()
    assert "Claimed by region-illyria" in squeezed(refused_step(client, opened, "claim"))
    assert rows() == before
    refusal = refused_step(client, opened, "take-over", {"reason": ""})
    assert refusal.context["take_over_form"].errors == {"reason": ["This field is required."]}
    assert rows() == before
    assert "taken “Bigius Diccus v Flatulius Butus, Carnuntum” over from region-illyria" in step(
        client, opened, "take-over", {"reason": "his tablet died"}
    )
    assert AuditEntry.objects.get(action="battle.taken_over").reason == "his tablet died"
    assert "You have released" in step(client, opened, "release")
    signed_in(client, umpire)
    assert "You hold" in step(client, opened, "claim")


def test_a_round_without_the_claim_or_without_dice_is_refused_and_changes_nothing(
    client, ad69, umpire, make_umpire, opened
):
    second = make_umpire(ad69, Role.REGION, "Illyria", username="second-illyria")
    signed_in(client, umpire)
    before = rows()
    refusal = refused_step(client, opened, "round", round_data(dice=""))
    assert refusal.context["round_form"].errors == {"dice": ["Type the table's dice, or press “Roll for me”."]}
    refusal = refused_step(client, opened, "round", round_data(dice="ten two"))
    assert "type the dice as numbers" in refusal.context["round_form"].errors["dice"][0]
    assert 'value="ten two"' in refusal.content.decode()
    assert rows() == before
    refusal = refused_step(signed_in(client, second), opened, "round", round_data(a="defend", dice="7 7"))
    assert "Claim: Claimed by region-illyria" in refusal.context["round_form"].non_field_errors()[0]
    assert 'value="7 7"' in refusal.content.decode()
    assert 'name="a_stance" value="defend" id="id_a_stance_1" required checked' in refusal.content.decode()
    assert rows() == before


def test_the_console_rolls_for_the_table_and_says_so(client, umpire, opened):
    signed_in(client, umpire)
    text = step(client, opened, "round", round_data(dice="", roll=""))
    fought = fresh(opened).round_list[0]
    assert fought.rolled_by_console and f"rolled by the console (seed {fought.seed})" in text


def test_an_override_is_shown_beside_the_engines_value_and_audited(client, umpire, opened):
    signed_in(client, umpire)
    step(client, opened, "round", round_data())
    before = rows()
    refusal = refused_step(client, opened, "override", {"what": "result", "umpire_value": "b pushed back"})
    assert refusal.context["override_form"].errors == {"reason": ["This field is required."]}
    assert 'value="b pushed back"' in refusal.content.decode()
    assert rows() == before
    text = step(
        client,
        opened,
        "override",
        {"what": "result", "umpire_value": "b pushed back", "reason": "the flank held on the river"},
    )
    assert "Overridden: round 1 result b defeated outright → b pushed back" in text
    assert "engine b defeated outright → umpire b pushed back, because the flank held on the river" in text
    assert "Round 2: orders and dice" in text
    entry = AuditEntry.objects.get(action="battle.overridden")
    assert (entry.reason, entry.after) == ("the flank held on the river", {"round 1 result": "b pushed back"})


def test_a_withdrawal_needs_the_verdict_then_losses_with_rolled_wound_dice(client, umpire, opened):
    """Bigius joins in person and withdraws after pushing Flatulius back (6 + 2 against 2, and his
    risk die a 1: he falls): no clear victor, so the umpire judges; the console dices his wounds."""
    signed_in(client, umpire)
    text = step(client, opened, "round", round_data(dice="6 2 1", a_joins="on", a_withdraw="on"))
    assert "Flatulius Butus pushed back" in text and "The umpire's verdict" in text
    before = rows()
    assert "Give the verdict first" in squeezed(refused_step(client, opened, "propose-losses"))
    assert rows() == before
    verdict = {"victor": "a", "reason": "held the field"}
    assert "The umpire's verdict: Bigius Diccus." in step(client, opened, "verdict", verdict)
    refusal = refused_step(client, opened, "propose-losses", {"dice": ""})
    assert refusal.context["wound_form"].errors == {"dice": ["Type the table's dice, or press “Roll for me”."]}
    text = step(client, opened, "propose-losses", {"roll": ""})
    battle = fresh(opened)
    assert battle.state == "losses_proposed" and battle.losses_rolled_by_console
    assert "Bigius Diccus's commander" in text


def test_confirming_before_the_split_is_placed_is_refused_and_changes_nothing(client, umpire, opened):
    signed_in(client, umpire)
    step(client, opened, "round", round_data())
    step(client, opened, "propose-losses")
    before = rows()
    assert "must still place 1 unit(s)" in squeezed(refused_step(client, opened, "confirm"))
    refusal = refused_step(client, opened, "place-losses", placing(opened, "b", {LEG: 5, AUX: 0}))
    assert "Losses placed, row 1:" in refusal.context["place_b"].non_field_errors()[0]
    typed = placing(opened, "b", {LEG: 5, AUX: 0})
    for name in ("lost_0", "lost_1"):  # the split as typed
        assert f'name="{name}" value="{typed[name]}"' in refusal.content.decode()
    assert rows() == before


def test_a_battle_still_being_fought_is_not_published(client, control, umpire, opened):
    """The issue's case: published before it was fought, the projector listed both sides' troops."""
    do_fight_round(opened, orders={"a": orders("attack"), "b": orders("defend")}, dice=[10, 2], actor=umpire)
    assert "Confirm the battle's result first" in page(signed_in(client, umpire), desk(opened))
    before = rows(), AuditEntry.objects.count()
    for who, sent in ((umpire, {}), (control, {"to_projector": "on"})):
        text = squeezed(refused_step(signed_in(client, who), opened, "publish", sent))
        assert "Confirm the battle's result first: only a finished battle is published." in text
    assert (rows(), AuditEntry.objects.count()) == before
    assert fresh(opened).is_draft and not Announcement.objects.exists()


def test_publishing_and_the_projector_is_controls_choice(client, control, umpire, opened):
    signed_in(client, umpire)
    called_off(opened, umpire)
    before = rows()
    refusal = refused_step(client, opened, "publish", {"to_projector": "on"})
    assert refusal.context["publish_form"].errors == {
        "to_projector": ["Only Control puts a battle on the projector's news."]
    }
    assert "Only Control puts a battle on the projector" in squeezed(refusal)
    assert rows() == before
    assert "is published." in step(client, opened, "publish")
    assert "Put it on the projector" not in page(client, desk(opened))
    text = step(signed_in(client, control), opened, "publish", {"to_projector": "on"})
    assert "is published and on the projector" in text
    assert fresh(opened).on_projector


def test_a_confirmed_battle_offers_no_step_and_refuses_them(client, umpire, example_1_forces, opened):
    do_fight_round(opened, orders={"a": orders("attack"), "b": orders("defend")}, dice=[10, 2], actor=umpire)
    do_propose_losses(opened, dice=[], actor=umpire)
    do_place_losses(
        opened,
        side="b",
        actor=umpire,
        placed=[{"force": "Legion XLVI", "type": LEG, "count": 2}, {"force": "Legion XLVI", "type": AUX, "count": 3}],
    )
    do_confirm_battle(opened, actor=umpire)
    text = page(signed_in(client, umpire), desk(opened))
    assert "Claim it" not in text and "Confirm the battle" not in text and "Override" not in text
    before = rows()
    assert "its record is locked" in squeezed(refused_step(client, opened, "claim"))
    assert rows() == before


# ---- who hears ---------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_a_draft_is_not_heard_at_another_table_until_published(ad69, make_umpire):
    """Over the websocket: the Illyria umpire hears each step; the Gaul umpire hears nothing
    of the draft, and the result once it is published."""
    illyria_umpire = await database_sync_to_async(make_umpire)(ad69, Role.REGION, "Illyria")
    gaul_umpire = await database_sync_to_async(make_umpire)(ad69, Role.REGION, "Gaul")
    illyria, _, _ = await connect(illyria_umpire, ad69)
    gaul, _, _ = await connect(gaul_umpire, ad69)
    await illyria.receive_json_from()
    await gaul.receive_json_from()

    battle = await database_sync_to_async(open_a_draft)(illyria_umpire)
    heard = await illyria.receive_json_from(timeout=2)
    assert (heard["event"]["type"], heard["event"]["battle_id"]) == ("battle.changed", battle.pk)
    await database_sync_to_async(called_off)(battle, illyria_umpire)
    assert await gaul.receive_nothing(timeout=0.3)

    await database_sync_to_async(do_publish_battle)(battle, actor=illyria_umpire)
    news = await gaul.receive_json_from(timeout=2)
    assert (news["event"]["type"], news["event"]["battle_id"]) == ("battle.published", battle.pk)
    await illyria.disconnect()
    await gaul.disconnect()


def open_a_draft(actor):
    event = actor.seats.get().event
    pannonia = Province.objects.get(event=event, name="Pannonia")
    forces = [legion(event, name, pannonia.name, [(LEG, 3, False)]) for name in ("Legion I", "Legion II")]
    return do_open_battle(pannonia.region, side_a_forces=[forces[0]], side_b_forces=[forces[1]], actor=actor)


def test_control_takes_any_tables_battle_over_and_the_console_rolls_for_him(client, control, umpire, opened):
    signed_in(client, control)
    assert "taken “Bigius Diccus v Flatulius Butus, Carnuntum” over from region-illyria" in step(
        client, opened, "take-over", {"reason": "the Illyria umpire is in the Senate"}
    )
    text = step(client, opened, "round", round_data(dice="", roll=""))
    assert "Round 1:" in text and "rolled by the console" in text
    assert fresh(opened).round_list[0].fought_by == control


# ---- steps 1, 3 and 4, and the battle's own rulings, at the desk -------------------------------


def test_the_desk_asks_the_commanders_first_then_the_order_of_battle(client, illyria, umpire, example_1_forces):
    signed_in(client, umpire)
    response = client.post("/events/ad69/battles/open/", open_data(illyria, example_1_forces, decided=""), follow=True)
    battle = Battle.objects.get()
    text = squeezed(response)
    assert battle.awaits_decision and "Both commanders choose to fight" in text and "Call the battle off" in text
    assert "The commanders must first choose to fight (step 1)" in text
    assert "Both commanders choose to fight: set out the order of battle" in step(client, battle, "fight")

    xlv = battle.forces.get(force_name="Legion XLV")
    text = step(client, battle, "deploy", {f"force_{xlv.pk}": "the left, facing XLVI"})
    assert "The order of battle is set." in text
    assert fresh(battle).forces.get(pk=xlv.pk).deployment == "the left, facing XLVI"
    step(client, battle, "round", round_data())
    assert "Legion XLV (Bigius Diccus): the left, facing XLVI" in page(client, desk(battle))


def test_calling_a_battle_off_at_the_desk_needs_the_side_and_why(client, illyria, umpire, example_1_forces):
    signed_in(client, umpire)
    client.post("/events/ad69/battles/open/", open_data(illyria, example_1_forces, decided=""))
    battle = Battle.objects.get()
    before = rows()
    refusal = refused_step(client, battle, "call-off", {"declined_by": "b"})
    assert refusal.context["decide_form"].errors == {"reason": ["This field is required."]}
    assert 'name="declined_by" value="b" id="decide_declined_by_1" required checked' in refusal.content.decode()
    assert rows() == before
    text = step(client, battle, "call-off", {"declined_by": "b", "reason": "he will not risk the ford"})
    assert "is called off: Flatulius Butus will not fight: he will not risk the ford. Its forces are free." in text
    assert fresh(battle).state == "called_off"


def test_a_combat_value_is_ruled_at_the_desk_before_the_first_round(client, umpire, opened):
    signed_in(client, umpire)
    assert "side A combat value" in page(client, desk(opened))
    text = step(
        client,
        opened,
        "override",
        {"what": "combat_value_a", "umpire_value": "70", "reason": "a cohort of XIII joined him"},
    )
    assert "Overridden: side A combat value 50 → 70, because a cohort of XIII joined him." in text
    assert "Combat value 70 by the umpire's ruling; its forces' own: 50" in text
    assert "Round 1: 23 to 13" in step(client, opened, "round", round_data())


# ---- the desk on a tablet: the step it waits for first, the rounds fought folded ----------------


def current_steps(html):
    return re.findall(r'<section class="step now" id="([\w-]+)" data-current-step>', html)


def test_the_desk_puts_the_step_it_waits_for_first_and_folds_the_rounds_before_the_last(client, umpire, opened):
    signed_in(client, umpire)
    html = client.get(desk(opened)).content.decode()
    assert current_steps(html) == ["deploy"] and html.count("data-current-step") == 1
    step(client, opened, "deploy", {f"force_{fought.pk}": "the ridge" for fought in opened.forces.all()})
    for _ in range(2):
        assert current_steps(client.get(desk(opened)).content.decode()) == ["next-round"]
        step(client, opened, "round", round_data(dice="5 5"))
    html = client.get(desk(opened)).content.decode()
    assert current_steps(html) == ["next-round"]
    assert html.index("data-current-step") < html.index('id="rounds"') < html.index('id="side-a"')
    assert html.index('id="side-a"') < html.index('id="deploy"')  # a step done comes after, compact
    assert '<details class="round" id="round-1">' in html  # folded to its line
    assert '<details class="round" id="round-2" open>' in html  # the last fought stands open
    assert "<summary>Round 1: 16 to 16: indecisive</summary>" in html
    step(client, opened, "round", round_data(dice="10 2"))
    assert current_steps(client.get(desk(opened)).content.decode()) == ["losses"]


def test_a_called_off_battle_waits_only_to_be_published(client, umpire, opened):
    signed_in(client, umpire)
    called_off(opened, umpire)
    html = client.get(desk(opened)).content.decode()
    assert current_steps(html) == ["publish"] and "Publish the result" in html


def test_a_step_the_desk_no_longer_offers_is_refused_in_words_on_the_desk(client, umpire, opened):
    """A verdict sent before any round is fought (from a stale tablet, say): the desk has no verdict form to
    show its problem beside, so the desk says it above, and nothing changes."""
    signed_in(client, umpire)
    before = rows()
    refusal = refused_step(client, opened, "verdict", {})
    assert "Victor: This field is required." in squeezed(refusal)
    assert rows() == before
