"""The Senate in session, the Emperor's edicts, the throne, and the Acta Diurna (XI. THE ROMAN CONSTITUTION)."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from senate.models.sessions import Claimant, Edict, Motion, Session, Vote
from senate.services.sessions import (
    do_add_claimant,
    do_close_session,
    do_count_motion,
    do_end_claim,
    do_issue_edict,
    do_open_session,
    do_proclaim_emperor,
    do_publish_record,
    do_record_votes,
    do_table_motion,
)
from senate.sessions_selectors import get_acta, get_senators_present
from tests.senate.in_place import beside, refused_form
from tests.umpire.channels_helpers import listen
from umpire.clockwork import do_start_clock
from umpire.events import control_group, event_group, table_group
from umpire.models import Announcement, AuditEntry, Character, Region, Role
from umpire.services.access_codes import do_reissue_display_code

AYES = ("Arrius Antonius", "Cadius Rufus", "Caelius Sabinus")
NAYS = ("Cornelius Dollabella", "Flavius Sabinus")


def person(event, name):
    return Character.objects.get(event=event, name=name)


def refused(field, words, service, *args, **kwargs):
    with pytest.raises(ValidationError) as refusal:
        service(*args, **kwargs)
    assert words in " ".join(refusal.value.message_dict[field])


@pytest.fixture
def senate_umpire(ad69, make_umpire):
    do_start_clock(ad69, actor=None)
    return make_umpire(ad69, Role.SENATE, username="senate")


@pytest.fixture
def senate_room(ad69):
    return Region.objects.get(event=ad69, kind=Region.Kind.SENATE_ROOM)


@pytest.fixture
def session(ad69, senate_umpire):
    return do_open_session(ad69, actor=senate_umpire)


def motion_voted(session, umpire, ayes=AYES, nays=NAYS, **tabled):
    motion = do_table_motion(session, **{"kind": Motion.Kind.ENEMY, "text": "Aulius Vitellius", **tabled}, actor=umpire)
    votes = [(person(session.event, name), Vote.Choice.AYE) for name in ayes]
    votes += [(person(session.event, name), Vote.Choice.NAY) for name in nays]
    if votes:
        do_record_votes(motion, votes=votes, actor=umpire)
    return motion


def one_vote(motion, name, choice, umpire):
    return do_record_votes(motion, votes=[(person(motion.session.event, name), choice)], actor=umpire)


def galba_reigns(event, umpire):
    claim = do_proclaim_emperor(event, character=person(event, "Sercius Sulpicius Galba"), actor=umpire)
    return claim


def test_a_vote_is_counted_and_published(ad69, senate_umpire, session, senate_room, django_capture_on_commit_callbacks):
    motion = motion_voted(session, senate_umpire)
    one_vote(motion, "Marius Celsus", Vote.Choice.ABSTAIN, senate_umpire)
    motion = do_count_motion(motion, actor=senate_umpire)
    assert (motion.state, motion.result, motion.ayes, motion.nays, motion.abstentions) == ("voted", "carried", 3, 2, 1)
    groups = [control_group(ad69.pk), table_group(senate_room.pk), event_group(ad69.pk)]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            do_publish_record(motion, actor=senate_umpire)
        messages = heard()
    assert set(messages) == set(groups)
    news = messages[event_group(ad69.pk)][0]["event"]
    assert (news["type"], news["kind"], news["to_projector"]) == ("senate.published", "motion", False)
    assert news["headline"] == (
        "Motion carried: Declare an enemy of the state: Aulius Vitellius (3 ayes, 2 nays, 1 abstaining)"
    )
    assert [entry.headline for entry in get_acta(ad69)] == [news["headline"]]
    assert not Announcement.objects.exists()
    assert AuditEntry.objects.filter(action="senate.motion_published", actor=senate_umpire).count() == 1


def test_the_votes_are_told_only_to_the_senate_room_and_control(
    ad69, senate_umpire, session, senate_room, django_capture_on_commit_callbacks
):
    motion = do_table_motion(session, kind=Motion.Kind.TRIUMPH, text="Licinius Mucianus", actor=senate_umpire)
    groups = [control_group(ad69.pk), table_group(senate_room.pk), event_group(ad69.pk)]
    with listen(groups) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            one_vote(motion, "Titus Vinius", "aye", senate_umpire)
            do_count_motion(motion, actor=senate_umpire)
        messages = heard()
    assert set(messages) == set(groups[:2])


def test_a_senator_may_change_his_vote_until_the_count(ad69, senate_umpire, session):
    motion = motion_voted(session, senate_umpire)
    one_vote(motion, "Arrius Antonius", Vote.Choice.NAY, senate_umpire)
    assert do_count_motion(motion, actor=senate_umpire).result == Motion.Result.LOST  # 2 ayes, 3 nays
    assert Vote.objects.filter(motion=motion).count() == 5


def test_every_senator_present_votes_in_one_go(
    ad69, senate_umpire, session, senate_room, django_capture_on_commit_callbacks
):
    motion = do_table_motion(session, kind=Motion.Kind.TRIUMPH, text="Licinius Mucianus", actor=senate_umpire)
    senators = get_senators_present(ad69)
    choices = [Vote.Choice.AYE, Vote.Choice.NAY, Vote.Choice.ABSTAIN]
    votes = [(senator, choices[row % 3]) for row, senator in enumerate(senators)]
    with listen([control_group(ad69.pk), table_group(senate_room.pk)]) as heard:
        with django_capture_on_commit_callbacks(execute=True):
            do_record_votes(motion, votes=votes, actor=senate_umpire)
        messages = heard()
    assert len(senators) >= 12
    assert sorted(Vote.objects.filter(motion=motion).values_list("senator", "choice")) == sorted(
        (senator.pk, choice) for senator, choice in votes
    )
    audited = AuditEntry.objects.filter(action="senate.vote", actor=senate_umpire)
    assert sorted(entry.after["senator_id"] for entry in audited) == sorted(senator.pk for senator in senators)
    told = [message["event"] for message in messages[table_group(senate_room.pk)]]
    assert [(event["type"], event["action"], event["motion_id"]) for event in told] == [
        ("senate.session", "voted", motion.pk)
    ]
    ayes, nays, abstaining = (len(senators[row::3]) for row in range(3))
    counted = do_count_motion(motion, tie_result="carried" if ayes == nays else "", tie_ruling="", actor=senate_umpire)
    assert (counted.ayes, counted.nays, counted.abstentions) == (ayes, nays, abstaining)


def test_one_bad_vote_refuses_the_whole_sheet_and_names_its_row(ad69, senate_umpire, session):
    motion = do_table_motion(session, kind=Motion.Kind.OTHER, text="Bread for the people", actor=senate_umpire)
    votes = [
        (person(ad69, "Titus Vinius"), "aye"),
        (person(ad69, "Tiberius Alexander"), "aye"),
        (person(ad69, "Sercius Sulpicius Galba"), "nay"),
        (person(ad69, "Marius Celsus"), "maybe"),
        (person(ad69, "Titus Vinius"), "nay"),
    ]
    with pytest.raises(ValidationError) as refusal:
        do_record_votes(motion, votes=votes, actor=senate_umpire)
    problems = {path: " ".join(words) for path, words in refusal.value.message_dict.items()}
    assert set(problems) == {"votes.1.senator", "votes.2.senator", "votes.3.choice", "votes.4.senator"}
    assert "Tiberius Alexander is not a senator" in problems["votes.1.senator"]
    assert "is not in the Senate room" in problems["votes.2.senator"]
    assert "'maybe' is not a vote" in problems["votes.3.choice"]
    assert "Titus Vinius is listed twice" in problems["votes.4.senator"]
    assert not Vote.objects.exists() and not AuditEntry.objects.filter(action="senate.vote").exists()


def test_a_sheet_sent_again_changes_only_the_votes_that_changed(ad69, senate_umpire, session):
    motion = motion_voted(session, senate_umpire)
    again = [(person(ad69, name), Vote.Choice.AYE) for name in AYES] + [(person(ad69, NAYS[0]), Vote.Choice.AYE)]
    changed = do_record_votes(motion, votes=again, actor=senate_umpire)
    assert [vote.senator.name for vote in changed] == [NAYS[0]]
    change = AuditEntry.objects.filter(action="senate.vote").order_by("pk").last()
    assert (change.before["choice"], change.after["choice"]) == ("nay", "aye")
    assert AuditEntry.objects.filter(action="senate.vote").count() == len(AYES + NAYS) + 1
    assert do_count_motion(motion, actor=senate_umpire).tally == "4 ayes, 1 nays, 0 abstaining"


def test_a_sheet_with_no_vote_chosen_is_refused(ad69, senate_umpire, session):
    motion = do_table_motion(session, kind=Motion.Kind.OTHER, text="Bread for the people", actor=senate_umpire)
    refused("votes", "No vote was chosen", do_record_votes, motion, votes=[], actor=senate_umpire)


def test_a_vote_after_the_count_is_refused(ad69, senate_umpire, session):
    motion = do_count_motion(motion_voted(session, senate_umpire), actor=senate_umpire)
    refused(
        "motion",
        "No vote may be cast or changed now",
        do_record_votes,
        motion,
        votes=[(person(ad69, "Titus Vinius"), "nay")],
        actor=senate_umpire,
    )
    refused("motion", "No vote may be cast", do_count_motion, motion, actor=senate_umpire)
    assert Vote.objects.filter(motion=motion).count() == 5


def test_a_tie_is_the_umpires_ruling_recorded_with_the_result(ad69, senate_umpire, session):
    motion = motion_voted(session, senate_umpire, ayes=AYES[:2])
    refused("tie_result", "the handbook gives no rule", do_count_motion, motion, actor=senate_umpire)
    motion = do_count_motion(motion, tie_result="lost", tie_ruling="The consul's casting vote", actor=senate_umpire)
    assert (motion.result, motion.tie_ruling) == ("lost", "The consul's casting vote")
    assert AuditEntry.objects.get(action="senate.motion_counted").reason == "The consul's casting vote"


def test_an_edict_is_ratified_by_a_carried_motion(ad69, senate_umpire, session):
    galba = galba_reigns(ad69, senate_umpire).character
    edict = do_issue_edict(ad69, emperor=galba, text="The Praetorians' donative is cancelled.", actor=senate_umpire)
    lost = do_count_motion(
        motion_voted(session, senate_umpire, ayes=(), kind=Motion.Kind.RATIFY, text="Ratify", edict=edict),
        actor=senate_umpire,
    )
    assert Edict.objects.get(pk=edict.pk).ratified_by is None
    carried = do_count_motion(
        motion_voted(session, senate_umpire, kind=Motion.Kind.RATIFY, text="Ratify", edict=edict), actor=senate_umpire
    )
    assert (lost.result, Edict.objects.get(pk=edict.pk).ratified_by) == ("lost", carried)
    refused(
        "edict",
        "already ratified",
        do_table_motion,
        session,
        kind=Motion.Kind.RATIFY,
        text="Again",
        edict=edict,
        actor=senate_umpire,
    )


def test_only_the_emperor_issues_edicts(ad69, senate_umpire):
    refused(
        "emperor",
        "is not Emperor",
        do_issue_edict,
        ad69,
        emperor=person(ad69, "Marcus Otho"),
        text="I rule.",
        actor=senate_umpire,
    )


def test_a_new_emperor_ends_the_old_reign_and_his_own_claim(ad69, senate_umpire):
    galba = galba_reigns(ad69, senate_umpire)
    otho = do_add_claimant(ad69, character=person(ad69, "Marcus Otho"), actor=senate_umpire)
    do_proclaim_emperor(ad69, character=otho.character, actor=senate_umpire)
    standing = Claimant.objects.filter(ended_turn__isnull=True)
    assert [(claim.character.name, claim.is_emperor) for claim in standing] == [("Marcus Otho", True)]
    assert Claimant.objects.get(pk=galba.pk).ended_turn == 1
    refused("claim", "ended in turn 1", do_end_claim, galba, actor=senate_umpire)


def test_emperor_change_goes_to_the_projector_only_when_control_publishes(ad69, senate_umpire, control):
    claim = galba_reigns(ad69, senate_umpire)
    refused("to_projector", "Only Control", do_publish_record, claim, to_projector=True, actor=senate_umpire)
    assert not Announcement.objects.exists() and not Claimant.objects.get(pk=claim.pk).is_published
    do_publish_record(claim, actor=senate_umpire)
    assert not Announcement.objects.exists()
    otho = do_proclaim_emperor(ad69, character=person(ad69, "Marcus Otho"), actor=senate_umpire)
    do_publish_record(otho, to_projector=True, actor=control)
    assert [(news.text, news.is_showing) for news in Announcement.objects.all()] == [
        ("Marcus Otho is proclaimed Emperor", True)
    ]
    assert Claimant.objects.get(pk=otho.pk).on_projector


def test_the_session_closes_only_when_every_motion_is_counted(ad69, senate_umpire, session):
    motion = do_table_motion(session, kind=Motion.Kind.APPOINT, text="Marius Celsus consul", actor=senate_umpire)
    refused("session", "still tabled", do_close_session, session, actor=senate_umpire)
    refused("session", "still open", do_open_session, ad69, actor=senate_umpire)
    do_count_motion(motion, tie_result="carried", tie_ruling="Nobody objected", actor=senate_umpire)
    do_close_session(session, actor=senate_umpire)
    refused("session", "closed", do_table_motion, session, kind="other", text="Late", actor=senate_umpire)


def test_the_public_acta_shows_nothing_unpublished(ad69, senate_umpire, control, session, client):
    published = do_count_motion(motion_voted(session, senate_umpire, text="Nymphidius Sabinus"), actor=senate_umpire)
    do_publish_record(published, actor=senate_umpire)
    do_count_motion(motion_voted(session, senate_umpire, text="Secret business"), actor=senate_umpire)
    galba = galba_reigns(ad69, senate_umpire)
    edict = do_issue_edict(ad69, emperor=galba.character, text="Hidden edict", actor=senate_umpire)
    code = do_reissue_display_code(ad69, actor=control).code
    page = client.get(reverse("senate:acta-display", args=[ad69.slug]), {"code": code}).content.decode()
    assert "Nymphidius Sabinus" in page
    assert "Secret business" not in page and "Hidden edict" not in page and "Galba" not in page
    assert "Arrius Antonius" not in page  # how each senator voted is never public
    do_publish_record(edict, actor=senate_umpire)
    page = client.get(reverse("senate:acta-display", args=[ad69.slug]), {"code": code}).content.decode()
    assert "Hidden edict" in page and "Not ratified by the Senate." in page
    assert client.get(reverse("senate:acta-display", args=[ad69.slug]), {"code": "wrong"}).status_code == 404


def test_the_acta_pdf_reads_back(ad69, senate_umpire, session, client):
    motion = do_count_motion(
        motion_voted(session, senate_umpire, text="Aulius Vitellius & his legions"), actor=senate_umpire
    )
    do_publish_record(motion, actor=senate_umpire)
    do_publish_record(galba_reigns(ad69, senate_umpire), actor=senate_umpire)
    do_count_motion(motion_voted(session, senate_umpire, text="Unpublished matter"), actor=senate_umpire)
    client.force_login(senate_umpire)
    response = client.get(reverse("senate:acta-pdf", args=[ad69.slug]))
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Acta Diurna" in text and "Aulius Vitellius & his legions" in text
    assert "Sercius Sulpicius Galba is proclaimed Emperor" in text
    assert "Unpublished matter" not in text


def vote_sheet_post(motion, votes):
    """What the console's vote sheet sends: a row for each senator, with his vote or none."""
    prefix = f"motion{motion.pk}"
    data = {f"{prefix}-TOTAL_FORMS": str(len(votes)), f"{prefix}-INITIAL_FORMS": str(len(votes))}
    for row, (senator, choice) in enumerate(votes):
        data |= {f"{prefix}-{row}-senator": str(senator.pk), f"{prefix}-{row}-choice": choice}
    return data


