"""The orders a table umpire gives forces and fleets: every input is checked here first, then by
the service (which asks the AD69 engine). Below the forms, the panels that offer them on a page."""

from dataclasses import dataclass, replace
from functools import partial

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.text import slugify

from umpire.models import Character
from umpire.rules.ad69.fleets import Repair
from umpire.rules.ad69.forces import TroopType
from umpire.rules.ad69.legions import UpgradeKind
from umpire.rules.ad69.sea import CHARTER_MAX_SEA_AREAS
from umpire.rules.dice import parse_dice_list
from umpire.rules.errors import DiceError

from .models import Fleet, Force, MapPoint, Province
from .selectors import LINE_LABELS, get_reach, get_this_turn
from .services.engine import current_turn

UPGRADE_KINDS = [
    (UpgradeKind.LEVIES_TO_AUXILIARIES.value, "2 raw levies → 1 auxiliary (1 month)"),
    (UpgradeKind.AUXILIARIES_TO_LEGIONARIES.value, "1 auxiliary → 1 legionary (1 month)"),
    (UpgradeKind.LEGIONARIES_TO_PRAETORIANS.value, "1 legionary → 1 praetorian (at once, in Rome)"),
]
REPAIRS = [(r.value, r.value.replace("_", " ").capitalize()) for r in Repair]


def unused_name(event_id, name):
    """A new force's name, or a refusal if the event has a force of that name already."""
    name = name.strip()
    if Force.objects.filter(event=event_id, name=name).exists():
        raise ValidationError(f"There is already a force called {name}.")
    return name


def number(label, *, min_value=0, max_value=None, required=True, **kwargs):
    """A whole-number field with a keypad on a tablet."""
    return forms.IntegerField(
        label=label,
        min_value=min_value,
        max_value=max_value,
        required=required,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        **kwargs,
    )


class RaiseLeviesForm(forms.Form):
    count = number("Raw levies to raise", min_value=1, max_value=10)


class UpgradeForm(forms.Form):
    """One month's upgrade orders: one, or two at once as in the UPGRADING EXAMPLE."""

    kind_1 = forms.ChoiceField(label="First order", choices=UPGRADE_KINDS)
    count_1 = number("Units to make", min_value=1, max_value=10)
    veterans_1 = forms.BooleanField(label="From veterans", required=False)
    kind_2 = forms.ChoiceField(label="Second order", choices=[("", "– none –"), *UPGRADE_KINDS], required=False)
    count_2 = number("Units to make (second order)", min_value=1, max_value=10, required=False)
    veterans_2 = forms.BooleanField(label="From veterans (second order)", required=False)
    in_rome_with_emperors_approval = forms.BooleanField(label="In Rome, with the Emperor's approval", required=False)

    def clean(self):
        data = super().clean()
        if data.get("kind_2") and data.get("count_2") is None and "count_2" not in self.errors:
            self.add_error("count_2", "Give how many units the second order makes.")
        if data.get("count_2") is not None and not data.get("kind_2"):
            self.add_error("kind_2", "Choose which upgrade the second order is.")
        data["orders"] = [
            {"kind": data[f"kind_{i}"], "count": data[f"count_{i}"], "veterans": data[f"veterans_{i}"]}
            for i in (1, 2)
            if data.get(f"kind_{i}") and data.get(f"count_{i}")
        ]
        return data


class DetachForm(forms.Form):
    """A name and how many of each of the legion's units go: one field per kind it holds."""

    name = forms.CharField(label="Name of the detachment", max_length=80)

    def __init__(self, *args, force, **kwargs):
        super().__init__(*args, **kwargs)
        self.force = force
        held = {(t.type, t.veteran): t.count for t in force.troops.all() if t.count}
        self.kinds = sorted(held, key=lambda k: (LINE_ORDER.index(k[0]), k[1]))
        for kind, veteran in self.kinds:
            label = LINE_LABELS[TroopType(kind)]
            label = f"Veteran {label.lower()}" if veteran else label
            self.fields[troop_field(kind, veteran)] = number(
                f"{label} (has {held[(kind, veteran)]})", required=False, initial=0
            )

    def clean_name(self):
        return unused_name(self.force.event_id, self.cleaned_data["name"])

    def clean(self):
        data = super().clean()
        data["troops"] = [
            {"type": kind, "veteran": veteran, "count": data.get(troop_field(kind, veteran)) or 0}
            for kind, veteran in self.kinds
        ]
        if not self.errors and not any(t["count"] for t in data["troops"]):
            raise ValidationError("Send at least one unit: every count is 0.")
        return data

    def troop_fields(self):
        return [self[troop_field(kind, veteran)] for kind, veteran in self.kinds]


