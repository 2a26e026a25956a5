"""The rules reached three ways: the CLI, the JSON API and the rules desk, with its log and print."""

import io
import json
from dataclasses import dataclass

import pytest
from django.core.management import CommandError, call_command
from pypdf import PdfReader

from tests.regions.forces_builders import legion
from tests.warfare.builders import commander
from umpire.models import AuditEntry, Character, ProcedureRun, Region, Role
from umpire.rules.registry import REGISTRY, get_procedures, procedure
from umpire.rules.schema import spec
from umpire.rules.working import Result, Working
from umpire.rules_forms import CaseField, walk
from umpire.services.rules import CASE_PREPARERS, register_case_preparer

LEGION = {
    "name": "Legion XLV",
    "aquila": True,
    "troops": [{"type": "legionary", "count": 5}, {"type": "auxiliary", "count": 5}],
}


@dataclass(frozen=True)
class TwoDiceCase:
    bonus: int = spec("Added to the roll", min=0, max=5)


@pytest.fixture
def two_dice():
    """A procedure that rolls two d12 and adds a bonus: enough to test every dice path."""

    @procedure("test", "two_dice", title="Two dice", source="TEST 1.1", takes=TwoDiceCase, dice="2d12")
    def run(case, dice):
        working = Working()
        total = working.roll(dice, 12, "first") + working.roll(dice, 12, "second")
        total += working.modifier("bonus", case.bonus, "TEST 1.2")
        return Result.of("test.two_dice", {"total": total}, working, dice)

    yield "test.two_dice"
    REGISTRY.pop("test.two_dice")


@pytest.fixture
def umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Gaul")


def test_cli_lists_procedures(capsys):
    call_command("rules", "list")
    assert "ad69.combat_value" in capsys.readouterr().out


def test_cli_runs_a_case_with_the_tables_dice(tmp_path, capsys, two_dice):
    case = tmp_path / "case.json"
    case.write_text(json.dumps({"bonus": 2}))
    call_command("rules", "run", two_dice, "--input", str(case), "--dice", "10,3")
    printed = json.loads(capsys.readouterr().out)
    assert printed["outcome"] == {"total": 15} and printed["seed"] is None
    assert [d["value"] for d in printed["dice"]] == [10, 3]