def test_the_senate_room_records_every_vote_from_one_form(ad69, senate_umpire, session, client):
    motion = do_table_motion(session, kind=Motion.Kind.OTHER, text="Games for Jupiter", actor=senate_umpire)
    senators = get_senators_present(ad69)
    client.force_login(senate_umpire)
    home = client.get(reverse("senate:home", args=[ad69.slug])).content.decode()
    assert "Games for Jupiter" in home and f'name="motion{motion.pk}-TOTAL_FORMS" value="{len(senators)}"' in home
    votes = [(senator, "aye") for senator in senators[:-1]] + [(senators[-1], "")]
    answer = client.post(reverse("senate:session-vote", args=[ad69.slug, motion.pk]), vote_sheet_post(motion, votes))
    assert answer.status_code == 302 and answer["Location"] == reverse("senate:home", args=[ad69.slug])
    assert Vote.objects.filter(motion=motion, choice="aye").count() == len(senators) - 1
    page = client.get(answer["Location"]).content.decode()
    assert f"{len(senators) - 1} vote(s) recorded or changed" in page
    assert f"So far: {len(senators) - 1} ayes, 0 nays, 0 abstaining" in page


def test_a_refused_vote_sheet_comes_back_as_typed_with_each_problem_beside_its_senator(
    ad69, senate_umpire, session, client
):
    motion = do_table_motion(session, kind=Motion.Kind.OTHER, text="Games for Jupiter", actor=senate_umpire)
    galba, vinius, celsus = (
        person(ad69, name) for name in ("Sercius Sulpicius Galba", "Titus Vinius", "Marius Celsus")
    )
    client.force_login(senate_umpire)
    sheet = vote_sheet_post(motion, [(vinius, "nay"), (galba, "aye"), (celsus, "abstain")])
    answer = client.post(reverse("senate:session-vote", args=[ad69.slug, motion.pk]), sheet)
    assert answer.status_code == 400
    page = answer.content.decode()
    galba_row = page[page.index('<th scope="row">Sercius Sulpicius Galba') :].split("</tr>")[0]
    assert "is not in the Senate room" in galba_row
    vinius_row = page[page.index('<th scope="row">Titus Vinius') :].split("</tr>")[0]
    assert 'value="nay" id="id_motion' in vinius_row and "checked" in vinius_row.split('value="nay"')[1].split(">")[0]
    assert not Vote.objects.exists()


