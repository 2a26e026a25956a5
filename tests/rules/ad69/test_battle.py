"""X. COMBAT RESOLUTION, THE BATTLE SYSTEM: the handbook's three combat examples, worked in
full, then the rules one at a time and every refusal.

Each example enters the handbook's own dice, in the order the engine asks for them: per
round side A's d12, side B's d12, then a d6 for each commander fighting in person.
"""

import pytest

from tests.handbook import handbook_text
from umpire.rules.ad69.battle_round import BATTLE_RESULTS, DIE_ROLLING, Outcome
from umpire.rules.dice import EnteredDice, SeededDice
from umpire.rules.errors import DiceError, RulesError
from umpire.rules.registry import run_procedure

CV = "X. COMBAT RESOLUTION, COMBAT VALUES"


def legion(name, legionaries, auxiliaries, *, veteran=False, aquila=True):
    return {
        "name": name,
        "aquila": aquila,
        "troops": [
            {"type": "legionary", "count": legionaries, "veteran": veteran},
            {"type": "auxiliary", "count": auxiliaries, "veteran": veteran},
        ],
    }


def orders(stance, *, joins=False, outflanking=False, withdraw=False):
    return {"stance": stance, "joins": joins, "outflanking": outflanking, "withdraw": withdraw}


def shown(result):
    """The working as (kind, text, value): what the desk and the printed sheet show."""
    return [(line.kind, line.text, line.value) for line in result.working]


def values(force, *lines, total):
    """The combat-value lines of one force: each troop type, then its value."""
    return [("step", f"{force}: {line}", int(line.rsplit(" ", 1)[1])) for line in lines] + [
        ("step", f"{force}: combat value {total}", total)
    ]


def rolls(name, number, die, factors, total):
    """One side's d12, each factor that applies with its value, and the total, each term labelled."""
    sums = " ".join(f"{'-' if v < 0 else '+'} {abs(v)} ({text})" for text, v in factors)
    return (
        [("die", f"d12 for {name}'s battle roll, round {number}", die)]
        + [("modifier", f"{name}: {text}", value) for text, value in factors]
        + [("step", f"{name}'s total: {die} (d12) {sums} = {total}", total)]
    )


AQUILA = "every legion's Aquila present"
SKILL = "Military Skill of the army commander"
DEFENDING = "defending"
JOINED = "the commander has joined the battle in person"
OUTFLANKING = "outflanking the enemy by more than half its frontage"
PUSHED = "pushed back in the last round"

EXAMPLE_1 = {
    "side_a": {"name": "Bigius Diccus", "military_skill": 1, "forces": [legion("Legion XLV", 5, 5)]},
    "side_b": {
        "name": "Flatulius Butus",
        "forces": [legion("Legion XLVI", 5, 5)],
        # "Flatulius loses 3 auxiliary vexillations and 2 legionary vexillations": his choice
        "placed_losses": [
            {"force": "Legion XLVI", "type": "legionary", "count": 2},
            {"force": "Legion XLVI", "type": "auxiliary", "count": 3},
        ],
    },
    "rounds": [{"a": orders("attack"), "b": orders("defend")}],
}


def test_combat_example_1_bigius_triumphant():
    """Example 1: Bigius (skill +1) attacks, 10 + 1 + 5 + 5 = 21; Flatulius must defend,
    2 + 1 + 5 + 5 = 13; a difference of 8 defeats him outright. Losses 50 ÷ 10 = 5 for
    Flatulius, 50 ÷ 20 = 2 (2.5 rounded down) for Bigius. The split of 5 between 5
    legionaries and 5 auxiliaries is 2.5 each, so Flatulius chooses: 2 and 3, as the
    handbook has it; Bigius's 1 and 1 is exact. The handbook has no slip here."""
    result = run_procedure("ad69.battle", EXAMPLE_1, EnteredDice([10, 2]))

    assert shown(result) == [
        *values("Legion XLV", "5 legionary × 6 = 30", "5 auxiliary × 4 = 20", total=50),
        *values("Legion XLVI", "5 legionary × 6 = 30", "5 auxiliary × 4 = 20", total=50),
        ("step", "Tactical advantage: Bigius Diccus, Military Skill 1 against 0", "a"),
        ("choice", "Round 1: Bigius Diccus, with the tactical advantage, attacks", "attack"),
        ("choice", "Round 1: Flatulius Butus must defend", "defend"),
        *rolls("Bigius Diccus", 1, 10, [(AQUILA, 5), ("combat value 50: +1 for every 10 points", 5), (SKILL, 1)], 21),
        *rolls(
            "Flatulius Butus", 1, 2, [(AQUILA, 5), ("combat value 50: +1 for every 10 points", 5), (DEFENDING, 1)], 13
        ),
        ("step", "Difference: 21 - 13 = 8, in favour of Bigius Diccus", 8),
        ("table", "Battle results: +7 or more: enemy defeated outright (score 8)", "defeated outright"),
        ("note", "Flatulius Butus is defeated outright", None),
        ("step", "Bigius Diccus, the victor, loses Flatulius Butus's combat value 50 ÷ 20 = 2 units (rounded down)", 2),
        ("step", "Legion XLV legionary: 5 units, share 1", 1),
        ("step", "Legion XLV auxiliary: 5 units, share 1", 1),
        ("note", "Bigius Diccus's surviving units fought and won: they are now veterans", None),
        ("step", "Flatulius Butus, beaten, loses Bigius Diccus's combat value 50 ÷ 10 = 5 units (rounded down)", 5),
        ("step", "Legion XLVI legionary: 5 units, share 2.5", 2),
        ("step", "Legion XLVI auxiliary: 5 units, share 2.5", 2),
        (
            "choice",
            "Flatulius Butus: the owning player places the loss: 2 Legion XLVI legionary, 3 Legion XLVI auxiliary",
            5,
        ),
    ]
    assert {line.rule for line in result.working if line.kind == "modifier"} == {DIE_ROLLING}
    outcome = result.outcome
    assert outcome["rounds"] == [
        {
            "round": 1,
            "stances": {"a": "attack", "b": "defend"},
            "inaction": False,
            "totals": {"a": 21, "b": 13},
            "difference": 8,
            "result": "defeated outright",
            "ahead": "a",
            "withdrew": False,
            "pushed_back": None,
            "fallen": [],
        }
    ]
    assert (outcome["ended"], outcome["victor"], outcome["decided_by"], outcome["verdict_needed"]) == (
        "defeated outright",
        "a",
        "dice",
        False,
    )
    assert outcome["losses"]["a"]["forces"] == [
        {
            "force": "Legion XLV",
            "units_lost": 2,
            "units_left": 8,
            "lost": [
                {"type": "legionary", "veteran": False, "count": 1},
                {"type": "auxiliary", "veteran": False, "count": 1},
            ],
        }
    ]
    assert outcome["losses"]["b"]["forces"] == [
        {
            "force": "Legion XLVI",
            "units_lost": 5,
            "units_left": 5,
            "lost": [
                {"type": "legionary", "veteran": False, "count": 2},
                {"type": "auxiliary", "veteran": False, "count": 3},
            ],
        }
    ]
    assert (outcome["losses"]["a"]["become_veterans"], outcome["losses"]["b"]["become_veterans"]) == (True, False)
    assert [roll.value for roll in result.dice] == [10, 2]


