"""Who may read and change what: every URL of the project and every websocket route, against every
role, in one matrix.

A row is one URL name, the records its address names, the method, and the roles it lets through;
every other role is refused. A URL added to the project without a row fails
test_every_url_has_a_row, by name. The roles:

- anon: nobody signed in;
- control; here, the Region umpire of the table the row's records are at (Illyria); other, the
  Region umpire of another table (Gaul); senate; nrw, the Non-Roman World umpire (his host stands
  at Gaul, so Illyria's records are not his);
- player: no login, his mailbox code on the address; display: no login, the projector's code.

A GET is let through with 200 (or a redirect elsewhere than sign-in), refused with a redirect to
sign in, 401, 403 or 404. A POST (with no form beyond the records it names: the cell asks about
permission, not the form) is let through when it is not refused so, a form error or a redirect
back; refused, it changes nothing: the audit log does not grow.
Each request runs in a savepoint that is rolled back, so one role's change never shapes the next row.
"""

from collections.abc import Callable
from dataclasses import dataclass
from types import SimpleNamespace
from urllib.parse import urlencode

import pytest
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.core.files.base import ContentFile
from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import timezone

from backups.services.snapshots import do_take_snapshot
from boardgames.models import DataTable
from boardgames.services.trackers import do_add_tracker_feed, do_open_tracker, do_propose_tracker_move
from mail.services.letters import do_post_letter
from mail.services.mailboxes import do_issue_mailbox
from printshop.models import PrintRun
from regions.models import Bill, Fleet, Force, ForceTroops, MapPoint, MapRoute, Province, TaxStatement
from regions.services.books import OPENING, do_open_books, outside, purse_of, treasury_of
from regions.services.ledger import do_transfer
from regions.services.taxes import do_run_tax_turn
from senate.models.gods import God
from senate.models.offices import Appointer, Office
from senate.services import gods
from senate.services.mob import do_move_mood
from senate.services.offices import do_appoint
from senate.services.sessions import do_open_session, do_proclaim_emperor, do_table_motion
from tests.regions.forces_builders import legion
from tests.senate.test_offices import equestrian
from tests.warfare.builders import commander
from umpire import clockwork
from umpire.events import character_group, control_group, display_group, event_group, table_group, umpires_group
from umpire.models import AuditEntry, Character, Player, ProcedureRun, Region, Role, Route
from umpire.routing import websocket_urlpatterns
from umpire.services.access_codes import do_reissue_display_code
from umpire.services.announcements import do_draft_announcement
from umpire.services.followups import do_send_follow_up
from warfare.services.battles import do_open_battle
from warfare.services.sieges import do_assault, do_begin_siege

pytestmark = pytest.mark.slow  # every URL for every role

ROLES = ("anon", "control", "here", "other", "senate", "nrw", "player", "display")
SEPTEMBER = 1  # the first tax turn

# the columns a row lets through, by audience
CONTROL = "control"
TABLE = "control here"  # the table's own umpire, and Control
RUNS_FIGHTS = "control here"  # Illyria's fights are Roman ones: not the NRW umpire's
HOSTS = "control other nrw"  # Gaul, where the Chatti stand: its umpire's, and the NRW umpire's
GAUL = "control other"  # Gaul's post and follow-ups: watching the table gives the NRW umpire none of them
TABLES = "control here other"  # the Region umpires and Control
MONEY = "control here other senate"  # VIEW_MONEY, KEEP_ACCOUNTS
KEEPS_POST = "control here other senate"  # KEEP_POST
TRAY = "here"  # only an umpire seated at the table hands out its letters: not Control
ROME = "control senate"  # RUN_SENATE
UMPIRES = "control here other senate nrw"  # every seat: VIEW_WORLD
ANYONE = " ".join(ROLES)


@dataclass(frozen=True)
class Row:
    """One URL: its name, its records ("pk=battle": the world's battle's pk), the method, who passes,
    and what it is sent, named the same way (a GET's query, a POST's form)."""

    name: str
    records: str
    method: str
    allowed: str
    sent: str = ""

    def address(self, world, code=None):
        query = {**(named(world, self.sent) if self.method == GET else {}), **({"code": code} if code else {})}
        return reverse(self.name, kwargs=named(world, self.records)) + (f"?{urlencode(query)}" if query else "")

    def form(self, world):
        return named(world, self.sent) if self.method == POST else {}


def named(world, records):
    pairs = (pair.split("=") for pair in records.split())
    return {key: getattr(getattr(world, value), "pk", getattr(world, value)) for key, value in pairs}


GET, POST = "GET", "POST"

