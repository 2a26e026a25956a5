"""The field battle resolver's invariants, for any armies and any dice (8, 10)."""

from hypothesis import given
from hypothesis import strategies as st

from umpire.rules.dice import SeededDice
from umpire.rules.optimus_princeps.combat import Destruction, per_sp
from umpire.rules.registry import run_procedure

KINDS = ("infantry", "cavalry", "artillery")
TACTICS = ("frontal_attack", "envelopment", "dissuasion", "general_attack")


@st.composite
def armies(draw, people, prefix):
    count = draw(st.integers(1, 8))
    units = []
    for i in range(count):
        kind = draw(st.sampled_from(KINDS))
        sp = draw(st.integers(1, 3))
        units.append(
            {
                "name": f"{prefix} {i}",
                "kind": kind,
                "sp": sp,
                "hdc": draw(st.integers(0, sp)),
                "heavy": draw(st.booleans()),
                "missile": draw(st.booleans()) or kind == "artillery",
                "destruction": [4, 5] if kind == "artillery" else draw(st.sampled_from([[5], [], [4, 5]])),
                "rank": "barbarian"
                if people != "roman"
                else draw(st.sampled_from(["auxiliary", "legion", "praetorian"])),
            }
        )
    leaders = (
        [
            {
                "name": f"{prefix} leader",
                "strategic": 30,
                "tactical": draw(st.integers(0, 2)),
                "attached_to": units[0]["name"],
            }
        ]
        if draw(st.booleans())
        else []
    )
    tactic = draw(st.sampled_from(TACTICS if leaders else TACTICS[2:]))
    return {
        "people": people,
        "units": units,
        "leaders": leaders,
        "tactic": tactic,
        "convert_pairs": draw(st.booleans()),
        "switch_to_general_attack": draw(st.booleans()),
    }


BATTLES = st.fixed_dictionaries(
    {
        "attacker": armies("roman", "R"),
        "defender": armies("dacian", "D"),
        "terrain": st.sampled_from(["plains", "forest", "mountain"]),
        "night_battle": st.booleans(),
    }
)


def total_sp(side):
    return sum(unit["sp"] for unit in side["units"])


@given(BATTLES, st.integers(0, 2**32 - 1))
def test_a_battle_never_raises_strength_and_counts_every_sp_it_eliminates(case, seed):
    result = run_procedure("optimus_princeps.battle", case, SeededDice(seed)).outcome
    for role in ("attacker", "defender"):
        after = {unit["name"]: unit for unit in result[role]["units"]}
        for unit in case[role]["units"]:
            now = after[unit["name"]]
            assert 0 <= now["sp"] <= unit["sp"] and 0 <= now["hdc"] <= now["sp"]
        assert total_sp(case[role]) - result[role]["sp_left"] == result[role]["sp_eliminated"]


@given(BATTLES, st.integers(0, 2**32 - 1))
def test_the_loser_is_the_side_that_suffered_more_hdc(case, seed):
    result = run_procedure("optimus_princeps.battle", case, SeededDice(seed)).outcome
    if result["end"] == "phases":
        loser, winner = result["loser"], result["winner"]
        assert result[loser]["hdc_suffered"] > result[winner]["hdc_suffered"]
    if result["end"] in ("drawn", "tacit truce"):
        assert result["booty"] is None and result["winner"] is None
    if result["phase_4"] == "loser destroyed":
        assert result[result["loser"]]["sp_left"] == 0


@given(BATTLES, st.integers(0, 2**32 - 1))
def test_an_army_eliminated_in_a_phase_ends_the_combat_and_no_die_is_rolled_after(case, seed):
    """8.3: "elimination of the enemy" ends the combat: no further phase and no pursuit of an army that is gone."""
    result = run_procedure("optimus_princeps.battle", case, SeededDice(seed))
    out = result.outcome
    if out["end"] != "elimination":
        return
    gone = [role for role in ("attacker", "defender") if out[role]["sp_left"] == 0]
    assert gone == ([out["loser"]] if out["winner"] else ["attacker", "defender"])
    assert not out["pursuit"] and out["phase_4"] is None
    kinds = [line.kind for line in result.working]
    ended = next(i for i, line in enumerate(result.working) if line.rule == "8.3 End of Combat")
    assert "die" not in kinds[ended:]


@given(BATTLES, st.integers(0, 2**32 - 1))
def test_the_same_dice_give_the_same_battle(case, seed):
    first = run_procedure("optimus_princeps.battle", case, SeededDice(seed))
    again = run_procedure("optimus_princeps.battle", case, SeededDice(seed))
    assert first.outcome == again.outcome and first.dice == again.dice


@given(st.integers(1, 6), st.integers(0, 4), st.sampled_from([(), (5,), (4, 5)]), st.sampled_from(list(Destruction)))
def test_a_unit_scores_at_most_twice_its_sp_and_a_bonus_never_lowers_it_below_a_hit(roll, bonus, df, mode):
    """10.1: 6+ is one HDC per SP; only an exact DF match doubles, and then only when the DF counts."""
    each = per_sp(roll + bonus, df, mode)
    assert each in (0, 1, 2)
    assert each >= 1 or (roll + bonus < 6 and (roll + bonus not in df or mode is Destruction.IGNORED))
    assert each < 2 or (mode is Destruction.DOUBLES and roll + bonus in df)
