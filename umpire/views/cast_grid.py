"""The cast page: every character's sheet in one grid, and the players in the hall who play them.

Each row is its own form. Without JavaScript a row is posted and the page comes back with the
same filter and sort, scrolled to the row; with it, the row is posted by fetch and replaced by the
server's rendering of it, its refusal shown in the row. Saved through umpire.services.sheets,
audited, and heard by Control's other screens as world.changed.
"""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import F, Min
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from umpire.models import CareerRank, Character, Player, Region, SocialClass
from umpire.permissions import Perm
from umpire.selectors import access_event, is_record_id
from umpire.services.sheets import do_remove_player, do_save_player, do_save_sheet
from umpire.views.refusals import refusal_text, valid

EDITS_CAST = Perm.EDIT_WORLD
ROW_HEADER = "X-Cast-Row"  # sent by cast_grid.js: answer with the row alone, not a redirect
FIELD_LABELS = {
    "name": "Name",
    "role": "Role",
    "social_class": "Class",
    "career_rank": "Career rank",
    "location": "Table",
    "travelling_to": "Travelling to",
    "wealth": "Wealth",
    "personal_income": "Personal income",
    "support": "Support",
    "military_skill": "Military skill",
    "notes": "Briefing notes",
    "objectives": "Objectives",
    "contact": "Contact",
    "team": "Team",
    "character": "Character",
}
# ?sort= keys, each the column it orders by; a missing figure sorts last either way
SORTS = {
    "name": "name",
    "role": "role",
    "class": "social_class",
    "rank": "career_rank__step",
    "table": "location__name",
    "wealth": "wealth",
    "income": "briefing__personal_income",
    "support": "support",
    "skill": "military_skill",
    "demo": "is_demo",
    "players": "first_player",
}
NOT_AT_A_TABLE = "none"


# ---- the forms: choices read once for the whole grid, not once a row ---------------------------------------


class Choices:
    """The grid's tables, ranks and characters, each list read once for every row's selects."""

    def __init__(self, event):
        self.tables = {str(table.pk): table for table in Region.objects.filter(event=event)}
        self.ranks = {str(rank.pk): rank for rank in CareerRank.objects.all()}
        self.characters = {str(c.pk): c for c in Character.objects.filter(event=event).only("pk", "name", "event")}


def record_choice(label, records, *, empty):
    field = forms.ChoiceField(label=label, required=False)
    field.choices = [("", empty), *((pk, str(record)) for pk, record in records.items())]
    return field


class RowForm(forms.Form):
    """A form whose fields sit in the cells of one table row, tied to its <form> by the form attribute. A cell
    has no label of its own beside it (its column's heading is far up the grid), so each field is named for
    its column and its row: "Wealth of Titus Vinius"."""

    def __init__(self, form_id, *args, **kwargs):
        super().__init__(*args, auto_id=f"{form_id}-%s", **kwargs)
        self.form_id = form_id

    def tie_to_row(self, whose):
        for field in self.fields.values():
            field.widget.attrs.update({"form": self.form_id, "aria-label": f"{field.label} of {whose}"})


class SheetForm(RowForm):
    name = forms.CharField(label="Name", max_length=80)
    role = forms.ChoiceField(label="Role", choices=Character.Role.choices)
    social_class = forms.ChoiceField(label="Class", choices=SocialClass.choices)
    wealth = forms.IntegerField(label="Wealth", required=False)
    personal_income = forms.IntegerField(label="Personal income", required=False)
    support = forms.IntegerField(label="Support", required=False)
    military_skill = forms.IntegerField(label="Military skill", required=False)
    notes = forms.CharField(
        label="Briefing notes", required=False, strip=False, widget=forms.Textarea(attrs={"rows": 2})
    )
    objectives = forms.CharField(
        label="Objectives", required=False, strip=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, choices, character, *args, **kwargs):
        super().__init__(f"sheet-{character.pk}", *args, **kwargs)
        self.choices = choices
        self.fields["career_rank"] = record_choice("Career rank", choices.ranks, empty="none")
        self.fields["location"] = record_choice("Table", choices.tables, empty=travelling_label(character))
        self.tie_to_row(character.name or "a new character")

    def clean_career_rank(self):
        return self.choices.ranks.get(self.cleaned_data["career_rank"])

    def clean_location(self):
        return self.choices.tables.get(self.cleaned_data["location"])


def travelling_label(character):
    return f"travelling to {character.travelling_to}" if character.travelling_to_id else "not placed"