ROWS = [
    # ---- the core: sign-in, home, clock, announcements, display code, rules desk ----
    Row("login", "", GET, ANYONE),
    Row("logout", "", POST, ANYONE),
    Row("umpire:home", "", GET, UMPIRES),
    Row("umpire:clock", "slug=slug", GET, UMPIRES),
    Row("umpire:clock-schedule-pdf", "slug=slug", GET, UMPIRES),
    Row("umpire:clock-start", "slug=slug", POST, CONTROL),
    Row("umpire:clock-pause", "slug=slug", POST, CONTROL),
    Row("umpire:clock-resume", "slug=slug", POST, CONTROL),
    Row("umpire:clock-next-turn", "slug=slug", POST, CONTROL),
    Row("umpire:clock-extend", "slug=slug", POST, CONTROL),
    Row("umpire:clock-set-turn", "slug=slug", POST, CONTROL),
    Row("umpire:clock-auto-advance", "slug=slug", POST, CONTROL),
    Row("umpire:clock-plan-start", "slug=slug", POST, CONTROL),
    Row("umpire:clock-catch-up", "slug=slug", POST, CONTROL),
    Row("umpire:clock-resume-held", "slug=slug", POST, CONTROL),
    Row("umpire:announce", "slug=slug", POST, CONTROL),
    Row("umpire:announcement-publish", "slug=slug pk=announcement", POST, CONTROL),
    Row("umpire:announcement-withdraw", "slug=slug pk=announcement", POST, CONTROL),
    Row("umpire:hall", "slug=slug", GET, CONTROL),
    # ---- preparing the event: the cast's sheets and players, the public address of printed links ----
    Row("prepare:cast", "slug=slug", GET, CONTROL),
    Row("prepare:sheet", "slug=slug pk=player_character", GET, CONTROL),
    Row("prepare:sheet", "slug=slug pk=player_character", POST, CONTROL),
    Row("prepare:player-add", "slug=slug", POST, CONTROL),
    Row("prepare:player", "slug=slug pk=cast_player", GET, CONTROL),
    Row("prepare:player", "slug=slug pk=cast_player", POST, CONTROL),
    Row("prepare:player-remove", "slug=slug pk=cast_player", POST, CONTROL),
    Row("prepare:address", "slug=slug", GET, CONTROL),
    Row("prepare:address", "slug=slug", POST, CONTROL),
    Row("readiness:page", "slug=slug", GET, CONTROL),
    # the cast spreadsheet: its import (a preview, then applied from the session), its export and template
    Row("cast:import", "slug=slug", GET, CONTROL),
    Row("cast:import", "slug=slug", POST, CONTROL),
    Row("cast:apply", "slug=slug", POST, CONTROL),
    Row("cast:export", "slug=slug", GET, CONTROL),
    Row("cast:export-characters", "slug=slug", GET, CONTROL),
    Row("cast:export-players", "slug=slug", GET, CONTROL),
    Row("cast:template", "slug=slug", GET, CONTROL),
    Row("cast:template-characters", "slug=slug", GET, CONTROL),
    Row("cast:template-players", "slug=slug", GET, CONTROL),
    Row("audit:log", "slug=slug", GET, CONTROL),
    Row("audit:csv", "slug=slug", GET, CONTROL),
    Row("umpire:undo", "slug=slug pk=audit_entry", GET, CONTROL),
    Row("umpire:undo", "slug=slug pk=audit_entry", POST, CONTROL),
    Row("umpire:display-reissue", "slug=slug", POST, CONTROL),
    Row("umpire:rules", "slug=slug", GET, UMPIRES),
    Row("umpire:rules-record-pdf", "slug=slug pk=procedure_run", GET, UMPIRES),
    Row("umpire:rules-reference-pdf", "slug=slug ruleset=ruleset", GET, UMPIRES),
    Row("umpire:rules-procedure", "slug=slug key=rules_key", GET, UMPIRES),
    Row("umpire:rules-save", "slug=slug key=rules_key", POST, UMPIRES),
    Row("umpire:rules-run", "slug=slug key=rules_key", POST, UMPIRES),
    Row("umpire:rules-readings", "slug=slug", GET, UMPIRES),
    Row("umpire:rules-readings-set", "slug=slug", POST, CONTROL),
    Row("api:schema", "", GET, UMPIRES),
    Row("api:rules", "", GET, UMPIRES),
    Row("api:rules-procedure", "ruleset=ruleset name=procedure", GET, UMPIRES),
    Row("display:projector", "slug=slug", GET, "display"),
    # ---- the maps: a table's for who reads its console, the Empire's for every umpire, the projector's by its code
    Row("maps:table-map", "slug=slug pk=illyria", GET, TABLE),
    Row("maps:table-map", "slug=slug pk=gaul", GET, HOSTS),
    Row("maps:empire-map", "slug=slug", GET, UMPIRES),
    Row("maps:projector-map", "slug=slug", GET, "display"),  # switched on in the world below
    Row("maps:projector-map-switch", "slug=slug", POST, CONTROL),
    Row("maps:table-map-pdf", "slug=slug pk=illyria", GET, TABLE),
    Row("maps:table-map-pdf", "slug=slug pk=gaul", GET, HOSTS),
    Row("maps:empire-map-pdf", "slug=slug", GET, UMPIRES),
    # Control's map editor: the points and routes, a file imported, the map exported
    Row("maps:edit", "slug=slug", GET, CONTROL),
    Row("maps:edit-point-add", "slug=slug", POST, CONTROL),
    Row("maps:edit-point", "slug=slug pk=map_point", GET, CONTROL),
    Row("maps:edit-point", "slug=slug pk=map_point", POST, CONTROL),
    Row("maps:edit-point-remove", "slug=slug pk=map_point", POST, CONTROL),
    Row("maps:edit-route-add", "slug=slug", POST, CONTROL),
    Row("maps:edit-route", "slug=slug pk=map_route", GET, CONTROL),
    Row("maps:edit-route", "slug=slug pk=map_route", POST, CONTROL),
    Row("maps:edit-route-remove", "slug=slug pk=map_route", POST, CONTROL),
    Row("maps:edit-import", "slug=slug", POST, CONTROL),
    Row("maps:export-geojson", "slug=slug", GET, CONTROL),
    Row("maps:export-points", "slug=slug", GET, CONTROL),
    Row("maps:export-routes", "slug=slug", GET, CONTROL),
    # ---- a table's console and roster ----
    Row("table:console", "slug=slug pk=illyria", GET, TABLE),
    Row("table:console", "slug=slug pk=gaul", GET, HOSTS),
    Row("table:players", "slug=slug pk=illyria", GET, UMPIRES),
    Row("table:check-out", "slug=slug pk=illyria", POST, TABLE),  # the roster's steps refuse in words
    Row("table:check-in", "slug=slug pk=illyria", POST, TABLE),
    # ---- follow-ups and rulings ----
    Row("followups:mine", "slug=slug", GET, UMPIRES),
    Row("followups:send", "slug=slug", POST, UMPIRES),
    Row("followups:acknowledge", "slug=slug pk=follow_up", POST, TABLE),
    Row("followups:table", "slug=slug pk=illyria", GET, TABLE),
    Row("followups:table", "slug=slug pk=gaul", GET, GAUL),
    Row("followups:control", "slug=slug", GET, CONTROL),
    Row("rulings:index", "slug=slug", GET, UMPIRES),
    Row("rulings:record", "slug=slug", POST, UMPIRES),
    # ---- the map: world, forces, fleets ----
    Row("regions:world", "slug=slug", GET, UMPIRES),
    Row("regions:forces", "slug=slug", GET, UMPIRES),
    Row("regions:table-status-pdf", "slug=slug", GET, UMPIRES, sent="table=illyria"),
    Row("regions:forces-adopt-demo", "slug=slug", POST, CONTROL),
    Row("regions:map-adopt-demo", "slug=slug", POST, CONTROL),
    Row("regions:force", "slug=slug pk=legion", GET, UMPIRES),
    Row("regions:force-status-pdf", "slug=slug pk=legion", GET, UMPIRES),
    *(
        Row(f"regions:force-{order}", "slug=slug pk=legion", POST, TABLE)
        for order in (
            "raise-levies",
            "upgrade",
            "detach",
            "merge",
            "march",
            "embark",
            "land",
            "charter",
            "demand-tribute",
            "loot",
            "bribe",
        )
    ),
    Row("regions:as-of", "slug=slug kind=force_kind pk=legion", GET, CONTROL),
    Row("regions:force-march", "slug=slug pk=chatti", POST, HOSTS),
    Row("regions:force-place", "slug=slug pk=legion", POST, CONTROL),
    Row("regions:fleet", "slug=slug pk=fleet", GET, UMPIRES),
    *(
        Row(f"regions:fleet-{order}", "slug=slug pk=fleet", POST, TABLE)
        for order in ("crossing", "repair", "strip-marines", "bridge")
    ),
    # ---- money ----
    Row("regions:treasury", "slug=slug", GET, MONEY),
    Row("regions:treasury-draw-up", "slug=slug", POST, CONTROL),
    Row("regions:treasury-province", "slug=slug pk=achaea", GET, TABLE),
    Row("regions:treasury-statement-pdf", "slug=slug pk=achaea turn=tax_turn", GET, TABLE),
    Row("regions:treasury-pay-bills", "slug=slug pk=achaea", POST, TABLE),
    Row("regions:treasury-disruption", "slug=slug pk=achaea", POST, TABLE),
    Row("regions:treasury-spend", "slug=slug pk=achaea", POST, TABLE),
    Row("regions:treasury-corn-dole", "slug=slug pk=achaea", POST, TABLE),
    Row("regions:treasury-confirm", "slug=slug pk=statement", POST, TABLE),
    Row("regions:treasury-purse", "slug=slug pk=blasio", GET, TABLE),
    Row("regions:treasury-transfer", "slug=slug pk=achaea_treasury", POST, TABLE),
    Row("regions:treasury-reverse", "slug=slug pk=payment", POST, CONTROL),
    Row("regions:treasury-intercept", "slug=slug pk=payment", POST, CONTROL),
    Row("regions:treasury-rome", "slug=slug", GET, ROME),
    Row("regions:treasury-deposit", "slug=slug", POST, CONTROL),
    Row("regions:treasury-open-books", "slug=slug", POST, CONTROL),
    # ---- battles and sieges ----
    Row("warfare:battles", "slug=slug", GET, UMPIRES),
    Row("warfare:battle-open", "slug=slug", POST, RUNS_FIGHTS, sent="table=illyria"),
    Row("warfare:battle-odds", "slug=slug", POST, RUNS_FIGHTS, sent="table=illyria"),
    Row("warfare:battle-blank-sheet", "slug=slug", POST, RUNS_FIGHTS, sent="table=illyria"),
    Row("warfare:battle", "slug=slug pk=battle", GET, RUNS_FIGHTS),
    Row("warfare:battle-sheet", "slug=slug pk=battle", GET, RUNS_FIGHTS),
    Row("warfare:battle-record", "slug=slug pk=battle", GET, RUNS_FIGHTS),
    *(
        Row(f"warfare:battle-{step}", "slug=slug pk=battle", POST, RUNS_FIGHTS)
        for step in (
            "claim",
            "release",
            "take-over",
            "fight",
            "call-off",
            "deploy",
            "round",
            "override",
            "verdict",
            "propose",
            "place",
            "confirm",
            "publish",
        )
    ),
    Row("warfare:battle", "slug=slug pk=host_battle", GET, HOSTS),
    Row("warfare:battle-claim", "slug=slug pk=host_battle", POST, HOSTS),
    Row("warfare:battle-open", "slug=slug", POST, HOSTS, sent="table=gaul"),
    Row("warfare:sieges", "slug=slug", GET, UMPIRES),
    Row("warfare:siege-begin", "slug=slug", POST, "control here other nrw"),
    Row("warfare:siege", "slug=slug pk=siege", GET, UMPIRES),
    Row("warfare:siege-sheet", "slug=slug pk=siege", GET, UMPIRES),
    Row("warfare:siege-record", "slug=slug pk=siege", GET, UMPIRES),
    *(
        Row(f"warfare:siege-{action}", "slug=slug pk=siege", POST, RUNS_FIGHTS)
        for action in ("build", "reduce", "assault", "lift")
    ),
    Row("warfare:siege-lift", "slug=slug pk=host_siege", POST, HOSTS),
    Row("warfare:siege-losses", "slug=slug pk=assault side=assault_side", POST, RUNS_FIGHTS),
    Row("warfare:reports", "slug=slug", GET, "display"),
    # ---- the post ----
    Row("mail:post", "slug=slug", GET, KEEPS_POST),
    Row("mail:find", "slug=slug", GET, KEEPS_POST),
    Row("mail:whole-post", "slug=slug", GET, CONTROL),
    Row("mail:settings", "slug=slug", POST, CONTROL),
    Row("mail:tray", "slug=slug table_id=illyria", GET, TABLE),
    Row("mail:tray", "slug=slug table_id=gaul", GET, GAUL),
    *(
        Row(f"mail:{step}", "slug=slug table_id=illyria", POST, TRAY, sent="courier=courier")
        for step in ("post-letter", "pick-up", "leave", "leave-from-runners")
    ),
    Row("mail:letter", "slug=slug pk=letter", GET, TABLE),
    *(Row(f"mail:{step}", "slug=slug pk=letter", POST, TABLE) for step in ("deliver", "forward", "return")),
    Row("mail:rule", "slug=slug pk=letter", POST, TABLE),
    Row("mail:settle", "slug=slug pk=letter", POST, CONTROL),
    Row("mail:courier", "slug=slug character_id=courier", GET, TABLE),
    Row("mail:mailboxes", "slug=slug", GET, CONTROL),
    Row("mail:mailbox-issue", "slug=slug character_id=player_character", POST, CONTROL),
    Row("mail:mailboxes-issue", "slug=slug", POST, CONTROL),
    Row("mail:posting-times", "slug=slug", GET, CONTROL),
    Row("mail:posting-times-default", "slug=slug", POST, CONTROL),
    Row("mail:posting-time-set", "slug=slug route_id=route", POST, CONTROL),
    Row("mail:mailbox", "slug=slug", GET, "player"),
    Row("mail:letter-cover", "slug=slug pk=letter", GET, TABLE),
    Row("mail:stationery", "slug=slug table_id=illyria", POST, TABLE),
    # ---- Rome ----
    Row("senate:offices", "slug=slug", GET, UMPIRES),
    Row("senate:office-appoint", "slug=slug", POST, ROME),
    Row("senate:office-enter-senate", "slug=slug", POST, ROME),
    Row("senate:office-publish", "slug=slug pk=appointment", POST, ROME),
    Row("senate:home", "slug=slug", GET, UMPIRES),
    Row("senate:session-open", "slug=slug", POST, ROME),
    Row("senate:session-close", "slug=slug pk=session", POST, ROME),
    Row("senate:session-motion", "slug=slug pk=session", POST, ROME),
    Row("senate:session-vote", "slug=slug pk=motion", POST, ROME),
    Row("senate:session-count", "slug=slug pk=motion", POST, ROME),
    Row("senate:session-publish", "slug=slug kind=motion_kind pk=motion", POST, ROME),
    Row("senate:session-edict", "slug=slug", POST, ROME),
    Row("senate:session-proclaim", "slug=slug", POST, ROME),
    Row("senate:session-claim", "slug=slug", POST, ROME),
    Row("senate:session-end-claim", "slug=slug pk=claim", POST, ROME),
    Row("senate:acta", "slug=slug", GET, UMPIRES),
    Row("senate:acta-pdf", "slug=slug", GET, UMPIRES),
    Row("senate:acta-display", "slug=slug", GET, "display"),
    Row("senate:mob", "slug=slug", GET, UMPIRES),
    Row("senate:mob-move", "slug=slug", POST, ROME),
    Row("senate:mob-open", "slug=slug", POST, ROME),
    Row("senate:mob-effect", "slug=slug", POST, ROME),
    Row("senate:mob-support", "slug=slug pk=senator", POST, ROME),
    Row("senate:mob-publish", "slug=slug pk=mood_reading", POST, ROME),
    Row("senate:gods", "slug=slug", GET, UMPIRES),
    Row("senate:gods-devotion", "slug=slug", POST, UMPIRES),  # every umpire records what he sees at his table
    Row("senate:gods-oath", "slug=slug", POST, UMPIRES),
    Row("senate:gods-rule", "slug=slug pk=oath", POST, ROME),
    Row("senate:gods-sign", "slug=slug", POST, ROME),
    # ---- the board games' trackers, data tables and turn sequence ----
    Row("boardgames:tracker-feed-add", "slug=slug", POST, CONTROL),
    Row("boardgames:tracker-feed-remove", "slug=slug pk=tracker_feed", POST, CONTROL),
    Row("boardgames:trackers", "slug=slug", GET, UMPIRES),
    Row("boardgames:tracker-open", "slug=slug", POST, CONTROL),
    Row("boardgames:tracker-open-standard", "slug=slug", POST, CONTROL),
    # a tracker at no table is Control's to move; one shown at a table, that table's umpire's too
    Row("boardgames:tracker-move", "slug=slug pk=tracker", POST, CONTROL),
    Row("boardgames:tracker-propose", "slug=slug pk=tracker", POST, CONTROL),
    Row("boardgames:tracker-confirm", "slug=slug pk=tracker_move", POST, CONTROL),
    Row("boardgames:tracker-reject", "slug=slug pk=tracker_move", POST, CONTROL),
    Row("boardgames:tracker-move", "slug=slug pk=table_tracker", POST, TABLE),
    Row("boardgames:tracker-propose", "slug=slug pk=table_tracker", POST, TABLE),
    Row("boardgames:tracker-confirm", "slug=slug pk=table_tracker_move", POST, TABLE),
    Row("boardgames:tracker-reject", "slug=slug pk=table_tracker_move", POST, TABLE),
    Row("boardgames:data-tables", "slug=slug", GET, UMPIRES),
    Row("boardgames:data-prepare", "slug=slug", POST, CONTROL),
    Row("boardgames:data-table", "slug=slug key=data_table", GET, UMPIRES),
    Row("boardgames:data-import", "slug=slug key=data_table", POST, CONTROL),
    Row("boardgames:data-export", "slug=slug key=data_table", GET, UMPIRES),
    Row("boardgames:sequence", "slug=slug", GET, UMPIRES),
    Row("boardgames:sequence-advance", "slug=slug", POST, CONTROL),
    Row("boardgames:sequence-tick", "slug=slug", POST, UMPIRES),
    # ---- the print shop ----
    Row("printshop:home", "slug=slug", GET, UMPIRES),
    Row("printshop:briefings", "slug=slug", GET, CONTROL),
    Row("printshop:briefing", "slug=slug character_id=player_character", GET, CONTROL),
    Row("printshop:table-packs", "slug=slug", GET, TABLES),
    Row("printshop:table-pack", "slug=slug region_id=illyria", POST, TABLE),
    Row("printshop:control-pack", "slug=slug", GET, CONTROL),
    Row("printshop:runs", "slug=slug", GET, CONTROL),
    Row("printshop:run-pdf", "slug=slug run_id=print_run", GET, CONTROL),
    Row("printshop:run-zip", "slug=slug run_id=print_run", GET, CONTROL),
    # ---- backups: the snapshots hold every secret of the event ----
    Row("backups:snapshots", "slug=slug", GET, CONTROL),
    Row("backups:schedule", "slug=slug", POST, CONTROL, "every_turns=every_turns"),
    Row("backups:download", "slug=slug name=snapshot_name", GET, CONTROL),
    # ---- Control's event pages: a new event (Control of any event), and the event's seats ----
    Row("events:new", "", GET, CONTROL),
    Row("events:new", "", POST, CONTROL),
    Row("events:seats", "slug=slug", GET, CONTROL),
    Row("events:seat-add", "slug=slug", POST, CONTROL),
    Row("events:seat-remove", "slug=slug pk=seat", POST, CONTROL),
    Row("events:seat-password", "slug=slug pk=seat", POST, CONTROL),
]

