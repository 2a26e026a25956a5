"""The battle desk's forms: they read what the umpire typed; the services and the AD69 engine
decide whether it may be done."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from umpire.models import Character
from umpire.rules.ad69.battle_round import Stance
from umpire.rules.ad69.characters import LEAST_MILITARY_SKILL, MOST_MILITARY_SKILL

from .models import Battle, BattleForce
from .models.rounds import FALLEN, KILLED, ROUND_RESULTS, SIDES, UNHARMED, Figure
from .selectors import get_commanders_at, get_points_at

STANCES = [(Stance.ATTACK.value, "Attack"), (Stance.DEFEND.value, "Defend")]
# Dice are typed on a tablet's number pad, never completed from what an earlier battle typed.
DICE_TYPED = {"inputmode": "numeric", "autocomplete": "off", "placeholder": "e.g. 10 2"}
SKILL_HELP = "Only for a side with no player as commander: its leader's Military Skill."


class DeskForm(forms.Form):
    """A form of the battle desk, which shows several at once: its fields' ids are its own."""

    ids = "id_%s"

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", self.ids)
        super().__init__(*args, **kwargs)


class MapPointChoice(forms.ModelChoiceField):
    def label_from_instance(self, point):
        return f"{point.name} ({point.province.name})"


class OpenBattleForm(forms.Form):
    """X. THE PROCESS OF BATTLE, steps 1 to 4: the forces present together, their commanders, the place."""

    side_a_forces = forms.MultipleChoiceField(label="Side A's forces", widget=forms.CheckboxSelectMultiple)
    side_b_forces = forms.MultipleChoiceField(label="Side B's forces", widget=forms.CheckboxSelectMultiple)
    side_a_commander: forms.ModelChoiceField[Character] = forms.ModelChoiceField(
        label="Side A's commander", queryset=None, required=False, empty_label="no player"
    )
    side_b_commander: forms.ModelChoiceField[Character] = forms.ModelChoiceField(
        label="Side B's commander", queryset=None, required=False, empty_label="no player"
    )
    side_a_name = forms.CharField(
        label="Side A's name",
        max_length=80,
        required=False,
        help_text="Left empty: the commander's name, else its forces'.",
    )
    side_b_name = forms.CharField(label="Side B's name", max_length=80, required=False)
    side_a_skill = forms.IntegerField(
        label="Side A's Military Skill",
        min_value=LEAST_MILITARY_SKILL,
        max_value=MOST_MILITARY_SKILL,
        required=False,
        help_text=SKILL_HELP,
    )
    side_b_skill = forms.IntegerField(
        label="Side B's Military Skill",
        min_value=LEAST_MILITARY_SKILL,
        max_value=MOST_MILITARY_SKILL,
        required=False,
        help_text=SKILL_HELP,
    )
    map_point = MapPointChoice(
        label="Map point",
        queryset=None,
        required=False,
        empty_label="Where side A's forces stand (else side B's)",
    )
    place = forms.CharField(
        label="Place",
        max_length=60,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": "The map point's name"}),
    )
    decided = forms.BooleanField(
        label="Both commanders have chosen to fight",
        required=False,
        initial=True,
        help_text="Step 1. Untick to open it now and record their choice at the desk.",
    )

    def __init__(self, *args, region, forces, **kwargs):
        super().__init__(*args, **kwargs)
        self.forces = {str(force.pk): force for force in forces}
        choices = [(pk, force.name) for pk, force in self.forces.items()]
        self.fields["side_a_forces"].choices = self.fields["side_b_forces"].choices = choices
        self.fields["map_point"].queryset = get_points_at(region)
        commanders = get_commanders_at(region)
        self.fields["side_a_commander"].queryset = self.fields["side_b_commander"].queryset = commanders

    def clean_side_a_forces(self):
        return [self.forces[pk] for pk in self.cleaned_data["side_a_forces"]]

    def clean_side_b_forces(self):
        return [self.forces[pk] for pk in self.cleaned_data["side_b_forces"]]


def dice_typed(text):
    """The table's dice as typed ("10 2" or "10, 2"), in the order the desk asks for them."""
    parts = text.replace(",", " ").split()
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise ValidationError(f"{text!r}: type the dice as numbers, with spaces between them.")
    return [int(part) for part in parts]


class DiceField(forms.CharField):
    """The dice a step rolls, at most `most` of them: a typed list past what the procedure can roll is a
    slip, refused by name before the engine reads it."""

    def __init__(self, *, most, what, **kwargs):
        super().__init__(**kwargs)
        self.most, self.what = most, what

    def to_python(self, value):
        dice = dice_typed(super().to_python(value) or "")
        if len(dice) > self.most:
            raise ValidationError(f"{len(dice)} dice typed: {self.what} rolls {self.most} at most.")
        return dice


