"""The treasury index's rows, drawn in Python: the index lists every province in the hall and the umpire's
purses, and reloads with each transfer at his tables; through the template's tags its rows cost more than
all its queries (issue 34). Each row is what the template drew, every word through umpire.drawn.text and
every whole number through `figure`, as `{{ value }}` would write it."""

from django import template
from django.conf import settings
from django.utils.safestring import mark_safe

from umpire.addresses import address
from umpire.drawn import text

register = template.Library()


@register.simple_tag
def province_rows(rows, slug):
    """`{% province_rows group.provinces event.slug %}`: a table's provinces, each with its treasury, this tax
    turn's statement and its unpaid bills; the umpire's own linked to their books."""
    return mark_safe("\n".join(province_row(row, slug) for row in rows))


def province_row(row, slug):
    province = row.province
    name = text(province.name)
    if row.yours:
        name = f'<a href="{text(address("regions:treasury-province", slug, province.pk))}"><strong>{name}</strong></a>'
    bills = f'<strong class="no">{figure(row.unpaid_bills)}</strong>' if row.unpaid_bills else "0"
    return (
        f'<tr id="province-{figure(province.pk)}"><td>{name}</td><td class="num">{figure(row.treasury)}</td>'
        f'<td>{statement_words(row)}</td><td>{statement_confirmed(row.statement)}</td><td class="num">{bills}</td></tr>'
    )


def statement_words(row):
    if not row.statement:
        return '<span class="muted">not drawn up</span>'
    return f'<span class="{"owed" if row.statement.balance < 0 else "due"}">{text(row.words)}</span>'


def statement_confirmed(statement):
    if not statement:
        return ""
    if statement.confirmed_at:
        return '<span class="yes">confirmed</span>'
    return '<span class="no">not confirmed</span>'


@register.simple_tag
def purse_rows(purses):
    """`{% purse_rows index.purses %}`: the purses the umpire keeps, each linked to its page, with where its
    holder is and what it holds."""
    return mark_safe("\n".join(purse_row(row) for row in purses))


def purse_row(row):
    character = row.character
    return (
        f'<tr id="purse-{figure(character.pk)}"><td><a href="{text(row.url)}"><strong>{text(character.name)}</strong></a>'
        f' <span class="muted">{text(character.get_role_display())}</span></td>'
        f'<td>{text(character.location or "travelling")}</td><td class="num">{figure(row.balance)}</td></tr>'
    )


def figure(number):
    """`{{ number }}` for a whole number, talents or an id: `text` localizes one to its digits unless the site
    groups thousands, by way of the active language and its formats, which was half the time of Control's
    purse rows (issue 34)."""
    return text(number) if settings.USE_THOUSAND_SEPARATOR else str(number)
