"""The siege desk's forms: every input checked here first, then by the service (which asks the AD69
engine). Below the forms, the panels a siege page offers, each hidden behind its reason when the
rules do not allow it this month."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse

from regions.forms import Panel, dice_field, entered_dice, number
from regions.models import Force
from umpire.forms import RecordsChoiceField
from umpire.rules.ad69.losses import split_loss
from umpire.rules.ad69.siege import FORTIFICATIONS, PlaceType
from umpire.rules.working import Working

from .models import SiegeMonth
from .services.sieges import rules_forces

Action = SiegeMonth.Action


def place_type_choices():
    """Each type as the FORTIFICATIONS table gives it, so the umpire sees what he is choosing."""
    return [
        (
            kind.value,
            f"{kind.label.capitalize()} (×{multiplier_text(kind)}, holds "
            f"{FORTIFICATIONS.rows[kind.value]['capacity']}, {engine_sets(kind)})",
        )
        for kind in PlaceType
    ]


def place_type_or_none():
    return [("", "—"), *place_type_choices()]


def engine_sets(kind):
    sets = FORTIFICATIONS.rows[kind.value]["min_engines"]
    return f"{sets} set{'' if sets == 1 else 's'} of engines"


def multiplier_text(kind):
    multiplier = FORTIFICATIONS.rows[kind.value]["multiplier"]
    return "20+, varies" if multiplier is None else multiplier


class ForceChoices(RecordsChoiceField):
    widget = forms.CheckboxSelectMultiple

    def label_from_instance(self, force):
        return f"{force.name} ({force.province.name})"


class ProvinceChoice(forms.ModelChoiceField):
    def label_from_instance(self, province):
        return f"{province.name} ({province.region.name})"


class WalledPointChoice(forms.ModelChoiceField):
    def label_from_instance(self, point):
        standing = [force.name for force in point.forces.all()]
        where = f"{point.name} ({point.province.name}, {point.get_fortification_display().lower()})"
        return f"{where}: {', '.join(standing)} here" if standing else where


BY_HAND = "Only where the map has no point for the place: leave the map point empty and give all three."


class BeginSiegeForm(forms.Form):
    map_point = WalledPointChoice(
        label="Place besieged",
        queryset=None,
        required=False,
        empty_label="Not on the map: typed below",
        help_text="The walled places of your tables' provinces, where forces stand first. The siege takes "
        "the place's name, province and walls from the map.",
    )
    place = forms.CharField(
        label="Place not on the map", max_length=80, required=False, help_text=f"As Cremona. {BY_HAND}"
    )
    place_type = forms.ChoiceField(
        label="Its kind of place", choices=place_type_or_none, required=False, help_text=BY_HAND
    )
    province = ProvinceChoice(label="Its province", queryset=None, required=False, help_text=BY_HAND)
    besiegers = ForceChoices(label="Besiegers", queryset=None, help_text="Forces in that province.")
    garrison = ForceChoices(
        label="Garrison",
        queryset=None,
        required=False,
        help_text="None: only its local forces hold it, combat value 3.",
    )
    multiplier = number(
        "Strength multiplier",
        min_value=1,
        max_value=50,
        required=False,
        help_text="Empty for the table's. A huge mountain fortified city's varies: enter it.",
    )
    engines_required = number(
        "Sets of engines it needs",
        min_value=1,
        max_value=20,
        required=False,
        help_text="Only if the umpires advise more than the table's minimum.",
    )

    def __init__(self, *args, points, provinces, forces, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["map_point"].queryset = points
        self.fields["province"].queryset = provinces
        self.fields["besiegers"].queryset = forces
        self.fields["garrison"].queryset = forces

    def clean(self):
        data = super().clean()
        if data.get("map_point") is None:
            missing = [name for name in ("place", "place_type", "province") if not data.get(name)]
            for name in missing:
                self.add_error(name, "Choose the place's map point, or give its name, kind and province.")
        return data

    @property
    def besieged_province(self):
        """The province of the place chosen, for the check that the user may open a fight there."""
        point = self.cleaned_data["map_point"]
        return point.province if point is not None else self.cleaned_data["province"]


class BuildEnginesForm(forms.Form):
    legion: forms.ModelChoiceField[Force] = forms.ModelChoiceField(
        label="Legion building", queryset=None, empty_label=None
    )

    def __init__(self, *args, siege, legions=None, **kwargs):
        super().__init__(*args, **kwargs)
        besiegers = siege.besiegers.all()
        # On the page only the legions still to build are offered; the service refuses the rest by name.
        self.fields["legion"].queryset = (
            besiegers if legions is None else besiegers.filter(pk__in=[legion.pk for legion in legions])
        )


class AssaultForm(forms.Form):
    commander_joins = forms.BooleanField(
        label="The besiegers' Legionary Commander joins in person (+2)", required=False
    )
    garrison_commander_joins = forms.BooleanField(label="The garrison's commander joins in person (+2)", required=False)
    dice = dice_field("As \"10,3\": the attackers' d12, then the defenders'.")

    def clean_dice(self):
        dice = entered_dice(self.cleaned_data["dice"])
        if dice is not None and len(dice) != 2:
            raise ValidationError("Enter two d12: the attackers', then the defenders'.")
        return dice


class LiftSiegeForm(forms.Form):
    reason = forms.CharField(
        label="Why is it lifted?", max_length=500, error_messages={"required": "Say why the siege is lifted."}
    )


class PlaceLossesForm(forms.Form):
    """X. LOSSES, the owner's choice on an uneven split: one field per group of units, each between
    its share rounded down and rounded up. The engine checks the sum again."""

    def __init__(self, *args, month, side, **kwargs):
        super().__init__(*args, **kwargs)
        loss = month.losses[side]
        self.groups = split_loss(rules_forces(loss["forces"]), loss["units"], Working()).groups
        for i, group in enumerate(self.groups):
            self.fields[f"group_{i}"] = number(
                f"{group.label}",
                min_value=group.least,
                max_value=group.most,
                initial=group.least,
                help_text=share_text(group),
            )

    def placed(self):
        return [
            {
                "force": group.force,
                "type": group.type.value,
                "veteran": group.veteran,
                "count": self.cleaned_data[f"group_{i}"],
            }
            for i, group in enumerate(self.groups)
        ]


def share_text(group):
    allowed = str(group.least) if group.least == group.most else f"{group.least} or {group.most}"
    return f"{group.count} units: {allowed}"


# ---- the panels a siege page offers ---------------------------------------------------------------


def siege_url(name, siege):
    return reverse(f"warfare:siege-{name}", args=[siege.event.slug, siege.pk])


def siege_panels(siege, card):
    """This month's work, each with its form or the reason it cannot be done; lifting the siege."""
    why_not = card.why_not
    return [
        Panel(
            "Build siege engines",
            siege_url("build", siege),
            BuildEnginesForm(siege=siege, legions=card.legions_to_build),
            "Build a set",
            note="A legion of half strength with its Aquila, doing nothing else this month: one set per legion.",
            why_not=why_not[Action.BUILD_ENGINES],
        ),
        Panel(
            "Reduce defences",
            siege_url("reduce", siege),
            forms.Form(),
            "Reduce the defences",
            note=f"−1 to the multiplier ({siege.multiplier} now) with {card.engines_needed} sets of engines.",
            why_not=why_not[Action.REDUCE_DEFENCES],
        ),
        Panel(
            "Assault",
            siege_url("assault", siege),
            AssaultForm(),
            "Assault",
            note="One round of combat a month: d12 each side, the difference on the siege results table.",
            why_not=why_not[Action.ASSAULT],
        ),
        Panel(
            "Lift the siege",
            siege_url("lift", siege),
            LiftSiegeForm(),
            "Lift the siege",
            note="The besiegers stand again; their engines stay where they were built.",
        ),
    ]


def loss_panels(siege, card):
    """The owner's placing of each side's loss that waits for him."""
    return [
        Panel(
            f"Place the {side}' losses of turn {month.turn}",
            reverse("warfare:siege-losses", args=[siege.event.slug, month.pk, side]),
            PlaceLossesForm(month=month, side=side),
            "Place the losses",
            note=f"{month.losses[side]['units']} units lost; the split is uneven, so the owning player "
            "chooses (X. LOSSES).",
        )
        for month, side in card.waiting
    ]
