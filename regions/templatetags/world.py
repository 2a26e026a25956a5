"""The world page's long lists, drawn in Python: the page names every character in the hall, a few hundred,
and reloads whenever one of them moves; through the template's tags its lists cost more than all its queries
(issue 34). Each line is what the template drew, every word and figure through umpire.drawn.text as
`{{ value }}` would write it."""

from django import template
from django.utils.safestring import mark_safe

from regions.models import Province
from umpire.drawn import text
from umpire.models import Character

register = template.Library()

# A character's role and a province's type in words, as get_role_display() and get_province_type_display() give
# them, looked up here rather than in the field's choices afresh for every line.
ROLES, PROVINCE_TYPES = dict(Character.Role.choices), dict(Province.Type.choices)


@register.simple_tag
def provinces_at(provinces):
    """`{% provinces_at table.provinces %}`: a table's provinces, a row each, with its income, road cost and who
    governs it."""
    return mark_safe("".join(province_row(province) for province in provinces))


def province_row(province):
    team = ' <span class="tag">team</span>' if province.team_at_start else ""
    potential = "" if province.potential_income is None else f" ({text(province.potential_income)})"
    return (
        "\n        <tr>\n"
        f"          <td>{text(province.name)}{team}</td>\n"
        f'          <td class="num">{text(province.income_per_quarter)}{potential}</td>\n'
        f'          <td class="num">{text(province.road_cost)}</td>\n'
        f"          <td>{governor(province)}\n"
        f"            {governor_tags(province)}</td>\n"
        f"          <td>{text(PROVINCE_TYPES.get(province.province_type, province.province_type))}</td>\n"
        "        </tr>\n      "
    )


def governor(province):
    if province.governed_by_senate:
        return "The Senate of Rome"
    if province.governor__name is not None:
        return text(province.governor__name)
    if province.controlled_from__name is not None:
        return f"from {text(province.controlled_from__name)}"
    return "–"


def governor_tags(province):
    procurator = '<span class="tag">proc</span>' if province.run_by_procurator else ""
    return procurator + ('<span class="tag">mil gov</span>' if province.military_governor else "")


@register.simple_tag
def people_here(people):
    """`{% people_here table.people %}`: the characters at a table, each with his role and career rank."""
    if not people:
        return mark_safe('<li class="muted">Nobody</li>')
    return mark_safe("".join(f"\n      <li>{person(character)}</li>\n      " for character in people))


def person(character):
    rank = "" if character.career_rank__name is None else f", {text(character.career_rank__name)}"
    return f'{text(character.name)} <span class="muted">{text(role(character))}{rank}</span>'


@register.simple_tag
def people_travelling(people):
    """`{% people_travelling travelling %}`: the characters at no table, each with where he is going, if anywhere."""
    return mark_safe("".join(f"<li>{traveller(character)}</li>" for character in people))


def traveller(character):
    bound = "" if character.travelling_to__name is None else f", travelling to {text(character.travelling_to__name)}"
    return f'{text(character.name)} <span class="muted">{text(role(character))}{bound}</span>'


def role(character):
    return ROLES.get(character.role, character.role)
