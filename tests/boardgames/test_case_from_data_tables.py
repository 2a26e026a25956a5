"""A procedure's case takes the cells it leaves empty from the event's data tables, never over what the
umpire typed, never inventing one the table lacks; in one query whatever the case holds."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from boardgames.case_sources import fill_from_data_tables, register_case_source
from boardgames.models import DataTable
from boardgames.services.tables import do_prepare_data_tables, do_save_data_rows
from umpire.models import ProcedureRun, Role
from umpire.rules.hannibal_barkas.cities import CityCard

CAPTURE = "hannibal_barkas.city_capture"
GARRISON = "hannibal_barkas.city_garrison"
LEADERS = [
    "Cartalon",
    "Magon Barkas",
    "Hannon",
    "Maharbal",
    "Hasdrubal Barkas",
    "Hannon Magnus",
    "Philip V",
    "Ajostros",
    "Consul I",
    "Consul II",
]


@pytest.fixture
def tables(hb, hb_control):
    do_prepare_data_tables(hb, actor=hb_control)
    return {table.key: table for table in DataTable.objects.filter(event=hb)}


@pytest.fixture
def saguntum(tables, hb_control):
    """Control fills in Saguntum's card; Roma's defence and VP stay empty."""
    do_save_data_rows(tables["city_cards"], rows=[("Saguntum", {"defence": "5", "vp": "12"})], actor=hb_control)


def capture(city, **more):
    return {"city": city, "by": "assault", "capturer": "carthage", **more}


def save(client, user, key, case, dice=(), slug="hb"):
    client.force_login(user)
    return client.post(
        f"/events/{slug}/rules/{key}/save", {"case": case, "dice": list(dice)}, content_type="application/json"
    )


def desk_run(client, user, key, case, slug="hb"):
    client.force_login(user)
    return client.post(f"/events/{slug}/rules/{key}/run?seed=1", case, content_type="application/json")


def texts(working):
    return [line["text"] for line in working]


def test_a_saved_capture_takes_the_city_card_control_filled_in(client, hb, saguntum, hb_umpire):
    reply = save(client, hb_umpire, CAPTURE, capture({"name": "Saguntum"}))
    assert reply.status_code == 200
    record = ProcedureRun.objects.get(pk=reply.json()["id"])
    assert record.case["city"] == {"name": "Saguntum", "defence": 5, "vp": 12}
    assert record.outcome["city_vp"] == 12 and record.outcome["capturer_vp"] == 12
    assert "Carthage captures Saguntum: +12 VP" in texts(record.working)
    assert reply.json()["notes"][0] == "Saguntum: defence 5, vp 12, from the event's City cards"
    assert record.note == ""


def test_a_desk_run_takes_the_defence_and_says_what_it_filled(client, hb, saguntum, hb_umpire):
    reply = desk_run(client, hb_umpire, GARRISON, {"city": {"name": "Saguntum"}, "inside": {"heavy_infantry": 4}})
    assert reply.status_code == 200
    assert reply.json()["outcome"]["room"] == 10 and reply.json()["outcome"]["level"] == 5
    assert reply.json()["filled"] == ["Saguntum: defence 5, vp 12, from the event's City cards"]


def test_a_value_the_umpire_typed_is_kept_over_the_tables(client, hb, saguntum, hb_umpire):
    reply = save(client, hb_umpire, CAPTURE, capture({"name": "Saguntum", "vp": 3, "defence": None}))
    record = ProcedureRun.objects.get(pk=reply.json()["id"])
    assert record.case["city"] == {"name": "Saguntum", "vp": 3, "defence": 5}
    assert record.outcome["city_vp"] == 3
    assert reply.json()["notes"][0] == "Saguntum: defence 5, from the event's City cards"


def test_a_cell_empty_in_the_table_still_stops_the_procedure_naming_it(client, hb, saguntum, hb_umpire):
    reply = save(client, hb_umpire, CAPTURE, capture({"name": "Roma"}))
    assert reply.status_code == 400
    error = reply.json()["error"]
    assert error["field"] == "city.vp" and "the city card of Roma: its Victory Points" in error["message"]
    assert not ProcedureRun.objects.exists()


def test_a_required_cell_left_out_and_empty_in_the_table_is_refused_by_its_path(client, hb, tables, hb_umpire):
    side = {"units": {"heavy_infantry": 5}, "leaders": [{"name": "Maharbal"}]}
    case = {"attacker": {**side, "name": "Carthage"}, "defender": {"name": "Rome", "units": {"heavy_infantry": 5}}}
    reply = desk_run(client, hb_umpire, "hannibal_barkas.battle", case)
    assert reply.status_code == 400 and reply.json()["error"]["field"] == "attacker.leaders.0.command"


def test_sigas_given_cells_need_nothing_from_control(client, hb, tables, hb_umpire):
    reply = save(client, hb_umpire, CAPTURE, capture({"name": "Siga"}))
    record = ProcedureRun.objects.get(pk=reply.json()["id"])
    assert record.outcome["city_vp"] == 8 and record.case["city"]["vp"] == 8
    assert reply.json()["notes"][0] == (
        "Siga: defence 4 (the rulebook's), vp 8 (the rulebook's), from the event's City cards"
    )


def test_sigas_given_cells_come_from_the_rulebook_before_the_tables_are_made(client, hb, hb_umpire):
    reply = save(client, hb_umpire, CAPTURE, capture({"name": "Siga"}))
    record = ProcedureRun.objects.get(pk=reply.json()["id"])
    assert record.outcome["city_vp"] == 8 and record.case["city"] == {"name": "Siga"}
    assert reply.json()["notes"] == []


def test_hannibals_card_fills_a_battle_leader(client, hb, tables, hb_umpire):
    side = {"units": {"heavy_infantry": 5}, "leaders": [{"name": "Hannibal", "reduces_enemy_command": 1}]}
    case = {
        "attacker": {**side, "name": "Carthage"},
        "defender": {"name": "Rome", "units": {"heavy_infantry": 5}},
        "max_rounds": 1,
    }
    reply = desk_run(client, hb_umpire, "hannibal_barkas.battle", case)
    assert reply.status_code == 200, reply.json()
    assert reply.json()["filled"] == [
        "Hannibal: command 3 (the rulebook's), victory points 8 (the rulebook's), from the event's Leader cards"
    ]


def test_tribes_cities_and_flags_are_read_as_their_fields_types(hb, tables, hb_control):
    do_save_data_rows(tables["gallic_tribes"], rows=[("Boii", {"infantry": "5", "cavalry": "2"})], actor=hb_control)
    do_save_data_rows(
        tables["city_cards"], rows=[("Carthago", {"income": "6", "port": "yes", "elephants": "no"})], actor=hb_control
    )
    do_save_data_rows(tables["siege_track_flags"], rows=[("5", {"flag": "8"})], actor=hb_control)
    economy = {
        "player": "Hannibal",
        "nation": "carthage",
        "treasury": 0,
        "units": {},
        "cities": [{"name": "Carthago"}],
        "tribes": [{"name": "Boii", "allied": True}],
    }
    filled, _ = fill_from_data_tables(hb, "hannibal_barkas.economy_phase", economy)
    assert filled["cities"] == [{"name": "Carthago", "income": 6, "port": True, "elephants": False}]
    assert filled["tribes"] == [{"name": "Boii", "allied": True, "infantry": 5, "cavalry": 2}]
    stage = {"city": {"name": "Siga"}, "besiegers": {}, "flags": [{"field": 5}, {"field": 3}, {"field": 2}]}
    filled, notes = fill_from_data_tables(hb, "hannibal_barkas.siege_stage", stage)
    assert filled["flags"] == [{"field": 5, "needs": 8}, {"field": 3, "needs": 9}, {"field": 2}]
    assert "5: needs 8, from the event's Siege track flags" in notes
    assert economy["cities"] == [{"name": "Carthago"}], "the case handed in is left as it was"


def test_a_case_the_preparer_cannot_read_is_left_for_the_procedure_to_refuse(client, hb, tables, hb_umpire):
    assert fill_from_data_tables(hb, CAPTURE, ["not", "a", "case"]) == (["not", "a", "case"], [])
    assert fill_from_data_tables(hb, CAPTURE, {"city": "Saguntum"}) == ({"city": "Saguntum"}, [])
    reply = desk_run(client, hb_umpire, CAPTURE, capture({"name": True}))
    assert reply.status_code == 400 and reply.json()["error"]["field"] == "city.name"


def test_an_ad69_events_runs_are_untouched(client, ad69, make_umpire, django_assert_num_queries):
    case = capture({"name": "Siga"})
    with django_assert_num_queries(0):
        assert fill_from_data_tables(ad69, CAPTURE, case) == (case, [])
    reply = desk_run(client, make_umpire(ad69, Role.CONTROL, username="ad69-control"), CAPTURE, case, slug="ad69")
    assert reply.status_code == 200 and reply.json()["filled"] == []
    assert "Siga: Victory Points 8, from the rulebook" in texts(reply.json()["working"])


def test_one_query_fills_the_case_whatever_it_holds(hb, tables, django_assert_num_queries):
    many = capture({"name": "Saguntum"}, leaders_inside=[{"name": name} for name in LEADERS])
    with django_assert_num_queries(1):
        fill_from_data_tables(hb, CAPTURE, capture({"name": "Saguntum"}))
    with django_assert_num_queries(1):
        fill_from_data_tables(hb, CAPTURE, many)


def test_saving_a_run_with_more_cards_makes_no_more_queries(client, hb, saguntum, hb_control):
    do_save_data_rows(
        DataTable.objects.get(event=hb, key="leader_cards"),
        rows=[(name, {"vp": "2"}) for name in LEADERS],
        actor=hb_control,
    )
    save(client, hb_control, CAPTURE, capture({"name": "Saguntum"}))  # the session and the caches, once
    counts = []
    for leaders in (LEADERS[:1], LEADERS):
        with CaptureQueriesContext(connection) as queries:
            reply = save(
                client,
                hb_control,
                CAPTURE,
                capture({"name": "Saguntum"}, leaders_inside=[{"name": n} for n in leaders]),
            )
        assert reply.status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
    assert ProcedureRun.objects.latest("pk").outcome["leader_vp"] == 20


def test_a_source_must_name_the_kinds_fields():
    with pytest.raises(ValueError, match="no field shield"):
        register_case_source(CityCard, table="city_cards", row_from="name", cells={"shield": "defence"})


def test_a_choice_cell_is_read_as_its_value_and_any_other_text_does_not_fit():
    from boardgames.case_sources import as_field
    from umpire.rules.schema import Choice

    class Family(Choice):
        BARCIDS = "barcids"
        MAGONIDS = "magonids"

    assert as_field(Family, "barcids") == "barcids"
    assert as_field(Family | None, "magonids") == "magonids"
    assert as_field(Family, "Barca") is None
