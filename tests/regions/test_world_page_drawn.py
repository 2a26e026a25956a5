"""The world page's lists are drawn in Python (regions.templatetags.world) from rows of the columns shown
(regions.selectors.get_world), for the hall's speed (issue 34): each list must be, byte for byte, what the
template drew from the models, for every kind of province and character, and names that need escaping."""

import pytest
from django.template import engines

from regions.models import Province
from regions.selectors import get_world
from regions.templatetags.world import people_here, people_travelling, provinces_at
from umpire.models import CareerRank, Character, Region

# The lists as the world page's template drew them, before they were drawn in Python.
TEMPLATE_PROVINCES = """{% for province in provinces %}
        <tr>
          <td>{{ province.name }}{% if province.team_at_start %} <span class="tag">team</span>{% endif %}</td>
          <td class="num">{{ province.income_per_quarter }}{% if province.potential_income is not None %} ({{ province.potential_income }}){% endif %}</td>
          <td class="num">{{ province.road_cost }}</td>
          <td>{% if province.governed_by_senate %}The Senate of Rome{% elif province.governor %}{{ province.governor }}{% elif province.controlled_from %}from {{ province.controlled_from }}{% else %}–{% endif %}
            {% if province.run_by_procurator %}<span class="tag">proc</span>{% endif %}{% if province.military_governor %}<span class="tag">mil gov</span>{% endif %}</td>
          <td>{{ province.get_province_type_display }}</td>
        </tr>
      {% endfor %}"""  # noqa: E501
TEMPLATE_PEOPLE_HERE = """{% for character in people %}
      <li>{{ character.name }} <span class="muted">{{ character.get_role_display }}{% if character.career_rank %}, {{ character.career_rank }}{% endif %}</span></li>
      {% empty %}<li class="muted">Nobody</li>{% endfor %}"""  # noqa: E501
TEMPLATE_TRAVELLING = """{% for character in travelling %}<li>{{ character.name }} <span class="muted">{{ character.get_role_display }}{% if character.travelling_to %}, travelling to {{ character.travelling_to }}{% endif %}</span></li>{% endfor %}"""  # noqa: E501


def drawn_by_template(source, **context):
    return engines["django"].from_string(source).render(context)


@pytest.fixture
def every_kind_of_line(ad69):
    """Gaul with a province of every kind of governor and flag, people with and without a rank, and characters on
    the road and not yet placed, with names that need escaping; Senate's room with nobody in it."""
    gaul = Region.objects.get(event=ad69, name="Gaul")
    rank = CareerRank.objects.filter(social_class="senator").first()
    governor = Character.objects.create(
        event=ad69,
        name="Gaius <Iulius> & Sons",
        role="governor",
        social_class="senator",
        career_rank=rank,
        location=gaul,
    )
    Character.objects.create(
        event=ad69, name='Marcus "Quotes"', role="legate", social_class="equestrian", location=gaul
    )
    Character.objects.create(
        event=ad69, name="Viator", role="procurator", social_class="equestrian", travelling_to=gaul
    )
    Character.objects.create(event=ad69, name="Nowhere <yet>", role="senator", social_class="senator")
    italia = Province.objects.get(event=ad69, name="Italia")
    kinds = [
        dict(governor=governor, team_at_start=True, potential_income=40, run_by_procurator=True),
        dict(governed_by_senate=True, military_governor=True, province_type="senatorial"),
        dict(controlled_from=italia, run_by_procurator=True, military_governor=True, province_type="military"),
        dict(province_type="none", income_per_quarter=1234),
    ]
    for n, kind in enumerate(kinds):
        Province.objects.create(
            event=ad69,
            name=f"Provincia <{n}>",
            region=gaul,
            road_cost=n,
            **({"income_per_quarter": n, "province_type": "imperial"} | kind),
        )
    Character.objects.filter(event=ad69, location__name="Senate").update(location=None)
    return ad69


def test_each_tables_provinces_are_drawn_as_the_template_drew_them(every_kind_of_line):
    world = get_world(every_kind_of_line)
    gaul = next(table for table in world.tables if table.region.name == "Gaul")
    for words in ["Provincia &lt;0&gt;", "The Senate of Rome", "from Italia", "–", "(40)", "proc", "mil gov", "team"]:
        assert words in provinces_at(gaul.provinces), words
    for table in world.tables:
        provinces = Province.objects.filter(region=table.region).select_related("governor", "controlled_from")
        assert provinces_at(table.provinces) == drawn_by_template(TEMPLATE_PROVINCES, provinces=provinces), table


def test_the_people_at_each_table_are_drawn_as_the_template_drew_them(every_kind_of_line):
    world = get_world(every_kind_of_line)
    assert any(not table.people for table in world.tables)  # "Nobody" is drawn too
    for table in world.tables:
        people = Character.objects.filter(location=table.region).select_related("career_rank")
        assert people_here(table.people) == drawn_by_template(TEMPLATE_PEOPLE_HERE, people=people), table


def test_the_characters_at_no_table_are_drawn_as_the_template_drew_them(every_kind_of_line):
    travelling = Character.objects.filter(event=every_kind_of_line, location=None).select_related("travelling_to")
    assert travelling.count() > 2
    drawn = people_travelling(get_world(every_kind_of_line).travelling)
    assert drawn == drawn_by_template(TEMPLATE_TRAVELLING, travelling=travelling)
