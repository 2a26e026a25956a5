"""A player's personal briefing, gathered from every app into umpire.printing.briefing's sheet.

The facts are the world's as it stands when Control prints it: his character, the provinces he
holds office in, the forces he commands (valued and priced by the engine, as on the legion
page), his purse; the secret parts are what Control wrote in his Briefing. The rules summary
fits his role: whoever commands troops gets the battle tables, whoever runs a province the
tax rules.
"""

from urllib.parse import urlencode

from django.db.models import Q
from django.urls import reverse

from regions.models import Account, Force, Province
from regions.printing import location
from regions.selectors import AQUILA, LINE_LABELS, get_unit_lines, get_upkeep
from regions.services.engine import as_rules_force
from regions.services.ledger import talents
from regions.treasury_selectors import get_balance_of, get_open_account
from umpire.models import Briefing, Character
from umpire.printing.briefing import (
    Acquaintance,
    BriefingSheet,
    CommandedForce,
    Office,
    PlayerPage,
    RulesSummary,
    RulesTable,
)
from umpire.rules.ad69 import battle_round as battle
from umpire.rules.ad69.forces import COMBAT_VALUES, combat_value

NOT_SET = "not set"

# VIII. EXPENDITURE, PROVINCIAL GOVERNMENT & TAXATION, quoted as the handbook words it.
TAXATION = "VIII. EXPENDITURE, PROVINCIAL GOVERNMENT & TAXATION"
TAX_RULES = (
    "Each provincial area generates a nominal tax revenue. The main use of this is to maintain the local "
    "infrastructure of the province and contribute to the imperial treasury for the upkeep of the Army.",
    "The amounts to be sent to Rome are normally the income of the province, less the normal infrastructure "
    "costs for roads and the upkeep of local legions. In some cases (where large military forces are present) "
    "the province will be receiving money from Rome rather than contributing.",
    "The provincial procurator is entirely responsible for the handling of money relating to the province. In "
    "game terms this means that the Region umpire will only hand out tax revenues to the procurator concerned. "
    "The Governor may not directly conduct any financial actions.",
    "Rome may call for an audit at any time, and could send a consul to inspect the provincial accounts. "
    "Income from provinces may be increased, but the provincials dislike change, and may become restless as "
    "a result.",
    "Each province will have a 'road cost' marked on the map. This is the amount required each spring for "
    "maintenance of the existing road net. It could be deferred, but that would look as though Rome doesn't "
    "care any more!",
)

# X. BATTLE DIE ROLLING SYSTEM: the factors added to each side's d12, worded as the handbook words
# them, with the engine's figures.
BATTLE_MODIFIERS = (
    (battle.POINTS_PER_PLUS_ONE, "+1 for every {} points of combat value"),
    (battle.AQUILA, "{:+d} if all the Legions involved have their Aquila present"),
    (battle.JOINED, "{:+d} if the Legionary Commander has joined the battle in person"),
    (battle.OUTFLANKING, "{:+d} if outflanking the enemy force by more than half its frontage"),
    (battle.DEFENDING, "{:+d} Defending"),
    (battle.PUSHED_BACK, "{:+d} pushed back in last round of combat"),
    (battle.FORCE_MARCHED, "{:+d} for each part of the force that has force marched last turn"),
)


def get_briefing(character, *, site=""):
    """His sheet; `site` ("https://umpires.example") makes his player page's address whole."""
    notes = Briefing.objects.filter(character=character).first()
    offices, forces = get_offices(character), get_forces(character)
    return BriefingSheet(
        name=character.name,
        role=character.get_role_display(),
        social_class=character.get_social_class_display(),
        career_rank=str(character.career_rank or "none"),
        wealth=in_talents(character.wealth),
        support=or_not_set(character.support),
        military_skill=or_not_set(character.military_skill),
        starts_at=starts_at(character),
        offices=offices,
        forces=forces,
        purse=get_purse(character),
        personal_income=personal_income(notes),
        notes=notes.notes if notes else "",
        objectives=notes.objectives if notes else "",
        acquaintances=get_acquaintances(notes),
        rules=rules_for(character, offices, forces),
        player_page=get_player_page(character, site),
    )


def or_not_set(value):
    return NOT_SET if value is None else str(value)


def in_talents(value):
    return NOT_SET if value is None else talents(value)


def starts_at(character, *, unplaced="where Control places you"):
    """Where he starts, in words; `unplaced` is the words for a character Control has not placed yet."""
    if character.location_id:
        return f"at the {character.location} table"
    if character.travelling_to_id:
        return f"on the road to the {character.travelling_to} table"
    return unplaced


# ---- offices and forces --------------------------------------------------------------------------