@pytest.mark.parametrize(
    "args, message",
    [
        (["--dice", "10,13"], "dice.1: die 2 (second) is a d12: 13 is not on it"),
        (["--dice", "10"], "dice.1: die 2 is needed: a d12 for second"),
        (["--dice", "ten"], "--dice: 'ten' is not a list of whole numbers"),
    ],
)
def test_cli_refuses_bad_dice_by_name(tmp_path, two_dice, args, message):
    case = tmp_path / "case.json"
    case.write_text(json.dumps({"bonus": 2}))
    with pytest.raises(CommandError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call_command("rules", "run", two_dice, "--input", str(case), *args)


def test_cli_refuses_an_unreadable_case(tmp_path):
    bad = tmp_path / "case.json"
    bad.write_text("{not json")
    with pytest.raises(CommandError, match="--input: .* is not JSON"):
        call_command("rules", "run", "ad69.combat_value", "--input", str(bad))


def test_api_runs_the_same_json(client, umpire, two_dice):
    client.force_login(umpire)
    reply = client.post("/api/rules/test/two_dice?dice=6,6", {"bonus": 1}, content_type="application/json")
    assert reply.status_code == 200 and reply.json()["outcome"] == {"total": 13}
    seeded = client.post("/api/rules/test/two_dice?seed=42", {"bonus": 1}, content_type="application/json").json()
    again = client.post("/api/rules/test/two_dice?seed=42", {"bonus": 1}, content_type="application/json").json()
    assert seeded["seed"] == 42 and seeded["dice"] == again["dice"]


@pytest.mark.parametrize(
    "body, query, status, field",
    [
        ({"force": {"name": "x", "troops": [{"type": "hoplite", "count": 1}]}}, "", 400, "force.troops.0.type"),
        ({"force": {"name": "x", "troops": [{"type": "auxiliary", "count": -4}]}}, "", 400, "force.troops.0.count"),
        ({"force": LEGION}, "?seed=abc", 400, "seed"),
        # found by the form fuzz: an integer past Python's 4,300 digits is no JSON decode error, and was a 500
        ('{"force": ' + "9" * 5000 + "}", "", 400, "input"),
        (b'{"force": "\xff"}', "", 400, "input"),
    ],
)
def test_api_names_the_field_at_fault(client, umpire, body, query, status, field):
    client.force_login(umpire)
    reply = client.post(f"/api/rules/ad69/combat_value{query}", body, content_type="application/json")
    assert reply.status_code == status and reply.json()["error"]["field"] == field


def test_api_refuses_strangers_and_unknown_procedures(client, umpire, django_user_model):
    assert client.get("/api/rules/").status_code == 401
    client.force_login(django_user_model.objects.create_user("stranger", password="x" * 10))
    assert client.get("/api/rules/").status_code == 403
    client.force_login(umpire)
    assert client.get("/api/rules/ad69/chariots").json()["error"]["field"] == "procedure"
    description = client.get("/api/rules/ad69/combat_value").json()
    assert description["input"][0]["name"] == "force"


def test_desk_lists_the_events_ruleset_first(client, umpire):
    client.force_login(umpire)
    page = client.get("/events/ad69/rules/").content.decode()
    assert page.index("AD69 megagame") < page.index("Combat value of a force")


def test_desk_page_carries_the_procedures_form_description(client, umpire):
    client.force_login(umpire)
    page = client.get("/events/ad69/rules/ad69.combat_value/")
    assert page.status_code == 200 and page.context["description"]["key"] == "ad69.combat_value"
    assert client.get("/events/ad69/rules/ad69.chariots/").status_code == 404


def test_saving_reruns_the_procedure_and_logs_what_the_rules_give(client, ad69, umpire, two_dice):
    client.force_login(umpire)
    body = {
        "case": {"bonus": 2},
        "dice": [4, 5],
        "rolled_by_console": False,
        "table": None,
        "note": "Siege of Lugdunum, first assault",
    }
    reply = client.post(f"/events/ad69/rules/{two_dice}/save", body, content_type="application/json")
    record = ProcedureRun.objects.get(pk=reply.json()["id"])
    assert record.outcome == {"total": 11} and [d["value"] for d in record.dice] == [4, 5]
    assert record.run_by == umpire and record.game_turn == 1
    assert AuditEntry.objects.filter(action="rules.record", actor=umpire).exists()
    pdf = client.get(reply.json()["pdf"])
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "Two dice" in text and "TEST 1.2" in text and "Siege of Lugdunum" in text and "d12=4 (first)" in text


def test_saving_with_wrong_dice_is_refused_and_writes_nothing(client, umpire, two_dice):
    client.force_login(umpire)
    reply = client.post(
        f"/events/ad69/rules/{two_dice}/save", {"case": {"bonus": 2}, "dice": [4]}, content_type="application/json"
    )
    assert reply.status_code == 400 and reply.json()["error"]["field"] == "dice.1"
    assert not ProcedureRun.objects.exists()


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({"case": {"bonus": 0}, "dice": [1, 1], "table": "abc"}, "table", "'abc' is not a table of this event"),
        ({"case": {"bonus": 0}, "dice": [1, 1], "table": "²"}, "table", "'²' is not a table of this event"),
        ({"case": {"bonus": 0}, "dice": [1, 1], "table": 10**30}, "table", "is not a table of this event"),
        ({"case": {"bonus": 0}, "dice": [1, 1], "table": True}, "table", "'True' is not a table of this event"),
        ({"case": {"bonus": 0}, "dice": [1, 1], "table": 999_999}, "table", "'999999' is not a table of this event"),
        ({"case": {"bonus": 0}, "dice": [1, 1], "seed": 10**40}, "seed", "a seed is from 0 to 9223372036854775807"),
        ({"case": {"bonus": 0}, "dice": [1, 1], "seed": -1}, "seed", "a seed is from 0 to"),
        ({"case": {"bonus": 0}, "dice": [1, 1], "seed": "42"}, "seed", "'42' is not a whole number"),
        ({"case": {"bonus": 0}, "dice": [1] * 10_000}, "dice.2", "10000 dice entered, but the procedure rolled 2"),
        ('{"case": ' + DEEP + ', "dice": [1, 1]}', "input", "nests 100001 levels deep; a case nests at most 32"),
        ('{"note": "' + "x" * 300_000 + '"}', "input", "is 300,012 bytes long; a case is at most 262,144"),
        (
            {"case": {"bonus": 0}, "dice": [1, 1], "note": "x" * 2001},
            "note",
            "2,001 characters long; a note is at most 2,000",
        ),
        ({"case": {"bonus": 0}, "dice": [1, 1], "note": {"a": 1}}, "note", "is the umpire's words: text"),
    ],
)
def test_a_saved_run_that_cannot_be_is_refused_by_name_and_writes_nothing(client, umpire, two_dice, body, field, words):
    client.force_login(umpire)
    reply = client.post(f"/events/ad69/rules/{two_dice}/save", body, content_type="application/json")
    assert reply.status_code == 400 and reply.json()["error"]["field"] == field
    assert words in reply.json()["error"]["message"]
    assert not ProcedureRun.objects.exists() and not AuditEntry.objects.filter(action="rules.record").exists()


