"""The umpire's home page: the tables, their provinces and the characters at each."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from regions.models import Province
from umpire.models import Character, Region, Role
from umpire.services.records import do_save_record


def test_sign_in_is_required(client, ad69):
    response = client.get("/events/ad69/world/")
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_home_takes_an_umpire_straight_to_his_event(client, ad69, make_umpire):
    # a Region umpire goes on to his own table's console (tests/umpire/test_home_page.py)
    client.force_login(make_umpire(ad69, Role.SENATE))
    response = client.get("/")
    assert response.status_code == 302 and response.url == "/events/ad69/world/"


def test_world_page_lists_tables_provinces_and_characters(client, ad69, make_umpire):
    client.force_login(make_umpire(ad69, Role.SENATE))
    page = client.get("/events/ad69/world/").content.decode()
    for text in [
        "Northern",
        "North Africa",
        "Senate",
        "Judea",
        "0 (40)",
        "Flavius Vespasianus",
        "Titus Vinius",
        "The Senate of Rome",
        "from Italia",
        "September 68",
    ]:
        assert text in page, text


def test_someone_without_a_seat_is_told_nothing(client, ad69, django_user_model):
    client.force_login(django_user_model.objects.create_user("stranger", password="x" * 10))
    assert client.get("/events/ad69/world/").status_code == 404
    assert client.get("/events/no-such-event/world/").status_code == 404


def world_page_queries(client):
    with CaptureQueriesContext(connection) as captured:
        assert client.get("/events/ad69/world/").status_code == 200
    return len(captured)


def test_world_page_query_count_does_not_grow_with_the_world(client, ad69, control):
    client.force_login(control)

    client.get("/events/ad69/world/")  # the first page reads the event's setting, kept for the pages after it
    baseline = world_page_queries(client)
    gaul = Region.objects.get(event=ad69, name="Gaul")
    for n in range(5):
        governor = do_save_record(
            Character(event=ad69, name=f"Extra {n}", role="governor", social_class="senator", location=gaul),
            actor=control,
        )
        do_save_record(
            Province(
                event=ad69,
                name=f"Extra {n}",
                region=gaul,
                income_per_quarter=1,
                road_cost=1,
                province_type="imperial",
                governor=governor,
            ),
            actor=control,
        )
    assert world_page_queries(client) == baseline


def test_a_region_umpire_sees_his_own_table_marked(client, ad69, make_umpire):
    client.force_login(make_umpire(ad69, Role.REGION, "Gaul"))
    page = client.get("/events/ad69/world/").content.decode()
    gaul = Region.objects.get(event=ad69, name="Gaul")
    assert f'class="table-card mine" id="table-{gaul.pk}"' in page
    assert page.count("your table") == 1
    assert "admin" not in page


def test_world_page_query_count_does_not_grow_with_umpires_or_travellers(client, ad69, control, make_umpire):
    client.force_login(control)
    gaul = Region.objects.get(event=ad69, name="Gaul")

    client.get("/events/ad69/world/")  # the first page reads the event's setting, kept for the pages after it
    baseline = world_page_queries(client)
    for n in range(3):
        make_umpire(ad69, Role.REGION, "Gaul", username=f"extra-umpire-{n}")
        do_save_record(
            Character(event=ad69, name=f"Traveller {n}", role="senator", social_class="senator", travelling_to=gaul),
            actor=control,
        )
    client.get("/events/ad69/world/")  # a new seat renews the event's setting: this page reads it again
    page = client.get("/events/ad69/world/").content.decode()
    assert "extra-umpire-2" in page and "Traveller 2" in page and "travelling to Gaul" in page
    assert world_page_queries(client) == baseline


def test_a_table_added_shows_on_the_next_world_page(client, ad69, control):
    # the page's tables are the regions its process keeps: adding one must not leave them stale
    client.force_login(control)
    client.get("/events/ad69/world/")
    do_save_record(Region(event=ad69, name="Britannia", position=99), actor=control)
    assert "Britannia" in client.get("/events/ad69/world/").content.decode()
