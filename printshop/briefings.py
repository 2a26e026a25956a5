"""A player's personal briefing, gathered from every app into umpire.printing.briefing's sheet.

The facts are the world's as it stands when Control prints it: his character, the provinces he
holds office in, the forces he commands (valued and priced by the engine, as on the legion
page), his purse, the turn schedule with his table's winters; the secret parts are what Control
wrote in his Briefing. The rules are the handbook's own words for each part he plays
(`printshop.handbook_rules`): a Senator gets the Senate, offices and oaths, whoever runs a
province its revenue and tax turns, whoever commands troops the forces, marches, battles and
sieges, with the engine's tables; a governor who commands a legion gets both.
"""

from urllib.parse import urlencode

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from regions.models import Account, Force, Province
from regions.printing import location
from regions.selectors import AQUILA, LINE_LABELS, get_unit_lines, get_upkeep
from regions.services.engine import as_rules_force
from regions.services.ledger import talents
from regions.treasury_selectors import get_balance_of, get_open_account
from umpire.models import Briefing, CareerRank, Character, GameClock
from umpire.printing.briefing import (
    Acquaintance,
    BriefingSheet,
    BriefingTurn,
    Calendar,
    CommandedForce,
    Office,
    PlayerPage,
    RulesSummary,
    RulesTable,
)
from umpire.rules.ad69 import battle_round as battle
from umpire.rules.ad69 import siege
from umpire.rules.ad69.forces import COMBAT_VALUES, combat_value
from umpire.selectors import get_schedule_sheet

from . import handbook_rules as handbook

NOT_SET = "not set"

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
        calendar=get_calendar(character),
        about_him=handbook.ROLE_WORDS[character.role] + handbook.CHARACTERISTICS,
        about_money=handbook.PERSONAL_INCOME,
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
    """The handbook's rules for each part he plays: a governor who commands a legion gets both."""
    Role = Character.Role
    parts = (
        (character.role == Role.SENATOR, senate_rules),
        (offices or character.role in (Role.GOVERNOR, Role.PROCURATOR), province_rules),
        (governs(character, offices), governing_rules),
        (forces or character.role == Role.LEGIONARY_LEGATE, military_rules),
    )
    return tuple(summary for plays, rules in parts if plays for summary in rules(character))


def governs(character, offices):
    return character.role == Character.Role.GOVERNOR or any(office.office == "Governor" for office in offices)


def senate_rules(character):
    return (
        RulesSummary(title="The Senate", quotes=handbook.SENATE),
        RulesSummary(
            title="Offices and the career ladder",
            quotes=handbook.OFFICES_AND_CAREER,
            tables=(career_ladder_table(character),),
        ),
        RulesSummary(title="Oaths and the gods", quotes=handbook.OATHS_AND_GODS),
    )


def province_rules(character):
    return (
        RulesSummary(title="Revenue, spending and tax turns", quotes=handbook.REVENUE_AND_SPENDING),
        RulesSummary(title="Provincial government and taxation", quotes=handbook.TAXATION),
    )


def governing_rules(character):
    return (RulesSummary(title="Governing a province", quotes=handbook.GOVERNING),)


def military_rules(character):
    return (
        RulesSummary(title="Your forces under the rules", quotes=handbook.FORCES, tables=(combat_values_table(),)),
        RulesSummary(title="Marches", quotes=handbook.MARCHES),
        RulesSummary(title="Battles", quotes=handbook.BATTLES, tables=(battle_results_table(), modifiers_table())),
        RulesSummary(title="Sieges", quotes=handbook.SIEGES, tables=(siege_results_table(),)),
    )


def career_ladder_table(character):
    """His class's ladder (XI. SOCIAL CLASS, Career Progression), top rung first, his own rung marked."""
    ranks = CareerRank.objects.filter(social_class=character.social_class).order_by("-step")
    rows = tuple((f"{rank} (your rank)" if rank.pk == character.career_rank_id else str(rank),) for rank in ranks)
    ladder = character.get_social_class_display()
    return RulesTable(caption=f"Career Progression: the {ladder} ladder, top first", columns=("Rank",), rows=rows)


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


def siege_results_table():
    rows = tuple(tuple(band.label.split(": ", 1)) for band in siege.SIEGE_RESULTS.bands)
    return RulesTable(caption=siege.SIEGE_RESULTS.name, columns=("Difference", "Result"), rows=rows)


# ---- the turn schedule and his winters ----------------------------------------------------------------


def get_calendar(character):
    """The print shop's turn schedule (its times once Control has planned the first turn's), each month
    marked with the winter at his table (IX. WARFARE, WEATHER)."""
    clock = GameClock.objects.select_related("event").get(event_id=character.event_id)
    table = character.location or character.travelling_to
    return Calendar(
        turns=tuple(
            BriefingTurn(row=row, winter=winter_in(table, clock.event.game_month(row.turn)))
            for row in get_schedule_sheet(clock, timezone.now()).rows
        ),
        current_turn=clock.turn,
        winter=winter_in_words(table),
        quotes=handbook.TURN + handbook.WINTER,
    )


def winter_in(table, month):
    if table is None:
        return ""
    if table.in_winter(month):
        return "Winter"
    return "Winter at sea" if table.in_winter(month, at_sea=True) else ""


def winter_in_words(table):
    """His table's winters as the WEATHER table gives them:
    "Winter at the Gaul table: on land Oct-Feb; at sea Sept-Apr."."""
    if table is None:
        return "Control has placed you at no table yet: your winter is that of the table you start at."
    if not table.winter_on_land and not table.winter_at_sea:
        return f"The {table} table has no winter of its own."
    on_land, at_sea = table.winter_on_land or NOT_SET, table.winter_at_sea or NOT_SET
    return f"Winter at the {table} table: on land {on_land}; at sea {at_sea}."
