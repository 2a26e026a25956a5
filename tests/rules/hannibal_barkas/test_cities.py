"""VI. Capturing Cities: the garrison and its room (P11), and what a capture brings (6.3, P14)."""

from pathlib import Path

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import RulesError
from umpire.rules.hannibal_barkas import cities
from umpire.rules.hannibal_barkas.cities import (
    CITY_CARDS_GIVEN,
    CITY_CARDS_REMOVED,
    Capital,
    CapturedBy,
    CaptureInput,
    CityCard,
    GarrisonInput,
    GarrisonOptions,
    LeaderInside,
    RoomFrom,
    Side,
    city_capture,
    city_garrison,
    given_card,
)
from umpire.rules.hannibal_barkas.units import Units
from umpire.rules.registry import run_procedure


def test_the_city_cells_the_rulebook_gives():
    """1.3.2 (L198) Siga 4/4/8 with port and elephants; 12.2 (L869) Roma income 10; Example 14 Placentium 1."""
    assert {
        name: (c["income"], c["defence"], c["vp"], c["port"], c["elephants"]) for name, c in CITY_CARDS_GIVEN.items()
    } == {
        "Siga": (4, 4, 8, True, True),
        "Roma": (10, None, None, None, None),
        "Placentium": (1, None, None, None, None),
    }
    assert "Clipea" in CITY_CARDS_REMOVED
    assert given_card("Siga") == CityCard("Siga", 4, 8, Capital.NUMIDIA)
    assert given_card("Saguntum") == CityCard("Saguntum")


def test_ex11_a_city_of_defence_3_takes_six_and_the_rest_fight_outside():
    """Example 11 (L567): 7 infantry and 2 cavalry in the region; "The city may therefore accept at most 6
    additional infantry"; 6 heavy infantry go in, 1 infantry and 2 cavalry must accept battle."""
    data = {
        "city": {"name": "Bononia", "defence": 3},
        "inside": {"heavy_infantry": 6},
        "in_region": {"heavy_infantry": 7, "cavalry": 2},
    }
    result = run_procedure("hannibal_barkas.city_garrison", data, EnteredDice([]))
    assert result.outcome == {
        "city": "Bononia",
        "level": 3,
        "room": 6,
        "room_left": 0,
        "fighting_defenders": 6,
        "not_fighting": 0,
        "defence": 9,
        "outside": Units(heavy_infantry=1, cavalry=2).as_dict(),
    }
    assert [(line.kind, line.text, line.value) for line in result.working if line.kind == "modifier"] == [
        ("modifier", "Room for additional defenders: 2 × defence level 3", 6)
    ]


def test_cavalry_in_a_city_take_room_but_do_not_fight():
    case = GarrisonInput(CityCard("Bononia", defence=3), Units(heavy_infantry=4, cavalry=2))
    outcome = city_garrison(case, EnteredDice([])).outcome
    assert (outcome["room_left"], outcome["fighting_defenders"], outcome["not_fighting"]) == (0, 4, 2)


def test_more_units_than_twice_the_level_do_not_fit():
    case = GarrisonInput(CityCard("Bononia", defence=3), Units(heavy_infantry=6, cavalry=1))
    with pytest.raises(RulesError, match="7 units do not fit in Bononia: at most 6") as refusal:
        city_garrison(case, EnteredDice([]))
    assert refusal.value.field == "inside"


def test_the_current_level_reading_shrinks_the_room():
    case = GarrisonInput(
        CityCard("Bononia", defence=3),
        Units(heavy_infantry=4),
        level=2,
        options=GarrisonOptions(room_from=RoomFrom.CURRENT),
    )
    assert city_garrison(case, EnteredDice([])).outcome["room"] == 4


def test_siga_is_filled_from_the_rulebook_when_the_case_leaves_it_empty():
    result = city_garrison(GarrisonInput(CityCard("Siga"), Units(light_infantry=8)), EnteredDice([]))
    assert result.outcome["room"] == 8
    assert ("step", "Siga: defence level 4, from the rulebook", 4) in [
        (line.kind, line.text, line.value) for line in result.working
    ]


def test_a_city_without_its_defence_stops_by_name():
    with pytest.raises(RulesError) as refusal:
        city_garrison(GarrisonInput(CityCard("Saguntum"), Units(heavy_infantry=1)), EnteredDice([]))
    assert refusal.value.field == "city.defence"
    assert refusal.value.message == (
        "the city card of Saguntum: its defence level is not in the rulebook; Control must enter it (1.3.2 City Cards)"
    )