def test_a_saved_run_is_filed_under_its_table_by_id_as_number_or_digits(client, ad69, umpire, two_dice):
    gaul = ad69.regions.get(name="Gaul")
    client.force_login(umpire)
    for table in (gaul.pk, str(gaul.pk)):
        body = {"case": {"bonus": 0}, "dice": [1, 1], "table": table, "seed": 2**63 - 1}
        assert (
            client.post(f"/events/ad69/rules/{two_dice}/save", body, content_type="application/json").status_code == 200
        )
    assert [run.region for run in ProcedureRun.objects.all()] == [gaul, gaul]


@pytest.mark.parametrize(
    "address",
    ["/api/rules/test/two_dice", "/events/ad69/rules/test.two_dice/run", "/events/ad69/rules/test.two_dice/save"],
)
def test_json_nested_deeper_than_any_case_is_refused_before_it_is_read(client, umpire, two_dice, address):
    client.force_login(umpire)
    reply = client.post(address, DEEP, content_type="application/json")
    assert reply.status_code == 400 and reply.json()["error"] == {
        "field": "input",
        "message": "nests 100000 levels deep; a case nests at most 32",
    }


def test_brackets_inside_strings_are_text_not_nesting(client, umpire, two_dice):
    client.force_login(umpire)
    note = '[{\\"' * 100
    body = '{"case": {"bonus": 0}, "dice": [1, 1], "note": "' + note + '"}'
    reply = client.post(f"/events/ad69/rules/{two_dice}/save", body, content_type="application/json")
    assert reply.status_code == 200


@pytest.mark.parametrize(
    "query, field, words",
    [
        ("dice=" + ",".join(["3"] * 10_000), "dice.2", "10000 dice entered, but the procedure rolled 2"),
        ("dice=6,6,6", "dice.2", "3 dice entered, but the procedure rolled 2: die 3 and after are not its."),
        ("dice=" + "9" * 5000, "dice", "is not a list of whole numbers"),
        ("seed=" + "9" * 40, "seed", "is too large: a seed is at most 9223372036854775807"),
        ("seed=9223372036854775808", "seed", "is too large"),
    ],
)
def test_the_api_bounds_dice_by_the_procedure_and_seeds_by_the_log(client, umpire, two_dice, query, field, words):
    client.force_login(umpire)
    reply = client.post(f"/api/rules/test/two_dice?{query}", {"bonus": 0}, content_type="application/json")
    assert reply.status_code == 400 and reply.json()["error"]["field"] == field
    assert words in reply.json()["error"]["message"] and len(reply.json()["error"]["message"]) < 200