def test_combat_example_1_without_the_owners_choice_the_engine_proposes_and_asks():
    """X. LOSSES: "in the case of a split, it is the owning player's choice": the engine
    takes 2 of each (the whole shares) and leaves 1 for Flatulius's player to place."""
    case = {**EXAMPLE_1, "side_b": {**EXAMPLE_1["side_b"], "placed_losses": []}}
    result = run_procedure("ad69.battle", case, EnteredDice([10, 2]))
    flatulius = result.outcome["losses"]["b"]
    assert (flatulius["units_lost"], flatulius["to_place"]) == (5, 1)
    assert flatulius["place_among"] == ["Legion XLVI legionary", "Legion XLVI auxiliary"]
    assert [line["count"] for line in flatulius["forces"][0]["lost"]] == [2, 2]
    assert shown(result)[-1] == (
        "note",
        "Flatulius Butus: 1 unit(s) left to place, at most one each on Legion XLVI "
        "legionary, Legion XLVI auxiliary: the owning player chooses",
        None,
    )


EUPHORIC_DEFENDS = orders("defend", outflanking=True)
EUPHORIC_JOINS = orders("defend", outflanking=True, joins=True)
EXAMPLE_2 = {
    # Side A is Euphoric: the handbook gives his dice first in every round.
    "side_a": {
        "name": "Euphoric",
        "military_skill": 5,
        "forces": [{"name": "The German horde", "troops": [{"type": "barbarian_warband", "count": 20}]}],
    },
    "side_b": {
        "name": "Bigius Diccus",
        "military_skill": 1,
        "forces": [legion("Legion XLV", 4, 4, veteran=True)],
        "placed_losses": [{"force": "Legion XLV", "type": "auxiliary", "veteran": True, "count": 1}],
    },
    "rounds": [
        {"a": EUPHORIC_DEFENDS, "b": orders("attack")},
        {"a": EUPHORIC_DEFENDS, "b": orders("attack")},
        {"a": EUPHORIC_JOINS, "b": orders("attack")},
        {"a": EUPHORIC_JOINS, "b": orders("attack")},
    ],
    "umpire_verdict": "b",
}


