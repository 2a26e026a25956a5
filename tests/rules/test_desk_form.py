"""The rules desk's form, built on the server (umpire.rules_forms): lists that start empty, each error beside
its field, one row per die with its purpose, a refusal that keeps what was typed, and a page that keeps its
place. Hannibal Barkas' land battle is the case: the rulebook's Example 6 (5.5)."""

import re

import pytest

from umpire.models import ProcedureRun, Role
from umpire.rules_dice_rows import ProbeDice
from umpire.rules_forms import CaseList, singular, walk

BATTLE = "/events/ad69/rules/hannibal_barkas.battle/"
EXAMPLE_6 = {
    "attacker.name": "A",
    "attacker.units.light_infantry": "2",
    "attacker.units.heavy_infantry": "3",
    "attacker.units.cavalry": "3",
    "defender.name": "B",
    "defender.units.light_infantry": "1",
    "defender.units.heavy_infantry": "2",
    "defender.units.cavalry": "1",
    "defender.withdraw_after_round": "1",
}
EXAMPLE_6_DICE = [5, 9, 7, 7, 1, 6, 8, 2, 7, 10, 10, 6, 8, 4]
AT_THE_TABLE = {**EXAMPLE_6, "dice_mode": "table", "step": "run"}


@pytest.fixture
def desk(client, ad69, make_umpire):
    client.force_login(make_umpire(ad69, Role.REGION, "Gaul"))
    return client


def typed(dice):
    return {f"die.{number}": str(value) for number, value in enumerate(dice)}


def without_templates(html):
    """The page as it shows: the lists' template entries (nested in one another) taken out."""
    innermost = re.compile(r"<template data-template>(?:(?!<template).)*?</template>", re.DOTALL)
    while innermost.search(html):
        html = innermost.sub("", html)
    return html


def field_html(html, path):
    """The markup of one field, from its wrapper to the next field's."""
    start = html.index(f'data-path="{path}"')
    return html[start : html.index('<div class="field', start + 1)]


def test_a_fresh_battle_form_starts_with_no_list_entries(desk):
    page = desk.get(BATTLE)
    lists = [node for _, node in walk(page.context["form"]) if isinstance(node, CaseList)]
    assert len(lists) > 15 and all(not node.entries for node in lists)
    html = without_templates(page.content.decode())
    assert "data-entry" not in html
    assert ">Add a leader</button>" in html and 'name="add" value="attacker.leaders"' in html
    assert 'hx-boost="true"' in html  # the page keeps its place


def test_the_minimal_battle_runs_in_one_submission_with_the_outcome_as_the_current_step(desk):
    page = desk.post(BATTLE, {**EXAMPLE_6, "dice_mode": "console", "step": "run"})
    assert page.status_code == 200
    html = page.content.decode()
    assert re.search(r'<section id="rules-result" data-current-step>', html)
    assert "<li>Winner: attacker</li>" in html


def test_a_field_the_rules_cannot_read_is_refused_400_beside_it_with_everything_typed_kept(desk):
    page = desk.post(BATTLE, {**EXAMPLE_6, "attacker.units.cavalry": "three", "dice_mode": "console"})
    assert page.status_code == 400
    html = page.content.decode()
    cavalry = field_html(html, "attacker.units.cavalry")
    assert "must be a whole number, not &#x27;three&#x27;" in cavalry and 'value="three"' in cavalry
    assert 'data-path="attacker.units.cavalry" data-current-step' in html
    assert 'value="A"' in field_html(html, "attacker.name") and 'value="1"' in field_html(
        html, "defender.withdraw_after_round"
    )
    assert ProcedureRun.objects.count() == 0


def test_the_rules_refusal_of_a_field_is_shown_beside_it(desk):
    page = desk.post(BATTLE, {**EXAMPLE_6, "attacker.name": "", "dice_mode": "console"})
    assert page.status_code == 400
    assert '<p class="errorlist" id="case.attacker.name-error">is required</p>' in field_html(
        page.content.decode(), "attacker.name"
    )


def test_the_tables_dice_come_one_row_per_die_with_its_purpose(desk):
    page = desk.post(BATTLE, {**AT_THE_TABLE, "step": "dice"})
    assert page.status_code == 200
    rows = page.context["dice"]
    assert (rows[0].number, rows[0].sides, rows[0].purpose) == (1, 10, "A light infantry 1 to hit (9+)")
    html = page.content.decode()
    assert '<label for="die.0">Die 1: d10' in html and 'name="die.0"' in html
    assert '<fieldset id="rules-dice" class="dice-choice" data-current-step>' in html


