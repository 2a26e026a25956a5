"""The post tray, a table umpire's desk, reads each of its lists with only the relations that list shows: with
the letter page's sixteen on every list, building its queries cost more than everything else on the page
(issue 34). What each list shows is proved by tests/mail/test_post_pages.py; its query count by
tests/umpire/test_page_queries.py."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.umpire.test_page_queries import grow, hall, pages  # noqa: F401 (hall: the grown world's fixture)


def joins_of_letter_queries(client, hall):
    user, url = pages(hall)["tray"]
    client.force_login(user)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return [query["sql"].count(" JOIN ") for query in captured.captured_queries if 'FROM "mail_letter"' in query["sql"]]


# In the grown world, the tray's letter queries in order: bound here, by runner or overdue, read together (its
# courier), to hand out (the console's: the letters alone, their people read after them and placed in the regions
# the page read; 17 joins when each was joined), waiting (addressee and office), carried by couriers here, posted
# this turn (its step, addressee, office, courier and recipient). Their tables are the regions the page read, and
# posted this turn reads the clock's turn in a subquery, not through the event: 2 and 4 joins more before. Those
# before posted this turn read the letter page's sixteen relations before, 22 joins each: 120 in all.
JOINS = [1, 0, 3, 1, 6]


def test_each_of_the_trays_lists_joins_only_what_it_shows(client, hall):
    grow(hall)
    assert joins_of_letter_queries(client, hall) == JOINS
