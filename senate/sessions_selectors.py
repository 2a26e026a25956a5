"""Reads for the Senate room's console and the Acta Diurna.

The gazette is built of `ActaEntry`s, copies of the public facts alone, so the public page and
the printed sheet cannot show a vote, a draft or an umpire's name.
"""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch

from umpire.models import Announcement, Character, SocialClass
from umpire.selectors import senate_rooms

from .models.acta import ActaItem
from .models.sessions import Claimant, Edict, Motion, Session, Vote, tally_words


@dataclass(frozen=True)
class ActaEntry:
    published_at: datetime
    kind: str  # "The Senate", "Edict", "The throne", "Appointment", "The mob", "The gods", "Announcement"
    headline: str
    details: str
    turn: int | None
    month: str


def get_current_session(event):
    """The open session, or the last one, with its motions and their votes."""
    votes = Prefetch("votes", queryset=Vote.objects.select_related("senator"))
    motions = Prefetch(
        "motions", queryset=Motion.objects.select_related("proposer", "edict__emperor").prefetch_related(votes)
    )
    return Session.objects.filter(event=event).prefetch_related(motions).first()


def get_senators_present(event):
    """Who may vote: the living senators in the Senate room."""
    return list(
        Character.objects.filter(
            event=event, social_class=SocialClass.SENATOR, died_turn__isnull=True, location__in=senate_rooms(event)
        ).order_by("name")
    )


def get_edicts(event):
    return list(Edict.objects.filter(event=event).select_related("emperor", "ratified_by"))


def get_claims(event):
    """The Emperor and the claimants standing, and the claims that have ended."""
    return list(Claimant.objects.filter(event=event).select_related("character"))


def get_standing_claims(event):
    return [claim for claim in get_claims(event) if claim.is_standing]


def get_living(event):
    return Character.objects.filter(event=event, died_turn__isnull=True).order_by("name")


# ---- the Acta Diurna ---------------------------------------------------------------------------


def get_acta(event):
    """Everything published, newest first: the Senate's results, edicts, changes of Emperor, appointments,
    the mob's mood, the gods' signs and Control's announcements (a withdrawn announcement is taken out of
    the gazette)."""
    entries = [
        *motion_entries(event),
        *edict_entries(event),
        *claim_entries(event),
        *item_entries(event),
        *announcement_entries(event),
    ]
    return sorted(entries, key=lambda entry: entry.published_at, reverse=True)


def motion_entries(event):
    motions = Motion.objects.filter(session__event=event, published_at__isnull=False).select_related("session")
    return [
        ActaEntry(
            motion.published_at,
            "The Senate",
            motion.headline,
            motion_details(motion),
            motion.session.opened_turn,
            month_of(event, motion.session.opened_turn),
        )
        for motion in motions
    ]


def motion_details(motion):
    return f"The vote was tied; the ruling: {motion.tie_ruling}" if motion.tie_ruling else ""


def edict_entries(event):
    edicts = Edict.objects.filter(event=event, published_at__isnull=False).select_related("emperor", "ratified_by")
    return [
        ActaEntry(
            edict.published_at,
            "Edict",
            edict.headline,
            ratified_in_words(edict),
            edict.turn,
            month_of(event, edict.turn),
        )
        for edict in edicts
    ]


def ratified_in_words(edict):
    """Law once ratified; the gazette says so only once the ratifying vote is itself published."""
    motion = edict.ratified_by
    if motion is not None and motion.is_published:
        return "Ratified by the Senate: it has the force of law."
    return "Not ratified by the Senate."


def claim_entries(event):
    claims = Claimant.objects.filter(event=event, published_at__isnull=False).select_related("character")
    return [
        ActaEntry(
            claim.published_at, "The throne", claim.headline, "", claim.since_turn, month_of(event, claim.since_turn)
        )
        for claim in claims
    ]


def item_entries(event):
    return [
        ActaEntry(
            item.published_at,
            item.get_kind_display(),
            item.headline,
            item.details,
            item.turn,
            month_of(event, item.turn),
        )
        for item in ActaItem.objects.filter(event=event)
    ]


def announcement_entries(event):
    announcements = Announcement.objects.filter(event=event, published_at__isnull=False, withdrawn_at__isnull=True)
    return [ActaEntry(news.published_at, "Announcement", news.text, "", None, "") for news in announcements]


def month_of(event, turn):
    """ "September 68"; nothing before the first turn (the eve of the game) or for Control's news."""
    return str(event.game_month(turn)) if turn else ""


def get_published_throne(event):
    """The Emperor and the claimants as the hall has been told: standing claims that were published."""
    claims = [claim for claim in get_standing_claims(event) if claim.is_published]
    emperor = next((str(claim.character) for claim in claims if claim.is_emperor), "")
    return emperor, [str(claim.character) for claim in claims if not claim.is_emperor]


@dataclass(frozen=True)
class MotionSheet:
    """A motion with each senator present and his vote ("" if he has not voted), and any vote cast by
    a man no longer present, which still counts."""

    motion: Motion
    rows: tuple[tuple[Character, str], ...]

    @property
    def so_far(self):
        """The votes cast until now, in the words of the count (Motion.tally)."""
        choices = [choice for _, choice in self.rows]
        return tally_words(*(choices.count(choice) for choice in Vote.Choice.values))


def get_motion_sheets(session, senators):
    if session is None:
        return []
    return [motion_sheet(motion, senators) for motion in session.motions.all()]


def votes_so_far(motion):
    """The votes cast on a motion until now, in the words of its count."""
    choices = list(motion.votes.values_list("choice", flat=True))
    return tally_words(*(choices.count(choice) for choice in Vote.Choice.values))


def get_current_motion(sheets):
    """The motion the Senate is on: the first still to be counted, or else the last counted, whose result
    is the next to publish."""
    tabled = next((sheet.motion for sheet in sheets if sheet.motion.state == Motion.State.TABLED), None)
    return tabled or (sheets[-1].motion if sheets else None)


def motion_sheet(motion, senators):
    cast = {vote.senator_id: vote for vote in motion.votes.all()}
    present = [(senator, cast.pop(senator.pk).choice if senator.pk in cast else "") for senator in senators]
    gone = [(vote.senator, vote.choice) for vote in cast.values()]
    return MotionSheet(motion, tuple(present + gone))