def get_offices(character):
    """An office for each province he governs, and each he is procurator of."""
    provinces = (
        Province.objects.filter(Q(governor=character) | Q(procurator=character))
        .select_related("governor", "procurator")
        .order_by("name")
    )
    return tuple(
        office(province, title)
        for province in provinces
        for title, holder in office_holders(province)
        if holder == character
    )


def office_holders(province):
    """Each office of the province with whoever holds it, or None."""
    return (("Governor", province.governor), ("Procurator", province.procurator))


def governor_of(province):
    return "The Senate of Rome" if province.governed_by_senate else str(province.governor or "none")


def office(province, title):
    return Office(
        province=province.name,
        office=title,
        income=f"{talents(province.income_per_quarter)} a quarter",
        road_cost=f"{talents(province.road_cost)} each March",
        governor=governor_of(province),
        procurator=str(province.procurator or "none"),
    )


def get_forces(character):
    forces = (
        Force.objects.filter(Q(legate=character) | Q(army_commander=character))
        .select_related("event", "province__region", "legate", "army_commander")
        .prefetch_related("troops")
    )
    return tuple(commanded(force, character) for force in forces)


def commanded(force, character):
    upkeep = get_upkeep(force)
    return CommandedForce(
        name=force.name,
        command=next(title for title, holder in commands_of(force) if holder == character),
        location=location(force),
        troops=troops_in_words(force),
        combat_value=combat_value(as_rules_force(force)),
        upkeep="none" if upkeep is None else talents(upkeep.outcome["total"]),
    )


def commands_of(force):
    """Each command of the force with whoever holds it, or None."""
    return (("legate", force.legate), ("army commander", force.army_commander))


def troops_in_words(force):
    lines = get_unit_lines(force)
    words = [line.label if line.label == AQUILA else line.in_words for line in lines if line.normal + line.veteran]
    return ", ".join(words) or "no troops"


# ---- money, people, player page ---------------------------------------------------------------------


def get_purse(character):
    """His purse's balance: nothing until the books open on the eve of the game and pay in his fortune."""
    account = get_open_account(character.event, Account.Kind.CHARACTER_PURSE, character=character)
    return talents(get_balance_of(account))


def personal_income(notes):
    if notes is None or notes.personal_income is None:
        return "none listed"
    return f"{talents(notes.personal_income)} a quarter"


def get_acquaintances(notes):
    if notes is None:
        return ()
    people = notes.acquaintances.select_related("location", "travelling_to").order_by("name")
    return tuple(Acquaintance(name=p.name, role=p.get_role_display(), whereabouts=p.whereabouts) for p in people)


def get_player_page(character, site):
    """His mailbox's address and code, or None while Control has issued him none."""
    # a missing reverse one-to-one raises an AttributeError of its own: getattr's default is "none issued"
    mailbox = getattr(character, "mailbox", None)
    if mailbox is None:
        return None
    path = reverse("mail:mailbox", kwargs={"slug": character.event.slug})
    return PlayerPage(url=f"{site}{path}?{urlencode({'code': mailbox.code})}", code=mailbox.code)


# ---- the rules his role needs --------------------------------------------------------------------------


def rules_for(character, offices, forces):
    commands = forces or character.role == Character.Role.LEGIONARY_LEGATE
    runs_a_province = offices or character.role in (Character.Role.GOVERNOR, Character.Role.PROCURATOR)
    return tuple(summary for wanted, summary in ((commands, battle_rules()), (runs_a_province, tax_rules())) if wanted)


def tax_rules():
    return RulesSummary(title="Provincial government and taxation", source=TAXATION, lines=TAX_RULES)


def battle_rules():
    return RulesSummary(
        title="Battle",
        source=f"{battle.DIE_ROLLING}; {COMBAT_VALUES.source}",
        lines=("Each side rolls 1d12 a round and adds its factors; the difference of the totals gives the result.",),
        tables=(battle_results_table(), modifiers_table(), combat_values_table()),
    )


def battle_results_table():
    rows = tuple(tuple(band.label.split(": ", 1)) for band in battle.BATTLE_RESULTS.bands)
    return RulesTable(caption=battle.BATTLE_RESULTS.name, columns=("Difference", "Result"), rows=rows)


def modifiers_table():
    rows = tuple((wording.format(value),) for value, wording in BATTLE_MODIFIERS)
    return RulesTable(caption="Factors added to each side's d12", columns=("Factor",), rows=rows)


def combat_values_table():
    rows = tuple(
        (LINE_LABELS[kind], str(values["normal"]), str(values["veteran"]))
        for kind, values in COMBAT_VALUES.rows.items()
    )
    return RulesTable(caption=f"{COMBAT_VALUES.name} per unit", columns=("Unit", "Normal", "Veteran"), rows=rows)
