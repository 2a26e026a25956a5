"""Whose money an umpire keeps (VIII. GENERAL): the accounts he may take money out of. The treasury's
pages offer only these, and the ledger refuses any other, so a form posted with another table's ids
moves nothing. Below the services, so the ledger itself can ask."""

from dataclasses import dataclass

from django.db.models import Q

from umpire.models import Region, Role
from umpire.permissions import Perm
from umpire.selectors import can, get_seats

from .models import Account

Kind = Account.Kind
ROME_KINDS = (Kind.IMPERIAL_TREASURY, Kind.SENATE_TREASURY)


@dataclass(frozen=True)
class MoneyScope:
    """The accounts a user keeps in one event, and may take money out of (VIII. GENERAL): Control
    every account; a Region umpire the treasuries of the provinces at his tables, the purses of the
    characters there and the pay chests of the legions in those provinces; the Senate umpire the
    Imperial Treasury, the Senate's, and the purses of the characters in Rome. Anyone who keeps
    accounts may pay into any account of the event."""

    everything: bool = False
    tables: frozenset = frozenset()
    senate: bool = False
    rome_tables: frozenset = frozenset()  # Rome's map table and the Senate room, for the Senate umpire

    def covers_province(self, province):
        """His to confirm its statement, set its disruption and see its books."""
        return self.covers_table(province.region_id)

    def covers_table(self, table_id):
        """Every province at the table is his, or none is."""
        return self.everything or table_id in self.tables

    def may_spend_in(self, province):
        """Bread and circuses in Rome are the Senate umpire's business too."""
        return self.covers_province(province) or (self.senate and province.is_rome)

    def covers_character(self, character):
        where = character.location_id
        return self.everything or where in self.tables or (self.senate and where in self.rome_tables)

    def characters_kept(self, characters):
        """`characters` narrowed to those whose purses he keeps, as a queryset a form can offer."""
        if self.everything:
            return characters
        return characters.filter(location__in=self.tables | (self.rome_tables if self.senate else frozenset()))

    def covers_rome(self):
        return self.everything or self.senate

    def covers(self, account):
        if self.everything:
            return True
        if account.kind == Kind.PROVINCE_TREASURY:
            return self.covers_province(account.province)
        if account.kind == Kind.CHARACTER_PURSE:
            return self.covers_character(account.character)
        if account.kind == Kind.LEGION_PAY_CHEST:
            return account.force.province.region_id in self.tables
        return account.kind in ROME_KINDS and self.senate


def get_money_scope(user, event):
    if not can(user, event, Perm.VIEW_MONEY):
        return MoneyScope()
    if user.is_superuser:
        return MoneyScope(everything=True)
    seats = get_seats(user, event)
    roles = {role for role, _ in seats}
    senate = Role.SENATE in roles
    return MoneyScope(
        everything=Role.CONTROL in roles,
        senate=senate,
        tables=frozenset(region for role, region in seats if role == Role.REGION),
        rome_tables=get_rome_tables(event) if senate else frozenset(),
    )


def get_rome_tables(event):
    """The table the City of Rome is on, and the Senate room where the senators sit."""
    return frozenset(
        Region.objects.filter(event=event)
        .filter(Q(provinces__is_rome=True) | Q(kind=Region.Kind.SENATE_ROOM))
        .values_list("pk", flat=True)
    )