# POSTs whose page is open to every umpire and which refuse in words, back on the page with nothing
# changed, rather than with a 404: the roster says why a player may not be moved here
REFUSED_IN_WORDS = {"table:check-out", "table:check-in"}

# Covered elsewhere, with the reason: not rows of this matrix.
NOT_IN_THE_MATRIX = {
    "admin": "Django's admin: staff only, and a Control seat makes staff (tests/umpire/test_admin.py)",
}


# ---- the world every cell is asked in ------------------------------------------------------------------------


def host(event, name, province_name):
    force = Force.objects.create(
        event=event,
        name=name,
        kind=Force.Kind.BARBARIAN_HOST,
        province=Province.objects.get(event=event, name=province_name),
    )
    ForceTroops.objects.create(force=force, type="barbarian_warband", count=8)
    return force


@pytest.fixture
def world(ad69, make_umpire, settings, tmp_path):
    """Illyria's records, one of each kind a URL names: a legion and a fleet in Pannonia, a draft
    battle, a siege with an assault whose loss waits, a letter in the tray, a follow-up, the books
    open with this tax turn's statements and a payment, a Senate session with a motion, an oath, a
    print run; and at Gaul, a battle and a siege with barbarian hosts in them, the NRW umpire's."""
    settings.VAR_DIR = tmp_path  # the print run's files
    clockwork.do_start_clock(ad69, actor=None)
    illyria = Region.objects.get(event=ad69, name="Illyria")
    control = make_umpire(ad69, Role.CONTROL, username="control")
    here = make_umpire(ad69, Role.REGION, "Illyria")
    senate = make_umpire(ad69, Role.SENATE, username="senate")
    leg = [(a, 5, False) for a in ("legionary", "auxiliary")]
    xlv, xlvi, xlvii, garrison = (legion(ad69, f"Legion {n}", "Pannonia", leg) for n in ("XLV", "XLVI", "XLVII", "L"))
    Force.objects.filter(pk=garrison.pk).update(kind=Force.Kind.DETACHMENT, aquila=False)
    pannonia = Province.objects.get(event=ad69, name="Pannonia")
    siege = do_begin_siege(
        besiegers=[xlvi],
        place="Sirmium",
        place_type="minor_fortified_city",
        province=pannonia,
        garrison=[garrison],
        actor=control,
    )
    assault = do_assault(siege, dice=[5, 1], actor=control)
    do_open_books(ad69, actor=None)
    do_run_tax_turn(ad69, SEPTEMBER, actor=None)
    achaea = Province.objects.get(event=ad69, name="Achaea")
    player_character = commander(ad69, "Quintus Scribonius", 0, illyria)
    other_character = commander(ad69, "Cornelius Fuscus", 0, illyria)
    gods.ensure_pantheon(ad69)
    session = do_open_session(ad69, actor=senate)
    world = SimpleNamespace(
        event=ad69,
        slug="ad69",
        illyria=illyria,
        control=control,
        here=here,
        senate=senate,
        other=make_umpire(ad69, Role.REGION, "Gaul"),
        nrw=make_umpire(ad69, Role.NON_ROMAN_WORLD),
        legion=xlv,
        fleet=Fleet.objects.create(event=ad69, name="Classis Pannonica", base=pannonia),
        battle=do_open_battle(illyria, side_a_forces=[xlv], side_b_forces=[xlvii], place="Mursa", actor=here),
        siege=siege,
        assault=assault,
        assault_side=next(iter(assault.sides_waiting), "besiegers"),
        announcement=do_draft_announcement(ad69, text="Galba is dead", actor=control),
        procedure_run=ProcedureRun.objects.create(
            event=ad69,
            procedure="ad69.battle_round",
            title="A round",
            source="X.",
            case={},
            dice=[],
            outcome={},
            working=[],
        ),
        rules_key="ad69.battle_round",
        ruleset="ad69",
        procedure="battle_round",
        follow_up=do_send_follow_up(ad69, text="Legion XV is coming", to_table=illyria, actor=control),
        achaea=achaea,
        pannonia=pannonia,
        tax_turn=SEPTEMBER,
        achaea_treasury=treasury_of(achaea),
        statement=TaxStatement.objects.get(province=achaea, turn=SEPTEMBER),
        blasio=Character.objects.get(event=ad69, name="Cornelius Blasio"),
        payment=do_transfer(
            source=outside(ad69, OPENING), target=treasury_of(achaea), talents=5, why="seed", actor=None
        ),
        player_character=player_character,
        other_character=other_character,
        courier=other_character,
        letter=do_post_letter(
            illyria, sender=other_character, addressee=player_character, destination=illyria, actor=here
        ),
        session=session,
        motion=do_table_motion(session, kind="other", text="Bread", actor=senate),
        motion_kind="motion",
        claim=do_proclaim_emperor(
            ad69, character=Character.objects.get(event=ad69, name="Sercius Sulpicius Galba"), actor=senate
        ),
        senator=Character.objects.get(event=ad69, name="Titus Vinius"),
        appointment=do_appoint(
            ad69,
            office=Office.URBAN_COMMANDER,
            character=equestrian(ad69),
            by=Appointer.SENATE,
            authority="the Senate's vote",
            actor=senate,
        ),
        mood_reading=do_move_mood(ad69, change=2, reason="the games of Ceres", actor=senate),
        oath=gods.do_swear_oath(
            ad69,
            character=player_character,
            degree=2,
            sworn="to hold the Danube",
            to_whom="the legions",
            god=God.objects.get(event=ad69, name="Mars"),
            actor=here,
        ),
        print_run=PrintRun.objects.create(
            event=ad69,
            kind=PrintRun.Kind.BRIEFINGS,
            page_size="A4",
            requested_at=timezone.now(),
            state=PrintRun.State.DONE,
            merged_pdf=ContentFile(b"%PDF-1.4", name="print-run.pdf"),
            bundle=ContentFile(b"PK", name="print-run.zip"),
        ),
    )
    gaul_fights(world)
    world.tracker = do_open_tracker(ad69, name="Dacian unrest", actor=control)
    world.tracker_move = do_propose_tracker_move(world.tracker, change=1, reason="a raid", actor=control)
    world.tracker_feed = do_add_tracker_feed(
        world.tracker, procedure="ad69.battle", outcome_path="winner", actor=control
    )
    world.table_tracker = do_open_tracker(ad69, name="Sarmatian raids", table=illyria, actor=control)
    world.table_tracker_move = do_propose_tracker_move(world.table_tracker, change=1, reason="a raid", actor=control)
    world.data_table = DataTable.objects.create(
        event=ad69, ruleset=ad69.ruleset, key="tribes", title="Tribes", row_title="Tribe"
    ).key
    world.route = Route.objects.get(event=ad69, one=illyria, other__name="Eastern Med")
    world.seat = world.here.seats.get()
    world.cast_player = Player.objects.create(event=ad69, name="Gaius Lucius", character=player_character)
    world.map_point, world.map_route = map_of_pannonia(ad69)
    ad69.public_address = "http://192.168.1.10:8000"  # the player's briefing carries his code: a link phones open
    ad69.projector_map = True  # Control lets the projector show the map, so the display's code opens it
    ad69.save(update_fields=["public_address", "projector_map"])
    world.force_kind, world.audit_entry = "force", AuditEntry.objects.filter(event=ad69).latest("pk")
    world.codes = {
        "player": do_issue_mailbox(player_character, actor=control).code,
        "display": do_reissue_display_code(ad69, actor=control).code,
    }
    do_issue_mailbox(other_character, actor=control)
    settings.BACKUP_DIR, world.every_turns = tmp_path / "backups", 2
    world.snapshot_name = do_take_snapshot(ad69, 1).name
    return world


