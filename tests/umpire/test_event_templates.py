"""Events made from their ruleset's template, from Control's pages: AD69's world under the new event's own slug,
each board game with its trackers, data tables and sequence of play; refusals that write nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from boardgames.models import DataTable, SequencePosition, Tracker
from boardgames.registry import get_declarations, get_standard_trackers
from boardgames.sequence import first_place, load_sequence
from regions.models import Fleet, Force, Province
from umpire.models import AuditEntry, Character, Event, GameClock, Region, Role, Route, TurnPhase, UmpireSeat
from umpire.services.event_templates import do_create_event_from_template
from umpire.services.undo import do_undo

BOARD_GAMES = ["hannibal_barkas", "optimus_princeps", "imperium_romanum", "thunderbolt"]
CALENDAR = {"start_year": 218, "start_month": 3, "number_of_turns": 12, "turn_minutes": 30}


def everything():
    """What a refusal must leave as it was: every event and what hangs on it, the log, the accounts."""
    models = (Event, Region, Route, Character, Province, Force, GameClock, UmpireSeat, Tracker, DataTable, AuditEntry)
    return [model.objects.count() for model in models] + [get_user_model().objects.count()]


def ad69_counts(event):
    return {
        "tables": Region.objects.filter(event=event).count(),
        "routes": Route.objects.filter(event=event).count(),
        "characters": Character.objects.filter(event=event).count(),
        "provinces": Province.objects.filter(event=event).count(),
        "phases": TurnPhase.objects.filter(event=event).count(),
        "forces": Force.objects.filter(event=event).count(),
    }


@pytest.mark.parametrize("ruleset", BOARD_GAMES)
def test_each_board_game_starts_with_its_trackers_data_tables_and_sequence(ad69, control, ruleset):
    event = do_create_event_from_template(name="A game", slug="game", ruleset=ruleset, calendar=CALENDAR, actor=control)

    assert (event.ruleset, event.start_year, event.number_of_turns, event.turn_minutes) == (ruleset, 218, 12, 30)
    assert GameClock.objects.filter(event=event, turn=1).exists()
    trackers = set(Tracker.objects.filter(event=event).values_list("name", flat=True))
    assert trackers == {tracker.name for tracker in get_standard_trackers(ruleset)}
    tables = set(DataTable.objects.filter(event=event).values_list("key", flat=True))
    assert tables == {declaration.key for declaration in get_declarations(ruleset)}
    place = first_place(load_sequence(ruleset))
    position = SequencePosition.objects.get(event=event)
    assert (position.round, position.stage, position.phase) == (place.round, place.stage, place.phase)
    assert UmpireSeat.objects.filter(event=event, user=control, role=Role.CONTROL).exists()


def test_a_new_event_is_one_audited_action_whose_steps_are_its_parts(ad69, control):
    event = do_create_event_from_template(
        name="Hannibal", slug="hb-new", ruleset="hannibal_barkas", calendar=CALENDAR, actor=control
    )
    entry = AuditEntry.objects.get(event=event, action="event.created")
    assert entry.actor == control and entry.after["slug"] == "hb-new"
    others = AuditEntry.objects.filter(event=event).exclude(pk=entry.pk)
    assert others.exists() and not others.filter(part_of__isnull=True).exists()
    assert {"umpire.event.create", "tracker.opened", "datatable.prepared", "umpire.umpireseat.create"} <= set(
        others.values_list("action", flat=True)
    )


def test_a_new_event_is_not_undone_from_its_log_and_nothing_changes(ad69, control):
    event = do_create_event_from_template(
        name="Hannibal", slug="hb-new", ruleset="hannibal_barkas", calendar=CALENDAR, actor=control
    )
    before = everything()
    with pytest.raises(ValidationError, match="not unmade from its own log"):
        do_undo(AuditEntry.objects.get(event=event, action="event.created"), actor=control, reason="a mistake")
    assert everything() == before


def test_ad69_loads_the_handbook_world_under_the_new_event_s_slug(ad69, control):
    event = do_create_event_from_template(name="AD69 at Leeds", slug="ad69-leeds", ruleset="ad69", actor=control)

    assert (event.name, event.start_year, event.start_month, event.number_of_turns) == ("AD69 at Leeds", 68, 9, 21)
    assert ad69_counts(event) == {**ad69_counts(ad69), "forces": 0}
    assert GameClock.objects.get(event=event).first_turn_time == GameClock.objects.get(event=ad69).first_turn_time
    # every record points into its own event: the fixture's slug was rewritten everywhere
    assert not Province.objects.filter(event=event).exclude(region__event=event).exists()
    assert not Province.objects.filter(event=event, governor__isnull=False).exclude(governor__event=event).exists()
    assert not Route.objects.filter(event=event).exclude(one__event=event, other__event=event).exists()
    assert not Character.objects.filter(event=event, location__isnull=False).exclude(location__event=event).exists()
    assert UmpireSeat.objects.filter(event=event, user=control, role=Role.CONTROL).exists()


def test_two_ad69_events_live_side_by_side_with_their_own_demo_forces(ad69, control):
    ad69_before = ad69_counts(ad69)
    first = do_create_event_from_template(name="AD69 one", slug="one", ruleset="ad69", demo_forces=True, actor=control)
    second = do_create_event_from_template(name="AD69 two", slug="two", ruleset="ad69", demo_forces=True, actor=control)

    assert ad69_counts(first) == ad69_counts(second) == {**ad69_before, "forces": 36}
    assert ad69_counts(ad69) == ad69_before
    for event in (first, second):
        forces = Force.objects.filter(event=event)
        assert not forces.exclude(province__event=event).exists() and not forces.filter(is_demo=False).exists()
        assert Fleet.objects.filter(event=event, base__event=event, is_demo=True).count() == 8


def test_ad69_with_the_demo_cast_gives_every_character_his_figures(ad69, control):
    event = do_create_event_from_template(
        name="AD69 demo", slug="demo", ruleset="ad69", demo_forces=True, demo_cast=True, actor=control
    )
    characters = Character.objects.filter(event=event)
    assert characters.exists() and not characters.filter(is_demo=False).exists()
    assert not characters.filter(wealth__isnull=True).exists()
    assert not Character.objects.filter(event=ad69, is_demo=True).exists()
    entry = AuditEntry.objects.get(event=event, action="event.created")
    assert AuditEntry.objects.filter(event=event, part_of=entry).exclude(action__startswith="umpire.").exists()


@pytest.mark.parametrize(
    "asked, field, words",
    [
        ({"slug": "ad69", "ruleset": "ad69"}, "slug", "The slug 'ad69' is AD69: The Year of the Four Emperors's"),
        ({"slug": "ad69", "ruleset": "hannibal_barkas", "calendar": CALENDAR}, "slug", "choose another"),
        ({"slug": "not a slug!", "ruleset": "hannibal_barkas", "calendar": CALENDAR}, "slug", "valid"),
        ({"slug": "new", "ruleset": "chess"}, "ruleset", "No template for the ruleset 'chess'"),
        ({"slug": "new", "ruleset": "hannibal_barkas"}, "number_of_turns", "rulebook gives no start or length"),
        ({"slug": "new", "ruleset": "ad69", "calendar": {"number_of_turns": 5}}, "number_of_turns", "handbook"),
        (
            {"slug": "new", "ruleset": "hannibal_barkas", "calendar": CALENDAR, "demo_forces": True},
            "demo_forces",
            "Hannibal Barkas has no demo forces",
        ),
        (
            {"slug": "new", "ruleset": "thunderbolt", "calendar": {**CALENDAR, "start_month": 13}},
            "start_month",
            "less than or equal to 12",
        ),
        ({"slug": "new", "ruleset": "ad69", "name": ""}, "name", "cannot be blank"),
    ],
)
def test_bad_input_is_refused_by_its_field_and_writes_nothing(ad69, control, asked, field, words):
    before = everything()
    with pytest.raises(ValidationError) as refusal:
        do_create_event_from_template(**{"name": "A new event", **asked}, actor=control)
    assert words in " ".join(refusal.value.message_dict[field])
    assert everything() == before


# ---- the page ---------------------------------------------------------------------------------------------------


def test_control_makes_a_board_game_event_from_the_page_and_lands_on_its_sequence(client, ad69, control):
    client.force_login(control)
    form = client.get("/events/new/").content.decode()
    assert "Hannibal Barkas" in form and "21 turns of 20 minutes" in form

    response = client.post(
        "/events/new/", {"name": "Hannibal at Cannae", "slug": "cannae", "ruleset": "hannibal_barkas", **CALENDAR}
    )

    assert response.status_code == 302 and response.url == "/events/cannae/sequence/"
    assert Event.objects.get(slug="cannae").seats.get().user == control


def test_a_refusal_on_the_page_names_the_field_and_makes_nothing(client, ad69, control):
    client.force_login(control)
    before = everything()
    response = client.post("/events/new/", {"name": "Twice", "slug": "ad69", "ruleset": "ad69"})
    assert response.status_code == 400
    assert "The slug &#x27;ad69&#x27; is AD69" in response.content.decode()
    assert everything() == before


def test_a_superuser_may_make_an_event_and_is_seated_as_its_control(client, ad69, django_user_model):
    admin = django_user_model.objects.create_superuser("root", password="a-long-password")
    client.force_login(admin)
    client.post("/events/new/", {"name": "AD69 bis", "slug": "bis", "ruleset": "ad69"})
    assert UmpireSeat.objects.filter(event__slug="bis", user=admin, role=Role.CONTROL).exists()


def test_only_control_of_some_event_may_open_the_new_event_page(client, ad69, make_umpire):
    assert client.get("/events/new/").url.startswith("/login/")
    client.force_login(make_umpire(ad69, Role.REGION, "Gaul"))
    before = everything()
    assert client.get("/events/new/").status_code == 404
    assert client.post("/events/new/", {"name": "Mine", "slug": "mine", "ruleset": "ad69"}).status_code == 404
    assert everything() == before