def test_combat_example_2_bigius_holds_his_own():
    """Example 2: Euphoric (skill +5, 20 warbands, value 20) has the advantage and defends;
    Bigius (veteran XLV, value 64) attacks. Round 1, 14 against 18: Euphoric is pushed back
    and Bigius fights on. Round 2, 18 (with -2 for the push-back) against 15; round 3, with
    Euphoric in person, 19 against 16 (his d6 a 3); round 4, 17 each (his d6 a 6). No clear
    victor after four rounds: the umpire awards the battle to the Romans.

    The rounds are right. In the losses the handbook writes "60 divided by 10 = 6": the
    Roman value is 64, and 64 ÷ 10 rounded down is also 6. Its "20 divided by 20 = 1" for
    Bigius is right (the loser's value ÷ 20). His 1 unit is a split (0.5 each of legionaries
    and auxiliaries), and he chooses an auxiliary, as the handbook has it."""
    result = run_procedure("ad69.battle", EXAMPLE_2, EnteredDice([4, 6, 10, 3, 7, 4, 3, 5, 5, 6]))

    barbarians = ("combat value 20: +1 for every 10 points", 2)
    romans = [(AQUILA, 5), ("combat value 64: +1 for every 10 points", 6), (SKILL, 1)]

    def stances(number):
        return [
            ("choice", f"Round {number}: Euphoric, with the tactical advantage, defends", "defend"),
            ("choice", f"Round {number}: Bigius Diccus attacks", "attack"),
        ]

    assert shown(result) == [
        *values("The German horde", "20 barbarian warband × 1 = 20", total=20),
        *values("Legion XLV", "4 veteran legionary × 10 = 40", "4 veteran auxiliary × 6 = 24", total=64),
        ("step", "Tactical advantage: Euphoric, Military Skill 5 against 1", "a"),
        *stances(1),
        *rolls("Euphoric", 1, 4, [barbarians, (OUTFLANKING, 2), (SKILL, 5), (DEFENDING, 1)], 14),
        *rolls("Bigius Diccus", 1, 6, romans, 18),
        ("step", "Difference: 18 - 14 = 4, in favour of Bigius Diccus", 4),
        ("table", "Battle results: +4/+6: enemy pushed back (score 4)", "pushed back"),
        ("note", "Euphoric is pushed back", None),
        ("choice", "Bigius Diccus, having pushed the enemy back, fights on", False),
        *stances(2),
        *rolls("Euphoric", 2, 10, [barbarians, (PUSHED, -2), (OUTFLANKING, 2), (SKILL, 5), (DEFENDING, 1)], 18),
        *rolls("Bigius Diccus", 2, 3, romans, 15),
        ("step", "Difference: 18 - 15 = 3, in favour of Euphoric", 3),
        ("table", "Battle results: +3 or less: indecisive combat, continue fight (score 3)", "indecisive"),
        *stances(3),
        *rolls("Euphoric", 3, 7, [barbarians, (JOINED, 2), (OUTFLANKING, 2), (SKILL, 5), (DEFENDING, 1)], 19),
        *rolls("Bigius Diccus", 3, 4, romans, 16),
        ("step", "Difference: 19 - 16 = 3, in favour of Euphoric", 3),
        ("table", "Battle results: +3 or less: indecisive combat, continue fight (score 3)", "indecisive"),
        ("die", "d6 for Euphoric's risk in battle, round 3", 3),
        ("note", "Euphoric is unharmed", None),
        *stances(4),
        *rolls("Euphoric", 4, 5, [barbarians, (JOINED, 2), (OUTFLANKING, 2), (SKILL, 5), (DEFENDING, 1)], 17),
        *rolls("Bigius Diccus", 4, 5, romans, 17),
        ("step", "Difference: 17 - 17 = 0, equal scores", 0),
        ("table", "Battle results: +3 or less: indecisive combat, continue fight (score 0)", "indecisive"),
        ("die", "d6 for Euphoric's risk in battle, round 4", 6),
        ("note", "Euphoric is unharmed", None),
        ("step", "4 rounds fought without a clear victory", None),
        ("step", "Relative casualties, if Euphoric is the victor: Euphoric loses 3, Bigius Diccus loses 2", None),
        ("step", "Relative casualties, if Bigius Diccus is the victor: Euphoric loses 6, Bigius Diccus loses 1", None),
        ("step", "Relative casualties, if a draw: Euphoric loses 3, Bigius Diccus loses 1", None),
        ("step", "Tactical advantage: Euphoric", "a"),
        ("step", "Combat value: Euphoric 20, Bigius Diccus 64", None),
        ("choice", "The umpires' verdict: Bigius Diccus is the victor", "b"),
        ("step", "Euphoric, beaten, loses Bigius Diccus's combat value 64 ÷ 10 = 6 units (rounded down)", 6),
        ("step", "The German horde barbarian warband: 20 units, share 6", 6),
        ("step", "Bigius Diccus, the victor, loses Euphoric's combat value 20 ÷ 20 = 1 unit (rounded down)", 1),
        ("step", "Legion XLV veteran legionary: 4 units, share 0.5", 0),
        ("step", "Legion XLV veteran auxiliary: 4 units, share 0.5", 0),
        ("choice", "Bigius Diccus: the owning player places the loss: 1 Legion XLV veteran auxiliary", 1),
        ("note", "Bigius Diccus's surviving units fought and won: they are now veterans", None),
    ]
    outcome = result.outcome
    assert [(r["totals"], r["result"], r["pushed_back"]) for r in outcome["rounds"]] == [
        ({"a": 14, "b": 18}, "pushed back", "a"),
        ({"a": 18, "b": 15}, "indecisive", None),
        ({"a": 19, "b": 16}, "indecisive", None),
        ({"a": 17, "b": 17}, "indecisive", None),
    ]
    assert (outcome["ended"], outcome["victor"], outcome["decided_by"]) == (
        "four rounds without a decision",
        "b",
        "umpires",
    )
    assert outcome["factors"] == {
        "relative_casualties": {"a": {"a": 3, "b": 2}, "b": {"a": 6, "b": 1}, "draw": {"a": 3, "b": 1}},
        "tactical_advantage": "a",
        "combat_values": {"a": 20, "b": 64},
    }
    assert outcome["commanders"]["a"] == {"joined_rounds": [3, 4], "fell_in_round": None, "fate": "unharmed"}
    assert outcome["losses"]["a"]["forces"] == [
        {
            "force": "The German horde",
            "units_lost": 6,
            "units_left": 14,
            "lost": [{"type": "barbarian_warband", "veteran": False, "count": 6}],
        }
    ]
    assert outcome["losses"]["b"]["forces"] == [
        {
            "force": "Legion XLV",
            "units_lost": 1,
            "units_left": 7,
            "lost": [{"type": "auxiliary", "veteran": True, "count": 1}],
        }
    ]


