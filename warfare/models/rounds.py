"""X. COMBAT RESOLUTION, BATTLE DIE ROLLING SYSTEM: a battle's rounds as the engine fought them,
and the umpire's overrides laid over them and over the battle's own figures.

"In the event of any doubt, the umpires will rule" (THE PROCESS OF BATTLE): an override never
replaces the engine's value on the record, it stands beside it.
"""

from dataclasses import dataclass

from django.conf import settings
from django.db import models

from regions.models.limits import bounded_text
from umpire.rules.ad69.battle_round import BATTLE_RESULTS, Outcome

SIDES = ("a", "b")

# What the umpire may set a round's result to, named by the side that suffers it, as the
# engine's result and the side ahead (the one that scored more).
ROUND_RESULTS = {
    "a defeated outright": (Outcome.DEFEATED.value, "b"),
    "b defeated outright": (Outcome.DEFEATED.value, "a"),
    "a pushed back": (Outcome.PUSHED_BACK.value, "b"),
    "b pushed back": (Outcome.PUSHED_BACK.value, "a"),
    "indecisive": (Outcome.INDECISIVE.value, None),
}
FALLEN, UNHARMED = "fallen", "unharmed"
KILLED, WOUNDED = "killed", "wounded"


class Figure(models.TextChoices):
    """What the umpire may override: a figure of the last round fought, or of the whole battle."""

    RESULT = "result", "result"
    TOTAL_A = "total_a", "side A total"
    TOTAL_B = "total_b", "side B total"
    FALLEN_A = "fallen_a", "side A commander fallen"
    FALLEN_B = "fallen_b", "side B commander fallen"
    ADVANTAGE = "advantage", "tactical advantage"
    COMBAT_VALUE_A = "combat_value_a", "side A combat value"
    COMBAT_VALUE_B = "combat_value_b", "side B combat value"
    LOSSES_A = "losses_a", "side A units lost"
    LOSSES_B = "losses_b", "side B units lost"
    FATE_A = "fate_a", "side A commander's fate"
    FATE_B = "fate_b", "side B commander's fate"


ROUND_FIGURES = (Figure.RESULT, Figure.TOTAL_A, Figure.TOTAL_B, Figure.FALLEN_A, Figure.FALLEN_B)
# While the battle is fought the advantage and combat values may be ruled (they count from the
# next round, and in the losses); once the losses are proposed, the losses and the fates.
FIGHTING_FIGURES = (Figure.ADVANTAGE, Figure.COMBAT_VALUE_A, Figure.COMBAT_VALUE_B)
AFTERMATH_FIGURES = (Figure.LOSSES_A, Figure.LOSSES_B, Figure.FATE_A, Figure.FATE_B)


def fate_phrase(fate):
    """A commander's fate in the overrides' words: "killed", "wounded 3"."""
    return KILLED if fate["fate"] == KILLED else f"{WOUNDED} {fate['months_wounded']}"


def fate_of_phrase(phrase):
    if phrase == KILLED:
        return {"fate": KILLED}
    return {"fate": WOUNDED, "months_wounded": int(phrase.split()[1])}


def other(side):
    return "b" if side == "a" else "a"


def result_phrase(result, ahead):
    """A round's result in the overrides' words: "b pushed back", "indecisive", "inaction"."""
    if result in (Outcome.DEFEATED.value, Outcome.PUSHED_BACK.value):
        return f"{other(ahead)} {result}"
    return result


def result_of_totals(totals):
    """X. BATTLE DIE ROLLING SYSTEM: the results table, for totals the umpire has changed."""
    difference = totals["a"] - totals["b"]
    ahead = None if difference == 0 else ("a" if difference > 0 else "b")
    return BATTLE_RESULTS.row(abs(difference)).result.value, ahead


@dataclass(frozen=True)
class RoundResult:
    """A round as it stands, the umpire's overrides laid over the engine's outcome."""

    number: int
    totals: dict | None
    result: str
    ahead: str | None
    fallen: frozenset
    withdrew: bool
    overridden: bool

    @property
    def pushed_back(self):
        return other(self.ahead) if self.result == Outcome.PUSHED_BACK.value else None

    @property
    def ends_battle(self):
        return self.result == Outcome.DEFEATED.value or self.withdrew

    @property
    def phrase(self):
        return result_phrase(self.result, self.ahead)


