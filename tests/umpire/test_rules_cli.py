"""`manage.py rules`: list with a hint to describe, describe a procedure, run it as JSON or read aloud; and every
interface (the CLI, the API, the desk) refuses dice past those the procedure rolls, naming the dice it asked for."""

import json

import pytest
from django.core.management import CommandError, call_command

from umpire.models import ProcedureRun, Role
from umpire.rules.dice import EnteredDice
from umpire.rules.read_aloud import read_aloud
from umpire.rules.registry import run_procedure

TRAINING = "thunderbolt.legion_training"
ONE_LEGION = {"legions": ["Legion I"]}
EXTRA = "2 dice entered, but the procedure rolled 1: die 2 and after are not its. It asked for a d10 for training"
LEGION_XLV = {"force": {"name": "Legion XLV", "troops": [{"type": "legionary", "count": 5}], "aquila": True}}


@pytest.fixture
def case_file(tmp_path):
    def write(case):
        path = tmp_path / "case.json"
        path.write_text(json.dumps(case))
        return str(path)

    return write


@pytest.fixture
def umpire(ad69, make_umpire):
    return make_umpire(ad69, Role.REGION, "Gaul")


def test_the_list_counts_each_procedures_inputs_and_points_to_describe(capsys):
    call_command("rules", "list", "--ruleset", "ad69")
    out = capsys.readouterr().out
    assert "ad69.winter" in out and "Is it winter?  [IX. WARFARE, WEATHER]  3 input(s)" in out
    assert out.rstrip().endswith(
        "Say `manage.py rules describe <procedure>` for a procedure's inputs, dice and example."
    )


def test_describe_prints_inputs_dice_and_an_example(capsys):
    call_command("rules", "describe", "ad69.battle")
    out = capsys.readouterr().out
    assert out.startswith("ad69.battle: Battle\nRule: X. COMBAT RESOLUTION, THE BATTLE SYSTEM\n")
    assert "Inputs:\n  side_a: group, required" in out and "  1. d12 for Bigius Diccus's battle roll, round 1" in out


def test_the_example_describe_prints_runs_from_the_cli(capsys, case_file):
    call_command("rules", "describe", "ad69.battle")
    out = capsys.readouterr().out
    example = json.loads(out[out.index("\n{") : out.index("\n}\n") + 2])
    call_command("rules", "run", "ad69.battle", "--input", case_file(example), "--seed", "1")
    assert json.loads(capsys.readouterr().out)["procedure"] == "ad69.battle"


def test_describe_refuses_an_unknown_procedure_by_name():
    with pytest.raises(CommandError, match="procedure: there is no procedure 'ad69.chariots'"):
        call_command("rules", "describe", "ad69.chariots")


def test_run_help_says_what_the_input_holds_and_points_to_describe(capsys):
    with pytest.raises(SystemExit):
        call_command("rules", "run", "--help")
    out = " ".join(capsys.readouterr().out.split())
    assert "a JSON file holding the case: an object of the procedure's inputs by name" in out
    assert "`rules describe <procedure>`" in out and "--format {json,text}" in out


def test_json_output_keeps_times_and_divide_signs(capsys, case_file):
    call_command("rules", "run", "ad69.combat_value", "--input", case_file(LEGION_XLV))
    out = capsys.readouterr().out
    assert "×" in out and "\\u00d7" not in out


def test_text_format_reads_the_result_aloud(capsys, case_file):
    call_command("rules", "run", TRAINING, "--input", case_file(ONE_LEGION), "--dice", "7", "--format", "text")
    expected = read_aloud(run_procedure(TRAINING, ONE_LEGION, EnteredDice([7])))
    assert capsys.readouterr().out == expected + "\n"


def test_text_format_names_the_seed_of_the_consoles_dice(capsys, case_file):
    call_command("rules", "run", TRAINING, "--input", case_file(ONE_LEGION), "--seed", "5", "--format", "text")
    assert capsys.readouterr().out.rstrip().endswith("The console's dice, seed 5.")


def test_the_cli_takes_the_d10s_0_face_as_0(capsys, case_file):
    call_command("rules", "run", TRAINING, "--input", case_file(ONE_LEGION), "--dice", "0")
    as_0 = json.loads(capsys.readouterr().out)
    call_command("rules", "run", TRAINING, "--input", case_file(ONE_LEGION), "--dice", "10")
    assert as_0 == json.loads(capsys.readouterr().out)


def test_the_cli_refuses_extra_dice_naming_those_asked_for(case_file):
    with pytest.raises(CommandError, match=f"dice.1: {EXTRA}"):
        call_command("rules", "run", TRAINING, "--input", case_file(ONE_LEGION), "--dice", "7,3")


def test_the_api_refuses_extra_dice_naming_those_asked_for(client, umpire):
    client.force_login(umpire)
    reply = client.post("/api/rules/thunderbolt/legion_training?dice=7,3", ONE_LEGION, content_type="application/json")
    assert reply.status_code == 400 and reply.json()["error"]["field"] == "dice.1"
    assert reply.json()["error"]["message"].startswith(EXTRA)


def test_the_desk_refuses_extra_dice_to_run_or_to_save(client, umpire):
    client.force_login(umpire)
    ran = client.post(f"/events/ad69/rules/{TRAINING}/run?dice=7,3", ONE_LEGION, content_type="application/json")
    assert ran.status_code == 400 and ran.json()["error"]["message"].startswith(EXTRA)
    body = {"case": ONE_LEGION, "dice": [7, 3]}
    saved = client.post(f"/events/ad69/rules/{TRAINING}/save", body, content_type="application/json")
    assert saved.status_code == 400 and saved.json()["error"]["message"].startswith(EXTRA)
    assert not ProcedureRun.objects.exists()


def test_the_api_describes_a_procedure_with_its_example_and_dice(client, umpire):
    client.force_login(umpire)
    described = client.get("/api/rules/ad69/battle").json()
    assert described["example"]["case"]["side_a"]["name"] == "Bigius Diccus"
    assert described["example"]["seed"] == 1 and "combat_example_1" in described["example"]["from"]
    assert described["example"]["dice"][0] == {"sides": 12, "purpose": "Bigius Diccus's battle roll, round 1"}
    ran = client.post("/api/rules/ad69/battle?seed=1", described["example"]["case"], content_type="application/json")
    assert ran.status_code == 200
    assert [(d["sides"], d["purpose"]) for d in ran.json()["dice"]] == [
        (d["sides"], d["purpose"]) for d in described["example"]["dice"]
    ]
