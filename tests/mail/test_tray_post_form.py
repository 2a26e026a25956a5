"""The tray's "post a letter" form offers every living character and every legion: its choices read only the
names they show, not each record whole (issue 34). What it offers is proved by tests/mail/test_post_pages.py."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.umpire.test_page_queries import hall, pages  # noqa: F401 (hall: the world's fixture)


def test_the_post_forms_choices_read_only_their_names(client, hall):
    user, url = pages(hall)["tray"]
    client.force_login(user)
    with CaptureQueriesContext(connection) as captured:
        text = client.get(url).content.decode()
    sqls = [q["sql"] for q in captured.captured_queries]
    legions = [sql for sql in sqls if sql.startswith('SELECT "regions_force"."id"')]
    living = [sql for sql in sqls if sql.startswith('SELECT "umpire_character"."id"') and 'died_turn" IS NULL' in sql]
    assert legions and all('"regions_force"."aquila"' not in sql for sql in legions)
    # the senders and the addressees, read once for both (the couriers' list is the carrier form's, not this form's)
    assert len([sql for sql in living if '"umpire_character"."wealth"' not in sql]) == 1
    assert f">{hall.scribonius.name}</option>" in text
