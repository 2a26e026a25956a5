"""X. COMBAT RESOLUTION, THE BATTLE SYSTEM: a battle fought at a table, kept round by round.

The rules are the engine's (`ad69.battle_round`, `ad69.battle_losses`); these rows keep what
it was given and what it gave, the umpire's overrides laid over it, and the claim that stops
two umpires running the same fight. Sides are "a" and "b", as in the engine.
"""
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils import timezone

from regions.models import Force
from umpire.rules.ad69.battle_round import BATTLE_RESULTS, MAX_ROUNDS, Outcome

SIDES = ("a", "b")
CLAIM_MINUTES = 5  # a claim lapses if its tablet goes quiet this long; every step renews it

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


class Side(models.TextChoices):
    A = "a", "Side A"
    B = "b", "Side B"


class Battle(models.Model):
    """One battle at a table: its sides, its rounds, its verdict, its losses, its fate on paper.

    A draft (`published_at` empty) is seen only by its table's umpires and Control. Once
    confirmed, the record is locked and the result is on the forces and characters.
    """

    class State(models.TextChoices):
        OPEN = "open", "Being fought"
        LOSSES_PROPOSED = "losses_proposed", "Losses proposed"
        CONFIRMED = "confirmed", "Confirmed"

    class Verdict(models.TextChoices):
        A = "a", "Side A"
        B = "b", "Side B"
        DRAW = "draw", "A draw"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="battles")
    region = models.ForeignKey("umpire.Region", on_delete=models.PROTECT, related_name="battles",
                               help_text="The table it is fought at.")
    province = models.ForeignKey("regions.Province", on_delete=models.PROTECT, related_name="battles")
    place = models.CharField(max_length=60, blank=True, help_text="The map point it is fought at.")
    title = models.CharField(max_length=120)
    turn = models.PositiveSmallIntegerField(help_text="The game turn it was opened in.")

    side_a_name = models.CharField(max_length=80)
    side_b_name = models.CharField(max_length=80)
    side_a_commander = models.ForeignKey("umpire.Character", on_delete=models.SET_NULL, null=True, blank=True,
                                         related_name="+", help_text="Side A's army commander, if a player.")
    side_b_commander = models.ForeignKey("umpire.Character", on_delete=models.SET_NULL, null=True, blank=True,
                                         related_name="+", help_text="Side B's army commander, if a player.")
    side_a_skill = models.PositiveSmallIntegerField(default=0, help_text="Military Skill of side A's army commander.")
    side_b_skill = models.PositiveSmallIntegerField(default=0, help_text="Military Skill of side B's army commander.")
    advantage = models.CharField(max_length=1, choices=Side.choices, blank=True,
                                 help_text="Who has the tactical advantage: settled by the engine in round 1.")

    state = models.CharField(max_length=16, choices=State.choices, default=State.OPEN)
    verdict = models.CharField(max_length=4, choices=Verdict.choices, blank=True,
                               help_text="The umpire's verdict, when the dice leave no clear victor.")
    verdict_reason = models.TextField(blank=True)
    verdict_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    verdict_at = models.DateTimeField(null=True, blank=True)

    losses_case = models.JSONField(null=True, blank=True,
                                   help_text="ad69.battle_losses's input, with the owning players' placed losses.")
    losses_result = models.JSONField(null=True, blank=True, help_text="Its outcome, working and dice.")
    losses_rolled_by_console = models.BooleanField(default=False)
    losses_seed = models.BigIntegerField(null=True, blank=True)

    published_at = models.DateTimeField(null=True, blank=True, help_text="Empty: a draft.")
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")
    on_projector = models.BooleanField(default=False, help_text="Control chose it for the projector's news.")

    claimed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", help_text="The umpire running it now.")
    claim_expires_at = models.DateTimeField(null=True, blank=True)

    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "-created_at", "-pk"]

    def __str__(self):
        return self.title

    # ---- the sides

    def side_name(self, side):
        return getattr(self, f"side_{side}_name")

    def commander(self, side):
        return getattr(self, f"side_{side}_commander")

    def skill(self, side):
        return getattr(self, f"side_{side}_skill")

    def forces_of(self, side):
        return [force for force in self.forces.all() if force.side == side]

    @property
    def legion_against_legion(self):
        """X. THE BATTLE SYSTEM: "Legion vs Legion battles must be with an Umpire present"."""
        return all(any(f.kind == Force.Kind.LEGION for f in self.forces_of(side)) for side in SIDES)

    # ---- the rounds, as they stand after the umpire's overrides

    @property
    def round_list(self):
        return list(self.rounds.all())

    @property
    def rounds_fought(self):
        return len(self.round_list)

    @property
    def last_result(self):
        """The last round fought, overrides applied; None before the first."""
        rounds = self.round_list
        return rounds[-1].effective() if rounds else None

    @property
    def is_over(self):
        """X. THE PROCESS OF BATTLE: over on an outright defeat, a withdrawal after a push-back,
        or after the fourth round."""
        last = self.last_result
        return last is not None and (last.ends_battle or last.number == MAX_ROUNDS)

    @property
    def next_round_number(self):
        return None if self.is_over or self.state != self.State.OPEN else self.rounds_fought + 1

    @property
    def victor_by_dice(self):
        """The side that defeated its enemy outright, if one did."""
        last = self.last_result
        return last.ahead if last is not None and last.result == Outcome.DEFEATED.value else None

    @property
    def needs_verdict(self):
        """X. DETERMINING VICTORY: over without a clear victor, and the umpire has not ruled."""
        return self.is_over and self.victor_by_dice is None and not self.verdict

    @property
    def victor(self):
        """"a", "b" or "draw" once known: the dice's, else the umpire's verdict."""
        return self.victor_by_dice or self.verdict or None

    @property
    def ending(self):
        """Why the battle is over, in words, or "" while it goes on."""
        last = self.last_result
        if not self.is_over:
            return ""
        if last.result == Outcome.DEFEATED.value:
            return f"{self.side_name(other(last.ahead))} was defeated outright in round {last.number}"
        if last.withdrew:
            return f"{self.side_name(last.ahead)} pushed the enemy back and withdrew in round {last.number}"
        return f"{MAX_ROUNDS} rounds were fought without a clear victory"

    @property
    def fallen(self):
        """The sides whose commander has fallen in this battle."""
        last = self.last_result
        return sorted(last.fallen) if last else []

    # ---- losses

    @property
    def losses(self):
        """The engine's losses by side ({"a": …, "b": …}), once proposed."""
        return self.losses_result["outcome"]["losses"] if self.losses_result else None

    @property
    def placed_losses(self):
        """The owning players' splits, as entered: {"a": [...], "b": [...]}."""
        case = self.losses_case or {}
        return {side: case.get(f"side_{side}", {}).get("placed_losses", []) for side in SIDES}

    @property
    def to_place(self):
        """The sides whose owning player must still choose where part of the loss falls."""
        return [side for side in SIDES if self.losses and self.losses[side]["to_place"]]

    @property
    def fates(self):
        """X. RISK TO PLAYER CHARACTERS: each fallen commander's fate after the battle."""
        return self.losses_result["outcome"]["commanders"] if self.losses_result else {}

    # ---- the record

    @property
    def is_locked(self):
        return self.state == self.State.CONFIRMED

    @property
    def is_draft(self):
        return self.published_at is None

    def claim_is_live(self, now=None):
        return self.claimed_by_id is not None and self.claim_expires_at > (now or timezone.now())

    def renew_claim(self, user, now=None):
        self.claimed_by = user
        self.claim_expires_at = (now or timezone.now()) + timedelta(minutes=CLAIM_MINUTES)

    @property
    def summary(self):
        """One line for lists, messages and the projector."""
        if not self.is_over:
            return f"{self.side_a_name} against {self.side_b_name}: round {self.rounds_fought + 1} next"
        victor = self.victor
        if victor == "draw":
            return f"{self.side_a_name} against {self.side_b_name}: a draw, by the umpire's verdict"
        if victor is None:
            return f"{self.side_a_name} against {self.side_b_name}: {self.ending}; the umpire will judge"
        judged = "" if self.victor_by_dice else ", by the umpire's verdict"
        return f"{self.side_name(victor)} defeats {self.side_name(other(victor))}{judged}: {self.ending}"