def test_the_cli_refuses_a_case_nested_too_deep(tmp_path, two_dice):
    case = tmp_path / "case.json"
    case.write_text(DEEP)
    with pytest.raises(CommandError, match="nests 100000 levels deep; a case nests at most 32"):
        call_command("rules", "run", two_dice, "--input", str(case), "--dice", "1,1")


def test_another_events_log_is_out_of_reach(client, ad69, umpire, control, two_dice):
    client.force_login(control)
    reply = client.post(
        f"/events/ad69/rules/{two_dice}/save", {"case": {"bonus": 0}, "dice": [1, 1]}, content_type="application/json"
    )
    client.force_login(umpire)
    assert client.get(reply.json()["pdf"]).status_code == 200
    assert client.get(reply.json()["pdf"].replace("ad69", "ad70")).status_code == 404


@pytest.fixture
def bonus_from_the_event(two_dice):
    """A preparer that gives the two dice a bonus of 3, saying so, when the case leaves it out."""

    def prepare(event, key, case):
        if key != two_dice or "bonus" in case:
            return case, []
        return {**case, "bonus": 3}, [f"bonus 3, from {event.slug}"]

    register_case_preparer(prepare)
    yield two_dice
    CASE_PREPARERS.remove(prepare)


def test_a_registered_preparer_fills_a_saved_run_and_a_desk_run_but_not_the_api(client, umpire, bonus_from_the_event):
    client.force_login(umpire)
    reply = client.post(
        f"/events/ad69/rules/{bonus_from_the_event}/save", {"case": {}, "dice": [1, 2]}, content_type="application/json"
    )
    record = ProcedureRun.objects.get(pk=reply.json()["id"])
    assert record.case == {"bonus": 3} and record.outcome == {"total": 6}
    assert reply.json()["notes"] == ["bonus 3, from ad69"]
    typed = client.post(
        f"/events/ad69/rules/{bonus_from_the_event}/save",
        {"case": {"bonus": 0}, "dice": [1, 2]},
        content_type="application/json",
    )
    assert ProcedureRun.objects.get(pk=typed.json()["id"]).outcome == {"total": 3} and typed.json()["notes"] == []
    run = client.post(f"/events/ad69/rules/{bonus_from_the_event}/run?dice=1,1", {}, content_type="application/json")
    assert run.json()["outcome"] == {"total": 5} and run.json()["filled"] == ["bonus 3, from ad69"]
    api = client.post("/api/rules/test/two_dice?dice=1,1", {}, content_type="application/json")
    assert api.status_code == 400 and api.json()["error"]["field"] == "bonus"


@pytest.mark.parametrize("key", [p.key for p in get_procedures()])
def test_every_registered_procedure_has_its_desk_page_and_api_description(client, umpire, key):
    """A ruleset's procedures reach the desk and the API as soon as they register: each input
    type must be one the desk's form and the API's schema can describe."""
    client.force_login(umpire)
    page = client.get(f"/events/ad69/rules/{key}/")
    assert page.status_code == 200 and page.context["description"]["key"] == key
    ruleset, name = key.split(".", 1)
    assert client.get(f"/api/rules/{ruleset}/{name}").json()["key"] == key