def test_combat_example_2_without_the_umpires_the_engine_does_not_decide():
    """X. DETERMINING VICTORY: after four rounds without a clear victor the umpires judge;
    the engine lays out their three factors and takes no losses until they have."""
    case = {**EXAMPLE_2, "umpire_verdict": None}
    outcome = run_procedure("ad69.battle", case, EnteredDice([4, 6, 10, 3, 7, 4, 3, 5, 5, 6])).outcome
    assert (outcome["victor"], outcome["verdict_needed"], outcome["losses"]) == (None, True, None)
    assert outcome["factors"]["tactical_advantage"] == "a"


EXAMPLE_3 = {
    "side_a": {"name": "Bigius Diccus", "military_skill": 1, "forces": [legion("Legion XLV", 4, 3, veteran=True)]},
    "side_b": {
        "name": "Flatulius Butus",
        "forces": [legion("Legion LX", 5, 5), legion("Legion LXI", 5, 5)],
        # "Flatulius loses 1 auxiliary vexillation from each legion": his choice of the split
        "placed_losses": [
            {"force": "Legion LX", "type": "auxiliary", "count": 1},
            {"force": "Legion LXI", "type": "auxiliary", "count": 1},
        ],
    },
    "rounds": [{"a": orders("defend", joins=True, withdraw=True), "b": orders("attack", outflanking=True)}],
    "umpire_verdict": "b",
}


def test_combat_example_3_bigius_is_undone():
    """Example 3, read by the rules, where the handbook's arithmetic is wrong.

    The handbook: Bigius 9 + 1 + 2 + 5 + 5 = 22; Flatulius 2 + 5 + 2 + 10 = "29"; Flatulius
    wins by 7, outright. But 2 + 5 + 2 + 10 is 19, not 29; and Bigius defends ("Bigius
    chooses to defend") yet is not given his +1 for defending. By the rules Bigius scores
    23 against 19 and wins the round by 4: Flatulius is pushed back, not defeated. Bigius's
    d6 is the handbook's 1: he has fallen. The handbook gives no more dice, so here the
    fallen Bigius's legion breaks off after its push-back (a withdrawal the rules allow),
    which leaves the victor to the umpires; their verdict is the handbook's, Flatulius.

    Losses, then, as the handbook has them once Flatulius is the victor: 100 ÷ 10 = 10
    from Bigius, who has only 7 units and loses them all ("his entire legion"). For
    Flatulius the handbook writes "50 divided by 20" with one rebel legion's value, its
    own side's: the winner loses the LOSER's value ÷ 20, 58 ÷ 20 = 2 (rounded down), the
    same 2 by chance. The 2 fall 0.5 on each of four groups, so Flatulius chooses one
    auxiliary from each legion, as the handbook has it. "Does not die of his wounds": the
    handbook gives no die, so a 4 is entered (not a 1), then 3 months wounded."""
    result = run_procedure("ad69.battle", EXAMPLE_3, EnteredDice([9, 2, 1, 4, 3]))

    assert shown(result) == [
        *values("Legion XLV", "4 veteran legionary × 10 = 40", "3 veteran auxiliary × 6 = 18", total=58),
        *values("Legion LX", "5 legionary × 6 = 30", "5 auxiliary × 4 = 20", total=50),
        *values("Legion LXI", "5 legionary × 6 = 30", "5 auxiliary × 4 = 20", total=50),
        ("step", "Flatulius Butus: combined combat value: 50 (Legion LX) + 50 (Legion LXI) = 100", 100),
        ("step", "Tactical advantage: Bigius Diccus, Military Skill 1 against 0", "a"),
        ("choice", "Round 1: Bigius Diccus, with the tactical advantage, defends", "defend"),
        ("choice", "Round 1: Flatulius Butus attacks", "attack"),
        *rolls(
            "Bigius Diccus",
            1,
            9,
            [(AQUILA, 5), ("combat value 58: +1 for every 10 points", 5), (JOINED, 2), (SKILL, 1), (DEFENDING, 1)],
            23,
        ),
        *rolls(
            "Flatulius Butus",
            1,
            2,
            [(AQUILA, 5), ("combat value 100: +1 for every 10 points", 10), (OUTFLANKING, 2)],
            19,
        ),
        ("step", "Difference: 23 - 19 = 4, in favour of Bigius Diccus", 4),
        ("table", "Battle results: +4/+6: enemy pushed back (score 4)", "pushed back"),
        ("note", "Flatulius Butus is pushed back", None),
        ("die", "d6 for Bigius Diccus's risk in battle, round 1", 1),
        ("note", "Bigius Diccus has fallen in battle", None),
        ("choice", "Bigius Diccus, having pushed the enemy back, breaks off the battle", True),
        ("die", "d6 for Bigius Diccus's wounds, after the battle", 4),
        ("die", "d6 for the months Bigius Diccus is wounded", 3),
        ("note", "Bigius Diccus is wounded: no active role in battles for 3 months", None),
        (
            "step",
            "Relative casualties, if Bigius Diccus is the victor: Bigius Diccus loses 5, Flatulius Butus loses 5",
            None,
        ),
        (
            "step",
            "Relative casualties, if Flatulius Butus is the victor: Bigius Diccus loses 7, Flatulius Butus loses 2",
            None,
        ),
        ("step", "Relative casualties, if a draw: Bigius Diccus loses 5, Flatulius Butus loses 2", None),
        ("step", "Tactical advantage: Bigius Diccus", "a"),
        ("step", "Combat value: Bigius Diccus 58, Flatulius Butus 100", None),
        ("choice", "The umpires' verdict: Flatulius Butus is the victor", "b"),
        ("step", "Bigius Diccus, beaten, loses Flatulius Butus's combat value 100 ÷ 10 = 10 units (rounded down)", 10),
        ("note", "Bigius Diccus has only 7 units: it loses them all", None),
        ("step", "Legion XLV veteran legionary: 4 units, share 4", 4),
        ("step", "Legion XLV veteran auxiliary: 3 units, share 3", 3),
        ("step", "Flatulius Butus, the victor, loses Bigius Diccus's combat value 58 ÷ 20 = 2 units (rounded down)", 2),
        ("step", "Legion LX legionary: 5 units, share 0.5", 0),
        ("step", "Legion LX auxiliary: 5 units, share 0.5", 0),
        ("step", "Legion LXI legionary: 5 units, share 0.5", 0),
        ("step", "Legion LXI auxiliary: 5 units, share 0.5", 0),
        (
            "choice",
            "Flatulius Butus: the owning player places the loss: 1 Legion LX auxiliary, 1 Legion LXI auxiliary",
            2,
        ),
        ("note", "Flatulius Butus's surviving units fought and won: they are now veterans", None),
    ]
    outcome = result.outcome
    assert outcome["rounds"][0]["totals"] == {"a": 23, "b": 19}
    assert (outcome["ended"], outcome["victor"], outcome["decided_by"]) == (
        "withdrew after a push-back",
        "b",
        "umpires",
    )
    assert outcome["commanders"]["a"] == {
        "joined_rounds": [1],
        "fell_in_round": 1,
        "fate": "wounded",
        "months_wounded": 3,
    }
    assert outcome["losses"]["a"]["forces"] == [
        {
            "force": "Legion XLV",
            "units_lost": 7,
            "units_left": 0,
            "lost": [
                {"type": "legionary", "veteran": True, "count": 4},
                {"type": "auxiliary", "veteran": True, "count": 3},
            ],
        }
    ]
    assert [(f["force"], f["units_lost"], f["lost"]) for f in outcome["losses"]["b"]["forces"]] == [
        ("Legion LX", 1, [{"type": "auxiliary", "veteran": False, "count": 1}]),
        ("Legion LXI", 1, [{"type": "auxiliary", "veteran": False, "count": 1}]),
    ]


