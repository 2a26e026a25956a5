"""The siege desk over HTTP (X. THE SIEGE SYSTEM): every umpire sees the sieges, only Control and the
siege's own table run them; the three-turn siege of a minor fortified city played through the
forms; a refusal that changes nothing; the index's query count."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.models import Force, ForceTroops, Province
from tests.regions.forces_builders import composition, legion
from umpire import clockwork
from umpire.models import AuditEntry, Character, Role
from warfare.models import Siege, SiegeMonth
from warfare.services.sieges import do_begin_siege

LEV, AUX, LEG = "raw_levy", "auxiliary", "legionary"
MINOR = "minor_fortified_city"


@pytest.fixture
def italia_umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Italia/Rome")


def url(event, path=""):
    return f"/events/{event.slug}/sieges/{path}"


def siege_url(siege, action=""):
    return url(siege.event, f"{siege.pk}/{action + '/' if action else ''}")


def squeezed(response):
    return re.sub(r"\s+", " ", response.content.decode()).replace("&#x27;", "'")


def page(client, address):
    response = client.get(address)
    assert response.status_code == 200, address
    return squeezed(response)


def post(client, address, data=None):
    """POST a form and follow it back to its page; the page's text, spaces squeezed."""
    response = client.post(address, data or {}, follow=True)
    assert response.status_code == 200, address
    return squeezed(response)


def refused(client, address, data=None):
    """POST a form the desk refuses, as htmx sends it from the page: its page again at status 400, nothing
    redirected; the response."""
    response = client.post(address, data or {}, headers={"HX-Request": "true"})
    assert response.status_code == 400, address
    assert response["HX-Push-Url"] == "false"  # the address stays the page's, not the form's
    return response


def next_turn(event, control):
    clockwork.do_skip_turn(event, actor=control)


def state_of_everything():
    return (
        sorted(Siege.objects.values_list("place", "state", "multiplier", "ended_turn")),
        sorted(SiegeMonth.objects.values_list("turn", "action", "legion__name")),
        sorted(Force.objects.values_list("name", "status", "fought_turn")),
        sorted(ForceTroops.objects.values_list("force__name", "type", "veteran", "count")),
        AuditEntry.objects.count(),
    )


# ---- who sees and runs what -------------------------------------------------------------------------


@pytest.mark.parametrize("which", ["", "sheet.pdf", "record.pdf"])
def test_every_umpire_of_the_event_sees_a_siege(client, cremona, control, italia_umpire, gaul_umpire, which):
    for user in (control, italia_umpire, gaul_umpire):
        client.force_login(user)
        assert client.get(siege_url(cremona) + which).status_code == 200, user
    assert client.get(url(cremona.event)).status_code == 200


def test_control_and_the_sieges_table_are_offered_the_months_work(client, cremona, control, italia_umpire):
    for user in (control, italia_umpire):
        client.force_login(user)
        text = page(client, siege_url(cremona))
        assert "This month's work" in text and f'action="{siege_url(cremona, "build-engines")}"' in text, user


def test_another_tables_umpire_sees_the_siege_but_no_work(client, cremona, gaul_umpire):
    client.force_login(gaul_umpire)
    text = page(client, siege_url(cremona))
    assert (
        "Siege of Cremona" in text
        and "This month's work" not in text
        and '<form method="post" action' not in text.replace('action="/logout/"', "")
    )


@pytest.mark.parametrize(
    "action, data",
    [
        ("build-engines", {"legion": "xlv"}),
        ("reduce-defences", {}),
        ("assault", {"dice": "10,3"}),
        ("lift", {"reason": "Vitellius"}),
    ],
)
def test_another_tables_umpire_gets_404_on_every_change(client, cremona, armies, gaul_umpire, action, data):
    data = {key: armies[0].pk if value == "xlv" else value for key, value in data.items()}
    before = state_of_everything()
    client.force_login(gaul_umpire)
    assert client.post(siege_url(cremona, action), data).status_code == 404
    assert state_of_everything() == before


def test_another_tables_umpire_gets_404_placing_losses(client, cremona, control, gaul_umpire):
    client.force_login(control)
    post(client, siege_url(cremona, "assault"), {"dice": "5,1"})  # a bloody repulse, an uneven split
    month = SiegeMonth.objects.get(action="assault")
    client.force_login(gaul_umpire)
    assert client.post(url(cremona.event, f"assaults/{month.pk}/besiegers/place-losses/"), {}).status_code == 404


def test_another_tables_umpire_cannot_begin_a_siege_there(client, armies, italia, gaul_umpire):
    xlv, xlvi, _ = armies
    client.force_login(gaul_umpire)
    text = squeezed(
        refused(
            client,
            url(italia.event, "begin/"),
            {"place": "Cremona", "place_type": MINOR, "province": italia.pk, "besiegers": [xlv.pk, xlvi.pk]},
        )
    )
    assert "Its province: Select a valid choice" in text and not Siege.objects.exists()


# ---- the three-turn siege, through the forms ----------------------------------------------------------


