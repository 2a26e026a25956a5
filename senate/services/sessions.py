"""The Senate in session (XI. THE ROMAN CONSTITUTION): sessions, motions and votes, the Emperor's
edicts and their ratification, who is Emperor and who claims to be, and publishing each in the
Acta Diurna. Every change is audited and told to the Senate room and Control; only what is
published reaches the whole event, and only Control puts it on the projector.
"""

from collections.abc import Sequence
from typing import TypeVar

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Model
from django.utils import timezone

from regions.services.engine import current_turn
from umpire.events import event_group, publish_on_commit
from umpire.models import AuditEntry, Character, Event, SocialClass
from umpire.permissions import Perm
from umpire.selectors import can, senate_rooms
from umpire.services.announcements import do_draft_announcement, do_publish_announcement
from umpire.services.audit import Actor, adopt_steps, gathering_steps, record_audit, snapshot, steps_of

from ..events_sessions import ActaPublished, EdictChanged, EmperorChanged, SessionChanged
from ..models.sessions import Claimant, Edict, Motion, Session, Vote
from .rooms import senate_groups

M = TypeVar("M", bound=Model)


def locked(record: M) -> M:
    return type(record)._default_manager.select_for_update().get(pk=record.pk)


def saved(record: M) -> M:
    record.full_clean()
    record.save()
    return record


# ---- sessions ---------------------------------------------------------------------------------


def do_open_session(event: Event, *, actor: Actor) -> Session:
    with transaction.atomic():
        standing = Session.objects.select_for_update().filter(event=event, closed_at__isnull=True).first()
        if standing is not None:
            raise ValidationError(
                {"session": f"The session of turn {standing.opened_turn} is still open: close it first."}
            )
        session = saved(
            Session(event=event, opened_turn=current_turn(event), opened_at=timezone.now(), opened_by=actor)
        )
        record_audit(event=event, actor=actor, action="senate.session_opened", target=session, after=snapshot(session))
        publish_on_commit(senate_groups(event), SessionChanged("opened", session.pk))
    return session


def do_close_session(session: Session, *, actor: Actor) -> Session:
    with transaction.atomic():
        session = locked(session)
        check_open(session)
        tabled = session.motions.filter(state=Motion.State.TABLED).first()
        if tabled is not None:
            raise ValidationError({"session": f"Count every motion before closing: {tabled.text!r} is still tabled."})
        before = snapshot(session)
        session.closed_at = timezone.now()
        session.save()
        record_audit(
            event=session.event,
            actor=actor,
            action="senate.session_closed",
            target=session,
            before=before,
            after=snapshot(session),
        )
        publish_on_commit(senate_groups(session.event), SessionChanged("closed", session.pk))
    return session


def check_open(session: Session) -> None:
    if not session.is_open:
        raise ValidationError({"session": "That session is closed."})


# ---- motions and votes ------------------------------------------------------------------------


def do_table_motion(
    session: Session,
    *,
    kind: str,
    text: str,
    proposer: Character | None = None,
    edict: Edict | None = None,
    actor: Actor,
) -> Motion:
    with transaction.atomic():
        session = locked(session)
        check_open(session)
        check_edict_to_ratify(session.event, edict)
        motion = saved(
            Motion(
                session=session, kind=kind, text=text.strip(), proposer=proposer, edict=edict, tabled_at=timezone.now()
            )
        )
        record_audit(
            event=session.event, actor=actor, action="senate.motion_tabled", target=motion, after=snapshot(motion)
        )
        publish_on_commit(senate_groups(session.event), SessionChanged("tabled", session.pk, motion.pk))
    return motion


def check_edict_to_ratify(event: Event, edict: Edict | None) -> None:
    if edict is None:
        return
    edict = locked(edict)
    if edict.event_id != event.pk:
        raise ValidationError({"edict": "That edict is not of this game."})
    if edict.ratified_by_id is not None:
        raise ValidationError({"edict": "The Senate has already ratified that edict."})


