"""The players' side of the battles: the published ones, opened with the projector's display code,
with the losses and the fallen's fates once confirmed, and nothing of a draft, the dice or the
umpires; refreshed live from the display's socket."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.models import Province
from tests.regions.forces_builders import legion
from tests.umpire.test_consumers import connect_display
from tests.warfare.builders import called_off, commander
from tests.warfare.test_battles import orders
from umpire.models import Event, Role
from umpire.services.access_codes import do_reissue_display_code
from warfare.models import Battle
from warfare.services.battle_losses import do_confirm_battle, do_place_losses, do_propose_losses
from warfare.services.battle_overrides import do_override_figure
from warfare.services.battle_rounds import do_fight_round
from warfare.services.battles import do_open_battle, do_publish_battle

LEG, AUX = "legionary", "auxiliary"
EXAMPLE_1_RESULT = "Bigius Diccus defeats Flatulius Butus: Flatulius Butus was defeated outright in round 1"


@pytest.fixture
def code(ad69):
    return do_reissue_display_code(ad69, actor=None).code


def reports(client, code, slug="ad69"):
    return client.get(f"/display/{slug}/battles/", {"code": code})


def read(client, code):
    response = reports(client, code)
    assert response.status_code == 200
    return squeezed(response)


def squeezed(response):
    """The page's text, each tag a space, spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())).replace("&#x27;", "'")


def open_a_draft(umpire):
    """Legion I against Legion II in Pannonia, at the umpire's table: a draft."""
    event = umpire.seats.get().event
    pannonia = Province.objects.get(event=event, name="Pannonia")
    forces = [legion(event, name, "Pannonia", [(LEG, 3, False)]) for name in ("Legion I", "Legion II")]
    return do_open_battle(pannonia.region, side_a_forces=[forces[0]], side_b_forces=[forces[1]], actor=umpire)


def fight_example_1(battle, umpire, *, joins=False, dice=(10, 2)):
    """Combat Example 1: Bigius attacks and defeats Flatulius outright in round 1."""
    do_fight_round(
        battle, orders={"a": orders("attack", joins=joins), "b": orders("defend")}, dice=list(dice), actor=umpire
    )


def place_flatulius_losses(battle, umpire):
    """Flatulius's player places his uneven loss of 5 as Example 1 does: 2 legionary, 3 auxiliary."""
    force = battle.forces.get(side="b").force_name
    do_place_losses(
        battle,
        side="b",
        actor=umpire,
        placed=[{"force": force, "type": LEG, "count": 2}, {"force": force, "type": AUX, "count": 3}],
    )


def confirm_with_bigius_wounded(battle, umpire):
    """Example 1, but Bigius fights in person and falls (risk die 1); after the battle a 4 and a 3:
    wounded for 3 months."""
    fight_example_1(battle, umpire, joins=True, dice=(10, 2, 1))
    do_propose_losses(battle, dice=[4, 3], actor=umpire)
    place_flatulius_losses(battle, umpire)
    do_confirm_battle(battle, actor=umpire)


def example_1_again(event, table, umpire, number):
    """Example 1's sides afresh in Dalmatia: new legions, new commanders."""
    forces = [legion(event, f"Legion {side}{number}", "Dalmatia", [(LEG, 5, False), (AUX, 5, False)]) for side in "ab"]
    chiefs = [commander(event, f"{name} {number}", skill, table) for name, skill in (("Bigius", 1), ("Flatulius", 0))]
    return do_open_battle(
        table,
        side_a_forces=[forces[0]],
        side_b_forces=[forces[1]],
        side_a_commander=chiefs[0],
        side_b_commander=chiefs[1],
        actor=umpire,
    )


# ---- what the players see ---------------------------------------------------------------------


def test_a_draft_is_not_reported_until_published(client, umpire, opened, code):
    fight_example_1(opened, umpire)
    do_propose_losses(opened, dice=[], actor=umpire)
    place_flatulius_losses(opened, umpire)
    do_confirm_battle(opened, actor=umpire)
    text = read(client, code)
    assert "No battle has been reported yet" in text and "Carnuntum" not in text

    do_publish_battle(opened, actor=umpire)
    text = read(client, code)
    assert "Bigius Diccus v Flatulius Butus, Carnuntum" in text and EXAMPLE_1_RESULT in text
    assert "Turn 1, September 68 · Carnuntum, Pannonia" in text
    assert "Bigius Diccus Legion XLV : 5 auxiliary, 5 legionary, Aquila" in text
    assert "Flatulius Butus Legion XLVI : 5 auxiliary, 5 legionary, Aquila" in text