def test_a_vote_sheet_with_a_choice_that_is_no_vote_is_refused(ad69, senate_umpire, session, client):
    motion = do_table_motion(session, kind=Motion.Kind.OTHER, text="Games for Jupiter", actor=senate_umpire)
    client.force_login(senate_umpire)
    sheet = vote_sheet_post(motion, [(person(ad69, "Titus Vinius"), "maybe")])
    answer = client.post(reverse("senate:session-vote", args=[ad69.slug, motion.pk]), sheet)
    assert answer.status_code == 400 and "maybe is not a vote: Aye, Nay or Abstain." in answer.content.decode()
    assert not Vote.objects.exists()


def test_a_vote_sheet_for_a_counted_motion_is_refused_above_its_rows(ad69, senate_umpire, session, client):
    motion = do_count_motion(motion_voted(session, senate_umpire), actor=senate_umpire)
    client.force_login(senate_umpire)
    sheet = vote_sheet_post(motion, [(person(ad69, "Titus Vinius"), "nay")])
    answer = client.post(reverse("senate:session-vote", args=[ad69.slug, motion.pk]), sheet)
    assert answer.status_code == 400 and "No vote may be cast or changed now" in answer.content.decode()
    assert not Vote.objects.filter(senator__name="Titus Vinius").exists()
    assert answer.content.decode().count("data-current-step") == 1
    assert f'action="/events/ad69/senate/motions/{motion.pk}/vote/" class="vote-sheet" data-current-step' in (
        answer.content.decode()
    )