def sheet_initial(character):
    briefing = getattr(character, "briefing", None)
    return {
        "name": character.name,
        "role": character.role,
        "social_class": character.social_class,
        "career_rank": character.career_rank_id or "",
        "location": character.location_id or "",
        "wealth": character.wealth,
        "support": character.support,
        "military_skill": character.military_skill,
        "personal_income": briefing.personal_income if briefing else None,
        "notes": briefing.notes if briefing else "",
        "objectives": briefing.objectives if briefing else "",
    }


class PlayerForm(RowForm):
    name = forms.CharField(label="Name", max_length=80)
    contact = forms.CharField(label="Contact", max_length=200, required=False)
    team = forms.CharField(label="Team", max_length=80, required=False)

    def __init__(self, choices, player, *args, **kwargs):
        super().__init__(f"player-form-{player.pk or 'new'}", *args, **kwargs)
        self.choices = choices
        self.fields["character"] = record_choice("Character", choices.characters, empty="not cast yet")
        self.tie_to_row(player.name or "the new player")

    def clean_character(self):
        return self.choices.characters.get(self.cleaned_data["character"])


def player_initial(player):
    return {"name": player.name, "contact": player.contact, "team": player.team, "character": player.character_id or ""}


# ---- reading the grid -------------------------------------------------------------------------------------


def grid_characters(event):
    return (
        Character.objects.filter(event=event)
        .select_related("event", "career_rank", "location", "travelling_to", "briefing")
        .prefetch_related("players")
    )


def sorted_by(characters, sort):
    """The grid in the order ?sort= asks ("-wealth": most first); an unknown key, by name."""
    key = sort.removeprefix("-")
    if key not in SORTS:
        return characters.order_by("name"), "name"
    column = F(SORTS[key])
    ordering = column.desc(nulls_last=True) if sort.startswith("-") else column.asc(nulls_last=True)
    return characters.annotate(first_player=Min("players__name")).order_by(ordering, "name"), sort


def filtered_by(characters, table, tables):
    """Only the characters at `table` (an id), or at none (NOT_AT_A_TABLE); an unknown table filters nothing."""
    if table == NOT_AT_A_TABLE:
        return characters.filter(location__isnull=True), table
    if is_record_id(table) and table in tables:
        return characters.filter(location_id=table), table
    return characters, ""


def grid_rows(choices, characters):
    return [sheet_row(choices, character) for character in characters]


def sheet_row(choices, character, form=None):
    form = form or SheetForm(choices, character, initial=sheet_initial(character))
    return {"character": character, "form": form, "players": list(character.players.all())}


def player_row(choices, player, form=None):
    return {"player": player, "form": form or PlayerForm(choices, player, initial=player_initial(player))}


def grid_query(request):
    """The grid's own filter and sort, carried by every row's form back to the same view of it."""
    return urlencode({key: request.GET[key] for key in ("table", "sort") if request.GET.get(key)})


@login_required
@require_GET
def cast_grid(request, slug):
    event = access_event(request.user, slug, EDITS_CAST)
    choices = Choices(event)
    characters, table = filtered_by(grid_characters(event), request.GET.get("table", ""), choices.tables)
    characters, sort = sorted_by(characters, request.GET.get("sort", "name"))
    players = Player.objects.filter(event=event).select_related("character")
    if table:
        players = players.filter(character__in=characters)
    context = {
        "event": event,
        "rows": grid_rows(choices, characters),
        "player_rows": [player_row(choices, player) for player in players],
        "new_player": PlayerForm(choices, Player(event=event)),
        "tables": choices.tables.values(),
        "table": table,
        "sort": sort,
        "columns": columns(sort),
        "query": grid_query(request),
        "not_at_a_table": NOT_AT_A_TABLE,
    }
    return render(request, "umpire/cast_grid.html", context)


def columns(sort):
    """The grid's headings, each with the ?sort= its link asks for: the other way round if it is the current one."""
    headings = [
        ("name", "Character"),
        ("role", "Role"),
        ("class", "Class"),
        ("rank", "Career rank"),
        ("table", "Table"),
        ("wealth", "Wealth"),
        ("income", "Personal income"),
        ("support", "Support"),
        ("skill", "Military skill"),
        ("demo", "Demo"),
    ]
    return [(key, words, f"-{key}" if sort == key else key, sort.removeprefix("-") == key) for key, words in headings]


