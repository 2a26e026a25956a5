"""The forces page's cards are drawn in Python (regions.templatetags.forces) and their troops read as bare values
(regions.selectors.get_troops_by_force), for the hall's speed (issue 34): each card must be, byte for byte, what
the template drew, for every kind of line and every state a force may be in this turn."""

from dataclasses import replace
from types import SimpleNamespace

import pytest
from django.db import connection
from django.template import engines
from django.test.utils import CaptureQueriesContext

from regions.models import Fleet, Force, ForceTroops, Province, Upgrade
from regions.selectors import Unpaid, get_forces_by_table, get_unit_lines
from regions.services.engine import current_turn
from regions.templatetags.forces import force_cards
from tests.regions.forces_builders import build_danube_map, legion
from umpire.models import Character

# The cards as the forces page's template drew them, before they were drawn in Python.
TEMPLATE_CARDS = """{% for card in group.forces %}{% with force=card.force this=card.this_turn %}{% url 'regions:force' event.slug force.pk as force_url %}
    <article class="force-card{% if card.can_command %} yours{% endif %}" id="force-{{ force.pk }}">
      <h3><a href="{{ force_url }}">{{ force.name }}</a>
        <span class="kind {{ force.kind }}">{{ force.get_kind_display }}</span>{% if force.aquila %} <span class="kind">Aquila</span>{% endif %}</h3>
      {% if card.unpaid %}<p class="unpaid-flag"><strong>UNPAID</strong> {{ card.unpaid.talents }} talents for {{ card.unpaid.quarters|join:", " }}</p>{% endif %}
      <p>{{ force.province.name }}{% if force.map_point %}, {{ force.map_point }}{% endif %}
        · {% if force.legate %}Legate {{ force.legate }}{% else %}<span class="muted">no legate</span>{% endif %}
        · <strong>{{ force.get_status_display }}</strong></p>
      <ul class="units">
        {% for line in card.lines %}{% if line.label != "Aquila" and line.normal|add:line.veteran %}
        <li>{{ line.in_words }}{% if line.veteran %} ({{ line.veteran }} <span class="vet" title="veteran">V</span>){% endif %}</li>
        {% endif %}{% endfor %}
      </ul>
      <p class="cv">Combat value <strong>{{ card.combat_value }}</strong> · if veteran {{ card.combat_value_if_veteran }}</p>
      <div class="this-turn">
        <strong>This turn</strong>
        <ul>
          {% if this.cannot_move %}<li class="no">No march: {{ this.cannot_move }}</li>
          {% else %}
          <li>March: <strong>{{ this.march_left }}</strong> of {{ this.march }} map points left</li>
          <li>{% if this.forced_left is None %}<span class="no">No forced march: its last move was a forced march</span>
              {% else %}Forced march: <strong>{{ this.forced_left }}</strong> of {{ this.forced_march }} left{% endif %}</li>
          {% endif %}
          {% if this.upgrade %}<li>Upgrading, ready at the end of turn {{ this.upgrade.ready_turn }} ({{ this.ready_month }})</li>
          {% elif this.cannot_upgrade %}<li class="no">No upgrade: {{ this.cannot_upgrade }}</li>
          {% else %}<li class="yes">May upgrade (standing still, not fought)</li>{% endif %}
          {% if force.embarked_on %}<li>Aboard {{ force.embarked_on }}</li>{% endif %}
        </ul>
      </div>
      <a class="button open" href="{{ force_url }}">{% if card.can_command %}Orders and details{% else %}Details{% endif %}</a>
    </article>
    {% endwith %}{% endfor %}"""

LEG, AUX, LEVY = "legionary", "auxiliary", "raw_levy"