def test_the_current_step_is_the_first_motion_still_to_count_then_the_last_result(ad69, senate_umpire, session, client):
    counted = do_count_motion(motion_voted(session, senate_umpire, text="First"), actor=senate_umpire)
    tabled = do_table_motion(session, kind=Motion.Kind.OTHER, text="Second", actor=senate_umpire)
    do_table_motion(session, kind=Motion.Kind.OTHER, text="Third", actor=senate_umpire)
    client.force_login(senate_umpire)
    page = client.get(reverse("senate:home", args=[ad69.slug])).content.decode()
    assert page.count("data-current-step") == 1
    assert f'motions/{tabled.pk}/vote/" class="vote-sheet" data-current-step' in page
    for motion in Motion.objects.filter(state=Motion.State.TABLED):
        do_count_motion(motion, tie_result="lost", tie_ruling="Nobody voted", actor=senate_umpire)
    page = client.get(reverse("senate:home", args=[ad69.slug])).content.decode()
    assert page.count("data-current-step") == 1 and f'id="motion-{counted.pk}" data-current-step' not in page
    assert 'id="motion-{}" data-current-step'.format(Motion.objects.order_by("pk").last().pk) in page


# ---- refused forms stay on the console (issue 30) ----------------------------------------------


def console_post(client, name, *args, data=None):
    action = reverse(name, args=args)
    return action, client.post(action, data or {})


