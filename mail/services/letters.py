"""VI. COMMUNICATIONS, (i) Letters, step by step: posted in the tray of the writer's table,
picked up and left by couriers (or in simulated transit), handed out at its table by that
table's umpire alone, forwarded "when the addressee has moved on", returned, or lost or
intercepted by an umpire's ruling. Each service is one transaction, and one step in the
letter's history, the audit and the live news."""

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from regions.models import Force, Province
from umpire.events import character_group, publish_on_commit
from umpire.models import Character, Event, Region
from umpire.selectors import get_tables_kept
from umpire.services.audit import Actor

from ..codes import BadCode, new_code, typed
from ..events import LetterHandedOver
from ..models import Letter, LetterStep, StationeryCode
from ..models.letter import Office
from ..selectors import get_post_scope, holder_of, whereabouts
from .post import game_date, send_on, stepping, take_step

Step = LetterStep.What


# ---- posting --------------------------------------------------------------------------------


def do_post_letter(
    table: Region,
    *,
    sender: Character,
    destination: Region,
    addressee: Character | None = None,
    office: str = "",
    office_province: Province | None = None,
    office_legion: Force | None = None,
    written_turn: int | None = None,
    contents: str = "",
    code: str = "",
    actor: Actor,
) -> Letter:
    """ "Letters should be placed in the Region's post tray ... Make sure that the intended
    recipient is clearly identified by name and destination and the letter dated." The sender
    posts at the table he is at; `code` is the tracking code of a printed slip, or "" for a new
    one; `written_turn` is the date he wrote on it (this turn if not given)."""
    with transaction.atomic():
        turn, _ = game_date(table.event)
        check_sender(table, sender)
        check_addressee(table.event, addressee, office, office_province, office_legion)
        check_destination(table.event, destination)
        letter = Letter(
            event=table.event,
            code=slip_code(table.event, code),
            sender=sender,
            addressee=addressee,
            office=office,
            office_province=office_province,
            office_legion=office_legion,
            origin=table,
            destination=destination,
            written_turn=written_turn or turn,
            contents=contents.strip(),
            moved_at=timezone.now(),
        )
        send_on(letter, from_table=table, to_table=destination, turn=turn)
        letter.full_clean()
        letter.save()
        take_step(letter, Step.POSTED, actor=actor, table=table)
    return letter


def check_sender(table: Region, sender: Character) -> None:
    if sender.event_id != table.event_id:
        raise ValidationError({"sender": f"{sender} belongs to another event."})
    if sender.location_id != table.pk:
        raise ValidationError(
            {
                "sender": f"{sender} is not at the {table} table: a letter goes into the tray "
                "of the table its writer is at."
            }
        )


def check_addressee(
    event: Event, addressee: Character | None, office: str, province: Province | None, legion: Force | None
) -> None:
    """A character, or an office (a province's governor or procurator, a legion's legate)."""
    if bool(addressee) == bool(office):
        raise ValidationError({"addressee": "Address the letter to a character or to an office, one of the two."})
    if addressee is not None and addressee.event_id != event.pk:
        raise ValidationError({"addressee": f"{addressee} belongs to another event."})
    if office and office not in Office.values:
        raise ValidationError({"office": f"{office!r} is not an office a letter goes to."})
    if office in (Office.GOVERNOR, Office.PROCURATOR) and (province is None or province.event_id != event.pk):
        raise ValidationError({"office_province": f"Name the province of {Office(office).label}."})
    if office == Office.LEGATE and (legion is None or legion.event_id != event.pk):
        raise ValidationError({"office_legion": "Name the legion of the Legate."})


def check_destination(event: Event, destination: Region) -> None:
    if destination.event_id != event.pk:
        raise ValidationError({"destination": f"{destination} is not a table of this event."})


def slip_code(event: Event, code: str) -> str:
    """The printed slip's code, if it is one of this event's and unused; else a fresh code."""
    if not code:
        return free_code(event)
    try:
        code = typed(code)
    except BadCode as refusal:
        raise ValidationError({"code": str(refusal)}) from refusal
    if not StationeryCode.objects.filter(event=event, code=code).exists():
        raise ValidationError({"code": f"{code[:3]}-{code[3:]} was never printed on this event's slips."})
    if Letter.objects.filter(event=event, code=code).exists():
        raise ValidationError({"code": f"{code[:3]}-{code[3:]} is already on another letter: use a new slip."})
    return code


def free_code(event: Event) -> str:
    while True:
        code = new_code()
        taken = (
            Letter.objects.filter(event=event, code=code).exists()
            or StationeryCode.objects.filter(event=event, code=code).exists()
        )
        if not taken:
            return code