# ---- saving a row ------------------------------------------------------------------------------------------


def access_character(request, slug, pk):
    event = access_event(request.user, slug, EDITS_CAST)
    return event, get_object_or_404(grid_characters(event), pk=pk)


@login_required
@require_http_methods(["GET", "POST"])
def sheet(request, slug, pk):
    """GET: his row as it stands, for a grid told he changed on another screen; POST: save it."""
    event, character = access_character(request, slug, pk)
    choices = Choices(event)
    answer = RowAnswer(request, event, "umpire/_cast_sheet_row.html", f"character-{character.pk}")
    if request.method == "GET":
        return answer.row({"row": sheet_row(choices, character)})
    form = SheetForm(choices, character, request.POST)
    try:
        do_save_sheet(character, actor=request.user, **valid(form))
    except ValidationError as refusal:
        return answer.refused(refusal, {"row": sheet_row(choices, character, marked(form, refusal))})
    character = grid_characters(event).get(pk=pk)
    return answer.saved(f"{character}'s sheet is saved.", {"row": sheet_row(choices, character)})


@login_required
@require_http_methods(["GET", "POST"])
def player(request, slug, pk):
    """GET: his row as it stands, for a grid told he changed on another screen; POST: save it."""
    event = access_event(request.user, slug, EDITS_CAST)
    found = get_object_or_404(Player.objects.select_related("character"), event=event, pk=pk)
    if request.method == "GET":
        answer = RowAnswer(request, event, "umpire/_cast_player_row.html", f"player-{found.pk}")
        return answer.row({"row": player_row(Choices(event), found)})
    return save_player(request, event, found)


@login_required
@require_POST
def add_player(request, slug):
    event = access_event(request.user, slug, EDITS_CAST)
    return save_player(request, event, Player(event=event))


def save_player(request, event, player):
    choices = Choices(event)
    answer = RowAnswer(
        request, event, "umpire/_cast_player_row.html", f"player-{player.pk}" if player.pk else "players"
    )
    answer.by_script = answer.by_script and player.pk is not None  # a new player's row is added with the page
    form = PlayerForm(choices, player, request.POST)
    try:
        for name, value in valid(form).items():
            setattr(player, name, value)
        do_save_player(player, actor=request.user)
    except ValidationError as refusal:
        return answer.refused(refusal, {"row": player_row(choices, player, marked(form, refusal))})
    answer.anchor = f"player-{player.pk}"
    cast = f"playing {player.character}" if player.character else "not cast yet"
    return answer.saved(f"{player} is saved, {cast}.", {"row": player_row(choices, player)})


@login_required
@require_POST
def remove_player(request, slug, pk):
    event = access_event(request.user, slug, EDITS_CAST)
    found = get_object_or_404(Player, event=event, pk=pk)
    do_remove_player(found, actor=request.user)
    messages.success(request, f"{found} is no longer in the cast.")
    return back_to_grid(request, event, "players")


# ---- answering a row's form ---------------------------------------------------------------------------------


class RowAnswer:
    """The answer to a row's form: the row alone for the page's script (X-Cast-Row), else the grid again
    with a message, in the filter and sort the row was posted from, scrolled to the row."""

    def __init__(self, request, event, template, anchor):
        self.request, self.event, self.template, self.anchor = request, event, template, anchor
        self.by_script = request.headers.get(ROW_HEADER) == "1"

    def row(self, context, status=200):
        context = {"event": self.event, "query": grid_query(self.request), **context}
        return render(self.request, self.template, context, status=status)

    def saved(self, done, context):
        if self.by_script:
            return self.row({**context, "done": done})
        messages.success(self.request, done)
        return back_to_grid(self.request, self.event, self.anchor)

    def refused(self, refusal, context):
        problem = refusal_text(refusal, FIELD_LABELS)
        if self.by_script:
            return self.row({**context, "problem": problem}, status=400)
        messages.error(self.request, problem)
        return back_to_grid(self.request, self.event, self.anchor)


def marked(form, refusal):
    """The form with the service's refusal on the fields it names, so the row shows which cells are wrong."""
    if form.is_valid() and hasattr(refusal, "error_dict"):
        for name, problems in refusal.message_dict.items():
            if name in form.fields:
                form.add_error(name, problems)
    return form


def back_to_grid(request, event, anchor):
    query = grid_query(request)
    return redirect(reverse("prepare:cast", args=[event.slug]) + (f"?{query}" if query else "") + f"#{anchor}")