def test_combat_example_3_fought_on_the_fallen_bigius_gives_no_bonus_and_flatulius_pays_for_his_push_back():
    """Example 3 if Bigius's legion does not break off: the battle goes on to round 2, as a
    push-back is no defeat. Bigius has fallen: no +2 and no more risk dice for him; Flatulius
    takes -2 for being pushed back. (Round 2's dice, 6 and 8, are not the handbook's.)"""
    case = {
        **EXAMPLE_3,
        "rounds": [{"a": orders("defend", joins=True), "b": orders("attack", outflanking=True)}],
        "umpire_verdict": None,
        "side_b": {**EXAMPLE_3["side_b"], "placed_losses": []},
    }
    with pytest.raises(DiceError) as missing:
        run_procedure("ad69.battle", case, EnteredDice([9, 2, 1]))
    assert missing.value.field == "dice.3"
    assert "die 4 is needed: a d12 for Bigius Diccus's battle roll, round 2" in str(missing.value)

    result = run_procedure("ad69.battle", case, EnteredDice([9, 2, 1, 6, 8, 6, 2, 5, 5, 4, 4]))
    second = shown(result)[shown(result).index(("choice", "Round 2: Flatulius Butus attacks", "attack")) + 1 :][:13]
    assert second == [
        ("note", "Bigius Diccus has fallen and takes no further part: no +2", None),
        *rolls(
            "Bigius Diccus",
            2,
            6,
            [(AQUILA, 5), ("combat value 58: +1 for every 10 points", 5), (SKILL, 1), (DEFENDING, 1)],
            18,
        ),
        *rolls(
            "Flatulius Butus",
            2,
            8,
            [(AQUILA, 5), ("combat value 100: +1 for every 10 points", 10), (PUSHED, -2), (OUTFLANKING, 2)],
            23,
        ),
    ]
    assert [d.sides for d in result.dice].count(6) == 3  # round 1's risk die, then only the wounds and months


def test_the_results_table_is_the_handbooks():
    """X. BATTLE DIE ROLLING SYSTEM: the table, read from the handbook beside the constant."""
    assert (
        "Difference Result +7 or more Enemy defeated outright +4/+6 Enemy pushed back +3 or less Indecisive "
        "combat - continue fight"
    ) in handbook_text()
    assert [(b.low, b.high, b.result) for b in BATTLE_RESULTS.bands] == [
        (7, None, Outcome.DEFEATED),
        (4, 6, Outcome.PUSHED_BACK),
        (0, 3, Outcome.INDECISIVE),
    ]


# The rules one at a time.


def even_battle(**changes):
    """Two legions of 5 and 5 with their Aquilae, commanders of equal skill."""
    case = {
        "side_a": {"name": "Otho", "military_skill": 2, "forces": [legion("Legion I", 5, 5)]},
        "side_b": {"name": "Vitellius", "military_skill": 2, "forces": [legion("Legion XXI", 5, 5)]},
        "rounds": [{"a": orders("attack"), "b": orders("defend")}],
    }
    return {**case, **changes}


