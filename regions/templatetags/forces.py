"""The forces page's cards, drawn in Python: the page shows every force in the hall, a couple of hundred
cards, and reloads with every change to a force; through the template's tags its cards cost more than all of
its queries (issue 34). Each card is what the template drew, every word and figure through umpire.drawn.text
as `{{ value }}` would write it."""

from django import template
from django.utils.safestring import mark_safe

from regions.models import Force
from umpire.addresses import address
from umpire.drawn import text

register = template.Library()

# A force's kind and status in words, as get_kind_display() and get_status_display() give them: looked up here,
# as those look up their field's choices afresh for every card.
KINDS, STATUSES = dict(Force.Kind.choices), dict(Force.Status.choices)


@register.simple_tag
def force_cards(cards, slug):
    """`{% force_cards group.forces event.slug %}`: a table's forces, each with its units, its combat value and
    what it may still do this turn, linked to its page."""
    return mark_safe("".join(force_card(card, slug) for card in cards))


def force_card(card, slug):
    force = card.force
    url = text(address("regions:force", slug, force.pk))
    aquila = ' <span class="kind">Aquila</span>' if force.aquila else ""
    return (
        f'\n    <article class="force-card{" yours" if card.can_command else ""}" id="force-{text(force.pk)}">\n'
        f'      <h3><a href="{url}">{text(force.name)}</a>\n'
        f'        <span class="kind {text(force.kind)}">{text(KINDS.get(force.kind, force.kind))}</span>{aquila}</h3>\n'
        f"      {unpaid_flag(card.unpaid)}\n"
        f"      <p>{whereabouts(force)}\n"
        f"        · {legate(force)}\n"
        f"        · <strong>{text(STATUSES.get(force.status, force.status))}</strong></p>\n"
        f'      <ul class="units">\n        {"".join(unit_line(line) for line in card.lines)}\n      </ul>\n'
        f'      <p class="cv">Combat value <strong>{text(card.combat_value)}</strong>'
        f" · if veteran {text(card.combat_value_if_veteran)}</p>\n"
        f'      <div class="this-turn">\n        <strong>This turn</strong>\n        <ul>\n'
        f"          {march(card.this_turn)}\n          {upgrade(card.this_turn)}\n          {aboard(force)}\n"
        f"        </ul>\n      </div>\n"
        f'      <a class="button open" href="{url}">{"Orders and details" if card.can_command else "Details"}</a>\n'
        f"    </article>\n    "
    )


def unpaid_flag(unpaid):
    """Its bills left unpaid (VIII. RAISING TROOPS), in talents, and the quarters they are for."""
    if not unpaid:
        return ""
    quarters = ", ".join(text(quarter) for quarter in unpaid.quarters)
    return f'<p class="unpaid-flag"><strong>UNPAID</strong> {text(unpaid.talents)} talents for {quarters}</p>'


def whereabouts(force):
    point = f", {text(force.map_point)}" if force.map_point else ""
    return f"{text(force.province.name)}{point}"


def legate(force):
    return f"Legate {text(force.legate)}" if force.legate else '<span class="muted">no legate</span>'


def unit_line(line):
    """A line of the force's units, but not its Aquila (its heading says so) nor an empty line."""
    if line.label == "Aquila" or not line.normal + line.veteran:
        return ""
    veterans = f' ({text(line.veteran)} <span class="vet" title="veteran">V</span>)' if line.veteran else ""
    return f"\n        <li>{text(line.in_words)}{veterans}</li>\n        "


def march(this):
    if this.cannot_move:
        return f'<li class="no">No march: {text(this.cannot_move)}</li>\n          '
    if this.forced_left is None:
        forced = '<span class="no">No forced march: its last move was a forced march</span>\n              '
    else:
        forced = f"Forced march: <strong>{text(this.forced_left)}</strong> of {text(this.forced_march)} left"
    return (
        f"\n          <li>March: <strong>{text(this.march_left)}</strong> of {text(this.march)} map points left</li>\n"
        f"          <li>{forced}</li>\n          "
    )


def upgrade(this):
    if this.upgrade:
        ready = f"{text(this.upgrade.ready_turn)} ({text(this.ready_month)})"
        return f"<li>Upgrading, ready at the end of turn {ready}</li>\n          "
    if this.cannot_upgrade:
        return f'<li class="no">No upgrade: {text(this.cannot_upgrade)}</li>\n          '
    return '<li class="yes">May upgrade (standing still, not fought)</li>'


def aboard(force):
    return f"<li>Aboard {text(force.embarked_on)}</li>" if force.embarked_on else ""