def test_a_rulesets_reference_sheet_prints_its_tables_and_its_sequence_of_play(client, umpire):
    client.force_login(umpire)
    assert "/events/ad69/rules/hannibal_barkas/reference.pdf" in client.get("/events/ad69/rules/").content.decode()
    response = client.get("/events/ad69/rules/hannibal_barkas/reference.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    for words in (
        "Table 1. Chance of inflicting losses",
        "Rule 9.3 Recruitment",
        "Heavy infantry",
        "Stage VI",
        "Drawing of Roman consuls",
        "Setting up the game",
    ):
        assert words.lower() in text.lower(), words
    ad69_sheet = client.get("/events/ad69/rules/ad69/reference.pdf")
    ad69_text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(ad69_sheet.content)).pages)
    assert "Siege combat results" in ad69_text and "Sequence of play" not in ad69_text
    assert client.get("/events/ad69/rules/chariots/reference.pdf").status_code == 404


# ---- the AD69 desk in the game's words: the clock's month, a side picked from the records, the verdict first

WINTER = "/events/ad69/rules/ad69.winter/"
AD69_BATTLE = "/events/ad69/rules/ad69.battle/"
SIEGE_ASSAULT = "/events/ad69/rules/ad69.siege_assault/"


def form_values(form):
    """Each field of the desk's form by its path, as it shows: what a pick filled in, or what was typed."""
    return {path: node.value for path, node in walk(form) if isinstance(node, CaseField)}


@pytest.fixture
def legion_xiv(ad69):
    """Legion XIV at Gaul's table, its legate Bigius Diccus of Military Skill 2 (the desk's test world)."""
    bigius = commander(ad69, "Bigius Diccus", 2, Region.objects.get(event=ad69, name="Gaul"))
    troops = [("legionary", 5, True), ("auxiliary", 5, False), ("raw_levy", 4, False)]
    return legion(ad69, "Legion XIV", "Gallia Lugdunensis", troops, legate=bigius.name)


def test_the_month_comes_from_the_events_clock_with_a_line_saying_so(client, ad69, umpire):
    client.force_login(umpire)
    page = client.get(WINTER)
    month = dict(walk_form(page))["month"]
    now = ad69.clock.month()
    assert month.value == str(now.month) and month.note.startswith(f"{now} by the event's clock (turn 1).")
    assert "Winter on land:" in month.note and "at sea:" in month.note
    assert f"{now} by the event&#x27;s clock" in page.content.decode()


def test_the_clocks_month_can_still_be_changed_before_the_run(client, ad69, umpire):
    client.force_login(umpire)
    page = client.post(WINTER, {"region": "northern", "month": "7", "where": "land", "step": "run"})
    assert page.status_code == 200 and "Winter: no" in page.context["said"].verdict


def walk_form(page):
    return walk(page.context["form"])


def test_a_picked_legion_fills_its_troops_and_its_legates_skill(client, umpire, legion_xiv):
    client.force_login(umpire)
    page = client.post(AD69_BATTLE, {"step": "fill", "pick.side_a.force": str(legion_xiv.pk)})
    assert page.status_code == 200
    shown = form_values(page.context["form"])
    assert shown["side_a.name"] == "Bigius Diccus" and shown["side_a.military_skill"] == "2"
    assert shown["side_a.forces.0.name"] == "Legion XIV" and shown["side_a.forces.0.aquila"] is True
    troops = {(shown[f"side_a.forces.0.troops.{n}.type"], shown[f"side_a.forces.0.troops.{n}.count"]) for n in range(3)}
    assert troops == {("legionary", "5"), ("auxiliary", "5"), ("raw_levy", "4")}
    assert shown["side_a.forces.0.troops.1.veteran"] is True  # the legionaries, by the troops' order
    html = page.content.decode()
    assert 'id="rules-from-records"' in html and "Bigius Diccus commands, Military Skill 2." in html
    assert 'data-path="side_a" data-current-step' in html  # the page comes back at the side filled
    picks = [pick for _, node in walk_form(page) for pick in getattr(node, "picks", [])]
    assert picks and not any(pick.value for pick in picks)  # a pick fills once


