"""The treasury index's province and purse rows, drawn in Python (regions/templatetags/treasury.py): each as
the template drew it, words escaped, the umpire's own provinces linked to their books."""

from types import SimpleNamespace

from django.urls import reverse

from regions.templatetags.treasury import province_rows, purse_rows


def province(pk, name):
    return SimpleNamespace(pk=pk, name=name)


def test_a_province_of_the_umpires_own_links_to_its_books_and_shows_its_statement_and_bills():
    statement = SimpleNamespace(balance=-12, confirmed_at=None)
    row = SimpleNamespace(
        province=province(7, "Moesia <Inferior>"),
        treasury=140,
        statement=statement,
        words="owes 12 talents",
        unpaid_bills=2,
        yours=True,
    )
    books = reverse("regions:treasury-province", args=["ad69", 7])
    assert province_rows([row], "ad69") == (
        f'<tr id="province-7"><td><a href="{books}"><strong>Moesia &lt;Inferior&gt;</strong></a></td>'
        '<td class="num">140</td><td><span class="owed">owes 12 talents</span></td>'
        '<td><span class="no">not confirmed</span></td><td class="num"><strong class="no">2</strong></td></tr>'
    )


def test_another_tables_province_is_named_without_a_link_and_says_when_nothing_is_drawn_up():
    row = SimpleNamespace(
        province=province(8, "Syria"), treasury=0, statement=None, words="", unpaid_bills=0, yours=False
    )
    assert province_rows([row], "ad69") == (
        '<tr id="province-8"><td>Syria</td><td class="num">0</td><td><span class="muted">not drawn up</span></td>'
        '<td></td><td class="num">0</td></tr>'
    )


def test_a_confirmed_statement_says_so():
    statement = SimpleNamespace(balance=30, confirmed_at="today")
    row = SimpleNamespace(
        province=province(9, "Gallia"), treasury=5, statement=statement, words="due 30", unpaid_bills=0, yours=False
    )
    assert '<span class="due">due 30</span></td><td><span class="yes">confirmed</span>' in province_rows([row], "x")


def test_a_purse_links_to_its_page_and_says_where_its_holder_is():
    def character(pk, name, location):
        return SimpleNamespace(pk=pk, name=name, location=location, get_role_display=lambda: "Senator & consul")

    rows = [
        SimpleNamespace(character=character(3, "Otho", "Italia/Rome"), balance=25, url="/purses/3/"),
        SimpleNamespace(character=character(4, "Galba", None), balance=0, url="/purses/4/"),
    ]
    assert purse_rows(rows).split("\n") == [
        '<tr id="purse-3"><td><a href="/purses/3/"><strong>Otho</strong></a> <span class="muted">Senator &amp; consul'
        '</span></td><td>Italia/Rome</td><td class="num">25</td></tr>',
        '<tr id="purse-4"><td><a href="/purses/4/"><strong>Galba</strong></a> <span class="muted">Senator &amp; consul'
        '</span></td><td>travelling</td><td class="num">0</td></tr>',
    ]
