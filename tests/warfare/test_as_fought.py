"""Paper as fought: a battle's sheet and record print its forces, commanders and standing factors as
they stood when it began, and a siege's sheet and record each month's sides as they stood when the
month was adjudicated, whatever became of the forces after (losses, veterans, a new legate, more units)."""

import io
import re

import pytest
from pypdf import PdfReader

from regions.models import Force, ForceTroops
from tests.regions.forces_builders import composition
from tests.warfare.conftest import open_example_1
from tests.warfare.test_battles import AUX, LEG, orders
from tests.warfare.test_siege_pdf import fallen  # noqa: F401 (a fixture)
from umpire.models import AuditEntry, Character
from umpire.services.undo import do_undo
from warfare.models import BattleForce, SiegeMonth
from warfare.printing import get_opened_battle_sheet
from warfare.selectors import battles_of
from warfare.services.battle_losses import do_confirm_battle, do_place_losses, do_propose_losses
from warfare.services.battle_rounds import do_fight_round
from warfare.services.sieges import do_build_siege_engines
from warfare.siege_printing import get_siege_record, get_siege_sheet

LEV = "raw_levy"


def read_back(client, url):
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(response.content)).pages
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in pages))  # lines wrap anywhere


def new_legate(force, name):
    """Control puts another legate over the force (set-up, as the cast page would)."""
    Force.objects.filter(pk=force.pk).update(legate=Character.objects.get(name=name))


def more_units(force, kind, count):
    ForceTroops.objects.create(force=force, type=kind, count=count)


# ---- a battle -----------------------------------------------------------------------------------


@pytest.fixture
def opened_with_legate(illyria, umpire, example_1_forces):
    """Combat Example 1, Caecilius Simplex legate of Legion XLV."""
    new_legate(example_1_forces["xlv"], "Caecilius Simplex")
    return open_example_1(illyria, umpire, example_1_forces)


@pytest.fixture
def fought_and_changed(umpire, example_1_forces, opened_with_legate):
    """Example 1 fought and confirmed (Legion XLVI loses 5 units, Legion XLV 2 and its survivors become
    veterans); then Legion XLV gets a new legate and Legion XLVI 4 raw levies."""
    battle = opened_with_legate
    do_fight_round(battle, orders={"a": orders("attack"), "b": orders("defend")}, dice=[10, 2], actor=umpire)
    do_propose_losses(battle, dice=[], actor=umpire)
    lost = [{"force": "Legion XLVI", "type": LEG, "count": 2}, {"force": "Legion XLVI", "type": AUX, "count": 3}]
    do_place_losses(battle, side="b", placed=lost, actor=umpire)
    do_confirm_battle(battle, actor=umpire)
    new_legate(example_1_forces["xlv"], "Fonteius Agrippa")
    more_units(example_1_forces["xlvi"], LEV, 4)
    return battles_of(battle.event).get(pk=battle.pk)


def test_the_forces_have_changed_since_the_battle(example_1_forces, fought_and_changed):
    """What the paper below must not print: the forces as they are now."""
    xlv, xlvi = (Force.objects.get(pk=example_1_forces[key].pk) for key in ("xlv", "xlvi"))
    assert composition(xlv) == [(AUX, 4, True), (LEG, 4, True)] and xlv.legate.name == "Fonteius Agrippa"
    assert composition(xlvi) == [(AUX, 2, False), (LEG, 3, False), (LEV, 4, False)]


def test_a_battle_sheet_printed_after_the_battle_shows_it_as_it_began(fought_and_changed):
    a, b = get_opened_battle_sheet(fought_and_changed).sides
    assert [(line.name, line.units, line.combat_value) for line in a.forces] == [
        ("Legion XLV, legate Caecilius Simplex", "1 Aquila, 5 legionaries, 5 auxiliaries", 50)
    ]
    assert [(line.name, line.units, line.combat_value) for line in b.forces] == [
        ("Legion XLVI", "1 Aquila, 5 legionaries, 5 auxiliaries", 50)
    ]
    assert (a.commander, a.standing_total, b.commander, b.standing_total) == (
        "Bigius Diccus",
        11,
        "Flatulius Butus",
        10,
    )


def test_the_printed_sheet_and_record_read_back_as_fought(client, umpire, fought_and_changed):
    client.force_login(umpire)
    desk = f"/events/ad69/battles/{fought_and_changed.pk}/"
    sheet, record = read_back(client, f"{desk}sheet.pdf"), read_back(client, f"{desk}record.pdf")
    for text in (sheet, record):
        assert "Legion XLV, legate Caecilius Simplex" in text
        assert "Fonteius Agrippa" not in text and "raw lev" not in text
    assert "Forces as the battle began" in sheet and "Opened turn 1, September 68" in sheet
    assert sheet.count("1 Aquila, 5 legionaries, 5 auxiliaries 50") == 2 and "veteran" not in sheet
    # the record's sides as they began, then the losses that came after them
    assert record.count("5 auxiliary, 5 legionary, Aquila") == 2
    assert "Factors that stood all battle" in record and "combat value 50: +1 for every 10 points +5" in record
    assert "Military Skill of the army commander +1" in record


