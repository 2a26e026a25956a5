"""The battle's invariants, over many made-up battles (hypothesis)."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.ad69.battle import LossesInput, battle_losses_procedure, battle_procedure
from umpire.rules.ad69.battle_odds import UNDECIDED, WITHDREW, tally_battles
from umpire.rules.ad69.battle_round import MAX_ROUNDS, BattleInput, RoundOrders, Side, SideOrders, Stance, Verdict
from umpire.rules.ad69.forces import Force, Troops, TroopType
from umpire.rules.dice import EnteredDice, SeededDice

troops = st.builds(Troops, type=st.sampled_from(TroopType), count=st.integers(0, 12), veteran=st.booleans())


@st.composite
def forces(draw, name):
    """1 to 3 forces with distinct names, each of 1 to 4 kinds of troops."""
    count = draw(st.integers(1, 3))
    return tuple(
        Force(f"{name} {i}", tuple(draw(st.lists(troops, min_size=1, max_size=4))), draw(st.booleans()))
        for i in range(count)
    )


def sides(name):
    return st.builds(
        Side, name=st.just(name), forces=forces(name), military_skill=st.integers(0, 5), force_marched=st.integers(0, 2)
    )


side_orders = st.builds(
    SideOrders, stance=st.sampled_from(Stance), joins=st.booleans(), outflanking=st.booleans(), withdraw=st.booleans()
)
battles = st.builds(
    BattleInput,
    side_a=sides("Otho"),
    side_b=sides("Vitellius"),
    rounds=st.lists(st.builds(RoundOrders, a=side_orders, b=side_orders), max_size=MAX_ROUNDS).map(tuple),
)
seeds = st.integers(0, 2**32 - 1)


def losses(side_a, side_b, victor):
    return battle_losses_procedure(LossesInput(side_a, side_b, victor), EnteredDice([])).outcome["losses"]


@given(sides("Otho"), sides("Vitellius"), st.sampled_from(Verdict))
def test_losses_never_exceed_a_force(side_a, side_b, victor):
    """X. LOSSES: a side loses at most what it has, and each force at most its own units,
    whether the loss is placed in full or a remainder is left for the owner."""
    for side, lost in zip((side_a, side_b), losses(side_a, side_b, victor).values()):
        assert lost["units_lost"] <= sum(force.units for force in side.forces)
        assert sum(f["units_lost"] for f in lost["forces"]) + lost["to_place"] == lost["units_lost"]
        for force, report in zip(side.forces, lost["forces"]):
            assert 0 <= report["units_lost"] <= force.units and report["units_left"] >= 0


@given(sides("Otho"), sides("Vitellius"))
def test_a_draw_is_symmetric(side_a, side_b):
    """In a draw both sides lose as victors: swapping the sides swaps the losses."""
    forward, backward = losses(side_a, side_b, Verdict.DRAW), losses(side_b, side_a, Verdict.DRAW)
    assert forward["a"] == backward["b"] and forward["b"] == backward["a"]


@given(battles, seeds)
def test_a_battle_lasts_at_most_4_rounds(case, seed):
    outcome = battle_procedure(case, SeededDice(seed)).outcome
    assert 1 <= len(outcome["rounds"]) <= MAX_ROUNDS
    assert (len(outcome["rounds"]) == MAX_ROUNDS) or outcome["ended"] != "four rounds without a decision"


@given(battles, seeds)
def test_seeded_and_entered_dice_give_the_same_battle(case, seed):
    """The console's dice and the umpire's, entered in the order asked, cannot be told apart."""
    seeded = SeededDice(seed)
    rolled = battle_procedure(case, seeded)
    entered = battle_procedure(case, EnteredDice([roll.value for roll in seeded.rolls]))
    assert entered == rolled


@given(battles, seeds)
def test_the_odds_fight_the_same_battles_as_the_engine(case, seed):
    """battle_odds' lean loop and ad69.battle, on one stream of seeded dice, fight the very
    same battles: the lean loop cannot drift from the rules."""
    dice, full = SeededDice(seed), Counter()
    for _ in range(25):
        outcome = battle_procedure(case, dice).outcome
        full[_tally_key(outcome)] += 1
    assert tally_battles(case, 25, seed) == full


def _tally_key(outcome):
    ending = outcome["ended"]
    winner = None if ending == UNDECIDED else "ab".index(outcome["rounds"][-1]["ahead"])
    assert ending != WITHDREW or outcome["rounds"][-1]["withdrew"]
    fell = tuple(outcome["commanders"][key]["fell_in_round"] is not None for key in "ab")
    killed = tuple(outcome["commanders"][key]["fate"] == "killed" for key in "ab")
    fought = sum(not r["inaction"] for r in outcome["rounds"])
    return (ending, winner, "ab".index(outcome["tactical_advantage"]), len(outcome["rounds"]), fought, *fell, *killed)
