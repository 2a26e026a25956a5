"""The post: each event's post office and its posting times, the letters and their history."""

from .letter import Letter, LetterStep
from .office import Mailbox, PostingTime, PostOffice, StationeryCode

__all__ = ["Letter", "LetterStep", "Mailbox", "PostingTime", "PostOffice", "StationeryCode"]
