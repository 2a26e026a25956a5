"""The battles' invariants over many made-up battles (hypothesis)."""

from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.dice import SeededDice
from umpire.rules.hannibal_barkas.battle import BattleInput, BattleOptions, BattleSide, Leader, battle_procedure
from umpire.rules.hannibal_barkas.naval import Fleet, NavalInput, Ship, naval_battle
from umpire.rules.hannibal_barkas.units import Units

counts = st.integers(0, 6)
armies = st.builds(
    Units,
    light_infantry=counts,
    heavy_infantry=counts,
    cavalry=counts,
    elephants=st.integers(0, 3),
    gallic_infantry=counts,
    gallic_cavalry=st.integers(0, 3),
).filter(lambda u: u.total > 0)
leaders = st.lists(
    st.builds(
        Leader,
        name=st.just("L"),
        command=st.integers(0, 3),
        victory_points=st.integers(0, 8),
        reduces_enemy_command=st.integers(0, 1),
    ),
    max_size=2,
).map(tuple)


def sides(name):
    return st.builds(
        BattleSide,
        name=st.just(name),
        units=armies,
        leaders=leaders,
        withdraw_after_round=st.none() | st.integers(1, 6),
        can_retreat=st.booleans(),
    )


battles = st.builds(
    BattleInput,
    attacker=sides("A"),
    defender=sides("B"),
    max_rounds=st.integers(1, 20),
    options=st.builds(BattleOptions),
)
seeds = st.integers(0, 2**32 - 1)


@given(battles, seeds)
def test_losses_never_exceed_what_is_present(case, seed):
    out = battle_procedure(case, SeededDice(seed)).outcome
    for role, side in (("attacker", case.attacker), ("defender", case.defender)):
        for kind, lost in out[role]["lost"].items():
            assert 0 <= lost <= side.units.as_dict()[kind]
            assert out[role]["left"][kind] + lost == side.units.as_dict()[kind]


@given(battles, seeds)
def test_a_battle_always_ends_within_its_rounds(case, seed):
    out = battle_procedure(case, SeededDice(seed)).outcome
    assert out["rounds"] <= case.max_rounds
    assert out["end"] in {
        "eliminated",
        "eliminated_in_pursuit",
        "withdrew",
        "no_retreat",
        "mutual_annihilation",
        "all_cavalry_retreat",
        "undecided",
    }
    if out["winner"] is not None:
        loser = "defender" if out["winner"] == "attacker" else "attacker"
        assert out["battle_vp"] == out[loser]["lost_total"] // 5


cargo = st.builds(
    Units, light_infantry=st.integers(0, 1), heavy_infantry=st.integers(0, 1), cavalry=st.integers(0, 1)
).filter(lambda u: u.total <= 2)
fleets = st.builds(
    Fleet,
    name=st.sampled_from(["A"]),
    ships=st.lists(st.builds(Ship, cargo=cargo), min_size=1, max_size=6).map(tuple),
    withdraw_after_round=st.none() | st.integers(1, 5),
)


@given(fleets, fleets, seeds)
def test_a_naval_battle_ends_and_sinks_no_more_than_afloat(attacker, defender, seed):
    case = NavalInput(attacker=attacker, defender=defender, max_rounds=10)
    out = naval_battle(case, SeededDice(seed)).outcome
    assert out["rounds"] <= 10
    for role, fleet in (("attacker", attacker), ("defender", defender)):
        assert len(out[role]["afloat"]) + len(out[role]["sunk"]) == len(fleet.ships)