def test_the_tables_dice_of_example_6_give_its_outcome(desk):
    page = desk.post(BATTLE, {**AT_THE_TABLE, **typed(EXAMPLE_6_DICE)})
    assert page.status_code == 200
    assert [row.purpose for row in page.context["dice"]][-2:] == [
        "A cavalry 1 to hit (8+)",
        "A cavalry 2 to hit (8+)",
    ]
    verdict = page.context["said"].verdict
    assert "Winner: attacker" in verdict and "End: eliminated in pursuit" in verdict


def test_a_missing_die_is_asked_for_beside_its_row_with_the_dice_typed_kept(desk):
    page = desk.post(BATTLE, {**AT_THE_TABLE, **typed(EXAMPLE_6_DICE[:3])})
    assert page.status_code == 400
    rows = page.context["dice"]
    assert [row.value for row in rows[:4]] == ["5", "9", "7", ""]
    assert rows[3].error.startswith("is needed: a d10 for A cavalry 1 to hit (8+), and ")
    assert 'id="die.3-error">Die 4 is needed' in page.content.decode()


def test_a_die_past_those_the_battle_rolls_is_refused_beside_it(desk):
    page = desk.post(BATTLE, {**AT_THE_TABLE, **typed([*EXAMPLE_6_DICE, 3])})
    assert page.status_code == 400
    extra = page.context["dice"][-1]
    assert (extra.number, extra.purpose, extra.value) == (15, "not asked for", "3")
    assert "die 15 and after are not its" in extra.error


def test_a_die_not_on_its_face_is_refused_beside_it(desk):
    page = desk.post(BATTLE, {**AT_THE_TABLE, **typed([5, 11, *EXAMPLE_6_DICE[2:]])})
    assert page.status_code == 400
    assert "is a d10: 11 is not on it" in page.context["dice"][1].error


def test_add_and_remove_work_without_the_script(desk):
    added = desk.post(BATTLE, {**EXAMPLE_6, "add": "attacker.leaders"})
    assert added.status_code == 200
    html = without_templates(added.content.decode())
    assert 'name="attacker.leaders.0.name"' in html and 'value="A"' in field_html(html, "attacker.name")
    assert 'data-list="attacker.leaders" data-next="1"' in html
    removed = desk.post(BATTLE, {**EXAMPLE_6, "attacker.leaders": "0", "remove": "attacker.leaders.0"})
    assert 'name="attacker.leaders.0.name"' not in without_templates(removed.content.decode())


def test_an_entry_added_and_left_empty_is_no_entry(desk):
    page = desk.post(BATTLE, {**EXAMPLE_6, "attacker.leaders": "0", "attacker.leaders.0.name": "", "step": "run"})
    assert page.status_code == 200 and page.context["said"].verdict


def test_an_entry_filled_in_reaches_the_rules_and_is_refused_by_its_path(desk):
    leader = {"attacker.leaders": "3", "attacker.leaders.3.name": "Hannibal", "attacker.leaders.3.command": "x"}
    page = desk.post(BATTLE, {**EXAMPLE_6, **leader, "step": "run"})
    assert page.status_code == 400
    assert "must be a whole number" in field_html(page.content.decode(), "attacker.leaders.3.command")
    assert page.context["form"].has_error


def test_a_list_never_grows_past_its_most(desk):
    full = {"attacker.leaders": [str(n) for n in range(8)], "add": "attacker.leaders"}
    page = desk.post(BATTLE, {**EXAMPLE_6, **full})
    leaders = dict(walk(page.context["form"]))["attacker.leaders"]
    assert len(leaders.entries) == 8 and leaders.full