LINE_ORDER = [kind.value for kind in LINE_LABELS]


def troop_field(kind, veteran):
    return f"{kind}{'_veteran' if veteran else ''}"


class ProvinceChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, province):
        return f"{province.name} ({province.region.name})"


def provinces(event):
    return Province.objects.filter(event=event).select_related("region").order_by("region__position", "name")


class MergeForm(forms.Form):
    into = forms.ModelChoiceField(label="Rejoin", queryset=Force.objects.none())

    def __init__(self, *args, force, **kwargs):
        super().__init__(*args, **kwargs)
        together = Force.objects.filter(event=force.event_id, province=force.province_id).exclude(pk=force.pk)
        self.fields["into"].queryset = together.exclude(kind__in=[Force.Kind.BARBARIAN_HOST, Force.Kind.NON_ROMAN])
        self.fields["into"].initial = force.detached_from_id


class MarchForm(forms.Form):
    """IX. LAND MOVEMENT: the points the force can reach this turn by the map's legal ways, nearest first, and
    after them those only a forced march reaches (when it may force-march). The service asks the engine again."""

    to_point = forms.TypedChoiceField(label="March to", coerce=int, help_text="By the shortest legal way.")
    forced_march = forms.BooleanField(label="Forced march", required=False)

    def __init__(self, *args, force, reach=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.reach = get_reach(force, get_this_turn(force, current_turn(force.event))) if reach is None else reach
        plain = [(r.point.pk, str(r)) for r in self.reach if not r.forced_only]
        forced = [(r.point.pk, str(r)) for r in self.reach if r.forced_only]
        self.fields["to_point"].choices = [("", "—"), *plain, *([("Only by a forced march", forced)] if forced else [])]

    def clean_to_point(self):
        chosen = self.cleaned_data["to_point"]
        return next(r.point for r in self.reach if r.point.pk == chosen)


class PlaceForm(forms.Form):
    """Control's correction of where a force stands: any map point of the event."""

    map_point = forms.ModelChoiceField(label="Map point", queryset=MapPoint.objects.none())
    reason = forms.CharField(label="Why", max_length=200)

    def __init__(self, *args, force, **kwargs):
        super().__init__(*args, **kwargs)
        points = MapPoint.objects.filter(event=force.event_id).select_related("province__region")
        self.fields["map_point"].queryset = points.order_by("province__region__position", "province__name", "name")
        self.fields["map_point"].label_from_instance = lambda p: (
            f"{p.name} ({p.province.name}, {p.province.region.name})"
        )
        self.fields["map_point"].initial = force.map_point_id


class EmbarkForm(forms.Form):
    fleet = forms.ModelChoiceField(label="Fleet", queryset=Fleet.objects.none())

    def __init__(self, *args, force, **kwargs):
        super().__init__(*args, **kwargs)
        here = Fleet.objects.filter(event=force.event_id, base__region=force.province.region_id)
        self.fields["fleet"].queryset = here


class LandForm(forms.Form):
    province = ProvinceChoiceField(label="Land in", queryset=Province.objects.none())
    at_point = forms.ModelChoiceField(
        label="Landing place",
        queryset=MapPoint.objects.none(),
        required=False,
        help_text="A map point of that province. Left blank, the force is ashore off the map's points, and "
        "Control places it before it marches.",
    )

    def __init__(self, *args, force, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["province"].queryset = provinces(force.event_id)
        self.fields["province"].initial = force.province_id
        points = MapPoint.objects.filter(event=force.event_id).select_related("province")
        self.fields["at_point"].queryset = points.order_by("province__name", "name")
        self.fields["at_point"].label_from_instance = lambda point: (
            f"{point} ({point.province}, {point.get_kind_display().lower()})"
        )


class CharterForm(forms.Form):
    coastal_sea_areas = number("Coastal sea areas", max_value=CHARTER_MAX_SEA_AREAS, initial=0)
    open_sea_areas = number("Open sea areas", max_value=CHARTER_MAX_SEA_AREAS, initial=0)
    fleets_agree = forms.BooleanField(label="Every Naval Fleet on the way agrees", required=False, initial=True)

    def clean(self):
        data = super().clean()
        if not self.errors and not data["coastal_sea_areas"] + data["open_sea_areas"]:
            self.add_error("coastal_sea_areas", "The charter must sail through at least one sea area.")
        return data


def dice_field(help_text):
    return forms.CharField(
        label="Dice from the table",
        required=False,
        max_length=20,
        help_text=f"{help_text} Leave empty for the console to roll.",
    )


def entered_dice(text):
    """The dice the umpire typed, as [1, 3], or None for the console to roll. Which die may show
    what is the engine's to check, as it asks for each."""
    text = text.strip()
    if not text:
        return None
    try:
        return parse_dice_list(text)
    except DiceError as refusal:
        raise ValidationError(refusal.message) from None


class CrossingForm(forms.Form):
    offering_to_neptune = forms.BooleanField(label="A 10 talent offering to Neptune was made", required=False)
    dice = dice_field('As "1,3": the crossing die, then Worse Things if it goes wrong.')

    def clean_dice(self):
        dice = entered_dice(self.cleaned_data["dice"])
        if dice is not None and (not dice or any(not 1 <= die <= 6 for die in dice)):
            raise ValidationError(f"{self.cleaned_data['dice'].strip()!r}: each die is a d6, from 1 to 6.")
        return dice


def town_field():
    return forms.CharField(label="Town or city", max_length=80, help_text="As Cremona.")


class DemandTributeForm(forms.Form):
    town = town_field()
    legions_present = number(
        "Legions present",
        min_value=1,
        max_value=10,
        required=False,
        help_text="Leave empty to count them: the legions here under its army commander.",
    )
    loot_if_refused = forms.BooleanField(label="If the town refuses, loot it", required=False)
    dice = dice_field('As "5,3": the demand d6, then the talents: a d6 if it pays, a d3 if it is looted.')

    def clean_dice(self):
        return entered_dice(self.cleaned_data["dice"])


class LootForm(forms.Form):
    town = town_field()
    dice = dice_field('The d3 of talents, as "2".')

    def clean_dice(self):
        return entered_dice(self.cleaned_data["dice"])


class BribeForm(forms.Form):
    """VIII. Bribery: paid at once from the briber's purse, so the briber is one whose purse the umpire
    keeps (`scope`, his MoneyScope): another table's character is not offered, and not accepted."""

    briber = forms.ModelChoiceField(
        label="Briber",
        queryset=Character.objects.none(),
        error_messages={"invalid_choice": "Choose a briber at your tables: the bribe is paid from his purse."},
    )
    talents = number("Talents", min_value=1, max_value=10000)
    purpose = forms.CharField(
        label="Purpose",
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="Say exactly what they are bribed to do.",
        error_messages={"required": "Say exactly what the troops are bribed to do (VIII. Bribery)."},
    )

    def __init__(self, *args, force, scope, **kwargs):
        super().__init__(*args, **kwargs)
        characters = Character.objects.filter(event=force.event_id).order_by("name")
        self.fields["briber"].queryset = scope.characters_kept(characters)


class RepairForm(forms.Form):
    repair = forms.ChoiceField(label="Repair", choices=REPAIRS)


class StripMarinesForm(forms.Form):
    """The marines form a force of their own at the fleet's base: 6 auxiliaries are more than a
    legion's 5 auxiliary places, so they join no legion whole."""

    name = forms.CharField(label="Name of the marines' force", max_length=80)

    def __init__(self, *args, fleet, **kwargs):
        super().__init__(*args, **kwargs)
        self.fleet = fleet
        self.fields["name"].initial = f"Marines of {fleet.name}"

    def clean_name(self):
        return unused_name(self.fleet.event_id, self.cleaned_data["name"])


class BridgeForm(forms.Form):
    waterway = forms.CharField(
        label="Waterway", max_length=80, help_text="As the Hellespont or the Straits of Messina."
    )


# ---- the orders a page offers -----------------------------------------------------------------


@dataclass(frozen=True)
class Panel:
    """One order offered on a page: its form, where it posts, and whether it asks to be confirmed."""

    title: str
    url: str
    form: object = None
    submit: str = ""
    note: str = ""
    confirm: str = ""  # the warning shown behind <details> before it can be sent
    why_not: str = ""  # why it cannot be given now (then there is no form)

    def __post_init__(self):
        if self.form is not None:
            self.form.auto_id = panel_ids(self.url)


def panel_ids(url):
    """The ids of a panel's fields: its order's own (the URL it posts to), as a page offers several orders
    that ask the same things ("talents", "why") and each label must find its own field."""
    return f"{slugify(url)}-%s"


def typed_for_panel(form, url):
    """A refusable form bound to what was typed, given the ids of the panel posting to `url` before it is
    checked: each error list takes its field's id when it is made, and the field names it (aria)."""
    if form is not None:
        form.auto_id = panel_ids(url)
    return form


def as_typed(panel, sent_to, typed):
    """The panel a refused order was sent from (it posts to `sent_to`), holding the form as `typed`:
    the form is matched by its URL because a page may offer the same form twice (two treasuries)."""
    sent_here = typed is not None and not panel.why_not and panel.url == sent_to
    return replace(panel, form=typed) if sent_here else panel


def force_panels(force, card, money_scope):
    """The orders the page offers this force, each with an empty form; `money_scope`, the purses the
    umpire keeps, says who may pay a bribe."""
    roman, this_turn = not force.is_non_roman, card.this_turn
    url = partial(order_url, force)
    panels = [
        force.kind == Force.Kind.LEGION
        and Panel(
            "Raise raw levies",
            url("raise-levies"),
            RaiseLeviesForm(),
            "Raise the levies",
            note="They join at once and may fight this turn; the raising cost is owed.",
        ),
        roman
        and Panel(
            "Order an upgrade",
            url("upgrade"),
            UpgradeForm(),
            "Order the upgrade",
            note="One or two orders at once, as in the UPGRADING EXAMPLE; done at the month's end.",
            why_not=this_turn.cannot_upgrade,
        ),
        march_panel(force, this_turn, url("march")),
        card.can_place
        and Panel(
            "Place on the map",
            url("place"),
            PlaceForm(force=force),
            "Place it",
            note="Control's correction of where it stands: no march, and its players stay where they are.",
        ),
        roman
        and any(t.count for t in force.troops.all())
        and Panel(
            "Detach vexillations",
            url("detach"),
            DetachForm(force=force),
            "Yes, detach them",
            confirm="The detachment leaves without the Aquila; the Region umpire runs it while no player is with it.",
        ),
        force.kind == Force.Kind.DETACHMENT
        and Panel(
            "Rejoin a legion",
            url("merge"),
            MergeForm(force=force),
            f"Yes, {force.name} rejoins",
            confirm="The detachment ceases to be: its units join the legion, within the legion's limits.",
        ),
        force.embarked_on_id and Panel("Land", url("land"), LandForm(force=force), "Go ashore"),
        not force.embarked_on_id and embark_panel(force, url("embark")),
        roman
        and Panel(
            "Book a civilian charter",
            url("charter"),
            CharterForm(),
            "Book the charter",
            note="Booked a month ahead, it sails next month; 1 talent a vexillation a coastal area, 4 on open sea, "
            "×4 in winter.",
        ),
        *money_panels(force, url, money_scope),
    ]
    return [without_form_if_refused(panel) for panel in panels if panel]


def march_panel(force, this_turn, url):
    reach = get_reach(force, this_turn)
    nowhere = "" if reach or this_turn.cannot_move else "no map point within reach by the map's legal ways"
    return Panel(
        "March",
        url,
        MarchForm(force=force, reach=reach),
        "March",
        note="Only the points it can reach this turn are offered, each with its distance and table.",
        why_not=this_turn.cannot_move or nowhere,
    )


def money_panels(force, url, money_scope):
    """VII. Loot and VIII. Bribery: what a legion may take from a town, and what may be paid to buy it.
    Both town forms ask for a town and dice: their own ids keep each label on its own field."""
    roman, no_commander = not force.is_non_roman, why_no_plunder(force)
    return [
        roman
        and Panel(
            "Demand tribute",
            url("demand-tribute"),
            DemandTributeForm(auto_id="demand_%s"),
            "Demand tribute",
            note="1d6, +1 a legion after the first: 4 or more and the town pays 1d6 talents to the commander.",
            why_not=no_commander,
        ),
        roman
        and Panel(
            "Loot a town",
            url("loot"),
            LootForm(auto_id="loot_%s"),
            "Yes, loot it",
            confirm="1d3 talents reach the commander, and the Region umpire must test for rebellion in the province.",
            why_not=no_commander,
        ),
        any(t.count for t in force.troops.all())
        and Panel(
            "Bribe the troops",
            url("bribe"),
            BribeForm(force=force, scope=money_scope),
            "Pay the bribe",
            note="Paid now from the briber's purse. Whole talents a vexillation count; the highest bribe this turn "
            "prevails, a tie buys no one.",
        ),
    ]


def why_no_plunder(force):
    """As regions.services.plunder refuses it: the talents go to the army commander, or else the legate."""
    return (
        ""
        if force.army_commander_id or force.legate_id
        else "no army commander or legate to receive the talents (Control names them)"
    )


def embark_panel(force, url):
    form = EmbarkForm(force=force)
    none_here = (
        "" if form.fields["fleet"].queryset.exists() else f"no fleet works from the {force.province.region} table"
    )
    return Panel("Embark on a fleet", url, form, "Embark", why_not=none_here)


def order_url(target, name):
    kind = "force" if isinstance(target, Force) else "fleet"
    return reverse(f"regions:{kind}-{name}", args=[target.event.slug, target.pk])


def without_form_if_refused(panel):
    return replace(panel, form=None) if panel.why_not else panel


# What a fleet in each state needs repaired (regions.services.fleets.do_repair_fleet checks it again).
NEEDS_REPAIR = {Fleet.State.LIGHT_DAMAGE, Fleet.State.SERIOUS_DAMAGE, Fleet.State.MARINES_STRIPPED}


def why_no_repair(fleet, state):
    if fleet.busy_until_turn:
        return f"it is busy until the end of turn {fleet.busy_until_turn}"
    return "" if fleet.state in NEEDS_REPAIR else f"nothing to repair: it is {state}"


def fleet_panels(fleet):
    url = partial(order_url, fleet)
    state = fleet.get_state_display().lower()
    cannot_sail = f"it is {state}" if fleet.state in (Fleet.State.LOST, Fleet.State.BRIDGE_OF_BOATS) else ""
    panels = [
        Panel(
            "Open-sea crossing",
            url("crossing"),
            CrossingForm(),
            "Make the crossing",
            note="1 on a d6 (1 or 2 in winter at sea) and Worse Things Happen At Sea is rolled.",
            why_not=cannot_sail,
        ),
        Panel(
            "Repair",
            url("repair"),
            RepairForm(),
            "Start the repair",
            note="The cost is owed; ready at the end of its last month.",
            why_not=why_no_repair(fleet, state),
        ),
        Panel(
            "Strip the marines",
            url("strip-marines"),
            StripMarinesForm(fleet=fleet),
            "Yes, strip them",
            confirm="The marines become 6 auxiliary vexillations at the fleet's base; its anti-pirate work stops "
            "until replacement marines are recruited (36 talents, 2 months).",
            why_not="its marines are gone" if fleet.state == Fleet.State.MARINES_STRIPPED else cannot_sail,
        ),
        Panel(
            "Bridge of boats",
            url("bridge"),
            BridgeForm(),
            "Yes, build the bridge",
            confirm="It takes the whole month: the fleet carries no one until it is done.",
            why_not=cannot_sail,
        ),
    ]
    return [without_form_if_refused(panel) for panel in panels]