def map_of_pannonia(event):
    """Two map points of Pannonia and the road between them, for Control's map editor."""
    pannonia = Province.objects.get(event=event, name="Pannonia")
    cibalae, certissa = (
        MapPoint.objects.create(event=event, name=name, province=pannonia) for name in ("Cibalae", "Certissa")
    )
    return cibalae, MapRoute.objects.create(event=event, one=cibalae, other=certissa)


def gaul_fights(world):
    """At Gaul, where the Chatti and the Bructeri stand: a battle and a siege the NRW umpire runs."""
    event, belgica = world.event, Province.objects.get(event=world.event, name="Belgica")
    world.gaul = Region.objects.get(event=event, name="Gaul")
    xxii = legion(event, "Legion XXII", "Belgica", [("legionary", 5, False)])
    world.gaul_legion, world.gaul_character = xxii, Character.objects.get(event=event, name="Valerius Asiaticus")
    world.belgica = Province.objects.get(event=event, name="Belgica")
    world.chatti = host(event, "Chatti", "Belgica")
    world.host_battle = do_open_battle(
        world.gaul, side_a_forces=[world.chatti], side_b_forces=[xxii], place="Vetera", actor=world.other
    )
    world.host_siege = do_begin_siege(
        besiegers=[host(event, "Bructeri", "Belgica")],
        place="Colonia",
        place_type="minor_fortified_city",
        province=belgica,
        actor=world.control,
    )


