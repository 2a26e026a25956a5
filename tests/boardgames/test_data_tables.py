"""Per-event data tables: made with the cells the rulebook gives, filled in by Control on the page or
by CSV (all or nothing, a bad cell named), and read by procedures with get_data_cell."""

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from boardgames.models import DataCell, DataRow, DataTable
from boardgames.selectors import MissingDataCell, get_csv, get_data_cell
from boardgames.services.tables import do_import_data_table, do_prepare_data_tables, do_save_data_rows
from umpire.models import AuditEntry


@pytest.fixture
def tables(hb, hb_control):
    do_prepare_data_tables(hb, actor=hb_control)
    return {table.key: table for table in DataTable.objects.filter(event=hb)}


def cities(hb):
    return DataTable.objects.get(event=hb, key="city_cards")


def state(table):
    return sorted(DataCell.objects.filter(row__table=table).values_list("row__key", "column", "value", "given"))


def test_the_ruleset_s_tables_are_made_with_the_cells_the_rulebook_gives(hb, tables):
    assert {
        "city_cards",
        "leader_cards",
        "event_cards",
        "gallic_tribes",
        "siege_track_flags",
        "map_regions",
        "map_adjacency",
        "alpine_crossings",
    } <= set(tables)
    siga = {c.column: c for c in DataCell.objects.filter(row__table=tables["city_cards"], row__key="Siga")}
    assert {k: (c.value, c.given) for k, c in siga.items()} == {
        "income": ("4", True),
        "defence": ("4", True),
        "vp": ("8", True),
        "port": ("yes", True),
        "elephants": ("yes", True),
    }
    assert "L198" in siga["income"].source
    assert get_data_cell(hb, "gallic_tribes", "Lingones", "infantry") == "6"
    assert get_data_cell(hb, "siege_track_flags", "3", "flag") == "9"
    assert get_data_cell(hb, "leader_cards", "Hannibal", "command") == "3"


def test_making_the_tables_again_keeps_what_control_filled_in(hb, tables, hb_control):
    do_save_data_rows(tables["city_cards"], rows=[("Carthago", {"income": "5"})], actor=hb_control)
    assert do_prepare_data_tables(hb, actor=hb_control) == []
    assert get_data_cell(hb, "city_cards", "Carthago", "income") == "5"


def test_get_data_cell_names_the_empty_cell(hb, tables):
    with pytest.raises(MissingDataCell) as missing:
        get_data_cell(hb, "city_cards", "Roma", "defence")
    assert str(missing.value) == (
        "City cards: the Defence of Roma is empty. Control fills it in on the data tables page."
    )
    with pytest.raises(MissingDataCell, match="the Infantry of Boii is empty"):
        get_data_cell(hb, "gallic_tribes", "Boii", "infantry")


def test_a_csv_import_sets_the_rows_it_names(hb, tables, hb_control):
    csv_text = "City,Income,Defence,VP,Port,Elephants\nCarthago,6,5,10,yes,no\nNew Carthage,3,,,Y,\n"
    do_import_data_table(cities(hb), csv_text=csv_text, actor=hb_control)
    assert get_data_cell(hb, "city_cards", "Carthago", "vp") == "10"
    assert get_data_cell(hb, "city_cards", "New Carthage", "port") == "yes"
    assert AuditEntry.objects.filter(action="datatable.imported").count() == 1
    assert "Carthago,6,5,10,yes,no" in get_csv(cities(hb))


def test_an_import_undone_takes_out_its_rows_and_puts_back_its_cells(hb, tables, hb_control):
    from umpire.services.undo import do_undo

    do_save_data_rows(cities(hb), rows=[("Carthago", {"income": "5"})], actor=hb_control)
    kept = state(cities(hb))
    do_import_data_table(cities(hb), csv_text="City,Income,Defence\nCarthago,6,5\nNew Carthage,3,\n", actor=hb_control)
    do_undo(AuditEntry.objects.get(action="datatable.imported"), actor=hb_control, reason="the wrong sheet")
    assert state(cities(hb)) == kept and not DataRow.objects.filter(key="New Carthage").exists()
    assert AuditEntry.objects.filter(action="datatable.restored").count() == 1


def test_an_edit_whose_cells_changed_since_is_not_undone(hb, tables, hb_control):
    from umpire.services.undo import do_undo

    do_save_data_rows(cities(hb), rows=[("Carthago", {"income": "5"})], actor=hb_control)
    first = AuditEntry.objects.get(action="datatable.edited")
    do_save_data_rows(cities(hb), rows=[("Carthago", {"income": "7"})], actor=hb_control)
    with pytest.raises(ValidationError, match=r"Later changes depend on"):
        do_undo(first, actor=hb_control, reason="wrong")
    assert get_data_cell(hb, "city_cards", "Carthago", "income") == "7"