def test_equal_skill_is_diced_for_and_a_tie_rolled_again():
    """X. THE PROCESS OF BATTLE, step 2: "if equal, dice for it": a d6 each, again on a tie."""
    result = run_procedure("ad69.battle", even_battle(), EnteredDice([3, 3, 2, 5, 12, 1]))
    assert shown(result)[6:13] == [
        ("step", "Military Skill equal (2 each): dice for the tactical advantage", None),
        (
            "note",
            "The handbook says 'if equal, dice for it' and names no die: the console rolls a d6 a side, "
            "and again while they tie",
            None,
        ),
        ("die", "d6 for Otho's die for the tactical advantage", 3),
        ("die", "d6 for Vitellius's die for the tactical advantage", 3),
        ("note", "Both rolled 3: roll again", None),
        ("die", "d6 for Otho's die for the tactical advantage", 2),
        ("die", "d6 for Vitellius's die for the tactical advantage", 5),
    ]
    assert shown(result)[13] == ("step", "Tactical advantage: Vitellius, 5 against 2", "b")
    # Vitellius, with the advantage, takes side B's order (defend); Otho's "attack" then stands.
    assert result.outcome["rounds"][0]["stances"] == {"a": "attack", "b": "defend"}
    assert result.outcome["victor"] == "a"  # 12 + 5 + 5 + 2 = 24 against 1 + 5 + 5 + 2 + 1 = 14


def test_an_attack_by_the_side_with_the_advantage_makes_its_enemy_defend():
    """X. THE PROCESS OF BATTLE, step 6: the enemy chooses only if the advantage defends."""
    case = even_battle(
        side_b={"name": "Vitellius", "military_skill": 1, "forces": [legion("Legion XXI", 5, 5)]},
        rounds=[{"a": orders("attack"), "b": orders("attack")}],
    )
    result = run_procedure("ad69.battle", case, EnteredDice([1, 1, 1, 1, 1, 1, 1, 1]))
    assert ("choice", "Round 1: Vitellius must defend", "defend") in shown(result)
    assert {r["stances"]["b"] for r in result.outcome["rounds"]} == {"defend"}


def test_mutual_defence_is_a_round_of_inaction_that_counts_towards_the_four():
    """X. THE PROCESS OF BATTLE, steps 6 and 8: "If both defend, then the first phase of the
    battle passes in inaction. Return to step 5", and such rounds count towards the 4.
    Round 4's orders are not given: round 3's stand."""
    both_defend = {"a": orders("defend"), "b": orders("defend")}
    case = even_battle(rounds=[both_defend, {"a": orders("attack"), "b": orders("defend")}, both_defend])
    result = run_procedure("ad69.battle", case, EnteredDice([4, 5, 6, 6]))
    assert [r["inaction"] for r in result.outcome["rounds"]] == [True, False, True, True]
    assert ("step", "Round 1: both defend: the round passes in inaction, and counts", 0) in shown(result)
    assert ("note", "Round 4 has no orders of its own: the orders of round 3 stand", None) in shown(result)
    assert [roll.value for roll in result.dice] == [4, 5, 6, 6]  # the advantage (Vitellius), then round 2 only
    assert (result.outcome["ended"], result.outcome["verdict_needed"]) == ("four rounds without a decision", True)


def test_a_push_back_costs_2_in_the_next_round_and_a_round_of_inaction_lets_it_lapse():
    """-2 "pushed back in last round of combat": in the next round only. After a round of
    mutual defence the last round is that one, and no one was pushed back in it."""
    fight, rest = {"a": orders("attack"), "b": orders("defend")}, {"a": orders("defend"), "b": orders("defend")}
    otho = {"name": "Otho", "military_skill": 3, "forces": [legion("Legion I", 5, 5)]}
    penalty = ("modifier", "Vitellius: pushed back in the last round", -2)

    fought_on = run_procedure("ad69.battle", even_battle(side_a=otho, rounds=[fight]), EnteredDice([9, 4] + [5] * 6))
    assert [r["pushed_back"] for r in fought_on.outcome["rounds"]] == ["b", None, None, None]
    assert shown(fought_on).count(penalty) == 1
    assert fought_on.outcome["rounds"][1]["totals"] == {"a": 18, "b": 16}

    rested = run_procedure(
        "ad69.battle", even_battle(side_a=otho, rounds=[fight, rest, fight]), EnteredDice([9, 4] + [5] * 4)
    )
    assert [r["pushed_back"] for r in rested.outcome["rounds"]] == ["b", None, None, None]
    assert shown(rested).count(penalty) == 0
    assert rested.outcome["rounds"][2]["totals"] == {"a": 18, "b": 18}


def test_only_the_side_that_pushed_its_enemy_back_may_withdraw():
    """ "After any round any troops who have pushed back their enemy may be ordered to
    withdraw": the pushed-back side's order to withdraw does not take effect."""
    case = even_battle(
        side_a={"name": "Otho", "military_skill": 3, "forces": [legion("Legion I", 5, 5)]},
        rounds=[{"a": orders("attack"), "b": orders("defend", withdraw=True)}],
    )
    pushed_back = run_procedure("ad69.battle", case, EnteredDice([9, 4, 1, 12]))
    assert [r["result"] for r in pushed_back.outcome["rounds"]] == ["pushed back", "defeated outright"]
    assert pushed_back.outcome["victor"] == "b"  # 12 + 5 + 5 + 2 + 1 - 2 = 23 against 1 + 5 + 5 + 3 = 14
    case["rounds"] = [{"a": orders("attack", withdraw=True), "b": orders("defend")}]
    withdrawn = run_procedure("ad69.battle", case, EnteredDice([9, 4]))
    assert (withdrawn.outcome["ended"], withdrawn.outcome["verdict_needed"]) == ("withdrew after a push-back", True)


