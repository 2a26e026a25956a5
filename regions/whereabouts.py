"""Where the map's records are, for the audit log's filters (umpire.whereabouts).

A record's own keys to a table or a character (a province's table, governor and procurator; a
force's legate and army commander) are read by the core; these add what lies a step away: the
table of the province a force stands in, of the accounts a transaction touched, and so on. Each
costs one query at most.
"""

from umpire.whereabouts import register_whereabouts

from .models import Force, Posting, Province
from .services.ledger import tables_of


def table_of_province(key):
    """Whereabouts of a record at the table of the province its `key` names."""

    def whereabouts(instance):
        return set(Province.objects.filter(pk=getattr(instance, key)).values_list("region", flat=True)), set()

    return whereabouts


def route_whereabouts(route):
    """A route on the map is at the tables of both its ends: a crossing concerns both."""
    ends = Province.objects.filter(map_points__in=[route.one_id, route.other_id]).values_list("region", flat=True)
    return set(ends), set()


def table_of_force(key):
    """Whereabouts of a record with the force its `key` names: at its province's table, with its commanders."""

    def whereabouts(instance):
        rows = Force.objects.filter(pk=getattr(instance, key)).values_list(
            "province__region", "legate", "army_commander"
        )
        return {table for table, *_ in rows}, {c for _, *commanders in rows for c in commanders if c}

    return whereabouts


def account_whereabouts(account):
    """Where the account is kept (tables_of), and whose purse it is (its own key)."""
    return set(tables_of(account.event, [account])), set()


def transaction_whereabouts(transaction):
    """Every account it touched: where each is kept, and whose purses they are."""
    accounts = [
        posting.account
        for posting in Posting.objects.filter(transaction=transaction).select_related(
            "account__province", "account__character", "account__force__province"
        )
    ]
    return (
        set(tables_of(transaction.event, accounts)),
        {account.character_id for account in accounts if account.character_id},
    )


def register():
    register_whereabouts("regions.force", table_of_province("province_id"))
    register_whereabouts("regions.fleet", table_of_province("base_id"))
    register_whereabouts("regions.mappoint", table_of_province("province_id"))
    register_whereabouts("regions.maproute", route_whereabouts)
    register_whereabouts("regions.venue", table_of_province("province_id"))
    register_whereabouts("regions.spending", table_of_province("province_id"))
    register_whereabouts("regions.taxstatement", table_of_province("province_id"))
    register_whereabouts("regions.revenuedisruption", table_of_province("province_id"))
    register_whereabouts("regions.bribe", table_of_force("force_id"))
    register_whereabouts("regions.account", account_whereabouts)
    register_whereabouts("regions.transaction", transaction_whereabouts)