class RoundForm(forms.Form):
    """X. THE PROCESS OF BATTLE, steps 5 to 8: each side's orders, then the dice."""

    a_stance = forms.ChoiceField(label="Side A", choices=STANCES, widget=forms.RadioSelect, initial="attack")
    a_joins = forms.BooleanField(label="Commander joins in person (+2, risk die)", required=False)
    a_outflanking = forms.BooleanField(label="Outflanking (+2)", required=False)
    a_withdraw = forms.BooleanField(label="Withdraw if it pushes the enemy back", required=False)
    b_stance = forms.ChoiceField(label="Side B", choices=STANCES, widget=forms.RadioSelect, initial="attack")
    b_joins = forms.BooleanField(label="Commander joins in person (+2, risk die)", required=False)
    b_outflanking = forms.BooleanField(label="Outflanking (+2)", required=False)
    b_withdraw = forms.BooleanField(label="Withdraw if it pushes the enemy back", required=False)
    dice = DiceField(
        # X. THE PROCESS OF BATTLE: a d6 each for the advantage, a d12 each, a risk d6 per commander in person
        most=6,
        what="a round",
        label="The table's dice",
        widget=forms.TextInput(attrs=DICE_TYPED),
        required=False,
        help_text="In this order: side A's d12, side B's d12, then a d6 for each commander in "
        "person (A's first). Round 1 with equal Military Skill: first a d6 each for "
        "the tactical advantage.",
    )

    def orders(self):
        data = self.cleaned_data
        return {
            side: {
                "stance": data[f"{side}_stance"],
                "joins": data[f"{side}_joins"],
                "outflanking": data[f"{side}_outflanking"],
                "withdraw": data[f"{side}_withdraw"],
            }
            for side in SIDES
        }


def dice_or_console(data, rolled_by_console):
    """The dice typed in, or None for the console's; neither is a refusal, not a guess."""
    if rolled_by_console:
        return None
    if not data["dice"]:
        raise ValidationError({"dice": "Type the table's dice, or press “Roll for me”."})
    return data["dice"]


class OverrideForm(DeskForm):
    """Any figure open to the umpire's word now; the service checks the value against the figure."""

    ids = "override_%s"

    what = forms.ChoiceField(label="Figure", choices=Figure.choices)
    umpire_value = forms.CharField(
        label="New value",
        max_length=40,
        help_text=f"A total, combat value or units lost: a whole number. A result: "
        f"{', '.join(ROUND_RESULTS)}. A commander in the round: {FALLEN} or "
        f"{UNHARMED}. The advantage: a or b. A fate: {KILLED}, or "
        "wounded and the months.",
    )
    reason = forms.CharField(label="Why", max_length=300)

    def __init__(self, *args, figures, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["what"].choices = [(figure, Figure(figure).label) for figure in figures]


class DecideForm(DeskForm):
    """X. THE PROCESS OF BATTLE, step 1: both commanders fight, or one will not."""

    ids = "decide_%s"

    declined_by = forms.ChoiceField(
        label="The side that will not fight", choices=[("a", "Side A"), ("b", "Side B")], widget=forms.RadioSelect
    )
    reason = forms.CharField(label="Why", max_length=300)


class DeployForm(forms.Form):
    """X. THE PROCESS OF BATTLE, steps 3 and 4: each force's place in the order of battle."""

    def __init__(self, *args, forces, **kwargs):
        super().__init__(*args, **kwargs)
        self.forces = forces
        length = BattleForce._meta.get_field("deployment").max_length
        for fought in forces:
            self.fields[f"force_{fought.pk}"] = forms.CharField(
                label=f"{fought.force_name} (side {fought.side.upper()})",
                max_length=length,
                required=False,
                initial=fought.deployment,
                help_text="Where it stands, whom it faces.",
            )

    def deployment(self):
        return {fought.pk: self.cleaned_data[f"force_{fought.pk}"] for fought in self.forces}


class VerdictForm(DeskForm):
    ids = "verdict_%s"

    victor = forms.ChoiceField(label="Victor", choices=Battle.Verdict.choices, widget=forms.RadioSelect)
    reason = forms.CharField(
        label="Why",
        max_length=300,
        required=False,
        help_text="1. relative casualties, 2. tactical advantage, 3. combat value.",
    )


class WoundDiceForm(DeskForm):
    ids = "wound_%s"

    dice = DiceField(
        # X. RISK TO CHARACTERS: for each side's fallen commander, the fatal d6 and the months' d6
        most=4,
        what="the commanders' fall",
        label="Wound dice",
        widget=forms.TextInput(attrs=DICE_TYPED),
        required=False,
        help_text="For each fallen commander (A's first): a d6 (1 is fatal), then, if he lives, "
        "a d6 of months wounded.",
    )


class PlaceLossesForm(forms.Form):
    """X. LOSSES: "In the case of a split, it is the owning player's choice": every unit the side loses."""

    def __init__(self, *args, groups, **kwargs):
        super().__init__(*args, **kwargs)
        self.groups = groups
        for i, group in enumerate(groups):
            self.fields[f"lost_{i}"] = forms.IntegerField(
                label=group.label, min_value=0, max_value=group.count, initial=group.proposed
            )

    def placed(self):
        return [
            {
                "force": group.force,
                "type": group.type,
                "veteran": group.veteran,
                "count": self.cleaned_data[f"lost_{i}"],
            }
            for i, group in enumerate(self.groups)
            if self.cleaned_data[f"lost_{i}"]
        ]


class TakeOverForm(DeskForm):
    ids = "take_over_%s"

    reason = forms.CharField(
        label="Why you take it over",
        max_length=300,
        widget=forms.TextInput(attrs={"placeholder": "Why you take it over (recorded)"}),
    )


class PublishForm(DeskForm):
    to_projector = forms.BooleanField(label="Also on the projector's news", required=False)
