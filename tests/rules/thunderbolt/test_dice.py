"""The d10 reads 0-9 (2.0 "Two 10-sided dice", L43; 7.21 "the roll is a 0, modified to a -2", L529; 9.71
"treating a 0 DR as a 1", L647): the umpire enters the 0 face as it reads, 0 (the console takes it as the
d10's tenth face), and every procedure's dice help says so."""

from umpire.rules.registry import REGISTRY, load_rulesets

from .helpers import lines, run

NOT_A_D10 = {"thunderbolt.lam_draw"}  # a draw from the LAM cup, made by the console


def test_every_procedure_that_rolls_says_the_0_face_is_entered_as_0():
    load_rulesets()
    rolling = [p for p in REGISTRY.values() if p.ruleset == "thunderbolt" and p.dice and p.key not in NOT_A_D10]
    assert rolling
    assert [p.key for p in rolling if "enter the 0 face as 0" not in p.dice] == []


def test_the_0_face_counts_zero():
    """5.16: a Legion trained in Rome becomes Veteran on 7 or more; a 0 fails. Constructed, not from the text."""
    result = run("legion_training", {"legions": ["Legion I"]}, 0)
    assert ("The 0 face counts zero", None) in lines(result, "note")
