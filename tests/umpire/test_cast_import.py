"""The cast from Control's spreadsheet: every row previewed as new, changed, unchanged or refused with its
reasons before anything is written; applied as one audited action, undone whole; exported in the same
format, so a round trip changes nothing; a bad file refused by sheet, row and column, writing nothing."""

import csv
import io
import time

import openpyxl
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.umpire.channels_helpers import listen
from umpire.cast_sheets import MAX_UPLOAD_BYTES, read_cast
from umpire.models import AuditEntry, Briefing, Character, Event, Player, Region, Role
from umpire.services.cast import cast_template, do_import_cast, export_cast, preview_cast
from umpire.services.records import do_save_record
from umpire.services.undo import do_undo

CHARACTER_HEADER = [
    "Name",
    "Role or office",
    "Class",
    "Starting table",
    "Wealth",
    "Personal income",
    "Support",
    "Military skill",
    "Briefing notes",
]
PLAYER_HEADER = ["name", "contact", "character", "team"]
PRIMUS = ["Antonius Primus", "Legionary Legate", "senator", "Illyria", "30", "3", "1", "2", "Commands Legio VII."]
VERGINIUS = ["Verginius Rufus", "governor", "Senator", "Northern", "50", "5", "3", "3", "He refused the purple."]
PLAYERS = [["Alice Brown", "alice@example.org", "Antonius Primus", "Flavians"], ["Bob Green", "", "", ""]]


