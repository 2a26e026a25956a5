"""10.31 a leader alone, 10.61 the Imperator lost, 5.8 treasure cities, 18.5 bribes and 17.12 fortification costs
(the situation's data), 3.5 alliances, 8.11 examining stacks, 15.22-16.4 standing and relieving a siege, 3.41
colours, 6.7 non-Roman replacements and 10.3 leaders killed or captured. The text works no example of these; each
vector is constructed, not from the text, unless its docstring quotes one."""

import pytest

from umpire.rules.dice import EnteredDice
from umpire.rules.errors import MissingData, RulesError
from umpire.rules.imperium_romanum.alliances import (
    AllianceInput,
    AlliedAct,
    EmbarkedInput,
    StackViewInput,
    alliance,
    allied_fleets,
    stack_view,
)
from umpire.rules.imperium_romanum.bribes import Bribe, BribeHalf, BribeInput, BribeOptions, bribe
from umpire.rules.imperium_romanum.combat import land_combat
from umpire.rules.imperium_romanum.combat_input import (
    CombatOptions,
    Defence,
    Kind,
    LandCombatInput,
    LandUnit,
    LoneLeaderClass,
    Side,
)
from umpire.rules.imperium_romanum.common import Cer
from umpire.rules.imperium_romanum.control import ColourClaimant, ColourInput, colour_control
from umpire.rules.imperium_romanum.land_crt import COLUMNS, CrtRow
from umpire.rules.imperium_romanum.leaders import (
    ImperatorLostInput,
    LeaderFate,
    LeaderLossInput,
    imperator_replacement,
    leader_loss,
)
from umpire.rules.imperium_romanum.replacements import (
    NonRomanReplacementInput,
    ReplacementUnit,
    non_roman_replacement,
)
from umpire.rules.imperium_romanum.siege import FortInput, fortification
from umpire.rules.imperium_romanum.sieges import Refuge, ReliefInput, StandSiegeInput, siege_relief, stand_siege
from umpire.rules.imperium_romanum.treasury import TaxCity, TreasureCityInput, treasure_city

NO_DICE = EnteredDice([])
ALL_N = {f"at_{a}_{d}": "N/N" for a, d in COLUMNS}


def lone_leader_fight(roll, row, cer=Cer.B, options=CombatOptions(), leader=0):
    attacker = Side((LandUnit(20, Kind.LEGIONARY_INFANTRY, cer),))
    crt = (CrtRow(row, **{**ALL_N, "at_4_1": "N/E"}),)
    case = LandCombatInput(attacker, Side(leader=leader), defence=Defence.LEADER_ALONE, crt=crt, options=options)
    return land_combat(case, EnteredDice([roll]))


def test_a_leader_alone_defends_at_strength_1_and_may_be_killed_or_captured():
    """10.31 L403: "a combat strength of 1, which can only be used defensively"; eliminated, the attacker chooses
    to kill or capture him. 20 against 1 is the 4:1 column; the cell N/E eliminates him."""
    result = lone_leader_fight(3, 3, leader=2)
    assert (result.outcome["defence"], result.outcome["column"], result.outcome["roll"]) == (1, "4:1", 3)
    assert result.outcome["defender_loses"] == 1
    texts = [line.text for line in result.working]
    assert "The leader alone is eliminated: the attacker chooses to kill or capture him" in texts
    assert "A leader's bonus favours the combat units he is stacked with: alone, he has none" in texts


def test_a_leader_alone_as_class_b_under_the_other_reading():
    """14.2 "Leaders do not possess a CER": by default no matrix change; read as class B, a class C attacker
    takes -1 (the matrix, L1011)."""
    assert lone_leader_fight(3, 3, cer=Cer.C).outcome["roll"] == 3
    as_b = CombatOptions(lone_leader_class=LoneLeaderClass.CLASS_B)
    assert lone_leader_fight(3, 2, cer=Cer.C, options=as_b).outcome["roll"] == 2


def test_a_leader_alone_has_nothing_with_him():
    attacker = Side((LandUnit(20),))
    defender = Side((LandUnit(4),))
    with pytest.raises(RulesError, match="a leader alone has no friendly units"):
        land_combat(LandCombatInput(attacker, defender, defence=Defence.LEADER_ALONE), EnteredDice([3]))


def test_the_imperator_replaced_where_the_situation_provides_it():
    case = ImperatorLostInput("Otho", "11", replacement=True, successor=True, imperators_left=("Vitellius",))
    assert imperator_replacement(case, NO_DICE).outcome == {"replaced": True, "dissolves": False, "victor": None}


@pytest.mark.parametrize("replacement, successor", [(False, False), (True, False)])
def test_no_replacement_dissolves_the_faction_and_the_sole_imperator_wins(replacement, successor):
    """10.61 L427, 19.0 L862: "the faction player who possesses the sole Imperator counter is automatically the
    victor"; "The loss of an Imperator can cause faction dissolution (if no replacement is available)"."""
    case = ImperatorLostInput("Otho", "1", replacement=replacement, successor=successor, imperators_left=("Vitellius",))
    assert imperator_replacement(case, NO_DICE).outcome == {"replaced": False, "dissolves": True, "victor": "Vitellius"}