def test_capturing_siga_gives_8_vp_and_numidia_allies_with_the_conqueror():
    """6.3 (L603) and VII (L630): Siga's card gives 8 VP; it is Numidia's capital, so Numidia allies with
    the conqueror. The cavalry inside die with the city (6.2 L597)."""
    case = CaptureInput(given_card("Siga"), CapturedBy.SIEGE, Side.ROME, inside=Units(cavalry=1), ships_in_port=2)
    outcome = city_capture(case, EnteredDice([])).outcome
    assert outcome == {
        "city": "Siga",
        "by": "siege",
        "capturer": "rome",
        "capturer_vp": 8,
        "city_vp": 8,
        "leader_vp": 0,
        "enemy_vp": 0,
        "leaders_eliminated": [],
        "units_eliminated": Units(cavalry=1).as_dict(),
        "ships_destroyed": 2,
        "automatic_victory": False,
        "alliance_with_conqueror": "numidia",
    }


def test_retaking_ones_own_city_gives_nothing_and_the_enemy_gives_back_his_vp():
    """6.3 (L603): "for retaking his own city ... one does not receive VP. Instead the opponent subtracts
    from himself the VP gained earlier for capturing that city." """
    case = CaptureInput(
        CityCard("Capua", vp=5), CapturedBy.ASSAULT, Side.ROME, retaking_own_city=True, vp_enemy_gained=5
    )
    outcome = city_capture(case, EnteredDice([])).outcome
    assert (outcome["capturer_vp"], outcome["enemy_vp"]) == (0, -5)


def test_retaking_needs_the_vp_the_enemy_gained():
    case = CaptureInput(CityCard("Capua", vp=5), CapturedBy.ASSAULT, Side.ROME, retaking_own_city=True)
    with pytest.raises(RulesError) as refusal:
        city_capture(case, EnteredDice([]))
    assert refusal.value.field == "vp_enemy_gained"


def test_leaders_in_a_captured_city_die_and_pay_their_vp():
    """6.3 (L605); Hannibal's card gives 8 VP (1.3.3 L220). A leader whose card is not given stops by name."""
    case = CaptureInput(
        CityCard("Capua", vp=5),
        CapturedBy.ASSAULT,
        Side.ROME,
        leaders_inside=(LeaderInside("Hannibal"), LeaderInside("Hannon", vp=3)),
    )
    outcome = city_capture(case, EnteredDice([])).outcome
    assert (outcome["capturer_vp"], outcome["leader_vp"]) == (16, 11)
    with pytest.raises(RulesError) as refusal:
        city_capture(
            CaptureInput(
                CityCard("Capua", vp=5), CapturedBy.SIEGE, Side.ROME, leaders_inside=(LeaderInside("Maharbal"),)
            ),
            EnteredDice([]),
        )
    assert refusal.value.field == "leaders_inside.0.vp"


def test_a_city_without_its_vp_stops_by_name():
    with pytest.raises(RulesError, match="the city card of Roma: its Victory Points is not in the rulebook"):
        city_capture(CaptureInput(given_card("Roma"), CapturedBy.ASSAULT, Side.CARTHAGE), EnteredDice([]))


@pytest.mark.parametrize(
    "capturer, holds_other, wins",
    [(Side.CARTHAGE, False, True), (Side.SYRACUSE, False, False), (Side.SYRACUSE, True, True)],
)
def test_the_enemy_capital_wins_at_once(capturer, holds_other, wins):
    """11.1: "capturing the enemy's capital, with Syracuse winning both after capturing the capital of Rome
    and that of Carthage"."""
    case = CaptureInput(
        CityCard("Roma", vp=10, capital_of=Capital.ROME),
        CapturedBy.ASSAULT,
        capturer,
        capturer_holds_other_capital=holds_other,
    )
    assert city_capture(case, EnteredDice([])).outcome["automatic_victory"] is wins


@pytest.mark.parametrize("module", ["cities", "siege", "politics", "gauls"])
def test_these_rules_import_no_django(module):
    source = (Path(cities.__file__).parent / f"{module}.py").read_text()
    assert "django" not in source.lower()