# ---- asking one cell ------------------------------------------------------------------------------------------

REFUSED = {401, 403, 404}


def ask(client, world, role, row):
    """The cell's answer: (let through?, what came back), the request rolled back after."""
    if role in ("anon", "player", "display"):
        client.logout()
    else:
        client.force_login(getattr(world, role))
    address = row.address(world, world.codes.get(role))
    with transaction.atomic():
        entries = AuditEntry.objects.count()
        response = client.get(address) if row.method == GET else client.post(address, row.form(world))
        changed = AuditEntry.objects.count() != entries
        transaction.set_rollback(True)
    to_sign_in = response.status_code == 302 and response.url.startswith(f"{reverse('login')}?next=")
    in_words = row.name in REFUSED_IN_WORDS and role in UMPIRES.split() and response.status_code == 302
    refused = to_sign_in or response.status_code in REFUSED or (in_words and role not in row.allowed.split())
    if row.method == GET:
        return (response.status_code in (200, 302) and not refused, refused), response.status_code, changed
    return (not refused and response.status_code < 500, refused and not changed), response.status_code, changed


@pytest.mark.parametrize("role", ROLES)
def test_each_role_reads_and_changes_only_what_it_may(client, world, role):
    wrong = []
    for row in ROWS:
        (passed, refused), status, changed = ask(client, world, role, row)
        expected = role in row.allowed.split()
        if (expected and not passed) or (not expected and not refused):
            wrong.append(
                f"{row.name} {row.method}: {'allowed' if expected else 'refused'} expected, "
                f"got {status}{' and the audit grew' if changed else ''}"
            )
    assert not wrong, f"{role}:\n" + "\n".join(wrong)