def do_record_votes(motion: Motion, *, votes: Sequence[tuple[Character, str]], actor: Actor) -> list[Vote]:
    """The votes of the senators present on a motion, taken in one go until it is counted: a senator
    not listed keeps the vote he has; one who changed his mind has his vote changed. If any vote may
    not be recorded, none is, and each refusal names its row (votes.<row>.senator or .choice)."""
    with transaction.atomic():
        motion = locked(motion)
        check_tabled(motion)
        check_open(motion.session)
        check_votes(motion.session.event, votes)
        standing = {vote.senator_id: vote for vote in motion.votes.select_for_update()}
        changed = [
            record_vote(motion, standing.get(senator.pk) or Vote(motion=motion, senator=senator), choice, actor)
            for senator, choice in votes
            if senator.pk not in standing or standing[senator.pk].choice != choice
        ]
        publish_on_commit(senate_groups(motion.session.event), SessionChanged("voted", motion.session_id, motion.pk))
    return changed


def check_votes(event: Event, votes: Sequence[tuple[Character, str]]) -> None:
    """Every row checked before anything is written, so the umpire sees all that is wrong at once."""
    if not votes:
        raise ValidationError({"votes": "No vote was chosen: choose Aye, Nay or Abstain for each senator who voted."})
    problems: dict[str, list[str]] = {}
    seen: set[int] = set()
    for row, (senator, choice) in enumerate(votes):
        try:
            check_may_vote(event, senator)
            if senator.pk in seen:
                raise ValidationError({"senator": f"{senator} is listed twice: a senator has one vote."})
        except ValidationError as refusal:
            problems[f"votes.{row}.senator"] = refusal.message_dict["senator"]
        if choice not in Vote.Choice.values:
            problems[f"votes.{row}.choice"] = [f"{choice!r} is not a vote: Aye, Nay or Abstain."]
        seen.add(senator.pk)
    if problems:
        raise ValidationError(problems)


def record_vote(motion: Motion, vote: Vote, choice: str, actor: Actor) -> Vote:
    """One audit entry a vote, as undo takes votes back one by one (senate.undo.undo_vote)."""
    before = snapshot(vote) if vote.pk else None
    vote.choice = choice
    saved(vote)
    record_audit(
        event=motion.session.event,
        actor=actor,
        action="senate.vote",
        target=vote,
        before=before,
        after=snapshot(vote),
    )
    return vote


def check_tabled(motion: Motion) -> None:
    if motion.state != Motion.State.TABLED:
        raise ValidationError(
            {
                "motion": f"That motion was counted: {motion.get_result_display().lower()}, "
                f"{motion.tally}. No vote may be cast or changed now."
            }
        )


def check_may_vote(event: Event, senator: Character) -> None:
    """Only a living senator in the Senate room votes: the Senate sits in Rome, not at the tables."""
    if senator.event_id != event.pk:
        raise ValidationError({"senator": f"{senator} is not of this game."})
    if senator.social_class != SocialClass.SENATOR:
        raise ValidationError({"senator": f"{senator} is not a senator: only senators vote in the Senate."})
    if senator.died_turn is not None:
        raise ValidationError({"senator": f"{senator} is dead."})
    if senator.location_id not in senate_rooms(event):
        raise ValidationError(
            {"senator": f"{senator} is not in the Senate room ({senator.whereabouts}): only the senators present vote."}
        )