class BattleRound(models.Model):
    """One round as the engine fought it: the case it was given, the dice (each marked
    entered from the table or rolled by the console, with the seed), the outcome and working."""

    battle = models.ForeignKey("warfare.Battle", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    orders = models.JSONField(help_text="Each side's stance, joining in person, outflanking and withdrawal.")
    case = models.JSONField(help_text="ad69.battle_round's whole input.")
    dice = models.JSONField(help_text="Each die: sides, value, purpose and rolled_by (entered or console).")
    rolled_by_console = models.BooleanField(default=False)
    seed = models.BigIntegerField(null=True, blank=True)
    outcome = models.JSONField()
    working = models.JSONField()
    fought_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    fought_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["battle_id", "number"]
        constraints = [models.UniqueConstraint(fields=["battle", "number"], name="one_row_per_battle_round")]

    def __str__(self):
        return f"{self.battle}: round {self.number}"

    def may_override(self, figure):
        """A round of inaction has no totals; a commander who did not fight in person ran no risk."""
        if figure in (Figure.TOTAL_A, Figure.TOTAL_B):
            return self.outcome["totals"] is not None
        if figure in (Figure.FALLEN_A, Figure.FALLEN_B):
            return self.joined(figure[-1])
        return True

    def joined(self, side):
        """The side's commander fought in person this round (and so ran the risk)."""
        return self.orders[side]["joins"] and side not in self.case["fallen"]

    def engine_value(self, figure):
        """The engine's value of a figure, as text; None where the round has no such figure."""
        if figure == Figure.RESULT:
            return result_phrase(self.outcome["result"], self.outcome["ahead"])
        side = figure[-1]
        if figure in (Figure.TOTAL_A, Figure.TOTAL_B):
            return None if self.outcome["totals"] is None else str(self.outcome["totals"][side])
        return FALLEN if side in self.outcome["fallen"] else UNHARMED

    def effective(self):
        """The round as it stands: the overrides in the order made, so the last word on a
        figure stands; a changed total is looked up again in the results table."""
        now = {
            "totals": dict(self.outcome["totals"]) if self.outcome["totals"] else None,
            "result": self.outcome["result"],
            "ahead": self.outcome["ahead"],
            "fallen": set(self.outcome["fallen"]),
        }
        overrides = list(self.overrides.all())
        for override in overrides:
            _apply(now, override.what, override.umpire_value)
        withdrew = now["result"] == Outcome.PUSHED_BACK.value and self.orders[now["ahead"]]["withdraw"]
        return RoundResult(
            self.number, now["totals"], now["result"], now["ahead"], frozenset(now["fallen"]), withdrew, bool(overrides)
        )


def _apply(now, figure, value):
    if figure == Figure.RESULT:
        now["result"], now["ahead"] = ROUND_RESULTS[value]
    elif figure in (Figure.TOTAL_A, Figure.TOTAL_B):
        now["totals"][figure[-1]] = int(value)
        now["result"], now["ahead"] = result_of_totals(now["totals"])
    elif value == FALLEN:
        now["fallen"].add(figure[-1])
    else:
        now["fallen"].discard(figure[-1])


class BattleOverride(models.Model):
    """The umpire's word over the engine's on one figure ("In the event of any doubt, the
    umpires will rule", X. THE PROCESS OF BATTLE). Never removed: shown beside the engine's
    value; a second override of the same figure supersedes the first."""

    battle = models.ForeignKey("warfare.Battle", on_delete=models.CASCADE, related_name="overrides")
    round = models.ForeignKey(BattleRound, on_delete=models.CASCADE, null=True, blank=True, related_name="overrides")
    what = models.CharField(max_length=16, choices=Figure.choices)
    engine_value = models.CharField(max_length=40)
    umpire_value = models.CharField(max_length=40)
    reason = models.TextField(**bounded_text())
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["battle_id", "at", "pk"]

    def __str__(self):
        return f"{self.label}: {self.engine_value} → {self.umpire_value}"

    @property
    def label(self):
        """As the record prints it: "round 2 side A total"."""
        where = f"round {self.round.number} " if self.round_id else ""
        return f"{where}{self.get_what_display()}"