def test_a_fatal_fall_needs_no_die_for_the_months():
    """RISK TO PLAYER CHARACTERS: after the battle a 1 on 1d6 is fatal."""
    case = even_battle(rounds=[{"a": orders("attack", joins=True), "b": orders("defend")}])
    result = run_procedure("ad69.battle", case, EnteredDice([6, 1, 12, 1, 1, 1]))
    assert result.outcome["commanders"]["a"] == {"joined_rounds": [1], "fell_in_round": 1, "fate": "killed"}
    assert [roll.purpose for roll in result.dice][-2:] == [
        "Otho's risk in battle, round 1",
        "Otho's wounds, after the battle",
    ]
    assert ("note", "Otho's injuries are fatal", None) in shown(result)


def test_a_draw_costs_both_sides_as_victors_and_makes_no_veterans():
    """X. LOSSES: "In the event of a draw, both sides take casualties as if they had won"."""
    case = even_battle(umpire_verdict="draw", rounds=[{"a": orders("defend"), "b": orders("defend")}])
    result = run_procedure("ad69.battle", case, EnteredDice([6, 1]))
    losses = result.outcome["losses"]
    assert (losses["a"]["units_lost"], losses["b"]["units_lost"]) == (2, 2)
    assert not losses["a"]["become_veterans"] and not losses["b"]["become_veterans"]
    assert (
        "step",
        "Otho, in a draw, as a victor, loses Vitellius's combat value 50 ÷ 20 = 2 units (rounded down)",
        2,
    ) in shown(result)


def test_a_verdict_given_when_the_dice_decided_is_set_aside():
    result = run_procedure("ad69.battle", {**EXAMPLE_1, "umpire_verdict": "b"}, EnteredDice([10, 2]))
    assert (result.outcome["victor"], result.outcome["decided_by"]) == ("a", "dice")
    assert ("note", "The dice decided the battle: the umpires' verdict is not needed and is set aside", None) in shown(
        result
    )


def test_forced_marching_and_a_missing_aquila_show_in_the_factors():
    """-2 for each part of the force that force-marched; +5 only if EVERY legion's Aquila is
    present; several legions on a side combine their values."""
    case = even_battle(
        side_a={
            "name": "Otho",
            "military_skill": 3,
            "force_marched": 2,
            "forces": [legion("Legion I", 5, 5), legion("Legion VII", 2, 0, aquila=False)],
        }
    )
    result = run_procedure("ad69.battle", case, EnteredDice([7, 7]))
    assert ("step", "Otho: combined combat value: 50 (Legion I) + 12 (Legion VII) = 62", 62) in shown(result)
    assert shown(result)[12:17] == rolls(
        "Otho",
        1,
        7,
        [("combat value 62: +1 for every 10 points", 6), (SKILL, 3), ("2 part(s) force-marched last turn", -4)],
        12,
    )


def test_one_round_for_the_desk_carries_the_push_back_and_the_fallen():
    """ad69.battle_round: round 3 of a battle, B pushed back in round 2 and A's commander fallen."""
    data = {
        "side_a": EXAMPLE_1["side_a"],
        "side_b": {**EXAMPLE_1["side_b"], "placed_losses": []},
        "number": 3,
        "advantage": "a",
        "pushed_back": "b",
        "fallen": ["a"],
        "orders": {"a": orders("attack", joins=True), "b": orders("defend", joins=True)},
    }
    result = run_procedure("ad69.battle_round", data, EnteredDice([8, 6, 2]))
    assert result.outcome == {
        "round": 3,
        "stances": {"a": "attack", "b": "defend"},
        "inaction": False,
        "totals": {"a": 19, "b": 17},
        "difference": 2,
        "result": "indecisive",
        "ahead": "a",
        "withdrew": False,
        "pushed_back": None,
        "fallen": ["a"],
        "combat_values": {"a": 50, "b": 50},
        "tactical_advantage": "a",
        "battle_over": False,
        "verdict_needed": False,
    }
    assert [(d.sides, d.value) for d in result.dice] == [(12, 8), (12, 6), (6, 2)]


def test_losses_from_a_known_result_with_the_fallen_dicing_for_their_wounds():
    """ad69.battle_losses: Example 1's result, with Bigius fallen and his wounds fatal."""
    data = {"side_a": EXAMPLE_1["side_a"], "side_b": EXAMPLE_1["side_b"], "victor": "a", "fallen": ["a"]}
    result = run_procedure("ad69.battle_losses", data, EnteredDice([1]))
    assert result.outcome["commanders"] == {"a": {"fate": "killed"}}
    assert (result.outcome["losses"]["a"]["units_lost"], result.outcome["losses"]["b"]["units_lost"]) == (2, 5)