def xlsx(characters=None, players=None, *, formula_at=None):
    """A workbook of the given sheets (a header and rows each); `formula_at` ("Characters", "E2") holds a formula."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for title, rows in (("Characters", characters), ("Players", players)):
        if rows is not None:
            sheet = book.create_sheet(title)
            for row in rows:
                sheet.append([int(cell) if cell.isdigit() else cell for cell in row])
    if formula_at:
        title, cell = formula_at
        book[title][cell] = "=1+2"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def csv_file(rows):
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    return out.getvalue().encode("utf-8")


def sheets(characters=None, players=None):
    return read_cast(xlsx(characters, players), "cast.xlsx")


def characters(*rows):
    return [CHARACTER_HEADER, *rows]


def refusal_of(data, name):
    with pytest.raises(ValidationError) as refused:
        read_cast(data, name)
    return " ".join(refused.value.message_dict["file"])


def the_cast(event):
    """Everything an import may write, as plain values: to compare the world before and after."""
    return (
        sorted(Character.objects.filter(event=event).values_list()),
        sorted(Briefing.objects.filter(character__event=event).values_list()),
        sorted(Player.objects.filter(event=event).values_list()),
    )


def row_of(preview, name):
    return next(row for row in preview.rows if row.name == name)


# ---- the preview ------------------------------------------------------------------------------------


def test_each_row_is_previewed_as_new_changed_or_unchanged_and_nothing_is_written(ad69):
    verginius = Character.objects.get(event=ad69, name="Verginius Rufus")
    cornelius = ["Cornelius Blasio", "Governor", "Senator", "Illyria", "", "", "", "", ""]
    before = the_cast(ad69)
    preview = preview_cast(ad69, sheets(characters(PRIMUS, VERGINIUS, cornelius), [PLAYER_HEADER, *PLAYERS]))
    assert the_cast(ad69) == before
    assert preview.counts == {"new": 3, "changed": 1, "unchanged": 1, "refused": 0}
    assert row_of(preview, "Antonius Primus").status == "new"
    assert row_of(preview, "Cornelius Blasio").status == "unchanged"
    changed = row_of(preview, "Verginius Rufus")
    assert changed.status == "changed" and verginius.military_skill is None
    assert {(c.column, c.old, c.new) for c in changed.changes} == {
        ("wealth", "(blank)", "50"),
        ("support", "(blank)", "3"),
        ("military skill", "(blank)", "3"),
        ("personal income", "(blank)", "5"),
        ("briefing notes", "(blank)", "He refused the purple."),
    }
    assert row_of(preview, "Alice Brown").status == "new"


@pytest.mark.parametrize(
    ("row", "reason"),
    [
        (["Antonius Primus", "Legate", "Senator", "Atlantis", "", "", "", "", ""], "unknown table “Atlantis”"),
        (
            ["Antonius Primus", "Legate", "Senator", "", "", "", "", "-1", ""],
            "military skill: Ensure this value is greater",
        ),
        (
            ["Antonius Primus", "Legate", "Senator", "", "", "", "", "2.5", ""],
            "military skill: “2.5” is not a whole number",
        ),
        (["Antonius Primus", "Legate", "Senator", "", "-5", "", "", "", ""], "wealth: Ensure this value is greater"),
        (["Antonius Primus", "Tribune", "Senator", "", "", "", "", "", ""], "role or office: unknown “Tribune”"),
        (["Antonius Primus", "Legate", "Plebeian", "", "", "", "", "", ""], "class: unknown “Plebeian”"),
        (["Antonius Primus", "", "Senator", "", "", "", "", "", ""], "role or office: it is required"),
        (["A" * 81, "Legate", "Senator", "", "", "", "", "", ""], "name: Ensure this value has at most 80 characters"),
    ],
)
def test_a_row_is_refused_with_its_reason(ad69, row, reason):
    preview = preview_cast(ad69, sheets(characters(row)))
    assert preview.counts["refused"] == 1
    assert any(reason in said for said in preview.rows[0].reasons), preview.rows[0].reasons


def test_a_career_rank_of_the_other_class_is_refused(ad69):
    header = [*CHARACTER_HEADER, "career rank"]
    row = ["Antonius Primus", "Legate", "Equestrian", "", "", "", "", "", "", "Consul / Army Commander"]
    preview = preview_cast(ad69, sheets([header, row]))
    assert preview.rows[0].reasons == (
        "career rank: Consul / Army Commander is a rank of the Senator ladder, not the Equestrian one.",
    )


def test_a_character_or_player_named_twice_is_refused_on_both_rows(ad69):
    preview = preview_cast(
        ad69,
        sheets(characters(PRIMUS, PRIMUS), [PLAYER_HEADER, PLAYERS[1], ["bob  green", "", "", ""]]),
    )
    assert preview.counts == {"new": 0, "changed": 0, "unchanged": 0, "refused": 4}
    assert "a character named twice in the Characters sheet (rows 2, 3)" in preview.rows[0].reasons
    assert "a player named twice in the Players sheet (rows 2, 3)" in preview.rows[3].reasons


def test_a_players_unknown_or_refused_character_is_refused(ad69):
    bad_primus = [*PRIMUS[:3], "Atlantis", *PRIMUS[4:]]
    players = [PLAYER_HEADER, ["Carol", "", "Nobody Atall", ""], ["Dan", "", "Antonius Primus", ""]]
    preview = preview_cast(ad69, sheets(characters(bad_primus), players))
    assert row_of(preview, "Carol").reasons == (
        "character: unknown character “Nobody Atall”: neither the event's nor in the Characters sheet",
    )
    assert row_of(preview, "Dan").reasons == ("character: “Antonius Primus” is refused in the Characters sheet",)


def test_a_player_may_play_a_character_of_the_event_not_in_the_file(ad69):
    preview = preview_cast(ad69, sheets(players=[PLAYER_HEADER, ["Carol", "", "marcus otho", "Othonians"]]))
    assert preview.counts["new"] == 1 and not preview.refused


# ---- applying and undoing ---------------------------------------------------------------------------


def test_applying_is_one_audited_action_whose_steps_are_the_records_saved(
    ad69, control, django_capture_on_commit_callbacks
):
    with listen([f"control-{ad69.pk}"]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            entry = do_import_cast(
                ad69, sheets(characters(PRIMUS, VERGINIUS), [PLAYER_HEADER, *PLAYERS]), actor=control
            )
        messages = heard()[f"control-{ad69.pk}"]
    primus = Character.objects.get(event=ad69, name="Antonius Primus")
    assert (primus.role, primus.location.name, primus.military_skill, primus.briefing.personal_income) == (
        "legate",
        "Illyria",
        2,
        3,
    )
    assert Player.objects.get(event=ad69, name="Alice Brown").character == primus
    assert Player.objects.get(event=ad69, name="Bob Green").character is None
    assert entry.action == "cast.import" and entry.after["rows"]["new"] == 3
    steps = sorted(entry.parts.values_list("action", flat=True))
    assert steps == sorted(
        ["umpire.character.create", "umpire.briefing.create"]
        + ["umpire.character.update", "umpire.briefing.create"]
        + ["umpire.player.create"] * 2
    )
    imports = [
        m["event"] for m in messages if m["event"]["type"] == "world.changed" and m["event"]["action"] == "import"
    ]
    assert len(imports) == 1 and imports[0]["record_id"] == str(entry.pk)


def test_a_file_with_a_refused_row_writes_nothing(ad69, control):
    before, entries = the_cast(ad69), AuditEntry.objects.count()
    bad = [*PRIMUS[:7], "-2", ""]
    with pytest.raises(ValidationError) as refused:
        do_import_cast(ad69, sheets(characters(VERGINIUS, bad)), actor=control)
    assert "Characters, row 3 (Antonius Primus): military skill" in " ".join(refused.value.messages)
    assert "Fix the 1 refused row and upload the file again." in refused.value.messages
    assert the_cast(ad69) == before and AuditEntry.objects.count() == entries


def test_the_file_is_checked_again_when_applied(ad69, control):
    cast = sheets(characters(PRIMUS))
    assert not preview_cast(ad69, cast).refused
    Region.objects.filter(event=ad69, name="Illyria").update(name="Illyricum")  # renamed since the preview
    with pytest.raises(ValidationError, match="unknown table “Illyria”"):
        do_import_cast(ad69, cast, actor=control)
    assert not Character.objects.filter(name="Antonius Primus").exists()


def test_an_import_is_undone_whole_and_the_world_is_as_before(ad69, control):
    briefing = Briefing.objects.create(character=Character.objects.get(event=ad69, name="Marcus Otho"), notes="Debts.")
    otho = ["Marcus Otho", "Governor", "Senator", "Spain", "30", "3", "3", "1", "Deep in debt."]
    before = the_cast(ad69)
    entry = do_import_cast(ad69, sheets(characters(PRIMUS, VERGINIUS, otho), [PLAYER_HEADER, *PLAYERS]), actor=control)
    assert the_cast(ad69) != before
    do_undo(entry, actor=control, reason="the wrong spreadsheet")
    assert the_cast(ad69) == before
    assert not Character.objects.filter(event=ad69, name="Antonius Primus").exists()
    assert Briefing.objects.get(pk=briefing.pk).notes == "Debts."


def test_a_later_change_to_the_event_itself_does_not_stand_in_the_imports_way(ad69, control):
    """The import's own entry is filed under the event, but its undo puts back only its steps: the public
    address set since is no change to what the import wrote."""
    before = the_cast(ad69)
    entry = do_import_cast(ad69, sheets(characters(PRIMUS, VERGINIUS)), actor=control)
    ad69.public_address = "http://192.168.1.10:8000"
    do_save_record(ad69, actor=control)
    do_undo(entry, actor=control, reason="the wrong spreadsheet")
    assert the_cast(ad69) == before
    assert Event.objects.get(pk=ad69.pk).public_address == "http://192.168.1.10:8000"


def test_rows_not_in_the_file_are_left_alone(ad69, control):
    do_import_cast(ad69, sheets(characters(VERGINIUS)), actor=control)
    assert Character.objects.filter(event=ad69).count() == 48
    assert Character.objects.get(event=ad69, name="Flavius Vespasianus").military_skill is None


def test_a_demo_import_flags_what_it_touches_and_controls_own_cast_unflags_it(ad69, control):
    do_import_cast(ad69, sheets(characters(VERGINIUS)), actor=None, demo=True)
    assert Character.objects.get(event=ad69, name="Verginius Rufus").is_demo
    changed = [*VERGINIUS[:7], "2", VERGINIUS[8]]
    do_import_cast(ad69, sheets(characters(changed)), actor=control)
    assert not Character.objects.get(event=ad69, name="Verginius Rufus").is_demo


# ---- export: the same format, so a round trip changes nothing ----------------------------------------


@pytest.fixture
def rich_cast(ad69, control):
    """A cast with every kind of cell: players, a note of several lines, a rank, and a note a spreadsheet
    would take for a formula."""
    do_import_cast(ad69, sheets(characters(PRIMUS, VERGINIUS), [PLAYER_HEADER, *PLAYERS]), actor=control)
    briefing = Briefing.objects.get(character__name="Verginius Rufus")
    briefing.notes = "-owes Otho 50 talents\nand knows it"
    briefing.objectives = "=Rome"
    do_save_record(briefing, actor=control)
    return ad69


def test_an_exported_xlsx_imported_again_changes_nothing(rich_cast, control):
    exported = read_cast(export_cast(rich_cast, "xlsx"), "cast.xlsx")
    preview = preview_cast(rich_cast, exported)
    assert preview.counts == {"new": 0, "changed": 0, "unchanged": 48 + 1 + 2, "refused": 0}
    before = the_cast(rich_cast)
    with pytest.raises(ValidationError, match="The file changes nothing"):
        do_import_cast(rich_cast, exported, actor=control)
    assert the_cast(rich_cast) == before


@pytest.mark.parametrize("kind", ["Characters", "Players"])
def test_an_exported_csv_imported_again_changes_nothing(rich_cast, kind):
    exported = read_cast(export_cast(rich_cast, "csv", kind), f"{kind}.csv")
    preview = preview_cast(rich_cast, exported)
    assert preview.counts["unchanged"] == (48 + 1 if kind == "Characters" else 2)
    assert preview.counts["unchanged"] == len(preview.rows)


def test_the_export_keeps_a_formula_like_text_as_text(rich_cast):
    book = openpyxl.load_workbook(io.BytesIO(export_cast(rich_cast, "xlsx")))
    cells = [cell for row in book["Characters"].iter_rows() for cell in row]
    assert not [cell for cell in cells if cell.data_type == "f"]
    assert "'=Rome" in [cell.value for cell in cells]


@pytest.mark.parametrize(("file_format", "kind"), [("xlsx", "Characters"), ("csv", "Characters"), ("csv", "Players")])
def test_the_template_reads_back_as_one_new_example_row_a_sheet(ad69, file_format, kind):
    cast = read_cast(cast_template(ad69, file_format, kind), f"template.{file_format}")
    preview = preview_cast(ad69, cast)
    assert not preview.refused
    assert len(preview.rows) == (2 if file_format == "xlsx" else 1)


# ---- a bad file: refused by sheet, row and column -------------------------------------------------


def test_an_unknown_column_is_refused_naming_it():
    said = refusal_of(xlsx(characters=[[*CHARACTER_HEADER, "Shoe size"], [*PRIMUS, "9"]]), "cast.xlsx")
    assert "Characters, row 1, column J: “Shoe size”, which a Characters sheet does not have." in said


def test_a_missing_column_is_refused_naming_it():
    said = refusal_of(csv_file([CHARACTER_HEADER[:-1], PRIMUS[:-1]]), "cast.csv")
    assert "Characters, row 1: no column “briefing notes”; it is required." in said


@pytest.mark.parametrize(
    ("data", "name", "said"),
    [
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8, "cast.xlsx", "not an XLSX workbook"),
        (b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8, "cast.csv", "not UTF-8 text"),
        (b"PK\x03\x04" + b"\x00" * 200, "cast.xlsx", "not an XLSX workbook"),
        (b"name,contact\n", "cast.txt", "not a CSV or XLSX file"),
        (b"", "cast.csv", "The CSV file is empty"),
        (b"a,b,c\n1,2,3\n", "cast.csv", "names neither the Characters columns"),
    ],
)
def test_a_file_that_is_not_a_cast_spreadsheet_is_refused(data, name, said):
    assert said in refusal_of(data, name)


def test_ten_thousand_rows_are_refused_quickly_without_reading_the_world(db, django_assert_num_queries):
    many = xlsx(
        characters=characters(*[[f"Nemo {n}", "Senator", "Senator", "", "", "", "", "", ""] for n in range(10_000)])
    )
    started = time.monotonic()
    with django_assert_num_queries(0):
        said = refusal_of(many, "cast.xlsx")
    assert "The Characters sheet has more than 2,000 rows" in said
    assert time.monotonic() - started < 5
    with django_assert_num_queries(0):
        assert "more than 2,000 rows" in refusal_of(csv_file(characters(*[PRIMUS] * 10_000)), "cast.csv")


@pytest.mark.parametrize("name", ["cast.csv", "cast.xlsx"])
def test_a_cell_of_a_megabyte_is_refused_naming_its_row_and_column(name):
    rows = characters(PRIMUS, [*PRIMUS[:8], "x" * 1_000_000])
    data = csv_file(rows) if name.endswith(".csv") else xlsx(characters=rows)
    said = refusal_of(data, name)
    # a spreadsheet keeps 32,767 characters of a cell at most: openpyxl cuts the rest as it writes
    assert "Characters, row 3, column “briefing notes”: " in said and "a cell may hold 10,000 at most." in said


def test_an_upload_over_the_size_limit_is_refused():
    assert "a cast file may be 5 MB at most" in refusal_of(b"x" * (MAX_UPLOAD_BYTES + 1), "cast.csv")


def test_an_xlsx_formula_is_refused_naming_its_cell():
    said = refusal_of(xlsx(characters=characters(PRIMUS), formula_at=("Characters", "E2")), "cast.xlsx")
    assert "Characters, row 2, column “wealth”: a formula; the cast takes values only." in said


@pytest.mark.parametrize("text", ['=HYPERLINK("http://evil")', "+1+2", "-2+3", "@SUM(A1)"])
def test_a_text_a_spreadsheet_would_run_is_refused_in_csv_and_xlsx(text):
    rows = characters([*PRIMUS[:8], text])
    said = refusal_of(csv_file(rows), "cast.csv")
    assert f"Characters, row 2, column “briefing notes”: “{text[:20]}” starts with {text[0]}" in said
    said = refusal_of(xlsx(characters=rows), "cast.xlsx")
    # a spreadsheet stores a text led by "=" as a formula
    refused = "a formula" if text.startswith("=") else f"“{text[:20]}” starts with {text[0]}"
    assert f"Characters, row 2, column “briefing notes”: {refused}" in said


def test_a_text_kept_with_an_apostrophe_is_read_without_it(ad69, control):
    do_import_cast(ad69, sheets(characters([*PRIMUS[:8], "'-owes Otho 50"])), actor=control)
    assert Briefing.objects.get(character__name="Antonius Primus").notes == "-owes Otho 50"


def test_a_negative_support_is_a_number_not_a_formula(ad69):
    preview = preview_cast(ad69, read_cast(csv_file(characters([*PRIMUS[:6], "-2", *PRIMUS[7:]])), "c.csv"))
    assert ("support", "(blank)", "-2") in {(c.column, c.old, c.new) for c in preview.rows[0].changes}


def test_headers_match_whatever_their_case_and_spacing(ad69):
    header = [
        "NAME",
        "role  or office",
        "class",
        "Starting_Table",
        "wealth",
        "PersonalIncome",
        "support",
        "military skill",
        "briefing notes",
    ]
    assert not preview_cast(ad69, read_cast(csv_file([header, PRIMUS]), "cast.csv")).refused


def test_an_unknown_sheet_in_a_workbook_is_refused():
    book = openpyxl.load_workbook(io.BytesIO(xlsx(characters=characters(PRIMUS))))
    book.create_sheet("Charcters")
    out = io.BytesIO()
    book.save(out)
    assert "The workbook has a sheet “Charcters”" in refusal_of(out.getvalue(), "cast.xlsx")


# ---- the pages ---------------------------------------------------------------------------------------


def post_file(client, ad69, data, name):
    handle = io.BytesIO(data)
    handle.name = name
    return client.post(reverse("cast:import", args=[ad69.slug]), {"file": handle})


def test_control_previews_applies_and_is_offered_the_undo(client, ad69, control):
    client.force_login(control)
    assert "Upload" in client.get(reverse("cast:import", args=[ad69.slug])).content.decode()
    data = xlsx(characters(PRIMUS, VERGINIUS), [PLAYER_HEADER, *PLAYERS])
    page = post_file(client, ad69, data, "cast.xlsx").content.decode()
    assert "<strong>3</strong> new · <strong>1</strong> changed" in page
    assert "military skill: (blank) → 3" in page
    assert not Character.objects.filter(name="Antonius Primus").exists()
    token = page.split('name="token" value="')[1].split('"')[0]

    response = client.post(reverse("cast:apply", args=[ad69.slug]), {"token": token}, follow=True)
    entry = AuditEntry.objects.get(event=ad69, action="cast.import")
    page = response.content.decode()
    assert f"Cast imported from cast.xlsx as #{entry.pk}: 3 new, 1 changed, 0 unchanged." in page
    assert reverse("umpire:undo", args=[ad69.slug, entry.pk]) in page
    assert Character.objects.filter(event=ad69, name="Antonius Primus").exists()

    again = client.post(reverse("cast:apply", args=[ad69.slug]), {"token": token}, follow=True)
    assert "not the last one previewed here" in again.content.decode()
    assert AuditEntry.objects.filter(action="cast.import").count() == 1


def test_refused_rows_leave_no_apply_button_and_say_how_many_to_fix(client, ad69, control):
    client.force_login(control)
    bad = [*PRIMUS[:3], "Atlantis", *PRIMUS[4:]]
    page = post_file(client, ad69, csv_file(characters(bad, VERGINIUS)), "cast.csv").content.decode()
    assert "fix the 1 refused row in the spreadsheet and upload it again" in page
    assert "starting table: unknown table “Atlantis”" in page
    assert 'name="token"' not in page


def test_a_bad_file_is_refused_on_the_page_and_nothing_is_kept(client, ad69, control):
    client.force_login(control)
    before = the_cast(ad69)
    page = post_file(client, ad69, b"\x89PNG\r\n\x1a\n" + b"\x00" * 100, "cast.xlsx").content.decode()
    assert "The file is not an XLSX workbook" in page
    assert the_cast(ad69) == before
    assert not any(key.startswith("cast-import") for key in client.session.keys())
    page = client.post(reverse("cast:import", args=[ad69.slug]), {}).content.decode()
    assert "This field is required." in page


def test_an_apply_without_the_previews_token_writes_nothing(client, ad69, control):
    client.force_login(control)
    post_file(client, ad69, xlsx(characters(PRIMUS)), "cast.xlsx")
    response = client.post(reverse("cast:apply", args=[ad69.slug]), {"token": "forged"}, follow=True)
    assert "upload the file again" in response.content.decode()
    assert not Character.objects.filter(name="Antonius Primus").exists()


@pytest.mark.parametrize(
    ("name", "content_type"),
    [
        ("cast:export", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("cast:export-characters", "text/csv; charset=utf-8"),
        ("cast:export-players", "text/csv; charset=utf-8"),
        ("cast:template", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("cast:template-characters", "text/csv; charset=utf-8"),
        ("cast:template-players", "text/csv; charset=utf-8"),
    ],
)
def test_control_downloads_the_cast_and_its_template(client, ad69, control, name, content_type):
    client.force_login(control)
    response = client.get(reverse(name, args=[ad69.slug]))
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"].startswith("attachment; filename=")
    file_name = response["Content-Disposition"].split('"')[1]
    assert read_cast(response.content, file_name)


def test_a_region_umpire_gets_a_404_on_every_cast_page(client, ad69, make_umpire):
    client.force_login(make_umpire(ad69, Role.REGION, "Illyria"))
    for name in ("cast:import", "cast:export", "cast:export-players", "cast:template"):
        assert client.get(reverse(name, args=[ad69.slug])).status_code == 404
    assert post_file(client, ad69, xlsx(characters(PRIMUS)), "cast.xlsx").status_code == 404
    assert client.post(reverse("cast:apply", args=[ad69.slug]), {"token": "x"}).status_code == 404
