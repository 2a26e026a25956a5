"""X. COMBAT RESOLUTION, THE BATTLE SYSTEM: a battle fought at a table, from the commanders'
choice to fight to its locked record.

The rules are the engine's (`ad69.battle_round`, `ad69.battle_losses`); these rows keep what
it was given and what it gave (rounds.py: the rounds and the umpire's overrides), and the
claim that stops two umpires running the same fight. Sides are "a" and "b", as in the engine.
"""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone

from regions.models import Force
from regions.models.limits import bounded_text
from umpire.rules.ad69.battle_round import MAX_ROUNDS, Outcome
from umpire.rules.ad69.characters import LEAST_MILITARY_SKILL, MOST_MILITARY_SKILL

from .rounds import AFTERMATH_FIGURES, FIGHTING_FIGURES, ROUND_FIGURES, SIDES, fate_of_phrase, other
from .siege import point_errors

CLAIM_MINUTES = 5  # a claim lapses if its tablet goes quiet this long; every step renews it


class Side(models.TextChoices):
    A = "a", "Side A"
    B = "b", "Side B"


class Battle(models.Model):
    # not stored: the record as it stood when a step locked it (warfare.services.battles.locked), for its undo
    stood_at_lock: dict[str, Any]

    """One battle at a table: its sides, its rounds, its verdict, its losses, its fate on paper.

    A draft (`published_at` empty) is seen only by its table's umpires and Control. Once
    confirmed, the record is locked and the result is on the forces and characters.
    """

    class State(models.TextChoices):
        OPEN = "open", "Being fought"
        LOSSES_PROPOSED = "losses_proposed", "Losses proposed"
        CONFIRMED = "confirmed", "Confirmed"
        CALLED_OFF = "called_off", "Called off"

    class Verdict(models.TextChoices):
        A = "a", "Side A"
        B = "b", "Side B"
        DRAW = "draw", "A draw"

    event = models.ForeignKey("umpire.Event", on_delete=models.CASCADE, related_name="battles")
    region = models.ForeignKey(
        "umpire.Region", on_delete=models.PROTECT, related_name="battles", help_text="The table it is fought at."
    )
    province = models.ForeignKey("regions.Province", on_delete=models.PROTECT, related_name="battles")
    place = models.CharField(max_length=60, blank=True, help_text="The map point it is fought at.")
    # As a siege's: the name stays in `place` if Control removes the point from the map.
    map_point = models.ForeignKey(
        "regions.MapPoint",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="battles",
        help_text="The map point it is fought at, in its province.",
    )
    title = models.CharField(max_length=120)
    turn = models.PositiveSmallIntegerField(help_text="The game turn it was opened in.")

    side_a_name = models.CharField(max_length=80)
    side_b_name = models.CharField(max_length=80)
    side_a_commander = models.ForeignKey(
        "umpire.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Side A's army commander, if a player.",
    )
    side_b_commander = models.ForeignKey(
        "umpire.Character",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Side B's army commander, if a player.",
    )
    side_a_skill = models.PositiveSmallIntegerField(
        default=0,
        validators=[MinValueValidator(LEAST_MILITARY_SKILL), MaxValueValidator(MOST_MILITARY_SKILL)],
        help_text="Military Skill of side A's army commander.",
    )
    side_b_skill = models.PositiveSmallIntegerField(
        default=0,
        validators=[MinValueValidator(LEAST_MILITARY_SKILL), MaxValueValidator(MOST_MILITARY_SKILL)],
        help_text="Military Skill of side B's army commander.",
    )
    advantage = models.CharField(
        max_length=1,
        choices=Side.choices,
        blank=True,
        help_text="Who has the tactical advantage: settled by the engine in round 1.",
    )

    state = models.CharField(max_length=16, choices=State.choices, default=State.OPEN)
    decided_at = models.DateTimeField(
        null=True, blank=True, help_text="When both commanders chose to fight (step 1); empty: not yet."
    )
    called_off_reason = models.TextField(
        blank=True, **bounded_text(), help_text="Why it was never fought, if a commander declined."
    )
    verdict = models.CharField(
        max_length=4,
        choices=Verdict.choices,
        blank=True,
        help_text="The umpire's verdict, when the dice leave no clear victor.",
    )
    verdict_reason = models.TextField(blank=True, **bounded_text())
    verdict_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    verdict_at = models.DateTimeField(null=True, blank=True)

    losses_case = models.JSONField(
        null=True, blank=True, help_text="ad69.battle_losses's input, with the owning players' placed losses."
    )
    losses_result = models.JSONField(null=True, blank=True, help_text="Its outcome, working and dice.")
    losses_rolled_by_console = models.BooleanField(default=False)
    losses_seed = models.BigIntegerField(null=True, blank=True)

    published_at = models.DateTimeField(null=True, blank=True, help_text="Empty: a draft.")
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    on_projector = models.BooleanField(default=False, help_text="Control chose it for the projector's news.")

    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The umpire running it now.",
    )
    claim_expires_at = models.DateTimeField(null=True, blank=True)

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event_id", "-created_at", "-pk"]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        return reverse("warfare:battle", args=[self.event.slug, self.pk])

    def clean(self):
        if self.map_point_id:
            errors = point_errors(self.map_point, self.event_id, self.province_id)
            if errors:
                raise ValidationError(errors)

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
        """ "a", "b" or "draw" once known: the dice's, else the umpire's verdict."""
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
    def engine_fates(self):
        """X. RISK TO PLAYER CHARACTERS: each fallen commander's fate by the wound dice."""
        return self.losses_result["outcome"]["commanders"] if self.losses_result else {}

    @property
    def fates(self):
        """Each fallen commander's fate, as the umpire has ruled it where he has."""
        return {
            side: fate_of_phrase(self.ruling(f"fate_{side}")) if self.ruling(f"fate_{side}") else fate
            for side, fate in self.engine_fates.items()
        }

    # ---- the record

    @property
    def is_locked(self):
        return self.state in (self.State.CONFIRMED, self.State.CALLED_OFF)

    @property
    def awaits_decision(self):
        """X. THE PROCESS OF BATTLE, step 1: the commanders have not yet chosen to fight."""
        return self.state == self.State.OPEN and self.decided_at is None

    @property
    def may_deploy(self):
        """Steps 3 and 4: the order of battle stands once the first round is fought."""
        return self.state == self.State.OPEN and not self.rounds_fought

    # ---- the umpire's rulings on the battle as a whole

    @property
    def rulings(self):
        """The overrides of the battle's own figures (not a round's), in the order made."""
        return [override for override in self.overrides.all() if override.round_id is None]

    def ruling(self, figure):
        """The umpire's last word on a figure of the battle, or None."""
        words = [override.umpire_value for override in self.rulings if override.what == figure]
        return words[-1] if words else None

    def ruled_combat_value(self, side):
        value = self.ruling(f"combat_value_{side}")
        return None if value is None else int(value)

    def ruled_units_lost(self, side):
        value = self.ruling(f"losses_{side}")
        return None if value is None else int(value)

    @property
    def figures_open(self):
        """The figures the umpire may override now."""
        if self.state == self.State.LOSSES_PROPOSED:
            return [f for f in AFTERMATH_FIGURES if not f.startswith("fate") or f[-1] in self.engine_fates]
        if self.state != self.State.OPEN:
            return []
        return ([f for f in ROUND_FIGURES if self.round_list[-1].may_override(f)] if self.rounds_fought else []) + list(
            FIGHTING_FIGURES
        )

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
        if self.state == self.State.CALLED_OFF:
            return f"{self.side_a_name} against {self.side_b_name}: called off, {self.called_off_reason}"
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
    force = models.ForeignKey(
        "regions.Force", on_delete=models.SET_NULL, null=True, blank=True, related_name="battle_places"
    )
    force_name = models.CharField(max_length=80)
    kind = models.CharField(
        max_length=12, choices=Force.Kind.choices, help_text="The force's kind when the battle began."
    )
    side = models.CharField(max_length=1, choices=Side.choices)
    composition = models.JSONField(help_text="Its name, Aquila and units at the start, as the engine takes them.")
    force_marched = models.BooleanField(
        default=False, help_text="It force-marched in the moves before the battle, that turn (-2)."
    )
    deployment = models.CharField(
        max_length=120, blank=True, help_text="Its place in the order of battle: where it stands, whom it faces."
    )
    legate_name = models.CharField(
        max_length=60, blank=True, help_text="Its legate when the battle began; empty: none."
    )
    # A battle opened before the console kept the legates has none recorded: its sheet says so,
    # rather than print today's legate as if he had led it then.
    legate_recorded = models.BooleanField(default=True)

    class Meta:
        ordering = ["battle_id", "side", "pk"]
        constraints = [models.UniqueConstraint(fields=["battle", "force"], name="a_force_fights_once_per_battle")]

    def __str__(self):
        return f"{self.force_name} (side {self.side.upper()})"

    @property
    def legate_words(self):
        """Its legate as the battle began, for the desk and the paper: "" if it had none."""
        if not self.legate_recorded:
            return "legate not recorded: the battle was opened before the console kept them"
        return f"legate {self.legate_name}" if self.legate_name else ""