# ---- couriers -------------------------------------------------------------------------------


def do_pick_up_letters(
    letters: Iterable[Letter], *, table: Region, courier: Character | None = None, runner: str = "", actor: Actor
) -> None:
    """A player setting out, or a runner, takes letters from this table's tray: the hand-over is
    recorded as it happens. Each must be in this tray."""
    check_carrier(table, courier, runner)
    with transaction.atomic():
        for letter in letters:
            with stepping(letter, states=(Letter.State.IN_TRAY,), doing="picked up") as letter:
                check_in_tray(letter, table)
                letter.state, letter.at_table, letter.courier, letter.runner = (
                    Letter.State.CARRIED,
                    None,
                    courier,
                    runner.strip(),
                )
                take_step(letter, Step.PICKED_UP, actor=actor, table=table, courier=courier, runner=runner.strip())


def check_carrier(table: Region, courier: Character | None, runner: str) -> None:
    if bool(courier) == bool(runner.strip()):
        raise ValidationError({"courier": "Name the courier: a player at the table, or a runner."})
    if courier is not None and courier.location_id != table.pk:
        raise ValidationError({"courier": f"{courier} is not at the {table} table."})


def check_in_tray(letter: Letter, table: Region) -> None:
    if letter.at_table_id != table.pk:
        raise ValidationError({"letter": f"{letter.shown_code} is in the {letter.at_table} tray, not this one."})


def do_leave_letters(letters: Iterable[Letter], *, table: Region, actor: Actor) -> None:
    """A courier reaches this table and hands over what he carries for it; a letter bound further
    waits in this tray for the next courier on. A runner is sent to one table: he leaves a letter at
    its destination only. The table's own umpire takes them into its tray."""
    check_table_umpire(table, actor, doing="takes letters into its tray")
    with transaction.atomic():
        for letter in letters:
            with stepping(letter, states=(Letter.State.CARRIED,), doing="left here") as letter:
                check_runner_bound_here(letter, table)
                courier, runner = letter.courier, letter.runner
                arrived = letter.destination_id == table.pk
                letter.state = Letter.State.ARRIVED if arrived else Letter.State.IN_TRAY
                letter.at_table, letter.courier, letter.runner = table, None, ""
                take_step(
                    letter,
                    Step.ARRIVED if arrived else Step.LEFT,
                    actor=actor,
                    table=table,
                    courier=courier,
                    runner=runner,
                )


def check_runner_bound_here(letter: Letter, table: Region) -> None:
    if letter.runner and letter.destination_id != table.pk:
        raise ValidationError(
            {
                "letter": f"{letter.shown_code} is bound for the {letter.destination} table: its runner, "
                f"{letter.runner}, leaves it there, not at the {table} table."
            }
        )


# ---- at its table ---------------------------------------------------------------------------


def do_deliver_letter(letter: Letter, *, actor: Actor) -> Letter:
    """ "Only the Region's Area Umpire will ensure that mail is distributed on his or her table":
    handed to its recipient, who must be at the table. An office's letter goes to whoever holds
    the office now."""
    with stepping(letter, states=(Letter.State.ARRIVED,), doing="handed out") as letter:
        check_table_umpire(tray_of(letter), actor)
        recipient = recipient_of(letter)
        if recipient.location_id != letter.at_table_id:
            raise ValidationError(
                {"letter": f"{recipient} is not at this table ({whereabouts(recipient)}): forward the letter to him."}
            )
        letter.state, letter.delivered_to = Letter.State.DELIVERED, recipient
        take_step(letter, Step.DELIVERED, actor=actor, table=letter.at_table, to_character=recipient)
        publish_on_commit([character_group(recipient.pk)], LetterHandedOver())
    return letter


def tray_of(letter: Letter) -> Region:
    """The table an arrived letter waits at."""
    assert letter.at_table is not None  # stepping: an arrived letter is in its table's tray
    return letter.at_table


def check_table_umpire(table: Region, actor: Actor, *, doing: str = "hands out its letters") -> None:
    """Only an umpire seated at this very table hands out its mail: not Control, not another table's."""
    if table.pk not in get_tables_kept(actor, table.event):
        raise ValidationError({"letter": f"Only the {table} table's umpire {doing}."})


def recipient_of(letter: Letter) -> Character:
    """The character it goes to now: its addressee, the holder of its office, or (returning) its sender."""
    if letter.recipient is not None:
        return letter.recipient
    holder = holder_of(letter)
    if holder is None:
        raise ValidationError({"letter": f"{letter.addressed_to} is vacant: return the letter to its sender."})
    return holder