@pytest.fixture
def every_kind_of_card(ad69):
    """Forces in every state a card shows: upgrading, force-marched, aboard, a host, a legion in the field, with
    lines normal, veteran, mixed and empty, and a name that needs escaping."""
    build_danube_map(ad69)
    turn = current_turn(ad69)
    upgrading = legion(
        ad69,
        "Legio XIII Gemina",
        "Pannonia",
        [(LEG, 4, True), (AUX, 2, False)],
        legate="Flavius Vespasianus",
        at="Carnuntum",
    )
    Upgrade.objects.create(
        force=upgrading, ordered_turn=turn, ready_turn=turn + 1, cost=4, composition_after=[], orders=[]
    )
    marched = legion(
        ad69,
        'Legio <VII> & "Claudia"',
        "Moesia",
        [(LEG, 3, False), (LEG, 2, True), (LEVY, 5, False)],
        aquila=False,
        at="Naissus",
    )
    Force.objects.filter(pk=marched.pk).update(moved_turn=turn, points_moved=2, move_before_forced=True)
    fleet = Fleet.objects.create(
        event=ad69, name="Classis <Moesica>", base=Province.objects.get(event=ad69, name="Moesia")
    )
    aboard = legion(ad69, "Legio I Adiutrix", "Moesia", [(AUX, 1, False)], aquila=False)
    Force.objects.filter(pk=aboard.pk).update(embarked_on=fleet, status=Force.Status.BESIEGING)
    host = legion(ad69, "Sarmatian raiders", "Moesia", [], aquila=False, at="Viminacium")
    ForceTroops.objects.create(force=host, type="barbarian_warband", count=6, veteran=True)
    Force.objects.filter(pk=host.pk).update(kind=Force.Kind.BARBARIAN_HOST, fought_turn=turn)
    commander = Character.objects.filter(event=ad69).exclude(name="Flavius Vespasianus").first()
    in_the_field = legion(ad69, "Legio XI Claudia", "Dalmatia", [(LEG, 1, False)], at="Salona")
    Force.objects.filter(pk=in_the_field.pk).update(army_commander=commander)
    return ad69


def drawn_and_templated(event, user):
    """Each table's cards as drawn, and as the template drew them; a card in each table shown as unpaid."""
    template = engines["django"].from_string(TEMPLATE_CARDS)
    for group in get_forces_by_table(event, user, current_turn(event)):
        cards = [with_unpaid(card) if n == 0 else card for n, card in enumerate(group.forces)]
        yield str(force_cards(cards, event.slug)), template.render({"group": {"forces": cards}, "event": event})


def with_unpaid(card):
    bills = (SimpleNamespace(talents=3), SimpleNamespace(talents=1200))
    return replace(card, unpaid=Unpaid(card.force, bills, ("September 68", "December <68>")))


@pytest.mark.parametrize("umpire", ["control", "illyria_umpire", "gaul_umpire"])
def test_the_drawn_cards_are_the_cards_the_template_drew(every_kind_of_card, umpire, request):
    pairs = list(drawn_and_templated(every_kind_of_card, request.getfixturevalue(umpire)))
    assert sum(drawn.count("<article") for drawn, _ in pairs) >= 5
    for drawn, templated in pairs:
        assert drawn == templated


def test_every_state_of_a_card_is_drawn(every_kind_of_card, control):
    drawn = "".join(drawn for drawn, _ in drawn_and_templated(every_kind_of_card, control))
    for words in [
        "Upgrading, ready at the end of turn",
        "No forced march: its last move was a forced march",
        "Forced march: <strong>",
        "No upgrade: not a legion&#x27;s troops",
        "Aboard Classis &lt;Moesica&gt;",
        "Legate Flavius Vespasianus",
        "Legio &lt;VII&gt; &amp; &quot;Claudia&quot;",
        "Pannonia, Carnuntum",
        '(2 <span class="vet" title="veteran">V</span>)',
        "<strong>UNPAID</strong>",
        "December &lt;68&gt;",
        "May upgrade (standing still, not fought)",
    ]:
        assert words in drawn, words


def test_a_force_has_the_same_lines_read_apart_as_through_its_troops(every_kind_of_card, control):
    for group in get_forces_by_table(every_kind_of_card, control, current_turn(every_kind_of_card)):
        for card in group.forces:
            assert card.lines == get_unit_lines(Force.objects.prefetch_related("troops").get(pk=card.force.pk))


def test_the_forces_page_reads_no_column_a_card_left_out(client, every_kind_of_card, control):
    """The cards' query reads only their columns: a card that touched another would read it force by force."""
    client.force_login(control)

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(f"/events/{every_kind_of_card.slug}/forces/").status_code == 200
        return len(captured)

    queries()  # the first page of a process also fills what the process keeps (umpire.event_setting)
    baseline = queries()
    for n, point in enumerate(["Savaria", "Poetovio", "Siscia"]):
        more = legion(
            every_kind_of_card, f"Legio Bench {n}", "Pannonia", [(LEG, 2, True)], legate="Flavius Vespasianus", at=point
        )
        Force.objects.filter(pk=more.pk).update(army_commander=more.legate)
    fleet = Fleet.objects.create(event=every_kind_of_card, name="Classis Pannonica", base=more.province)
    Force.objects.filter(name__startswith="Legio Bench").update(embarked_on=fleet)
    assert queries() == baseline