class BattleForce(models.Model):
    """A force on one side of a battle, with its units as they were when the battle began:
    the engine fights with these, and the losses are taken from them."""

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="forces")
    # Kept by name too: a detachment that later rejoins its legion is deleted, the record stays.
    force = models.ForeignKey("regions.Force", on_delete=models.SET_NULL, null=True, blank=True,
                              related_name="battle_places")
    force_name = models.CharField(max_length=80)
    kind = models.CharField(max_length=12, choices=Force.Kind.choices,
                            help_text="The force's kind when the battle began.")
    side = models.CharField(max_length=1, choices=Side.choices)
    composition = models.JSONField(help_text="Its name, Aquila and units at the start, as the engine takes them.")
    force_marched = models.BooleanField(default=False, help_text="It force-marched last turn (-2).")

    class Meta:
        ordering = ["battle", "side", "pk"]
        constraints = [models.UniqueConstraint(fields=["battle", "force"], name="a_force_fights_once_per_battle")]

    def __str__(self):
        return f"{self.force_name} (side {self.side.upper()})"


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

    class Figure(models.TextChoices):
        RESULT = "result", "result"
        TOTAL_A = "total_a", "side A total"
        TOTAL_B = "total_b", "side B total"
        FALLEN_A = "fallen_a", "side A commander fallen"
        FALLEN_B = "fallen_b", "side B commander fallen"

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    orders = models.JSONField(help_text="Each side's stance, joining in person, outflanking and withdrawal.")
    case = models.JSONField(help_text="ad69.battle_round's whole input.")
    dice = models.JSONField(help_text="Each die: sides, value, purpose and rolled_by (entered or console).")
    rolled_by_console = models.BooleanField(default=False)
    seed = models.BigIntegerField(null=True, blank=True)
    outcome = models.JSONField()
    working = models.JSONField()
    fought_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                  related_name="+")
    fought_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["battle", "number"]
        constraints = [models.UniqueConstraint(fields=["battle", "number"], name="one_row_per_battle_round")]

    def __str__(self):
        return f"{self.battle}: round {self.number}"

    def joined(self, side):
        """The side's commander fought in person this round (and so ran the risk)."""
        return self.orders[side]["joins"] and side not in self.case["fallen"]

    def engine_value(self, figure):
        """The engine's value of a figure, as text; None where the round has no such figure."""
        if figure == self.Figure.RESULT:
            return result_phrase(self.outcome["result"], self.outcome["ahead"])
        side = figure[-1]
        if figure in (self.Figure.TOTAL_A, self.Figure.TOTAL_B):
            return None if self.outcome["totals"] is None else str(self.outcome["totals"][side])
        return FALLEN if side in self.outcome["fallen"] else UNHARMED

    def effective(self):
        """The round as it stands: the overrides in the order made, so the last word on a
        figure stands; a changed total is looked up again in the results table."""
        now = {"totals": dict(self.outcome["totals"]) if self.outcome["totals"] else None,
               "result": self.outcome["result"], "ahead": self.outcome["ahead"], "fallen": set(self.outcome["fallen"])}
        overrides = list(self.overrides.all())
        for override in overrides:
            _apply(now, override.what, override.umpire_value)
        withdrew = now["result"] == Outcome.PUSHED_BACK.value and self.orders[now["ahead"]]["withdraw"]
        return RoundResult(self.number, now["totals"], now["result"], now["ahead"], frozenset(now["fallen"]),
                           withdrew, bool(overrides))


def _apply(now, figure, value):
    if figure == BattleRound.Figure.RESULT:
        now["result"], now["ahead"] = ROUND_RESULTS[value]
    elif figure in (BattleRound.Figure.TOTAL_A, BattleRound.Figure.TOTAL_B):
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

    battle = models.ForeignKey(Battle, on_delete=models.CASCADE, related_name="overrides")
    round = models.ForeignKey(BattleRound, on_delete=models.CASCADE, null=True, blank=True, related_name="overrides")
    what = models.CharField(max_length=10, choices=BattleRound.Figure.choices)
    engine_value = models.CharField(max_length=40)
    umpire_value = models.CharField(max_length=40)
    reason = models.TextField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                           related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["battle", "at", "pk"]

    def __str__(self):
        return f"{self.label}: {self.engine_value} → {self.umpire_value}"

    @property
    def label(self):
        """As the record prints it: "round 2 side A total"."""
        where = f"round {self.round.number} " if self.round_id else ""
        return f"{where}{self.get_what_display()}"
