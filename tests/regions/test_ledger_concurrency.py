"""Money under real concurrency: two processes transferring at once on PostgreSQL."""

import os
import subprocess
import sys
import textwrap

import pytest
from django.db import connection

from regions.models import Account, Posting, Transaction
from regions.services.ledger import do_transfer, get_balances

WORKER = textwrap.dedent("""
    import os, sys
    import django
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "umpire.settings")
    django.setup()
    from django.core.exceptions import ValidationError
    from regions.models import Account
    from regions.services.ledger import do_transfer
    names = sys.argv[1].split(",")
    accounts = {a.name: a for a in Account.objects.filter(name__in=names)}
    refused = 0
    for i in range(25):
        source, target = names[i % 3], names[(i + 1) % 3]
        try:
            do_transfer(source=accounts[source], target=accounts[target], talents=7, why=f"run {i}", actor=None)
        except ValidationError:
            refused += 1
    print(refused)
""")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_fifty_transfers_from_two_processes_leave_every_balance_right(postgres, ad69):
    from umpire import clockwork

    clockwork.do_start_clock(ad69, actor=None)
    mint = Account.objects.create(event=ad69, name="The mint", kind=Account.Kind.EXTERNAL)
    accounts = [
        Account.objects.create(event=ad69, name=name, kind=Account.Kind.SENATE_TREASURY)
        for name in ("Aerarium A", "Aerarium B", "Aerarium C")
    ]
    for account in accounts:
        do_transfer(source=mint, target=account, talents=20, why="opening balance", actor=None)

    env = {**os.environ, "DATABASE_URL": database_url_of_the_test_database()}
    names = ",".join(a.name for a in accounts)
    workers = [
        subprocess.Popen([sys.executable, "-c", WORKER, names], env=env, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    refused = sum(int(worker.communicate(timeout=120)[0].strip()) for worker in workers)

    transfers = Transaction.objects.exclude(why="opening balance")
    assert transfers.count() == 50 - refused
    balances = get_balances(accounts + [mint])
    assert sum(balances.values()) == 0
    assert all(balances[account] >= 0 for account in accounts)
    assert sum(balances[account] for account in accounts) == 60
    for transaction in Transaction.objects.prefetch_related("postings"):
        assert sum(p.amount for p in transaction.postings.all()) == 0
    assert Posting.objects.count() == 2 * Transaction.objects.count()


def database_url_of_the_test_database():
    settings = connection.settings_dict
    return (
        f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/{settings['NAME']}"
    )
