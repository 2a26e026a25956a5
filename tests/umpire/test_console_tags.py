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


# What table_console.html and hall_overview.html drew with the template's own tags before the panels, the
# table buttons and the hall's rows were drawn in Python: the drawn parts must equal it in every state.
PANELS_AS_THE_TEMPLATE_DREW_THEM = """{% load console %}<div class="panels">
{% for item in panels %}
  <section class="panel{% if item.view.overdue %} has-overdue{% endif %}" id="panel-{{ item.panel.name }}">
    <h2><span>{{ item.panel.title }}</span>
      <span><span class="count">{{ item.view.count_words }}</span>{% if item.view.overdue %}
        <span class="count overdue" title="overdue">{{ item.view.overdue }} overdue</span>{% endif %}</span></h2>
    <ul>
      {% panel_rows item.view.rows %}
    </ul>
    {% if item.view.link %}<a class="button" href="{{ item.view.link }}">{{ item.view.link_text|default:"Open" }}</a>{% endif %}
  </section>
{% endfor %}
</div>"""
HALL_AS_THE_TEMPLATE_DREW_IT = """{% load console %}  <tbody>
  {% for row in hall %}
    <tr id="table-{{ row.table.pk }}"{% if row.overdue %} class="has-overdue"{% endif %}>
      <td><a class="button" href="{% address "table:console" event.slug row.table.pk %}">{{ row.table.name }}</a></td>
      {% hall_cells row.panels %}
    </tr>
  {% endfor %}
  </tbody>"""
BUTTONS_AS_THE_TEMPLATE_DREW_THEM = """{% load console %}{% for other in other_tables %}<a class="button" href="{% address "table:console" event.slug other.pk %}">{{ other.name }}</a>{% endfor %}"""  # noqa: E501


def drawn(source, **context):
    return Template(source).render(Context(context))


def panel(name, title, view):
    return SimpleNamespace(panel=SimpleNamespace(name=name, title=title), view=view)


def test_the_console_s_panels_are_drawn_as_the_template_drew_them():
    panels = [
        panel(
            "mail.letters",
            "Letters <to hand out>",
            PanelView((Row("Letter A", "/l/1/", overdue=True),), 3, 2, "/post/"),
        ),
        panel(
            "umpire.players", "Players", PanelView((Row("Gaius & Co", note="here"),), 0, 0, "/p/", "Check in", "1 here")
        ),
        panel("warfare.fights", "Fights", PanelView((), 0, 0)),
    ]
    expected = drawn(PANELS_AS_THE_TEMPLATE_DREW_THEM, panels=panels)
    assert (
        drawn('{% load console %}<div class="panels">\n{% console_panels panels %}\n</div>', panels=panels) == expected
    )


def test_the_hall_s_rows_and_the_table_buttons_are_drawn_as_the_template_drew_them():
    event = SimpleNamespace(slug="ad69")
    tables = [SimpleNamespace(pk=3, name="Gaul"), SimpleNamespace(pk=11, name="Illyria & <Dalmatia>")]
    late, quiet = PanelView((), 2, 1), PanelView((), 0, 0, tally="4 here")
    hall = [
        SimpleNamespace(table=tables[0], overdue=1, panels=[panel("mail.letters", "Letters", late)]),
        SimpleNamespace(table=tables[1], overdue=0, panels=[panel("umpire.players", "Players", quiet)]),
    ]
    expected = drawn(HALL_AS_THE_TEMPLATE_DREW_IT, event=event, hall=hall)
    assert (
        drawn("{% load console %}  <tbody>\n  {% hall_rows event hall %}\n  </tbody>", event=event, hall=hall)
        == expected
    )
    buttons = drawn("{% load console %}{% table_buttons event other_tables %}", event=event, other_tables=tables)
    assert buttons == drawn(BUTTONS_AS_THE_TEMPLATE_DREW_THEM, event=event, other_tables=tables)
    assert 'href="/events/ad69/tables/11/console/">Illyria &amp; &lt;Dalmatia&gt;</a>' in buttons
