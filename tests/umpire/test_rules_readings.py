"""An event's readings of the points its rules leave open: Control chooses them, every run from the
desk starts from them, and the working says which reading was used."""

import re
from dataclasses import dataclass

import pytest

from tests.umpire.channels_helpers import listen
from umpire.events import control_group, umpires_group
from umpire.models import AuditEntry, Event, ProcedureReadings, ProcedureRun, Role
from umpire.rules.errors import RulesError
from umpire.rules.registry import REGISTRY, get_procedure, procedure
from umpire.rules.schema import Choice, spec
from umpire.rules.working import Result, Working
from umpire.services.readings import do_set_readings, get_event_readings, get_options_type

KEY = "ad69.flank_test"
READINGS_URL = "/events/ad69/rules/readings/"
SET_URL = "/events/ad69/rules/readings/set/"


class Flank(Choice):
    """TEST 6.1 does not say whether a flank attack counts once or per unit; the default counts it once."""

    ONCE = "once"
    PER_UNIT = "per_unit"


@dataclass(frozen=True)
class FlankOptions:
    flank: Flank = spec("How a flank attack counts", default=Flank.ONCE)
    doubles_rout: bool = spec("A double routs the defender", default=False)


@dataclass(frozen=True)
class FlankCase:
    units: int = spec("Units on the flank", min=1, max=5, default=3)
    options: FlankOptions = spec("Readings of points the rulebook leaves open", default=FlankOptions())


@pytest.fixture
def flank():
    """A procedure of the event's own ruleset with two readings, each stated in the working."""

    @procedure("ad69", "flank_test", title="Flank attack", source="TEST 6.1", takes=FlankCase, dice="1d6")
    def run(case, dice):
        working = Working()
        total = working.roll(dice, 6, "attack")
        per_unit = case.options.flank is Flank.PER_UNIT
        working.note("Reading used: the flank counts " + ("per unit" if per_unit else "once"), "TEST 6.1")
        total += working.modifier("flank", case.units if per_unit else 1, "TEST 6.1")
        return Result.of(KEY, {"total": total, "rout": case.options.doubles_rout}, working, dice)

    yield KEY
    REGISTRY.pop(KEY)


@pytest.fixture
def umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Gaul")


def set_by_form(client, key, **options):
    form = {"procedure": key, **{f"{key}-{name}": value for name, value in options.items()}}
    return client.post(SET_URL, form)


def texts(working):
    return [line["text"] for line in working]