def test_siege_of_a_minor_fortified_city_over_three_turns_through_the_desk(
    client, ad69, italia, armies, italia_umpire, control
):
    """The three turns of tests/warfare/test_sieges.py, by the Italia umpire at his tablet: begin,
    both legions build engines; next turn reduce 5 → 4; next turn assault with Simplex in person and
    the table's 10 and 3: 23 against 11, +12, Cremona falls; the besiegers' 1 unit is placed."""
    xlv, xlvi, garrison = armies
    client.force_login(italia_umpire)
    text = post(
        client,
        url(ad69, "begin/"),
        {
            "place": "Cremona",
            "place_type": MINOR,
            "province": italia.pk,
            "besiegers": [xlv.pk, xlvi.pk],
            "garrison": [garrison.pk],
        },
    )
    siege = Siege.objects.get()
    assert "The siege of Cremona is begun: strength multiplier 5." in text
    assert (siege.starting_multiplier, siege.multiplier, siege.begun_turn, siege.state) == (5, 5, 1, "active")

    post(client, siege_url(siege, "build-engines"), {"legion": xlv.pk})
    text = post(client, siege_url(siege, "build-engines"), {"legion": xlvi.pk})
    assert "Legion XLVI builds a set of siege engines at Cremona." in text
    assert 'Engine sets<strong id="engine-sets">2 of 2</strong>' in text
    assert "Not now: Cremona has had its month's work this turn (build siege engines): one action a month." in text

    next_turn(ad69, control)
    text = post(client, siege_url(siege, "reduce-defences"))
    assert "Cremona's defences are reduced: strength multiplier 4." in text
    assert 'Multiplier now<strong id="multiplier">4</strong>' in text and "At the start<strong>5</strong>" in text
    assert "-1 for a month of reduction" in text

    next_turn(ad69, control)
    Character.objects.filter(name="Caecilius Simplex").update(location=italia.region)
    text = post(client, siege_url(siege, "assault"), {"commander_joins": "on", "dice": "10,3"})
    assert "The assault on Cremona: +12, the place falls. The besiegers lose 1, the garrison 7." in text
    assert "+2 Legionary Commander in person" in text and "X. SIEGE COMBAT RESULTS" in text
    siege.refresh_from_db()
    assert (siege.state, siege.ended_turn) == ("fallen", 3)
    assert composition(garrison) == []
    assert "The besiegers' losses of turn 3 wait for their owner" in text
    assert "The besiegers lose 1: none yet; 1 for the owner to place" in text
    assert "The garrison lose 7: 3 Cremona garrison auxiliary, 4 Cremona garrison raw levy" in text

    month = SiegeMonth.objects.get(action="assault")
    groups = dict(re.findall(r'<label for="[\w-]*?(group_\d+)">([^<]+?)<span', text))
    assert sorted(groups.values()) == [
        "Legion XLV auxiliary",
        "Legion XLV legionary",
        "Legion XLVI auxiliary",
        "Legion XLVI legionary",
    ]
    placed = {field: int(label == "Legion XLV auxiliary") for field, label in groups.items()}
    text = post(client, url(ad69, f"assaults/{month.pk}/besiegers/place-losses/"), placed)
    assert "The besiegers' losses of turn 3 are placed." in text
    assert "The besiegers lose 1: 1 Legion XLV auxiliary" in text and "Place the losses" not in text
    assert SiegeMonth.objects.get(pk=month.pk).sides_waiting == []
    assert composition(xlv) == [(AUX, 4, False), (LEG, 5, False), (LEV, 10, False)]
    assert composition(xlvi) == [(AUX, 5, False), (LEG, 5, False)]


def test_two_actions_in_one_month_are_refused_and_change_nothing(client, cremona, armies, italia_umpire):
    client.force_login(italia_umpire)
    post(client, siege_url(cremona, "build-engines"), {"legion": armies[0].pk})
    before = state_of_everything()
    text = squeezed(refused(client, siege_url(cremona, "reduce-defences")))
    assert "Siege: Cremona has had its month's work this turn (build siege engines): one action a month." in text
    text = squeezed(refused(client, siege_url(cremona, "assault"), {"dice": "12,1"}))
    assert "one action a month" in text
    assert state_of_everything() == before


def test_bad_dice_are_refused_by_the_form_and_change_nothing(client, cremona, italia_umpire):
    client.force_login(italia_umpire)
    before = state_of_everything()
    response = refused(client, siege_url(cremona, "assault"), {"dice": "10", "commander_joins": "on"})
    assert "Dice from the table: Enter two d12" in squeezed(response)
    typed = response.context["panels"][2].form  # the assault's panel, as typed, the problem beside its field
    assert typed.errors == {"dice": ["Enter two d12: the attackers', then the defenders'."]}
    assert 'value="10"' in squeezed(response) and typed["commander_joins"].value() is True
    response = refused(client, siege_url(cremona, "assault"), {"dice": "13,1"})
    assert "is a d12: 13 is not on it" in squeezed(response)
    assert "is a d12: 13 is not on it" in str(response.context["panels"][2].form.errors)
    assert state_of_everything() == before