def where_now(character: Character) -> Region | None:
    """The table a letter should go to for him: where he is, or where he is going."""
    if character.died_turn is not None:
        return None
    return character.location or character.travelling_to


def do_forward_letter(letter: Letter, *, actor: Actor) -> Letter:
    """ ""Note that a player may no longer be in the stated destination - an effort will be made
    to forward mail!": sent on from this table to where its recipient is now, with the extra
    time that takes."""
    with stepping(letter, states=(Letter.State.ARRIVED,), doing="forwarded") as letter:
        check_table_umpire(tray_of(letter), actor)
        recipient = recipient_of(letter)
        there = where_now(recipient)
        if there is None:
            raise ValidationError(
                {
                    "letter": f"{recipient} cannot be reached ({whereabouts(recipient)}): "
                    "return the letter to its sender."
                }
            )
        if there.pk == letter.at_table_id:
            raise ValidationError({"letter": f"{recipient} is here: hand the letter out."})
        here = tray_of(letter)
        send_on(letter, from_table=here, to_table=there, turn=game_date(letter.event)[0])
        take_step(
            letter,
            Step.FORWARDED,
            actor=actor,
            table=here,
            to_table=there,
            note=f"to {recipient}, {whereabouts(recipient)}",
        )
    return letter


def do_return_letter(letter: Letter, *, reason: str, actor: Actor) -> Letter:
    """Back to its sender, wherever he is now, when it cannot be delivered."""
    if not reason.strip():
        raise ValidationError({"reason": "Say why the letter goes back: the sender will ask."})
    with stepping(letter, states=(Letter.State.ARRIVED,), doing="returned") as letter:
        check_table_umpire(tray_of(letter), actor)
        if letter.returning:
            raise ValidationError({"letter": f"{letter.shown_code} is already on its way back to {letter.sender}."})
        there = where_now(letter.sender)
        if there is None:
            raise ValidationError(
                {
                    "letter": f"{letter.sender} cannot be reached ({whereabouts(letter.sender)}): "
                    "the letter is lost, by your ruling."
                }
            )
        here = tray_of(letter)
        letter.returning = True
        send_on(letter, from_table=here, to_table=there, turn=game_date(letter.event)[0])
        take_step(letter, Step.RETURNED, actor=actor, table=here, to_table=there, note=reason.strip())
    return letter


# ---- an umpire's ruling ---------------------------------------------------------------------

RULINGS = {"lost": (Letter.State.LOST, Step.LOST), "intercepted": (Letter.State.INTERCEPTED, Step.INTERCEPTED)}


def do_rule_letter(letter: Letter, *, ruling: str, reason: str, actor: Actor) -> Letter:
    """A letter lost on the road, or intercepted: an umpire's ruling, with his reason. The
    letter's journey ends there."""
    if ruling not in RULINGS:
        raise ValidationError({"ruling": f"{ruling!r} is not a ruling on a letter: lost or intercepted."})
    if not reason.strip():
        raise ValidationError({"reason": "Give the reason for the ruling: it stays on the letter's record."})
    with stepping(letter, states=Letter.MOVING, doing=ruling) as letter:
        table = letter.at_table
        letter.state, letter.at_table, letter.courier, letter.runner = RULINGS[ruling][0], None, None, ""
        take_step(letter, RULINGS[ruling][1], actor=actor, table=table, note=reason.strip())
    return letter


def do_settle_letter(letter: Letter, *, table: Region, reason: str, actor: Actor) -> Letter:
    """A letter stuck in a carrier's hand (a courier gone from the game, a runner who never came
    back) is put by Control into a table's tray as if its carrier had left it there: its destination's
    to hand out, or back in the post from another's (its sender's, say) towards its destination."""
    if not reason.strip():
        raise ValidationError({"reason": "Say why the letter is taken from its carrier: it stays on its record."})
    check_control(letter.event, actor)
    with stepping(letter, states=(Letter.State.CARRIED,), doing="taken from a carrier's hand") as letter:
        if table.event_id != letter.event_id:
            raise ValidationError({"table": f"{table} is not a table of this event."})
        courier, runner = letter.courier, letter.runner
        send_on(letter, from_table=table, to_table=letter.destination, turn=game_date(letter.event)[0])
        take_step(letter, Step.SETTLED, actor=actor, table=table, courier=courier, runner=runner, note=reason.strip())
    return letter


def check_control(event: Event, actor: Actor) -> None:
    if actor is None or not get_post_scope(actor, event).everything:
        raise ValidationError({"letter": "Only Control takes a letter from its carrier's hand."})