def do_count_motion(motion: Motion, *, tie_result: str = "", tie_ruling: str = "", actor: Actor) -> Motion:
    """Ayes against nays. The handbook gives no rule for a tie: the umpire rules it, and his
    ruling is kept with the result."""
    with transaction.atomic():
        motion = locked(motion)
        check_tabled(motion)
        before = snapshot(motion)
        choices = list(motion.votes.values_list("choice", flat=True))
        motion.ayes, motion.nays = choices.count(Vote.Choice.AYE), choices.count(Vote.Choice.NAY)
        motion.abstentions = choices.count(Vote.Choice.ABSTAIN)
        motion.result, motion.tie_ruling = result_of(motion, tie_result, tie_ruling.strip())
        motion.state, motion.counted_at = Motion.State.VOTED, timezone.now()
        saved(motion)
        event = motion.session.event
        entry = record_audit(
            event=event,
            actor=actor,
            action="senate.motion_counted",
            target=motion,
            before=before,
            after=snapshot(motion),
            reason=motion.tie_ruling,
        )
        publish_on_commit(senate_groups(event), SessionChanged("counted", motion.session_id, motion.pk))
        if motion.result == Motion.Result.CARRIED and motion.kind == Motion.Kind.RATIFY:
            with steps_of(entry):  # a recount undoes the ratification the count made
                ratify(motion, actor)
    return motion


def result_of(motion: Motion, tie_result: str, tie_ruling: str) -> tuple[str, str]:
    if motion.ayes != motion.nays:
        if tie_result:
            raise ValidationError({"tie_result": f"The vote is not tied ({motion.tally}): the count decides."})
        return (Motion.Result.CARRIED if motion.ayes > motion.nays else Motion.Result.LOST), ""
    if tie_result not in Motion.Result.values or not tie_ruling:
        raise ValidationError(
            {
                "tie_result": f"The vote is tied ({motion.tally}) and the handbook gives no rule: "
                "rule it carried or lost, and say why."
            }
        )
    return tie_result, tie_ruling


def ratify(motion: Motion, actor: Actor) -> None:
    """A carried motion to ratify gives the edict the force of law."""
    assert motion.edict is not None  # Motion.clean: a motion to ratify names its edict
    edict = locked(motion.edict)
    if edict.ratified_by_id is not None:
        return
    before = snapshot(edict)
    edict.ratified_by = motion
    edict.save()
    record_audit(
        event=edict.event,
        actor=actor,
        action="senate.edict_ratified",
        target=edict,
        before=before,
        after=snapshot(edict),
    )
    publish_on_commit(senate_groups(edict.event), EdictChanged("ratified", edict.pk))


# ---- edicts and the throne --------------------------------------------------------------------


def get_emperor(event: Event) -> Claimant | None:
    return Claimant.objects.filter(event=event, is_emperor=True, ended_turn__isnull=True).first()


def do_issue_edict(event: Event, *, emperor: Character, text: str, actor: Actor) -> Edict:
    with transaction.atomic():
        reigning = get_emperor(event)
        if reigning is None or reigning.character_id != emperor.pk:
            raise ValidationError({"emperor": f"{emperor} is not Emperor: only the Emperor issues edicts."})
        edict = saved(
            Edict(event=event, emperor=emperor, text=text.strip(), turn=current_turn(event), issued_at=timezone.now())
        )
        record_audit(event=event, actor=actor, action="senate.edict_issued", target=edict, after=snapshot(edict))
        publish_on_commit(senate_groups(event), EdictChanged("issued", edict.pk))
    return edict


def do_proclaim_emperor(event: Event, *, character: Character, actor: Actor) -> Claimant:
    """A new Emperor: the old one's reign and the new one's own claim end this turn."""
    with transaction.atomic():
        check_living(event, character)
        standing = Claimant.objects.select_for_update().filter(event=event, ended_turn__isnull=True)
        if any(claim.is_emperor and claim.character_id == character.pk for claim in standing):
            raise ValidationError({"character": f"{character} is already Emperor."})
        with gathering_steps() as ended:  # the reign and the claim a proclamation ends go back with it
            for claim in standing:
                if claim.is_emperor or claim.character_id == character.pk:
                    end(claim, actor)
        claim, entry = begin(event, character, is_emperor=True, actor=actor)
        adopt_steps(entry, ended)
        return claim


