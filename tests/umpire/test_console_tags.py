"""The console's repeated parts drawn in Python (umpire.templatetags.console): the menu bar, a panel's rows and
the hall's cells, each as the template drew it, its words escaped; and the menu's addresses, worked out once
for each event under the prefix and URLconf they were asked under."""

from types import SimpleNamespace

import pytest
from django.http import HttpResponse
from django.template import Context, Template
from django.test import override_settings
from django.urls import include, path, reverse, set_script_prefix

from umpire.addresses import path_of
from umpire.menu import Group, Link, link
from umpire.table_console import PanelView, Row
from umpire.templatetags.console import hall_cells, menu_entry, panel_rows


def test_a_panels_rows_link_note_and_mark_what_is_late_escaping_their_words():
    rows = (
        Row("Letter <b>A</b> to Primus", "/letters/1/", "at the Illyria table", overdue=True),
        Row("Bench Player & Co", note="here"),
    )
    assert panel_rows(rows).split("\n") == [
        '<li class="overdue"><a href="/letters/1/">Letter &lt;b&gt;A&lt;/b&gt; to Primus</a>'
        ' <span class="muted">· at the Illyria table</span> <strong>OVERDUE</strong></li>',
        '<li>Bench Player &amp; Co <span class="muted">· here</span></li>',
    ]


def test_a_panel_without_rows_says_so():
    assert panel_rows(()) == '<li class="muted">Nothing.</li>'


def test_a_hall_cell_shows_the_work_waiting_or_the_panels_tally_and_what_is_overdue():
    def item(name, view):
        return SimpleNamespace(panel=SimpleNamespace(name=name), view=view)

    cells = hall_cells(
        [item("mail.letters", PanelView((), 3, 2)), item("umpire.players", PanelView((), 1, 0, tally="4 here <&>"))]
    )
    assert cells.split("\n") == [
        '<td class="cell overdue" data-panel="mail.letters">3<br><span class="overdue">2 overdue</span></td>',
        '<td class="cell" data-panel="umpire.players"><span class="tally">4 here &lt;&amp;&gt;</span></td>',
    ]


def test_the_menu_marks_the_page_open_and_leaves_out_a_group_with_nothing_in_it():
    here = Link("Post", "/events/ad69/post/")
    assert menu_entry(here, "/events/ad69/post/") == '\n  <a href="/events/ad69/post/" aria-current="page">Post</a>'
    assert menu_entry(here, "/elsewhere/") == '\n  <a href="/events/ad69/post/">Post</a>'
    assert menu_entry(Group("Prepare", ()), "/") == ""
    group = menu_entry(Group("War & peace", (Link("Battles", "/b/"),)), "/")
    assert (
        "<summary>War &amp; peace</summary>" in group
        and '<div class="menu-links"><a href="/b/">Battles</a></div>' in group
    )


@pytest.fixture
def fresh_paths():
    path_of.cache_clear()
    yield
    path_of.cache_clear()
    set_script_prefix("/")


def test_a_menu_address_is_reversed_once_for_each_event(fresh_paths):
    event = SimpleNamespace(slug="ad69")
    assert link("Post", "mail:post", event).url == reverse("mail:post", args=("ad69",))
    link("Post", "mail:post", event)
    link("Post", "mail:post", SimpleNamespace(slug="ad70"))
    assert (path_of.cache_info().hits, path_of.cache_info().misses) == (1, 2)


def test_a_menu_address_follows_the_servers_prefix(fresh_paths):
    event = SimpleNamespace(slug="ad69")
    assert link("Post", "mail:post", event).url == "/events/ad69/post/"
    set_script_prefix("/hall/")
    assert link("Post", "mail:post", event).url == "/hall/events/ad69/post/"


# this module's own URLconf, for the test below: the post page at another address
urlpatterns = [path("elsewhere/", include(([path("<slug:slug>/", HttpResponse, name="post")], "mail")))]


@override_settings(ROOT_URLCONF="tests.umpire.test_console_tags")
def test_a_menu_address_follows_the_urlconf_it_is_asked_under(fresh_paths):
    assert link("Post", "mail:post", SimpleNamespace(slug="ad69")).url == "/elsewhere/ad69/"


def test_an_address_in_a_template_is_the_one_url_gives(fresh_paths):
    drawn = Template('{% load console %}{% address "table:console" "ad69" 3 %}').render(Context())
    assert drawn == reverse("table:console", args=("ad69", 3))
    Template('{% load console %}{% address "table:console" "ad69" 3 %}').render(Context())
    assert (path_of.cache_info().hits, path_of.cache_info().misses) == (1, 1)