def test_a_players_code_opens_his_own_mailbox_and_no_one_elses(client, world):
    """His code is the only key: the page it opens is his, and names no other player's box."""
    mailbox = Row("mail:mailbox", "slug=slug", GET, "player")
    page = client.get(mailbox.address(world, world.codes["player"])).content.decode()
    others = client.get(mailbox.address(world, world.other_character.mailbox.code)).content.decode()
    assert world.player_character.name in page and world.other_character.name not in page
    assert world.other_character.name in others and world.player_character.name not in others


# ---- every URL has its row --------------------------------------------------------------------------------------


def url_names(resolver=None, namespace=""):
    """Every named URL of the project, "namespace:name", the admin's left out as one."""
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            inner = ":".join(filter(None, (namespace, pattern.namespace)))
            if inner not in NOT_IN_THE_MATRIX:
                yield from url_names(pattern, inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield ":".join(filter(None, (namespace, pattern.name)))


def test_every_url_has_a_row():
    missing = sorted(set(url_names()) - {row.name for row in ROWS})
    assert not missing, f"URLs with no row in the permission matrix: {', '.join(missing)}"


def test_every_row_names_a_url():
    assert not {row.name for row in ROWS} - set(url_names())


# ---- writes naming another table's records ------------------------------------------------------------------
#
# The rows above send a POST with no form: they ask whether the address's records may be changed. A form
# may name records of its own (a briber, the account that pays, the forces of a battle): each such POST has
# a case here, sent by Illyria's umpire twice, each in a savepoint rolled back: with Illyria's own records,
# which changes the world (so the case can fail), and with another table's in their place, which is refused
# and leaves the audit log as it was. A POST URL with neither a case nor a reason fails by name.


@dataclass(frozen=True)
class Foreign:
    """A POST whose form names records: `own(world)`, its form with Illyria's records; `foreign(world)`, the
    same with another table's in their place; `prepare(world)`, what the order needs first (money, forces)."""

    name: str
    records: str
    own: Callable
    foreign: Callable
    prepare: Callable = lambda world: None

    def address(self, world):
        return reverse(self.name, kwargs=named(world, self.records))


def funds(*accounts, talents=100):
    for account in accounts:
        do_transfer(source=outside(account.event, OPENING), target=account, talents=talents, why="funds", actor=None)


def bribers_funded(world):
    funds(purse_of(world.player_character), purse_of(world.gaul_character))


def treasuries_funded(world):
    funds(treasury_of(world.achaea), treasury_of(world.belgica), talents=1000)


def fresh_legions(world):
    """Two legions in Pannonia free to fight or besiege: the world's are in its battle and siege already."""
    world.fresh = [legion(world.event, f"Legion {n}", "Pannonia", [("legionary", 3, False)]) for n in ("LX", "LXI")]


def pays(world, foreign):
    return treasury_of(world.belgica if foreign else world.achaea).pk


def pannonia_bill(world):
    return Bill.objects.filter(statement__province__name="Pannonia", statement__event=world.event).first().pk


def devotion(character):
    return lambda w: {
        "character": getattr(w, character).pk,
        "god": God.objects.get(event=w.event, name="Mars").pk,
        "kind": "sacrifice",
        "what": "a white bull",
    }


def oath(character):
    return lambda w: {
        "character": getattr(w, character).pk,
        "degree": 1,
        "sworn": "to hold the Danube",
        "to_whom": "the legions",
    }


def battle_sides(foreign):
    return lambda w: {
        "table": w.illyria.pk,
        "side_a_forces": [w.fresh[0].pk],
        "side_b_forces": [w.gaul_legion.pk if foreign else w.fresh[1].pk],
        "place": "Siscia",
    }


def siege_of(foreign):
    return lambda w: {
        "place": "Naissus",
        "place_type": "minor_fortified_city",
        "province": w.legion.province_id,
        "besiegers": [w.gaul_legion.pk if foreign else w.fresh[0].pk],
        "multiplier": 1,
    }


FOREIGN = [
    Foreign(
        "regions:force-bribe",
        "slug=slug pk=legion",
        own=lambda w: {"briber": w.player_character.pk, "talents": 5, "purpose": "Stay in camp"},
        foreign=lambda w: {"briber": w.gaul_character.pk, "talents": 5, "purpose": "Stay in camp"},
        prepare=bribers_funded,
    ),
    Foreign(
        "regions:treasury-spend",
        "slug=slug pk=achaea",
        own=lambda w: {"item": "free_dinners", "multiples": 1, "months": 0, "paid_from": pays(w, False)},
        foreign=lambda w: {"item": "free_dinners", "multiples": 1, "months": 0, "paid_from": pays(w, True)},
        prepare=treasuries_funded,
    ),
    Foreign(
        "regions:treasury-corn-dole",
        "slug=slug pk=achaea",
        own=lambda w: {"talents": 5, "paid_from": pays(w, False)},
        foreign=lambda w: {"talents": 5, "paid_from": pays(w, True)},
        prepare=treasuries_funded,
    ),
    Foreign(
        "regions:treasury-pay-bills",
        "slug=slug pk=pannonia",
        own=lambda w: {"bills": [pannonia_bill(w)], "paid_from": pays(w, False)},
        foreign=lambda w: {"bills": [pannonia_bill(w)], "paid_from": pays(w, True)},
        prepare=treasuries_funded,
    ),
    Foreign("senate:gods-devotion", "slug=slug", own=devotion("player_character"), foreign=devotion("gaul_character")),
    Foreign("senate:gods-oath", "slug=slug", own=oath("player_character"), foreign=oath("gaul_character")),
    Foreign(
        "warfare:battle-open", "slug=slug", own=battle_sides(False), foreign=battle_sides(True), prepare=fresh_legions
    ),
    Foreign("warfare:siege-begin", "slug=slug", own=siege_of(False), foreign=siege_of(True), prepare=fresh_legions),
]

# The POST URLs whose forms name no record of a table's, each with the reason: what they act on is in their
# address (the rows above check it), or anyone's records are theirs to name.
NAMES_NO_TABLES_RECORD = {
    **{
        name: "Control's alone, and Control keeps every table's records"
        for name in (
            "backups:schedule",
            "boardgames:data-import",
            "boardgames:data-prepare",
            "boardgames:sequence-advance",
            "boardgames:tracker-feed-add",
            "boardgames:tracker-feed-remove",
            "boardgames:tracker-open",
            "boardgames:tracker-open-standard",
            "cast:apply",
            "cast:import",
            "maps:edit-import",
            "maps:edit-point",
            "maps:edit-point-add",
            "maps:edit-point-remove",
            "maps:edit-route",
            "maps:edit-route-add",
            "maps:edit-route-remove",
            "events:new",
            "events:seat-add",
            "events:seat-remove",
            "events:seat-password",
            "mail:settle",
            "mail:mailbox-issue",
            "mail:mailboxes-issue",
            "mail:posting-time-set",
            "mail:posting-times-default",
            "mail:settings",
            "prepare:address",
            "prepare:player",
            "prepare:player-add",
            "prepare:player-remove",
            "prepare:sheet",
            "regions:forces-adopt-demo",
            "regions:force-place",
            "regions:map-adopt-demo",
            "regions:treasury-deposit",
            "regions:treasury-draw-up",
            "regions:treasury-intercept",
            "regions:treasury-open-books",
            "regions:treasury-reverse",
            "umpire:announce",
            "umpire:announcement-publish",
            "umpire:announcement-withdraw",
            "umpire:clock-auto-advance",
            "umpire:clock-extend",
            "umpire:clock-next-turn",
            "umpire:clock-pause",
            "umpire:clock-plan-start",
            "umpire:clock-resume",
            "umpire:clock-set-turn",
            "umpire:clock-start",
            "umpire:clock-catch-up",
            "umpire:clock-resume-held",
            "umpire:display-reissue",
            "umpire:rules-readings-set",
            "umpire:undo",
        )
    },
    **{
        name: "Rome's business, Control's and the Senate umpires': it names senators wherever they are"
        for name in (
            "senate:gods-rule",
            "senate:gods-sign",
            "senate:mob-effect",
            "senate:mob-move",
            "senate:mob-open",
            "senate:mob-publish",
            "senate:mob-support",
            "senate:office-appoint",
            "senate:office-enter-senate",
            "senate:office-publish",
            "senate:session-claim",
            "senate:session-close",
            "senate:session-count",
            "senate:session-edict",
            "senate:session-end-claim",
            "senate:session-motion",
            "senate:session-open",
            "senate:session-proclaim",
            "senate:session-publish",
            "senate:session-vote",
        )
    },
    **{
        name: "its form names no record: what it acts on is its address"
        for name in (
            "logout",
            "boardgames:sequence-tick",
            "boardgames:tracker-confirm",
            "boardgames:tracker-move",
            "boardgames:tracker-propose",
            "boardgames:tracker-reject",
            "followups:acknowledge",
            "printshop:table-pack",
            "regions:fleet-bridge",
            "regions:fleet-crossing",
            "regions:fleet-repair",
            "regions:fleet-strip-marines",
            "regions:force-charter",
            "regions:force-demand-tribute",
            "regions:force-loot",
            "regions:force-raise-levies",
            "regions:force-upgrade",
            "regions:treasury-confirm",
            "regions:treasury-disruption",
            "mail:stationery",
            "rulings:record",
            "umpire:rules-run",
            "warfare:battle-blank-sheet",
            "warfare:battle-call-off",
            "warfare:battle-claim",
            "warfare:battle-confirm",
            "warfare:battle-fight",
            "warfare:battle-override",
            "warfare:battle-propose",
            "warfare:battle-publish",
            "warfare:battle-release",
            "warfare:battle-round",
            "warfare:battle-take-over",
            "warfare:battle-verdict",
            "warfare:siege-assault",
            "warfare:siege-build",
            "warfare:siege-lift",
            "warfare:siege-reduce",
        )
    },
    **{
        name: "its fields are the address's own record's parts (a battle's forces, a siege's sides, a force's "
        "units), built by the form from it: another table's id is no field of it"
        for name in ("warfare:battle-deploy", "warfare:battle-place", "warfare:siege-losses", "regions:force-detach")
    },
    "regions:treasury-transfer": "it pays into any account (VIII. GENERAL): the account it pays from is its address",
    "regions:force-march": "a force marches to any map point it can reach, at any table: its address is the force",
    "regions:force-land": "a fleet lands its force in any province it reaches: its address is the force",
    "regions:force-embark": "its fleets are those working from the force's own table, offered by the form",
    "regions:force-merge": "its legions are those standing with the detachment, offered by the form",
    "warfare:battle-odds": "it writes nothing: the odds are read, never recorded",
    "followups:send": "a follow-up goes to any table, or to Control",
    "umpire:rules-save": "the table a run is filed under labels the rules log, which every umpire reads",
    "table:check-in": "the roster refuses another table's player in words (REFUSED_IN_WORDS)",
    "table:check-out": "the roster refuses another table's player in words (REFUSED_IN_WORDS)",
    **{
        name: "the post's steps name the letters and couriers at the address's table, offered by its tray"
        for name in (
            "mail:post-letter",
            "mail:pick-up",
            "mail:leave",
            "mail:leave-from-runners",
            "mail:deliver",
            "mail:forward",
            "mail:return",
            "mail:rule",
            "maps:projector-map-switch",
        )
    },
}


def test_every_post_url_names_its_records_or_says_why_not():
    """A POST URL added without a foreign-ids case or a reason fails here, by name."""
    posts = {row.name for row in ROWS if row.method == POST}
    covered = {case.name for case in FOREIGN} | set(NAMES_NO_TABLES_RECORD)
    assert not posts - covered, f"POST URLs with no foreign-ids case: {', '.join(sorted(posts - covered))}"
    assert not covered - posts, f"cases for no POST URL: {', '.join(sorted(covered - posts))}"
    assert not {case.name for case in FOREIGN} & set(NAMES_NO_TABLES_RECORD)


def sent_by_illyria(client, world, case, form):
    """(status, whether the audit log grew, the refusal's words) for `form` posted by Illyria's umpire; rolled back."""
    client.force_login(world.here)
    with transaction.atomic():
        case.prepare(world)
        entries = AuditEntry.objects.count()
        response = client.post(case.address(world), form(world), follow=True)
        grew = AuditEntry.objects.count() != entries
        transaction.set_rollback(True)
    words = [str(message) for message in response.context["messages"]] if response.context else []
    return response.status_code, grew, words


@pytest.mark.parametrize("case", FOREIGN, ids=lambda case: case.name)
def test_a_form_naming_another_tables_records_changes_nothing(client, world, case):
    status, grew, words = sent_by_illyria(client, world, case, case.own)
    assert status == 200 and grew, f"{case.name} with Illyria's own records changed nothing: {words}"
    status, grew, words = sent_by_illyria(client, world, case, case.foreign)
    # refused as a form error (400, the page again, the form as typed), a message (200) or not found (404)
    assert status in (200, 400, 404) and not grew, f"{case.name} with another table's records: {status}, {words}"


# ---- the websockets --------------------------------------------------------------------------------------------


@pytest.fixture
def socket_world(ad69, make_umpire):
    """The seats and codes alone: a socket asks nothing of the records."""
    player_character = commander(ad69, "Quintus Scribonius", 0, Region.objects.get(event=ad69, name="Illyria"))
    world = SimpleNamespace(
        event=ad69,
        slug="ad69",
        illyria=Region.objects.get(event=ad69, name="Illyria"),
        gaul=Region.objects.get(event=ad69, name="Gaul"),
        senate_room=Region.objects.get(event=ad69, kind="senate"),
        control=make_umpire(ad69, Role.CONTROL, username="control"),
        here=make_umpire(ad69, Role.REGION, "Illyria"),
        other=make_umpire(ad69, Role.REGION, "Gaul"),
        senate=make_umpire(ad69, Role.SENATE, username="senate"),
        nrw=make_umpire(ad69, Role.NON_ROMAN_WORLD),
        player_character=player_character,
    )
    world.codes = {
        "player": do_issue_mailbox(player_character, actor=None).code,
        "display": do_reissue_display_code(ad69, actor=None).code,
    }
    return world


def socket_address(world, role, route):
    """The address a role's screen opens on `route`, with its code if it has one."""
    path = route.replace("<int:event_id>", str(world.event.pk)).replace("<slug:slug>", world.slug)
    return f"/{path}" + (f"?code={world.codes[role]}" if role in world.codes else "")


def expected_groups(world, role, route):
    """What the role's socket on `route` joins; nothing, and it is closed with 4403."""
    event = world.event.pk
    tables = {
        "control": [control_group(event)],
        "here": [table_group(world.illyria.pk)],
        "other": [table_group(world.gaul.pk)],
        "senate": [table_group(world.senate_room.pk)],
        "nrw": [],
    }
    if route.startswith("ws/events/") and role in tables:
        return {event_group(event), umpires_group(event), *tables[role]}
    if route.startswith("ws/display/") and role == "display":
        return {event_group(event), display_group(event)}
    if route.startswith("ws/mailbox/") and role == "player":
        return {character_group(world.player_character.pk)}
    return set()


async def groups_joined(world, role, route):
    """The groups the role's socket was let into, by its snapshot; None if it was refused."""
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), socket_address(world, role, route))
    communicator.scope["user"] = getattr(world, role) if role in UMPIRES.split() else AnonymousUser()
    connected, code = await communicator.connect()
    if not connected:
        assert code == 4403, (role, route, code)
        return set()
    snapshot = await communicator.receive_json_from()
    await communicator.disconnect()
    return set(snapshot["seq"])


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("role", ROLES)
async def test_each_role_joins_only_its_groups(socket_world, role):
    for route in (str(pattern.pattern) for pattern in websocket_urlpatterns):
        assert await groups_joined(socket_world, role, route) == expected_groups(socket_world, role, route), route