def test_with_no_dice_entered_the_console_rolls_them_seeded(client, cremona, italia_umpire):
    client.force_login(italia_umpire)
    text = post(client, siege_url(cremona, "assault"), {"dice": ""})
    month = SiegeMonth.objects.get(action="assault")
    assert month.rolled_by_console and month.seed is not None and len(month.dice) == 2
    assert f"rolled by the console, seed {month.seed}" in text


def test_lifting_the_siege_needs_a_reason_and_stands_the_besiegers(client, cremona, armies, italia_umpire):
    client.force_login(italia_umpire)
    assert "Why is it lifted?: Say why the siege is lifted." in squeezed(refused(client, siege_url(cremona, "lift")))
    text = post(client, siege_url(cremona, "lift"), {"reason": "Vitellius' army approaches"})
    assert "The siege of Cremona is lifted." in text and "This month's work" not in text
    assert [f.status for f in Force.objects.filter(pk__in=[armies[0].pk, armies[1].pk])] == ["standing", "standing"]


# ---- the index --------------------------------------------------------------------------------------


def test_index_shows_active_sieges_first_the_umpires_table_first(client, ad69, cremona, control, italia, gaul_umpire):
    gallia = Province.objects.filter(event=ad69, region__name="Gaul").order_by("name").first()
    gauls = legion(ad69, "Legion I Germanica", gallia.name, [(LEG, 5, False)])
    lugdunum = do_begin_siege(
        besiegers=[gauls], place="Lugdunum", place_type="fortified_town", province=gallia, actor=control
    )
    bedriacum = do_begin_siege(
        besiegers=[legion(ad69, "Legion VII", "Italia", [(LEG, 5, False)])],
        place="Bedriacum",
        place_type="fortified_town",
        province=italia,
        actor=control,
    )
    client.force_login(control)
    post(client, siege_url(bedriacum, "lift"), {"reason": "relieved"})
    client.force_login(gaul_umpire)
    text = page(client, url(ad69))
    assert (
        text.index(f'id="siege-{lugdunum.pk}"')
        < text.index(f'id="siege-{cremona.pk}"')
        < text.index(f'id="siege-{bedriacum.pk}"')
    )
    assert f'<section class="table-sieges mine" id="table-{gallia.region_id}">' in text
    assert 'data-refresh="siege.changed force.changed clock.changed"' in text
    assert 'action="/events/ad69/sieges/begin/"' in text


def test_index_query_count_does_not_grow_with_the_sieges(client, ad69, cremona, control, italia):
    client.force_login(control)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            page(client, url(ad69))
        return len(captured)

    page(client, url(ad69))  # the first page reads the event's setting, kept for the pages after it
    baseline = queries()
    for n in range(4):
        force = legion(ad69, f"Legio Extra {n}", "Italia", [(LEG, 5, False)])
        do_begin_siege(
            besiegers=[force], place=f"Town {n}", place_type="fortified_town", province=italia, actor=control
        )
    assert queries() == baseline


def test_siege_page_query_count_does_not_grow_with_the_months(client, ad69, cremona, armies, control):
    xlv, xlvi, _ = armies
    client.force_login(control)
    post(client, siege_url(cremona, "build-engines"), {"legion": xlv.pk})
    post(client, siege_url(cremona, "build-engines"), {"legion": xlvi.pk})

    def reduced_then_counted():
        next_turn(ad69, control)
        post(client, siege_url(cremona, "reduce-defences"))
        with CaptureQueriesContext(connection) as captured:
            page(client, siege_url(cremona))
        return len(captured)

    assert reduced_then_counted() == reduced_then_counted()
    assert SiegeMonth.objects.filter(action="reduce_defences").count() == 2


def test_a_besieger_id_too_long_for_the_database_is_a_wrong_choice(client, armies, italia, italia_umpire):
    """Found by the form fuzz: a 30-digit id overflowed the database's integer, a server error."""
    client.force_login(italia_umpire)
    before = state_of_everything()
    response = refused(
        client,
        url(italia.event, "begin/"),
        {"place": "Cremona", "place_type": MINOR, "province": italia.pk, "besiegers": ["9" * 30]},
    )
    assert f"{'9' * 30} is not one of the available choices" in squeezed(response)
    assert 'value="Cremona"' in squeezed(response)  # what was typed stays in the form
    assert state_of_everything() == before


def test_a_refused_split_comes_back_as_typed_in_its_panel(client, cremona, armies, italia_umpire, italia):
    """An uneven loss placed with a count outside its share: the siege's page at 400, the split as typed."""
    client.force_login(italia_umpire)
    Character.objects.filter(name="Caecilius Simplex").update(location=italia.region)
    post(client, siege_url(cremona, "assault"), {"commander_joins": "on", "dice": "10,3"})
    month = SiegeMonth.objects.get(action="assault")
    before = state_of_everything()
    response = refused(client, url(cremona.event, f"assaults/{month.pk}/besiegers/place-losses/"), {"group_0": "9"})
    typed = response.context["loss_panels"][0].form
    assert typed["group_0"].value() == "9" and "group_0" in typed.errors
    assert 'name="group_0" value="9"' in squeezed(response)
    assert 'id="place-losses" data-current-step' in squeezed(response)
    assert state_of_everything() == before