def test_with_three_factions_there_is_no_sole_imperator_yet():
    """3.2 L74: with three or more Roman factions the elimination of an Imperator "does not automatically give
    victory"; 3.22-3.24 apply."""
    case = ImperatorLostInput("Otho", "1", replacement=False, imperators_left=("Vitellius", "Vespasian"))
    assert imperator_replacement(case, NO_DICE).outcome["victor"] is None


def test_an_unknown_situation_rule_names_its_cell():
    with pytest.raises(MissingData, match=r"Situations\[14/imperator_replacement\]: not filled in yet"):
        imperator_replacement(ImperatorLostInput("Otho", "14"), NO_DICE)


def test_treasure_city_holds_three_times_its_tax_until_an_imperator_takes_it():
    """5.8 L191: "treasure markers equal to three times the city's normal tax yield"; only an Imperator in the
    city may take it; plundering loses it."""
    start = treasure_city(TreasureCityInput(TaxCity("Carthago", 4)), NO_DICE)
    assert start.outcome == {"stored": 12, "taken": 0, "lost": 0}
    taken = treasure_city(TreasureCityInput(TaxCity("Carthago", 4), stored=12, imperator_present=True), NO_DICE)
    assert taken.outcome == {"stored": 0, "taken": 12, "lost": 0}
    lost = treasure_city(TreasureCityInput(TaxCity("Carthago", 4), stored=12, plundered_now=True), NO_DICE)
    assert lost.outcome == {"stored": 0, "taken": 0, "lost": 12}


def test_only_the_eleven_cities_are_treasure_cities():
    with pytest.raises(RulesError, match="'Capua' is not a treasure city"):
        treasure_city(TreasureCityInput(TaxCity("Capua", 3)), NO_DICE)


def test_bribes_cost_half_a_legion_and_move_the_die_their_way():
    """18.51 L854 (constructed): a legion at 9, a bribe 4 (rounded down for the payer by default); Persia
    activates on a low roll, so two bribes for and one against make -1."""
    case = BribeInput((Bribe("Otho", 2), Bribe("Vitellius", 1, for_activation=False)), legion_cost=9)
    assert bribe(case, NO_DICE).outcome == {"costs": {"Otho": 8, "Vitellius": 4}, "modifier": -1}
    up = BribeInput((Bribe("Otho", 2),), legion_cost=9, options=BribeOptions(BribeHalf.UP))
    assert bribe(up, NO_DICE).outcome["costs"] == {"Otho": 10}


def test_the_legion_and_light_infantry_costs_are_the_situations():
    with pytest.raises(MissingData, match=r"Situations\[14/legion_cost\]"):
        bribe(BribeInput((Bribe("Otho", 1),), situation="14"), NO_DICE)
    with pytest.raises(MissingData, match=r"Situations\[14/light_infantry_cost\]"):
        fortification(FortInput(legions=1, situation="14"), NO_DICE)
    assert fortification(FortInput(legions=1, situation="14", light_infantry_cost=3), NO_DICE).outcome["cost"] == 3


@pytest.mark.parametrize(
    "act, allowed",
    [
        (AlliedAct.ATTACK, False),
        (AlliedAct.CAPTURE_OR_PLUNDER_CITY, False),
        (AlliedAct.STACK, True),
        (AlliedAct.GIVE_TALENTS, True),
        (AlliedAct.GIVE_CITIES_UNITS_FORTIFICATIONS, False),
    ],
)
def test_what_allies_may_do(act, allowed):
    """3.51-3.56 L103-113."""
    assert alliance(AllianceInput(act), NO_DICE).outcome == {"allowed": allowed}


def test_allies_tax_and_recruit_once_in_an_area_and_only_in_the_turn_announced():
    assert alliance(AllianceInput(AlliedAct.TAX_OR_RECRUIT_AREA), NO_DICE).outcome["allowed"]
    twice = AllianceInput(AlliedAct.TAX_OR_RECRUIT_AREA, area_taxed_or_recruited=True)
    assert not alliance(twice, NO_DICE).outcome["allowed"]
    assert not alliance(AllianceInput(AlliedAct.STACK, declared_this_turn=False), NO_DICE).outcome["allowed"]


@pytest.mark.parametrize(
    "renewed, amiable, captured", [(True, False, False), (False, False, True), (False, True, False)]
)
def test_land_units_on_an_allys_fleets_capture_them_when_the_alliance_lapses(renewed, amiable, captured):
    """3.57 L115."""
    assert allied_fleets(EmbarkedInput(renewed, amiable), NO_DICE).outcome == {"captured": captured}