def test_a_run_shown_is_saved_and_the_desk_opens_with_it_to_print(desk):
    shown = desk.post(BATTLE, {**AT_THE_TABLE, **typed(EXAMPLE_6_DICE)}).context["run"]
    saved = desk.post(BATTLE, {**shown, "step": "save", "note": "Trebia", "table": ""})
    record = ProcedureRun.objects.get()
    assert saved.status_code == 302 and saved["Location"] == f"{BATTLE}?saved={record.pk}"
    assert record.outcome["winner"] == "attacker" and record.note == "Trebia" and not record.rolled_by_console
    page = desk.get(saved["Location"])
    html = page.content.decode()
    assert (
        f"/events/ad69/rules/log/{record.pk}.pdf" in html
        and 'id="rules-saved" class="rules-saved" data-current' in html
    )
    assert 'value="A"' in field_html(html, "attacker.name")  # the next run starts from this one's case


def test_a_refused_save_comes_back_400_with_the_run_and_what_was_typed(desk):
    shown = desk.post(BATTLE, {**EXAMPLE_6, "step": "run"}).context["run"]
    page = desk.post(BATTLE, {**shown, "step": "save", "note": "x" * 5000})
    assert page.status_code == 400 and ProcedureRun.objects.count() == 0
    assert page.context["save_error"]["field"] == "note" and page.context["said"].verdict
    assert "x" * 5000 in page.content.decode()


@pytest.mark.parametrize(
    "sent",
    [
        {"step": "save", "case": "{not json", "dice": "1"},
        {"step": "save", "case": "[]", "dice": "x"},
        {"step": "save", "case": "{}", "dice": "1", "seed": "²"},
        {"step": "save", "case": "{}", "dice": "1", "table": "Gaul"},
        {"attacker.leaders": ["x", "-1", "99999999999"], "add": "nowhere", "remove": "attacker.leaders.x"},
        {"dice_mode": "table", "die.0": "-1", "die.1": "²", "die.5": "٣", "die.99999999": "4", "die.²": "1"},
        {"attacker.units.cavalry": "9" * 40, "defender.units.cavalry": "+3"},
    ],
)
def test_a_form_sent_back_wrong_is_refused_in_words_and_saves_nothing(desk, sent):
    page = desk.post(BATTLE, {**EXAMPLE_6, **sent})
    assert page.status_code in (200, 400) and ProcedureRun.objects.count() == 0


def test_fields_are_labelled_in_the_rulebooks_words_and_choices_by_theirs(desk):
    page = desk.get("/events/ad69/rules/ad69.winter/")
    nodes = dict(walk(page.context["form"]))
    region = nodes["region"]
    assert region.label == "The weather region" and ("italia_rome", "Italia/Rome") in region.choices
    assert ("northern", "Northern") in region.choices
    html = page.content.decode()
    assert '<option value="northern">Northern</option>' in html and ">The weather region</label>" in html


def test_a_label_is_the_lead_of_its_help_and_the_rest_goes_beneath():
    from umpire.rules_forms import label_and_help

    assert label_and_help("military_skill", "Military Skill of the army commander (not a subordinate legion's)") == (
        "Military Skill of the army commander",
        "(not a subordinate legion's)",
    )
    assert label_and_help("name", "What the umpire calls it, as Legion XLV") == (
        "What the umpire calls it",
        "as Legion XLV",
    )
    assert label_and_help("veteran", "Veterans: they have fought in a battle and won") == (
        "Veterans",
        "they have fought in a battle and won",
    )
    assert label_and_help("withdraw_after_round", "") == ("withdraw after round", "")


def test_a_list_is_named_by_its_input_and_its_entries_by_the_thing_they_are(desk):
    html = without_templates(desk.get(BATTLE).content.decode())
    assert ">Add a leader</button>" in html
    hb = desk.get("/events/ad69/rules/ad69.battle/")
    forces = dict(walk(hb.context["form"]))["side_a.forces"]
    assert forces.noun == "force" and forces.label.startswith("Its legions, detachments or hosts")


def test_a_d10_typed_as_its_0_face_is_the_die_the_desk_works_on():
    """The desk learns which dice come next by running the case on the dice typed so far: a d10 typed as
    the face marked 0 is that die's tenth face, not a die off the d10 to be rolled by the console."""
    probe = ProbeDice([0, 0])
    assert probe.roll(10, "the 0 face") == 10
    assert probe.roll(6, "a d6 has no 0 face") != 0


@pytest.mark.parametrize(
    ("label", "one"),
    [("leaders", "leader"), ("placed losses", "placed loss"), ("forced marches", "forced march"), ("cities", "city")],
)
def test_a_lists_button_adds_one_of_its_things(label, one):
    assert singular(label) == one