def test_a_wrong_a_revoked_or_another_events_code_opens_nothing(client, ad69, umpire, opened, code):
    do_publish_battle(called_off(opened, umpire), actor=umpire)
    other = Event.objects.create(slug="other", name="Another game", start_year=68, start_month=9, number_of_turns=12)
    assert reports(client, code).status_code == 200
    assert client.get("/display/ad69/battles/").status_code == 404
    assert reports(client, "guess").status_code == 404
    assert reports(client, do_reissue_display_code(other, actor=None).code).status_code == 404
    assert reports(client, code, slug="other").status_code == 404
    do_reissue_display_code(ad69, actor=None)
    assert reports(client, code).status_code == 404


def test_a_confirmed_battle_reports_its_losses_and_the_fallen_commanders_fate(client, umpire, opened, code):
    confirm_with_bigius_wounded(opened, umpire)
    do_publish_battle(opened, actor=umpire)

    text = read(client, code)
    assert "The umpires have still to confirm the losses" not in text
    assert "Losses (the survivors become veterans) Force Lost Units left Legion XLV 1 auxiliary, 1 legionary 8" in text
    assert "Legion XLVI 3 auxiliary, 2 legionary 5" in text
    assert "Bigius Diccus fell, wounded: no active role in battles for 3 month(s)." in text


def test_a_battle_whose_losses_are_not_confirmed_is_neither_published_nor_reported(client, umpire, opened, code):
    """The owner may still place an uneven loss: until the umpire confirms, nothing leaves the table."""
    fight_example_1(opened, umpire)
    do_propose_losses(opened, dice=[], actor=umpire)
    place_flatulius_losses(opened, umpire)
    with pytest.raises(ValidationError, match="Confirm the battle's result first"):
        do_publish_battle(opened, actor=umpire)

    text = read(client, code)
    assert "No battle has been reported yet" in text and "Carnuntum" not in text


def test_the_reports_tell_no_seed_umpire_override_or_draft(client, ad69, control, umpire, opened, code):
    do_fight_round(opened, orders={"a": orders("attack"), "b": orders("defend")}, actor=umpire)  # console's dice
    do_override_figure(
        opened,
        round_number=1,
        what="result",
        umpire_value="b defeated outright",
        actor=umpire,
        reason="Bigius bribed the ferryman",
    )
    do_propose_losses(opened, dice=[], actor=umpire)
    place_flatulius_losses(opened, umpire)
    do_confirm_battle(opened, actor=umpire)
    do_publish_battle(opened, actor=control)
    draft = open_a_draft(umpire)

    seed = Battle.objects.get(pk=opened.pk).round_list[0].seed
    content = reports(client, code).content.decode()
    assert seed is not None and str(seed) not in content
    assert "Bigius Diccus v Flatulius Butus" in content
    for secret in (umpire.username, control.username, "bribed the ferryman", draft.title):
        assert secret not in content, secret


def test_the_reports_read_in_a_fixed_number_of_queries(client, ad69, illyria, umpire, opened, code):
    confirm_with_bigius_wounded(opened, umpire)
    do_publish_battle(opened, actor=umpire)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            read(client, code)
        return len(captured)

    first = queries()
    for number in range(3):
        battle = example_1_again(ad69, illyria, umpire, number)
        confirm_with_bigius_wounded(battle, umpire)
        do_publish_battle(battle, actor=umpire)
    assert read(client, code).count("wounded: no active role in battles for 3 month(s)") == 4
    assert queries() == first


def test_the_newest_published_battle_comes_first(client, ad69, illyria, umpire, opened, code):
    forces = [legion(ad69, f"Legion {side}", "Dalmatia", [(LEG, 2, False)]) for side in ("Ultima", "Penultima")]
    later = do_open_battle(illyria, side_a_forces=[forces[0]], side_b_forces=[forces[1]], actor=umpire)
    do_publish_battle(called_off(later, umpire), actor=umpire)
    do_publish_battle(called_off(opened, umpire), actor=umpire)  # opened first, published last
    text = read(client, code)
    assert text.index(opened.title) < text.index(later.title)


# ---- who hears --------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_the_display_hears_a_published_battle_but_nothing_of_a_draft(ad69, make_umpire):
    """The reports page refreshes on what the display's socket hears: a draft's steps never reach it,
    and a published battle's news reaches it without the name of the umpire who ran it."""
    access = await database_sync_to_async(do_reissue_display_code)(ad69, actor=None)
    umpire = await database_sync_to_async(make_umpire)(ad69, Role.REGION, "Illyria")
    display, connected, _ = await connect_display("ad69", access.code)
    assert connected
    await display.receive_json_from()

    battle = await database_sync_to_async(open_a_draft)(umpire)
    await database_sync_to_async(called_off)(battle, umpire)
    assert await display.receive_nothing(timeout=0.3)

    await database_sync_to_async(do_publish_battle)(battle, actor=umpire)
    news = await display.receive_json_from(timeout=2)
    assert (news["event"]["type"], news["event"]["battle_id"]) == ("battle.published", battle.pk)
    assert umpire.username not in json.dumps(news)
    await display.disconnect()