def do_add_claimant(event: Event, *, character: Character, actor: Actor) -> Claimant:
    with transaction.atomic():
        check_living(event, character)
        standing = Claimant.objects.select_for_update().filter(character=character, ended_turn__isnull=True).first()
        if standing is not None:
            raise ValidationError(
                {
                    "character": f"{standing.character} already "
                    f"{'reigns' if standing.is_emperor else 'claims the throne'}."
                }
            )
        return begin(event, character, is_emperor=False, actor=actor)[0]


def do_end_claim(claim: Claimant, *, actor: Actor) -> Claimant:
    with transaction.atomic():
        claim = locked(claim)
        if not claim.is_standing:
            raise ValidationError({"claim": f"That claim ended in turn {claim.ended_turn}."})
        return end(claim, actor)


def check_living(event: Event, character: Character) -> None:
    if character.event_id != event.pk:
        raise ValidationError({"character": f"{character} is not of this game."})
    if character.died_turn is not None:
        raise ValidationError({"character": f"{character} is dead."})


def begin(event: Event, character: Character, *, is_emperor: bool, actor: Actor) -> tuple[Claimant, AuditEntry]:
    claim = saved(
        Claimant(
            event=event,
            character=character,
            is_emperor=is_emperor,
            since_turn=current_turn(event),
            recorded_at=timezone.now(),
        )
    )
    action = "proclaimed" if is_emperor else "claimed"
    entry = record_audit(event=event, actor=actor, action=f"senate.{action}", target=claim, after=snapshot(claim))
    publish_on_commit(senate_groups(event), EmperorChanged(action, claim.pk, str(character), is_emperor))
    return claim, entry


def end(claim: Claimant, actor: Actor) -> Claimant:
    before = snapshot(claim)
    claim.ended_turn = current_turn(claim.event)
    claim.save()
    record_audit(
        event=claim.event, actor=actor, action="senate.claim_ended", target=claim, before=before, after=snapshot(claim)
    )
    publish_on_commit(
        senate_groups(claim.event), EmperorChanged("ended", claim.pk, str(claim.character), claim.is_emperor)
    )
    return claim


# ---- the Acta Diurna ---------------------------------------------------------------------------

PUBLISHABLE = {Motion: "motion", Edict: "edict", Claimant: "emperor"}


def do_publish_record(
    record: Motion | Edict | Claimant, *, to_projector: bool = False, actor: Actor
) -> Motion | Edict | Claimant:
    """Put a counted motion's result, an edict or a change of Emperor in the Acta Diurna, and on
    the projector's news if Control chooses."""
    with transaction.atomic():
        record = locked(record)
        event = event_of(record)
        if record.is_published:
            raise ValidationError({"__all__": "That is already published."})
        if isinstance(record, Motion) and record.state != Motion.State.VOTED:
            raise ValidationError({"motion": "Count the motion before publishing its result."})
        with gathering_steps() as announced:  # the projector's news goes with the publication
            if to_projector:
                announce_to_the_hall(event, record.headline, actor)
        before = snapshot(record)
        record.published_at, record.published_by, record.on_projector = timezone.now(), actor, to_projector
        record.save()
        kind = PUBLISHABLE[type(record)]
        adopt_steps(
            record_audit(
                event=event,
                actor=actor,
                action=f"senate.{kind}_published",
                target=record,
                before=before,
                after=snapshot(record),
            ),
            announced,
        )
        publish_on_commit(
            senate_groups(event) + [event_group(event.pk)],
            ActaPublished(kind, record.pk, record.headline, to_projector),
        )
    return record


def event_of(record: Motion | Edict | Claimant) -> Event:
    return record.session.event if isinstance(record, Motion) else record.event


def announce_to_the_hall(event: Event, headline: str, actor: Actor) -> None:
    """The projector's news is Control's announcements: only Control puts the Senate's news there."""
    if not can(actor, event, Perm.ANNOUNCE):
        raise ValidationError({"to_projector": "Only Control puts the Senate's news on the projector."})
    do_publish_announcement(do_draft_announcement(event, text=headline[:500], actor=actor), actor=actor)
