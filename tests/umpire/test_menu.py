"""The menu bar, grouped by what each role does: a Region umpire's few links start at his table's console, and
the rest of the event is one tap away under More; Control's pages are grouped, and only his seat sees them."""

import pytest
from django.urls import reverse

from umpire import menu
from umpire.menu import Group, get_menu, menu_of
from umpire.models import Role
from umpire.services.seats import do_assign_seat

pytestmark = pytest.mark.django_db


def labels(entries):
    return [entry.label for entry in entries]


def grouped(entries):
    return {entry.label: labels(entry.links) for entry in entries if isinstance(entry, Group)}


def test_a_region_umpires_menu_starts_at_his_tables_console_and_is_short(ad69, illyria_umpire):
    menu = get_menu(illyria_umpire, ad69)
    illyria = ad69.regions.get(name="Illyria")
    assert menu[0].label == "Illyria"
    assert menu[0].url == reverse("table:console", args=("ad69", illyria.pk))
    assert labels(menu) == ["Illyria", "Map", "Battles", "Sieges", "Post", "Rules desk", "Follow-ups", "More"]
    assert grouped(menu)["More"] == ["All tables", "Forces", "Treasury", "Senate", "Clock", "Rulings"]


def test_controls_menu_is_grouped_by_what_he_does(ad69, control):
    menu = get_menu(control, ad69)
    assert labels(menu) == ["Hall", "Clock", "Tables", "War", "Post", "Senate", "Desk", "Prepare"]
    assert grouped(menu)["Prepare"] == ["Prepare", "Edit the map", "Seats", "Backups", "Audit", "New event"]


def test_only_control_is_offered_the_pages_that_prepare_the_event(ad69, make_umpire):
    senate = make_umpire(ad69, Role.SENATE, username="senate")
    menu = get_menu(senate, ad69)
    assert labels(menu)[0] == "Senate"
    offered = labels(menu) + [label for links in grouped(menu).values() for label in links]
    assert not {"Hall", "Prepare", "Seats", "Backups", "Audit", "New event"} & set(offered)


def test_the_menu_bar_marks_the_page_open(client, ad69, illyria_umpire):
    client.force_login(illyria_umpire)
    page = client.get(reverse("mail:post", args=("ad69",))).content.decode()
    assert f'<a href="{reverse("mail:post", args=("ad69",))}" aria-current="page">Post</a>' in page
    assert "<summary>More</summary>" in page
    assert "Hall</a>" not in page


@pytest.fixture
def post_page(client, ad69, illyria_umpire):
    client.force_login(illyria_umpire)
    return reverse("mail:post", args=("ad69",))


def menu_built(client, url, monkeypatch):
    """The page, and how many times its menu bar was worked out rather than taken from what the process keeps."""
    built = []
    monkeypatch.setattr(menu, "menu_of", lambda user, event: built.append(user) or menu_of(user, event))
    page = client.get(url).content.decode()
    monkeypatch.undo()
    return page[page.index('<nav class="menu"') : page.index("</nav>")], len(built)


def test_the_next_page_takes_the_menu_bar_from_what_the_process_keeps(client, post_page, monkeypatch):
    first, built = menu_built(client, post_page, monkeypatch)
    assert built == 1
    again, built = menu_built(client, post_page, monkeypatch)
    assert built == 0 and again == first and "<summary>More</summary>" in again


def test_a_seat_given_shows_in_the_menu_bar_of_the_next_page(client, post_page, ad69, illyria_umpire, monkeypatch):
    menu_built(client, post_page, monkeypatch)
    gaul = ad69.regions.get(name="Gaul")
    do_assign_seat(event=ad69, user=illyria_umpire, role=Role.REGION, region=gaul, actor=None)
    page, built = menu_built(client, post_page, monkeypatch)
    assert built == 1 and f'href="{reverse("table:console", args=("ad69", gaul.pk))}">Gaul</a>' in page


def test_each_umpire_has_his_own_menu_bar(client, post_page, ad69, control, monkeypatch):
    region_bar, _ = menu_built(client, post_page, monkeypatch)
    client.force_login(control)
    control_bar, built = menu_built(client, post_page, monkeypatch)
    assert built == 1 and ">Hall</a>" in control_bar and ">Hall</a>" not in region_bar