@pytest.mark.parametrize(
    "case, may",
    [
        (StackViewInput(), False),
        (StackViewInput(attack_declared=True), True),
        (StackViewInput(own=True), True),
        (StackViewInput(allied=True), True),
    ],
)
def test_who_may_examine_a_stack(case, may):
    """8.11 L113: never an opposing faction's stack, except one declared attacked, both stacks then shown."""
    assert stack_view(case, NO_DICE).outcome == {"may_examine": may}


def test_a_siege_is_stood_in_a_non_plundered_city_if_the_attacker_accepts():
    """15.22 L655, 16.2 L726: declined, "no combat results, unless the defender has combat units in the hex which
    are not in the city or port"."""
    assert stand_siege(StandSiegeInput(Refuge.CITY), NO_DICE).outcome == {"besieged": True, "combat": False}
    declined = StandSiegeInput(Refuge.CITY, attacker_accepts=False, units_outside=True)
    assert stand_siege(declined, NO_DICE).outcome == {"besieged": False, "combat": True}
    assert stand_siege(StandSiegeInput(Refuge.FORTIFICATION, fortification=5), NO_DICE).outcome["besieged"]


@pytest.mark.parametrize(
    "case, match",
    [
        (StandSiegeInput(Refuge.NON_CITY_PORT), "non-city ports cannot be besieged"),
        (StandSiegeInput(Refuge.FORTIFICATION, fortification=4), "only at \\+5"),
        (StandSiegeInput(Refuge.CITY, plundered=True), "non-plundered"),
    ],
)
def test_where_no_siege_can_be_stood(case, match):
    with pytest.raises(RulesError, match=match):
        stand_siege(case, NO_DICE)


@pytest.mark.parametrize(
    "case, relieved",
    [
        (ReliefInput(lifted=True), True),
        (ReliefInput(besiegers_retreated=True), True),
        (ReliefInput(besiegers_eliminated=True), True),
        (ReliefInput(sortie_no_effect=True), False),
    ],
)
def test_what_relieves_a_siege(case, relieved):
    """16.4 L732-739: lifted, or the besiegers eliminated or forced to retreat; a "no effect" leaves it on."""
    assert siege_relief(case, NO_DICE).outcome == {"relieved": relieved}


def test_the_most_units_of_a_colour_take_it_and_morale_breaks_a_tie():
    """3.41 L97: "The Roman faction which gains control of the largest number of units of a particular color gains
    control of the color. (Higher morale gains in the event of ties.)"; 3.26: a die on a tie in morale."""
    claimants = (ColourClaimant("Otho", 3, 90), ColourClaimant("Vitellius", 5, 80))
    assert colour_control(ColourInput("red", claimants), NO_DICE).outcome == {"colour": "Vitellius"}
    tied = (ColourClaimant("Otho", 5, 90), ColourClaimant("Vitellius", 5, 80))
    assert colour_control(ColourInput("red", tied), NO_DICE).outcome == {"colour": "Otho"}
    even = (ColourClaimant("Otho", 5, 90), ColourClaimant("Vitellius", 5, 90))
    assert colour_control(ColourInput("red", even), EnteredDice([2, 5])).outcome == {"colour": "Vitellius"}


def test_non_roman_replacements_come_on_green_at_half_strength():
    """6.72 L248: "Replacements are always considered "green" and are placed on the map at half-strength"."""
    case = NonRomanReplacementInput((ReplacementUnit("horde", 60), ReplacementUnit("warband", 15)))
    assert non_roman_replacement(case, NO_DICE).outcome == {
        "placed": {"horde": 30, "warband": 8},
        "lost_for_ever": False,
    }


def test_a_barbarian_replacement_is_lost_for_ever_when_the_enemy_holds_its_area():
    """6.71 L246: "it means it does not occur EVER"."""
    case = NonRomanReplacementInput((ReplacementUnit("horde", 60),), unfriendly_sole_control=True)
    assert non_roman_replacement(case, NO_DICE).outcome == {"placed": {}, "lost_for_ever": True}


@pytest.mark.parametrize(
    "case, expected",
    [
        (LeaderLossInput("Tribune", LeaderFate.STACK_ELIMINATED), {"fate": "killed", "month_track": True}),
        (
            LeaderLossInput("Galba", LeaderFate.CITY_CAPTURED, named=True, capture=True),
            {"fate": "captured", "month_track": False},
        ),
        (LeaderLossInput("Legate", LeaderFate.NAVAL_ATTRITION, capture=True), {"fate": "killed", "month_track": True}),
        (LeaderLossInput("Caesar", LeaderFate.ALONE_ELIMINATED, named=True), {"fate": "killed", "month_track": False}),
    ],
)
def test_a_leader_killed_or_captured(case, expected):
    """10.31-10.33 L403-409: the enemy chooses kill or capture, except at sea ("the leader is killed"); 10.41-10.42:
    a named leader killed is gone, an unnamed one goes on the Month Track."""
    assert leader_loss(case, NO_DICE).outcome == expected