def test_a_refused_motion_comes_back_as_typed_beside_its_field(ad69, senate_umpire, session, client):
    client.force_login(senate_umpire)
    edict = do_issue_edict(
        ad69, emperor=galba_reigns(ad69, senate_umpire).character, text="No donative", actor=senate_umpire
    )
    before = AuditEntry.objects.count()
    typed = {"kind": Motion.Kind.RATIFY, "text": "Ratify the donative", "edict": str(edict.pk + 99)}
    action, answer = console_post(client, "senate:session-motion", ad69.slug, session.pk, data=typed)
    form = refused_form(answer, action)
    beside(form, "edict", "Select a valid choice.")
    assert "Ratify the donative</textarea>" in form and 'id="motion_text"' in form
    assert not Motion.objects.exists() and AuditEntry.objects.count() == before


def test_a_refused_count_is_the_current_step_beside_its_tie_ruling(ad69, senate_umpire, session, client):
    motion = motion_voted(session, senate_umpire)
    client.force_login(senate_umpire)
    typed = {"tie_result": "lost", "tie_ruling": "Galba frowned"}
    action, answer = console_post(client, "senate:session-count", ad69.slug, motion.pk, data=typed)
    form = refused_form(answer, action)
    beside(form, "tie_result", "The vote is not tied (3 ayes, 2 nays, 0 abstaining): the count decides.")
    assert 'value="Galba frowned"' in form and f'id="count{motion.pk}_tie_ruling"' in form
    assert Motion.objects.get().state == Motion.State.TABLED


