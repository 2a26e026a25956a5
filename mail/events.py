"""The post's typed events; sent with umpire.events.publish_on_commit to Control and to the
tables a letter is at or bound for (never to the whole event: who writes to whom is secret),
and to a player's own group when a letter is handed to him."""

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class LetterMoved:
    """A letter took a step: posted, picked up, left, arrived, delivered, forwarded, returned,
    lost or intercepted."""

    type: ClassVar[str] = "letter.moved"
    step: str
    letter_id: int
    code: str
    state: str


@dataclass(frozen=True)
class LettersArrived:
    """Simulated transit: the turn's letters reached this table's tray together."""

    type: ClassVar[str] = "letters.arrived"
    table_id: int
    count: int
    turn: int


@dataclass(frozen=True)
class LetterHandedOver:
    """A letter was handed to this player: his mailbox page looks again.

    It goes to his own group alone and says nothing of the letter (no code, sender or table):
    his page shows what it may when it looks again.
    """

    type: ClassVar[str] = "mailbox.letter_handed_over"


@dataclass(frozen=True)
class MailboxesIssued:
    """Control issued or reissued the codes of many players at once: the mailboxes page looks again.

    It goes to Control alone and carries no code, only how many: the codes are keys to players' letters.
    """

    type: ClassVar[str] = "mailboxes.issued"
    table_id: int | None  # the table whose players it was; None: every table
    issued: int  # first codes
    reissued: int  # codes replaced, the old ones opening nothing now