def test_a_side_filled_from_the_records_can_be_changed_and_run(client, umpire, legion_xiv):
    client.force_login(umpire)
    filled = form_values(
        client.post(AD69_BATTLE, {"step": "fill", "pick.side_a.force": str(legion_xiv.pk)}).context["form"]
    )
    typed = {
        path: ("on" if value is True else "off") if isinstance(value, bool) else value for path, value in filled.items()
    }
    typed |= {"side_a.forces": "0", "side_a.forces.0.troops": ["0", "1", "2"], "side_a.military_skill": "0"}
    typed |= {"side_b.name": "Flatulius", "side_b.forces": "0", "side_b.forces.0.name": "Legion XLVI"}
    typed |= {"side_b.forces.0.troops": "0", "side_b.forces.0.troops.0.type": "auxiliary"}
    typed |= {"side_b.forces.0.troops.0.count": "5", "step": "run"}
    page = client.post(AD69_BATTLE, typed)
    assert page.status_code == 200, page.context.get("problems")
    assert json.loads(page.context["run"]["case"])["side_a"]["military_skill"] == 0  # the umpire's word stands


def test_a_commander_without_military_skill_is_refused_beside_the_side_and_nothing_is_filled(
    client, ad69, umpire, legion_xiv
):
    Character.objects.filter(name="Bigius Diccus").update(military_skill=None)
    client.force_login(umpire)
    page = client.post(AD69_BATTLE, {"step": "fill", "pick.side_a.force": str(legion_xiv.pk)})
    assert page.status_code == 400
    side = dict(walk_form(page))["side_a"]
    assert "Bigius Diccus's Military Skill is missing" in side.error
    assert form_values(page.context["form"])["side_a.name"] == ""


def test_a_force_not_of_this_event_is_refused_in_words(client, umpire):
    client.force_login(umpire)
    page = client.post(AD69_BATTLE, {"step": "fill", "pick.side_a.force": "999999"})
    assert page.status_code == 400 and "not one of this event's" in dict(walk_form(page))["side_a"].error


def test_a_siege_side_takes_its_army_commanders_skill(client, umpire, legion_xiv):
    client.force_login(umpire)
    page = client.post(SIEGE_ASSAULT, {"step": "fill", "pick.attackers.force": str(legion_xiv.pk)})
    shown = form_values(page.context["form"])
    assert shown["attackers.military_skill"] == "2" and shown["attackers.forces.0.name"] == "Legion XIV"


def test_a_run_reads_the_verdict_first_then_the_working(client, umpire):
    client.force_login(umpire)
    case = {"force.name": "Legion XLV", "force.troops": ["0", "1"], "force.aquila": "on"}
    case |= {"force.troops.0.type": "legionary", "force.troops.0.count": "5"}
    case |= {"force.troops.1.type": "auxiliary", "force.troops.1.count": "5", "step": "run"}
    page = client.post("/events/ad69/rules/ad69.combat_value/", case)
    html = page.content.decode()
    said = page.context["said"]
    assert said.verdict[0].startswith("Combat value: ") and said.working
    assert html.index('id="rules-outcome" class="verdict"') < html.index('id="rules-working"')
    assert f"<li>{said.verdict[0]}</li>" in html


def test_a_picked_legion_takes_the_empty_force_the_form_offered(client, umpire, legion_xiv):
    """As the page sends it: the side's first force offered, with one troop row, and nothing typed in it."""
    client.force_login(umpire)
    offered = {"side_a.forces": "0", "side_a.forces.0.name": "", "side_a.forces.0.troops": "0"}
    offered |= {"side_a.forces.0.troops.0.type": "", "side_a.forces.0.troops.0.count": ""}
    page = client.post(AD69_BATTLE, {**offered, "step": "fill", "pick.side_a.force": str(legion_xiv.pk)})
    assert page.status_code == 200
    forces = dict(walk_form(page))["side_a.forces"]
    assert len(forces.entries) == 1 and form_values(page.context["form"])["side_a.forces.0.name"] == "Legion XIV"