def test_the_projector_refused_to_the_senate_umpire_is_said_in_the_publish_form(ad69, senate_umpire, client):
    claim = galba_reigns(ad69, senate_umpire)
    client.force_login(senate_umpire)
    action, answer = console_post(
        client, "senate:session-publish", ad69.slug, "emperor", claim.pk, data={"to_projector": "on"}
    )
    assert "Only Control puts the Senate's news on the projector." in refused_form(answer, action)
    assert not Claimant.objects.get().is_published


def test_refused_edicts_and_claims_to_the_throne_come_back_beside_the_man_named(ad69, senate_umpire, client):
    galba = galba_reigns(ad69, senate_umpire).character
    otho = person(ad69, "Marcus Otho")
    client.force_login(senate_umpire)
    before = AuditEntry.objects.count()
    action, answer = console_post(
        client, "senate:session-edict", ad69.slug, data={"emperor": otho.pk, "text": "I rule."}
    )
    form = refused_form(answer, action)
    beside(form, "emperor", "Marcus Otho is not Emperor: only the Emperor issues edicts.")
    assert "I rule.</textarea>" in form
    action, answer = console_post(client, "senate:session-proclaim", ad69.slug, data={"character": galba.pk})
    beside(refused_form(answer, action), "character", "Sercius Sulpicius Galba is already Emperor.")
    action, answer = console_post(client, "senate:session-claim", ad69.slug, data={"character": galba.pk})
    form = refused_form(answer, action)
    beside(form, "character", "Sercius Sulpicius Galba already reigns.")
    assert 'id="claim_character"' in form and f'<option value="{galba.pk}" selected>' in form
    assert AuditEntry.objects.count() == before and not Edict.objects.exists()