def test_the_odds_of_example_1_are_reported_and_repeat_from_their_seed():
    data = {
        "battle": {**EXAMPLE_1, "side_b": {**EXAMPLE_1["side_b"], "placed_losses": []}},
        "battles": 2000,
        "seed": 69,
    }
    first = run_procedure("ad69.battle_odds", data, EnteredDice([]))
    again = run_procedure("ad69.battle_odds", data, SeededDice(5))
    assert first.outcome == again.outcome and first.dice == ()
    shares = first.outcome["shares"]
    assert sum(shares.values()) == pytest.approx(1)
    assert shares["a_pushes_back_and_withdraws"] == 0  # no one is ordered to withdraw
    assert first.outcome["losses_by_victor"] == {"a": {"a": 2, "b": 5}, "b": {"a": 5, "b": 2}, "draw": {"a": 2, "b": 2}}
    assert first.outcome["tactical_advantage"] == {"a": 1.0, "b": 0.0}


# Refusals, each naming the input at fault.


@pytest.mark.parametrize(
    "dice, field, message",
    [
        ([13], "dice.0", "die 1 (Bigius Diccus's battle roll, round 1) is a d12: 13 is not on it"),
        ([10], "dice.1", "die 2 is needed: a d12 for Flatulius Butus's battle roll, round 1"),
    ],
)
def test_a_wrong_or_missing_die_is_named(dice, field, message):
    with pytest.raises(DiceError) as refusal:
        run_procedure("ad69.battle", EXAMPLE_1, EnteredDice(dice))
    assert refusal.value.field == field and message in refusal.value.message


def _with(path, value):
    """Example 1's input with one field changed, by its path."""
    import copy

    data = copy.deepcopy(EXAMPLE_1)
    *parents, last = path
    target = data
    for key in parents:
        target = target[key]
    target[last] = value
    return data


@pytest.mark.parametrize(
    "data, field, message",
    [
        (
            _with(("side_a", "forces", 0, "troops", 0, "count"), -1),
            "side_a.forces.0.troops.0.count",
            "must be 0 or more, not -1",
        ),
        (
            _with(("side_a", "forces", 0, "troops", 0, "type"), "chariot"),
            "side_a.forces.0.troops.0.type",
            "'chariot' is not one of",
        ),
        (_with(("side_a", "military_skill"), -1), "side_a.military_skill", "must be 0 or more"),
        (
            _with(("rounds",), [{"a": orders("attack"), "b": orders("defend")}] * 5),
            "rounds",
            "may hold at most 4, not 5",
        ),
        (_with(("rounds",), [{"a": {"stance": "flee"}}]), "rounds.0.a.stance", "'flee' is not one of attack, defend"),
        (_with(("umpire_verdict",), "c"), "umpire_verdict", "'c' is not one of a, b, draw"),
        (_with(("side_a", "forces"), []), "side_a.forces", "must hold at least one force"),
        (
            _with(("side_b", "forces"), [legion("Legion XLVI", 5, 5), legion("Legion XLVI", 1, 1)]),
            "side_b.forces.1.name",
            "'Legion XLVI' is named twice",
        ),
    ],
)
def test_bad_battle_input_is_refused_by_name(data, field, message):
    with pytest.raises(RulesError) as refusal:
        run_procedure("ad69.battle", data, EnteredDice([10, 2]))
    assert refusal.value.field == field and message in refusal.value.message


def placed(*lines):
    return [{"force": force, "type": kind, "count": count} for force, kind, count in lines]


@pytest.mark.parametrize(
    "split, field, message",
    [
        (
            placed(("Legion XLVI", "legionary", 2), ("Legion XLVI", "auxiliary", 2)),
            "side_b.placed_losses",
            "places 4 units, but the side loses 5",
        ),
        (
            placed(("Legion XLVI", "legionary", 4), ("Legion XLVI", "auxiliary", 1)),
            "side_b.placed_losses.0.count",
            "must place 2 or 3 on Legion XLVI legionary: its share is 2.5",
        ),
        (placed(("Legion XLVI", "auxiliary", 3)), "side_b.placed_losses", "must place 2 or 3 on Legion XLVI legionary"),
        (placed(("Legion XLV", "legionary", 3)), "side_b.placed_losses.0.force", "no force named 'Legion XLV'"),
        (
            placed(("Legion XLVI", "raw_levy", 3)),
            "side_b.placed_losses.0.type",
            "this side has no Legion XLVI raw levy",
        ),
        (
            placed(("Legion XLVI", "legionary", 3), ("Legion XLVI", "legionary", 2)),
            "side_b.placed_losses.1",
            "placed twice",
        ),
    ],
)
def test_an_owners_split_that_does_not_fit_is_refused_by_name(split, field, message):
    """X. LOSSES: the owner chooses only where the proportional split leaves a choice."""
    with pytest.raises(RulesError) as refusal:
        run_procedure("ad69.battle", _with(("side_b", "placed_losses"), split), EnteredDice([10, 2]))
    assert refusal.value.field == field and message in refusal.value.message


def test_too_many_simulated_battles_are_refused():
    with pytest.raises(RulesError) as refusal:
        run_procedure("ad69.battle_odds", {"battle": EXAMPLE_1, "battles": 100_001}, EnteredDice([]))
    assert refusal.value.field == "battles"


def test_the_verdict_is_announced_by_the_sides_names():
    """X. DETERMINING VICTORY, as the umpire says it at the table: the victor by name, how the battle ended and
    what decided it; with no clear victor, that the umpires must judge."""
    decided = run_procedure("ad69.battle", EXAMPLE_1, EnteredDice([10, 2]))
    assert decided.outcome["verdict"] == "Bigius Diccus is the victor (ended: defeated outright; decided by the dice)"