def test_control_sets_a_reading_from_the_page_and_it_is_audited(
    client, ad69, control, flank, django_capture_on_commit_callbacks
):
    client.force_login(control)
    with listen([umpires_group(ad69.pk), control_group(ad69.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            reply = set_by_form(client, flank, flank="per_unit", doubles_rout="on")
        messages = heard()
    assert reply.status_code == 302 and reply.url == READINGS_URL
    stored = ProcedureReadings.objects.get(event=ad69, procedure=flank)
    assert stored.options == {"flank": "per_unit", "doubles_rout": True} and stored.set_by == control
    entry = AuditEntry.objects.get(action="rules.readings")
    assert entry.actor == control and entry.before is None and entry.after == stored.options
    event = messages[umpires_group(ad69.pk)][0]["event"]
    assert event == {
        "type": "rules.readings_changed",
        "procedure": flank,
        "title": "Flank attack",
        "options": stored.options,
    }
    assert control_group(ad69.pk) not in messages


def test_a_second_change_is_audited_from_before_to_after(ad69, control, flank):
    do_set_readings(ad69, procedure=flank, options={"flank": "per_unit"}, actor=control)
    do_set_readings(ad69, procedure=flank, options={"flank": "once", "doubles_rout": True}, actor=control)
    do_set_readings(ad69, procedure=flank, options={"flank": "once", "doubles_rout": True}, actor=control)
    last = AuditEntry.objects.filter(action="rules.readings").latest("pk")
    assert AuditEntry.objects.filter(action="rules.readings").count() == 2
    assert last.before == {"flank": "per_unit", "doubles_rout": False}
    assert last.after == {"flank": "once", "doubles_rout": True}


def test_the_page_lists_each_option_with_its_help_readings_and_the_rulebooks_default(client, ad69, umpire, flank):
    client.force_login(umpire)
    page = client.get(READINGS_URL)
    html = page.content.decode()
    assert page.status_code == 200 and "Flank attack" in html
    assert "How a flank attack counts" in html and "TEST 6.1 does not say" in html
    (item,) = [item for item in page.context["procedures"] if item["proc"].key == flank]
    flank_option = item["options"][0]
    assert [(c["value"], c["rulebook"], c["chosen"]) for c in flank_option["choices"]] == [
        ("once", True, True),
        ("per_unit", False, False),
    ]
    assert item["form"] is None and "<select" not in html  # read-only for a Region umpire


def test_the_index_links_to_the_readings(client, umpire):
    client.force_login(umpire)
    assert READINGS_URL in client.get("/events/ad69/rules/").content.decode()


def test_the_real_battle_has_readings_on_the_page(client, ad69, control):
    assert get_options_type(get_procedure("hannibal_barkas.battle")) is not None
    do_set_readings(
        ad69, procedure="hannibal_barkas.battle", options={"command_reduction": "first_round"}, actor=control
    )
    client.force_login(control)
    page = client.get(READINGS_URL)
    (item,) = [item for item in page.context["procedures"] if item["proc"].key == "hannibal_barkas.battle"]
    reduction = next(option for option in item["options"] if option["name"] == "command_reduction")
    assert reduction["differs"] and reduction["current"] == "first round"
    assert 'value="first_round" selected' in page.content.decode()


def test_the_desk_page_is_prefilled_with_the_events_reading_and_says_so(client, ad69, control, umpire, flank):
    do_set_readings(ad69, procedure=flank, options={"flank": "per_unit"}, actor=control)
    client.force_login(umpire)
    page = client.get(f"/events/ad69/rules/{flank}/")
    options = next(entry for entry in page.context["description"]["input"] if entry["name"] == "options")
    assert {f["name"]: f["default"] for f in options["fields"]} == {"flank": "per_unit", "doubles_rout": False}
    html = page.content.decode()
    assert "This event reads flank as “per unit”" in html and "the rulebook's default: once" in html
    assert "doubles rout as" not in html  # only a departure from the rulebook is marked
    assert page.context["description"]["input"][0]["default"] == 3


def test_a_saved_run_without_options_runs_with_the_events_reading(client, ad69, control, umpire, flank):
    do_set_readings(ad69, procedure=flank, options={"flank": "per_unit"}, actor=control)
    client.force_login(umpire)
    reply = client.post(
        f"/events/ad69/rules/{flank}/save", {"case": {"units": 4}, "dice": [2]}, content_type="application/json"
    )
    record = ProcedureRun.objects.get(pk=reply.json()["id"])
    assert record.outcome == {"total": 6, "rout": False}
    assert "Reading used: the flank counts per unit" in texts(record.working)
    assert record.case == {"units": 4, "options": {"flank": "per_unit", "doubles_rout": False}}


def test_a_run_that_gives_its_own_option_keeps_it_and_takes_the_rest_from_the_event(
    client, ad69, control, umpire, flank
):
    do_set_readings(ad69, procedure=flank, options={"flank": "per_unit", "doubles_rout": True}, actor=control)
    client.force_login(umpire)
    reply = client.post(
        f"/events/ad69/rules/{flank}/run?dice=2",
        {"units": 4, "options": {"flank": "once"}},
        content_type="application/json",
    )
    assert reply.status_code == 200 and reply.json()["outcome"] == {"total": 3, "rout": True}
    assert "Reading used: the flank counts once" in texts(reply.json()["working"])


def test_a_desk_run_of_the_real_battle_uses_the_events_reading(client, ad69, control, umpire):
    side = {
        "units": {"heavy_infantry": 10},
        "leaders": [{"name": "Hannibal", "command": 3, "reduces_enemy_command": 1}],
    }
    case = {"attacker": {**side, "name": "Carthage"}, "defender": {**side, "name": "Rome"}, "max_rounds": 2}
    client.force_login(umpire)
    before = texts(
        client.post(
            "/events/ad69/rules/hannibal_barkas.battle/run?seed=7", case, content_type="application/json"
        ).json()["working"]
    )
    do_set_readings(
        ad69, procedure="hannibal_barkas.battle", options={"command_reduction": "first_round"}, actor=control
    )
    after = texts(
        client.post(
            "/events/ad69/rules/hannibal_barkas.battle/run?seed=7", case, content_type="application/json"
        ).json()["working"]
    )
    first_only = "Reading used: the reduction of Command applied in the first round only"
    assert first_only not in before and first_only in after


def test_a_bad_reading_is_refused_by_name_and_changes_nothing(ad69, control, flank):
    do_set_readings(ad69, procedure=flank, options={"flank": "per_unit"}, actor=control)
    with pytest.raises(RulesError) as refusal:
        do_set_readings(ad69, procedure=flank, options={"flank": "twice", "doubles_rout": True}, actor=control)
    assert refusal.value.field == "options.flank"
    with pytest.raises(RulesError, match="is not an input here") as unknown:
        do_set_readings(ad69, procedure=flank, options={"flanks": "once"}, actor=control)
    assert unknown.value.field == "options.flanks"
    assert ProcedureReadings.objects.get(procedure=flank).options == {"flank": "per_unit", "doubles_rout": False}
    assert AuditEntry.objects.filter(action="rules.readings").count() == 1


def test_a_bad_reading_from_the_form_is_a_form_error_on_its_field(client, ad69, control, flank):
    client.force_login(control)
    reply = set_by_form(client, flank, flank="twice")
    assert reply.status_code == 400
    (item,) = [item for item in reply.context["procedures"] if item["proc"].key == flank]
    assert "flank" in item["form"].errors and not ProcedureReadings.objects.exists()


def test_a_procedure_without_readings_is_refused(client, ad69, control):
    with pytest.raises(RulesError) as refusal:
        do_set_readings(ad69, procedure="ad69.combat_value", options={}, actor=control)
    assert refusal.value.field == "procedure"
    client.force_login(control)
    assert client.post(SET_URL, {"procedure": "ad69.combat_value"}).status_code == 400
    assert not AuditEntry.objects.filter(action="rules.readings").exists()


def test_a_region_umpire_sees_the_readings_but_cannot_change_them(client, ad69, umpire, flank):
    client.force_login(umpire)
    assert client.get(READINGS_URL).status_code == 200
    assert set_by_form(client, flank, flank="per_unit").status_code == 404
    assert not ProcedureReadings.objects.exists() and not AuditEntry.objects.filter(action="rules.readings").exists()


def test_one_events_readings_do_not_reach_another(client, ad69, control, make_umpire, flank):
    other = Event.objects.create(
        slug="ad70", name="AD70", ruleset="ad69", start_year=69, start_month=9, number_of_turns=10
    )
    other_control = make_umpire(other, Role.CONTROL, username="control-ad70")
    do_set_readings(ad69, procedure=flank, options={"flank": "per_unit"}, actor=control)
    assert get_event_readings(other, flank, get_options_type(REGISTRY[flank])) == {}
    client.force_login(other_control)
    page = client.get(f"/events/ad70/rules/{flank}/")
    options = next(entry for entry in page.context["description"]["input"] if entry["name"] == "options")
    assert options["fields"][0]["default"] == "once" and not page.context["departures"]
    reply = client.post(
        f"/events/ad70/rules/{flank}/save", {"case": {"units": 4}, "dice": [2]}, content_type="application/json"
    )
    assert ProcedureRun.objects.get(pk=reply.json()["id"]).outcome["total"] == 3
    assert client.post("/events/ad69/rules/readings/set/", {"procedure": flank}).status_code == 404


def test_a_bad_reading_of_another_rulesets_procedure_is_shown_with_its_error(client, ad69, control):
    """Found by the form fuzz: the page lists only the event's procedures, so the form sent back for another
    ruleset's was not shown, and its error with it."""
    client.force_login(control)
    key = "hannibal_barkas.battle"
    reply = client.post(SET_URL, {"procedure": key, f"{key}-command_reduction": "never"})
    assert reply.status_code == 400
    (item,) = [item for item in reply.context["procedures"] if item["proc"].key == key]
    assert "command_reduction" in item["form"].errors and "Select a valid choice" in reply.content.decode()
    assert not ProcedureReadings.objects.exists()


def test_the_rules_index_and_the_readings_keep_their_place(client, control):
    client.force_login(control)
    for page in ("/events/ad69/rules/", READINGS_URL):
        assert 'hx-boost="true"' in client.get(page).content.decode(), page


def test_a_refused_reading_comes_back_in_place_as_typed_its_section_the_current_step(client, ad69, control, flank):
    client.force_login(control)
    reply = set_by_form(client, flank, flank="twice", doubles_rout="on")
    html = reply.content.decode()
    marked = f'<section class="readings" id="{flank}" data-current-step>'
    assert reply.status_code == 400 and html.count("data-current-step") == 1 and marked in html
    sheet = html[html.index(marked) : html.index("</section>", html.index(marked))]
    field = sheet[sheet.index('class="errorlist"') : sheet.index(f'id="id_{flank}-flank"')]
    assert "Select a valid choice. twice is not one of the available choices." in field
    assert re.search(rf'<input type="checkbox" name="{re.escape(flank)}-doubles_rout"[^>]* checked', sheet)
    assert not ProcedureReadings.objects.exists()