def test_a_session_with_a_motion_tabled_refuses_to_close_at_its_button(ad69, senate_umpire, session, client):
    do_table_motion(session, kind=Motion.Kind.OTHER, text="Games for Jupiter", actor=senate_umpire)
    client.force_login(senate_umpire)
    action, answer = console_post(client, "senate:session-close", ad69.slug, session.pk)
    assert "Session: Count every motion before closing: 'Games for Jupiter' is still tabled." in refused_form(
        answer, action
    )
    assert Session.objects.get().is_open


def test_a_button_the_console_no_longer_shows_is_refused_in_a_message(ad69, senate_umpire, session, client):
    """Opened meanwhile, ended meanwhile: the console has no such button to put the refusal beside."""
    claim = galba_reigns(ad69, senate_umpire)
    do_end_claim(claim, actor=senate_umpire)
    client.force_login(senate_umpire)
    for answer, words in (
        (console_post(client, "senate:session-open", ad69.slug)[1], "The session of turn 1 is still open"),
        (console_post(client, "senate:session-end-claim", ad69.slug, claim.pk)[1], "That claim ended in turn 1."),
    ):
        page = answer.content.decode()
        assert answer.status_code == 400 and words in page and "data-current-step" not in page
    assert Session.objects.count() == 1


def test_a_region_umpire_reads_but_does_not_run_the_senate(ad69, session, make_umpire, client):
    client.force_login(make_umpire(ad69, Role.REGION, "Gaul"))
    assert client.get(reverse("senate:home", args=[ad69.slug])).status_code == 200
    assert client.post(reverse("senate:session-close", args=[ad69.slug, session.pk])).status_code == 404


def test_the_acta_reads_in_the_same_queries_however_much_is_published(
    ad69, senate_umpire, session, django_assert_max_num_queries
):
    def publish_a_round(text):
        do_publish_record(
            do_count_motion(motion_voted(session, senate_umpire, text=text), actor=senate_umpire), actor=senate_umpire
        )

    publish_a_round("First")
    with django_assert_max_num_queries(5) as first:
        get_acta(ad69)
    for text in ("Second", "Third", "Fourth"):
        publish_a_round(text)
    with django_assert_max_num_queries(len(first.captured_queries)):
        assert len(get_acta(ad69)) == 4


def test_the_console_and_the_acta_show_results_edicts_and_the_throne(ad69, senate_umpire, control, session, client):
    galba = galba_reigns(ad69, senate_umpire)
    edict = do_issue_edict(ad69, emperor=galba.character, text="No donative", actor=senate_umpire)
    motion = do_count_motion(
        motion_voted(session, senate_umpire, kind=Motion.Kind.RATIFY, text="Ratify it", edict=edict),
        actor=senate_umpire,
    )
    do_publish_record(motion, to_projector=True, actor=control)
    client.force_login(control)
    home = client.get(reverse("senate:home", args=[ad69.slug])).content.decode()
    assert "Ratified by the Senate" in home and "Carried: 3 ayes, 2 nays, 0 abstaining" in home
    assert "also on the projector" in home and "The mob" in home
    acta = client.get(reverse("senate:acta", args=[ad69.slug])).content.decode()
    assert "Motion carried: Ratify an edict: Ratify it" in acta and "No donative" not in acta