def test_a_force_gone_since_still_prints_as_it_fought(client, umpire, example_1_forces, fought_and_changed):
    """A force disbanded or merged away after the battle is still on its paper."""
    Force.objects.filter(pk=example_1_forces["xlvi"].pk).delete()
    client.force_login(umpire)
    sheet = read_back(client, f"/events/ad69/battles/{fought_and_changed.pk}/sheet.pdf")
    assert "Legion XLVI 1 Aquila, 5 legionaries, 5 auxiliaries 50" in sheet


def test_a_battle_opened_before_the_legates_were_kept_says_so(client, umpire, opened_with_legate):
    """The upgrade fills no legate in: today's is not the one who led the force then."""
    BattleForce.objects.update(legate_name="", legate_recorded=False)
    client.force_login(umpire)
    sheet = read_back(client, f"/events/ad69/battles/{opened_with_legate.pk}/sheet.pdf")
    assert "Legion XLV, legate not recorded: the battle was opened before the console kept them" in sheet
    assert "Caecilius Simplex" not in sheet


def test_undoing_the_opening_takes_the_forces_as_they_began_with_it(control, opened_with_legate):
    assert BattleForce.objects.filter(battle=opened_with_legate).count() == 2
    do_undo(AuditEntry.objects.get(action="battle.opened"), actor=control, reason="opened by mistake")
    assert not BattleForce.objects.exists()


# ---- a siege ------------------------------------------------------------------------------------


@pytest.fixture
def fallen_and_changed(fallen, armies):  # noqa: F811 (the fixture imported above)
    """Cremona taken; then Legion XLV gets a new legate and Legion XLVI 6 raw levies."""
    xlv, xlvi, _ = armies
    new_legate(xlv, "Fonteius Agrippa")
    more_units(xlvi, LEV, 6)
    return fallen


def sides_of(stood):
    return [[(line.name, line.units, line.combat_value) for line in side.forces] for side in stood.sides]


BEFORE_THE_ASSAULT = [
    [
        ("Legion XLV, legate Caecilius Simplex", "1 Aquila, 5 legionaries, 5 auxiliaries, 10 raw levies", 50),
        ("Legion XLVI", "1 Aquila, 5 legionaries, 5 auxiliaries", 50),
    ],
    [("Cremona garrison", "3 auxiliaries, 4 raw levies", 20)],
]


def test_each_months_sides_are_kept_as_they_stood_when_it_was_adjudicated(fallen_and_changed):
    months = get_siege_record(fallen_and_changed).months
    assert [sides_of(month.stood) for month in months] == [BEFORE_THE_ASSAULT] * 4
    assert [month.stood.sides[1].value_label for month in months] == ["Defence Combat Value: 20 × 5"] * 3 + [
        "Defence Combat Value: 20 × 4"
    ]
    assert [dict(month.stood.sides[0].factors)["+2 Legionary Commander in person"] for month in months] == [
        "+2 or 0"
    ] * 3 + ["+2"]
    assert "2 sets of siege engines built before it" in months[3].stood.note


def test_the_siege_sheet_and_record_read_back_as_each_month_was_fought(client, control, fallen_and_changed):
    client.force_login(control)
    siege = f"/events/ad69/sieges/{fallen_and_changed.pk}/"
    sheet, record = read_back(client, f"{siege}sheet.pdf"), read_back(client, f"{siege}record.pdf")
    for text in (sheet, record):
        assert text.count("Legion XLV, legate Caecilius Simplex") == 4 and "Fonteius Agrippa" not in text
        assert text.count("Cremona garrison 3 auxiliaries, 4 raw levies 20") == 4
        assert "Turn 3, November 68: Assault As they stood when the month's work was adjudicated: multiplier 4" in text
    assert "The months worked, as they were fought" in sheet
    assert "Difference +12: place falls." in sheet and "The multiplier reduced from 5 to 4." in sheet
    # the sheet's own page is for the months to come: the sides as they are now
    assert (
        get_siege_sheet(fallen_and_changed).sides[0].forces[1].units
        == "1 Aquila, 5 legionaries, 5 auxiliaries, 6 raw levies"
    )


def test_a_month_adjudicated_before_the_sides_were_kept_says_so(client, control, fallen_and_changed):
    SiegeMonth.objects.update(sides=None)
    client.force_login(control)
    record = read_back(client, f"/events/ad69/sieges/{fallen_and_changed.pk}/record.pdf")
    assert record.count("The sides were not recorded: this month was adjudicated before the console kept them.") == 4
    assert "Caecilius Simplex" not in record


def test_a_month_that_needed_no_skill_keeps_why_it_was_unknown(control, cremona, armies):
    """Building engines counts no Military Skill: one missing then is printed as missing then, not as 0."""
    Character.objects.filter(name="Antonius Primus").update(military_skill=None)
    do_build_siege_engines(cremona, legion=armies[0], actor=control)
    Character.objects.filter(name="Antonius Primus").update(military_skill=3)
    besiegers, _ = get_siege_record(cremona).months[0].stood.sides
    assert dict(besiegers.factors)["Military Skill of the Army Commander"] == (
        "unknown then: Antonius Primus's Military Skill is missing: Control sets it on the cast page, from his briefing."
    )