def test_a_bad_csv_cell_refuses_the_whole_import_naming_line_and_column(hb, tables, hb_control):
    before, rows, audits = state(cities(hb)), DataRow.objects.count(), AuditEntry.objects.count()
    csv_text = "City,Income,Port\nCarthago,6,yes\nRoma,ten,no\nCapua,2,maybe\n"
    with pytest.raises(ValidationError) as refused:
        do_import_data_table(cities(hb), csv_text=csv_text, actor=hb_control)
    assert refused.value.message_dict["csv"] == [
        'Line 3 (Roma), column Income: "ten" is not a whole number.',
        'Line 4 (Capua), column Port: "maybe" is not yes or no.',
    ]
    assert (state(cities(hb)), DataRow.objects.count(), AuditEntry.objects.count()) == (before, rows, audits)


def test_a_csv_with_a_column_the_table_lacks_is_refused(hb, tables, hb_control):
    with pytest.raises(ValidationError, match='Line 1 names a column "Gold"'):
        do_import_data_table(cities(hb), csv_text="City,Gold\nRoma,3\n", actor=hb_control)


def test_control_fills_in_cells_on_the_page(client, hb, tables, hb_control):
    client.force_login(hb_control)
    url = reverse("boardgames:data-table", args=["hb", "gallic_tribes"])
    form = client.get(url).context["formset"]
    data = {"form-TOTAL_FORMS": str(form.total_form_count()), "form-INITIAL_FORMS": str(form.initial_form_count())}
    for index, row in enumerate(form.initial_forms):
        data[f"form-{index}-key"] = row.initial["key"]
        for column in ("infantry", "cavalry"):
            data[f"form-{index}-c_{column}"] = row.initial.get(f"c_{column}") or ""
    boii = next(i for i, row in enumerate(form.initial_forms) if row.initial["key"] == "Boii")
    data[f"form-{boii}-c_infantry"], data[f"form-{boii}-c_cavalry"] = "5", "1"
    assert client.post(url, data).status_code == 302
    assert get_data_cell(hb, "gallic_tribes", "Boii", "cavalry") == "1"
    assert DataCell.objects.get(row__key="Leponti", column="infantry").given  # untouched, still the rulebook's


def test_a_table_umpire_reads_the_data_but_does_not_edit_it(client, hb, tables, hb_umpire, outsider):
    client.force_login(hb_umpire)
    assert client.get(reverse("boardgames:data-table", args=["hb", "city_cards"])).status_code == 200
    upload = SimpleUploadedFile("c.csv", b"City,Income\nRoma,3\n", content_type="text/csv")
    assert client.post(reverse("boardgames:data-import", args=["hb", "city_cards"]), {"csv": upload}).status_code == 404
    assert client.post(reverse("boardgames:data-prepare", args=["hb"])).status_code == 404
    client.force_login(outsider)
    assert client.get(reverse("boardgames:data-tables", args=["hb"])).status_code == 404
    assert client.get(reverse("boardgames:data-export", args=["hb", "city_cards"])).status_code == 404
    assert get_data_cell(hb, "city_cards", "Roma", "income") == "10"


def test_an_ad69_event_has_no_board_game_tables(ad69, control):
    assert do_prepare_data_tables(ad69, actor=control) == []


@pytest.mark.parametrize("ruleset", ["hannibal_barkas", "optimus_princeps", "imperium_romanum", "thunderbolt"])
def test_every_given_row_and_cell_fits_its_column_in_the_database(ruleset):
    """SQLite never checks a length; PostgreSQL refuses a row name or cell longer than its column."""
    from boardgames.registry import get_declarations

    longest = {
        name: DataRow._meta.get_field("key").max_length if name == "row" else DataCell._meta.get_field(name).max_length
        for name in ("row", "value", "source")
    }
    for declaration in get_declarations(ruleset):
        for key, cells in declaration.given_rows():
            assert len(str(key)) <= longest["row"], (declaration.key, key)
            for column, given in cells.items():
                assert len(str(given.value)) <= longest["value"] and len(given.source) <= longest["source"], (
                    declaration.key,
                    key,
                    column,
                )


def test_a_declaration_too_long_for_the_database_is_refused_at_start_up():
    from boardgames.registry import register_data_table

    with pytest.raises(ValueError, match=r"its row_title 'x{41}' is longer than 40 characters"):
        register_data_table("hannibal_barkas", "too_long", "Too long", [("a", "A", "text")], row_title="x" * 41)


def test_every_column_key_of_a_declaration_is_checked_not_only_the_last():
    from boardgames.registry import register_data_table

    columns = [("k" * 41, "Too long", "text"), ("b", "B", "text")]
    with pytest.raises(ValueError, match=r"its column 'k{41}' is longer than 40 characters"):
        register_data_table("hannibal_barkas", "first_column_too_long", "Too long", columns)
