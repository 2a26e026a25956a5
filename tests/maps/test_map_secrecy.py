"""A map shows its viewer only what he may see: nothing of another table's in a Region umpire's table map or
Empire map (a force standing there, a letter between two other tables, a draft battle), and nothing but
geography on the projector's."""

import pytest
from django.urls import reverse
from django.utils import timezone

from mail.models import Letter, LetterStep
from maps.selectors import empire_map_data, projector_map_data, table_map_data
from maps.services import do_show_projector_map
from tests.map_builders import build_rhine_map
from tests.maps.map_pages import drawing, links, markers, standing
from umpire.models import Character, Region
from umpire.services.access_codes import do_reissue_display_code
from warfare.services.battles import do_open_battle

pytestmark = pytest.mark.django_db


@pytest.fixture
def rhine(ad69):
    return build_rhine_map(ad69)


@pytest.fixture
def northern_secrets(ad69, rhine, control):
    """At the Northern table: a legion at Mogontiacum (a far end on Gaul's map) and a draft battle at Vetera;
    and a letter in transit from the Northern table to the Alpes, neither of them Gaul."""
    tables = {t.name: t for t in Region.objects.filter(event=ad69)}
    xxii = standing(ad69, "Legion XXII Primigenia", rhine["Mogontiacum"])
    v = standing(ad69, "Legion V Alaudae", rhine["Vetera"])
    xv = standing(ad69, "Legion XV Primigenia", rhine["Vetera"])
    battle = do_open_battle(
        tables["Northern"], side_a_forces=[v], side_b_forces=[xv], title="Mutiny at Vetera", actor=control
    )
    letter = in_transit(ad69, tables["Northern"], tables["Alpes"], "NOR001")
    return {"force": xxii, "battle": battle, "letter": letter}


def in_transit(event, origin, destination, code):
    """A letter posted at `origin` and sent on in simulated transit (test set-up, not the post's round)."""
    sender = Character.objects.filter(event=event).order_by("pk").first()
    now = timezone.now()
    letter = Letter.objects.create(
        event=event,
        code=code,
        sender=sender,
        addressee=sender,
        origin=origin,
        destination=destination,
        written_turn=1,
        state=Letter.State.IN_TRANSIT,
        due_turn=2,
        moved_at=now,
    )
    LetterStep.objects.create(
        letter=letter, what=LetterStep.What.POSTED, table=origin, at=now, turn=1, month="September"
    )
    return letter


def gaul(event):
    return Region.objects.select_related("event").get(event=event, name="Gaul")


def said_anywhere(data):
    return " ".join(f"{m.label} {m.side} {m.strength}" for m in data.markers)


def test_no_force_or_battle_of_another_table_is_on_a_tables_map(client, ad69, northern_secrets, gaul_umpire):
    data = table_map_data(gaul(ad69), user=gaul_umpire)
    assert "Legion XXII Primigenia" not in said_anywhere(data) and "Mutiny at Vetera" not in said_anywhere(data)
    client.force_login(gaul_umpire)
    page = client.get(reverse("maps:table-map", args=(ad69.slug, gaul(ad69).pk)))
    assert "Mogontiacum" in page.content.decode()  # the far end of a crossing is drawn ...
    assert not markers(drawing(page))  # ... but not what stands there
    for secret in ("Legion XXII Primigenia", "Mutiny at Vetera", "NOR001"):
        assert secret not in page.content.decode()


def test_a_draft_battle_is_on_its_own_tables_map(ad69, northern_secrets, make_umpire):
    northern = Region.objects.select_related("event").get(event=ad69, name="Northern")
    umpire = make_umpire(ad69, "region", "Northern")
    assert "Mutiny at Vetera" in said_anywhere(table_map_data(northern, user=umpire))
    assert "Mutiny at Vetera" in said_anywhere(table_map_data(northern))  # its umpire's, whoever prints it


def test_a_region_umpires_empire_map_shows_his_own_tables_forces_and_letters_alone(
    client, ad69, rhine, northern_secrets, gaul_umpire
):
    tables = {t.name: t for t in Region.objects.filter(event=ad69)}
    standing(ad69, "Legion I Italica", rhine["Lugdunum"])
    in_transit(ad69, tables["Gaul"], tables["Alpes"], "GAU001")
    client.force_login(gaul_umpire)
    page = client.get(reverse("maps:empire-map", args=(ad69.slug,)))
    root = drawing(page)
    assert list(markers(root, "force")) == ["Legion I Italica"]
    assert links(root)["Northern|Alpes"] == 0  # between two other tables
    assert links(root)["Gaul|Alpes"] == 1  # his own
    for secret in ("Legion XXII Primigenia", "Mutiny at Vetera", "NOR001"):
        assert secret not in page.content.decode()


def test_controls_empire_map_shows_every_force_and_letter(ad69, rhine, northern_secrets, control):
    data = empire_map_data(ad69, user=control)
    assert {m.place for m in data.markers} == {f"p{rhine['Mogontiacum'].pk}", f"p{rhine['Vetera'].pk}"}
    assert {(link.one, link.other): link.letters for link in data.links}[("Northern", "Alpes")] == 1


def test_a_letter_is_counted_along_each_link_of_its_way(ad69, rhine, control):
    """From the Northern table to Spain there is no direct link: it goes by Gaul, and shows on both links."""
    tables = {t.name: t for t in Region.objects.filter(event=ad69)}
    in_transit(ad69, tables["Northern"], tables["Spain"], "SPA001")
    counted = {(link.one, link.other): link.letters for link in empire_map_data(ad69, user=control).links}
    assert counted[("Northern", "Gaul")] == 1 and counted[("Gaul", "Spain")] == 1
    assert sum(counted.values()) == 2


def test_the_projectors_map_has_no_forces_letters_or_battles(client, ad69, northern_secrets, control):
    data = projector_map_data(ad69)
    assert not data.markers and all(link.letters == 0 for link in data.links)
    do_show_projector_map(ad69, shown=True, actor=control)
    code = do_reissue_display_code(ad69, actor=None).code
    page = client.get(reverse("maps:projector-map", args=(ad69.slug,)), {"code": code}).content.decode()
    for secret in ("Legion XXII Primigenia", "Mutiny at Vetera", "NOR001", "data-kind="):
        assert secret not in page
