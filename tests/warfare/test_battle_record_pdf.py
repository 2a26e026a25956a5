"""The finished battle record on paper, read back: the sides, every round's dice and working
with its rules, the overrides with their reasons, the verdict, the losses and who confirmed."""

import io
import re

from pypdf import PdfReader

from tests.warfare.test_battles import AUX, LEG, fresh, orders
from warfare.printing import battle_record
from warfare.selectors import battles_of
from warfare.services.battle_losses import do_confirm_battle, do_place_losses, do_propose_losses
from warfare.services.battle_overrides import do_override_figure
from warfare.services.battle_rounds import do_fight_round, do_give_verdict


def record_text(battle):
    pdf = battle_record(battles_of(battle.event).get(pk=battle.pk))
    assert pdf.startswith(b"%PDF")
    return re.sub(r"\s+", " ", " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages))


def test_combat_example_1s_record_has_the_round_the_losses_and_who_confirmed(ad69, umpire, opened):
    do_fight_round(opened, orders={"a": orders("attack"), "b": orders("defend")}, dice=[10, 2], actor=umpire)
    do_propose_losses(opened, dice=[], actor=umpire)
    do_place_losses(
        opened,
        side="b",
        actor=umpire,
        placed=[{"force": "Legion XLVI", "type": LEG, "count": 2}, {"force": "Legion XLVI", "type": AUX, "count": 3}],
    )
    do_confirm_battle(opened, actor=umpire)

    text = record_text(fresh(opened))
    assert "Battle record" in text and "Bigius Diccus v Flatulius Butus, Carnuntum" in text
    assert "5 auxiliary, 5 legionary, Aquila" in text
    assert "Bigius Diccus: attack" in text and "Flatulius Butus: defend" in text
    assert (
        "d12 Bigius Diccus's battle roll, round 1: 10, d12 Flatulius Butus's battle roll, round 1: 2 (entered "
        "at the table)" in text
    )
    assert "Military Skill of the army commander" in text and "X. COMBAT RESOLUTION" in text
    assert "Result: 21 to 13: Flatulius Butus defeated outright" in text
    assert "The dice decided it: Flatulius Butus was defeated outright in round 1." in text
    assert "Legion XLVI 3 auxiliary, 2 legionary 5 unit(s)" in text
    assert "Legion XLV 1 auxiliary, 1 legionary 8 unit(s), veterans" in text
    assert "No commander fell." in text and "region-illyria at" in text


def test_an_overridden_and_judged_battles_record_keeps_the_umpires_word_and_why(ad69, umpire, opened):
    do_fight_round(
        opened, orders={"a": orders("attack", withdraw=True), "b": orders("defend")}, dice=[6, 2], actor=umpire
    )
    do_override_figure(
        opened, round_number=1, what="total_b", umpire_value="12", reason="a ford covered them", actor=umpire
    )
    do_give_verdict(opened, victor="draw", reason="both held the field", actor=umpire)

    text = record_text(fresh(opened))
    assert "round 1 side B total" in text and "a ford covered them" in text
    assert "(as overridden by the umpire)" in text
    assert "A draw, by region-illyria: both held the field." in text
    assert "No losses proposed yet." in text
