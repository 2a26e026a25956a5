"""Tracking codes: short, read aloud across a noisy hall and typed on a tablet.

Six characters from an alphabet without the look-alikes (no 0/O, 1/I/L, U/V), shown in two
threes, as "KM7-4QX". 29⁶ codes, so a random one is free at once even with 100,000 letters.
"""

import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789"
LENGTH = 6
LOOK_ALIKES = {
    "0": "O or 0",
    "O": "O or 0",
    "1": "1, I or L",
    "I": "1, I or L",
    "L": "1, I or L",
    "U": "U or V",
    "V": "U or V",
}


def new_code():
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def shown(code):
    """ "KM74QX" as it is printed and read: "KM7-4QX"."""
    return f"{code[:3]}-{code[3:]}"


class BadCode(ValueError):
    """A typed code that cannot be any letter's, with the reason in words."""


def typed(text):
    """A code as typed or scanned: spaces, hyphens and case do not matter; anything else is named."""
    code = "".join(text.split()).replace("-", "").upper()
    if not code:
        raise BadCode("Type or scan the letter's tracking code, as KM7-4QX.")
    for character in code:
        if character in LOOK_ALIKES:
            raise BadCode(f"{text.strip()!r}: tracking codes have no {LOOK_ALIKES[character]}; read it again.")
        if character not in ALPHABET:
            raise BadCode(f"{text.strip()!r}: {character!r} is never in a tracking code.")
    if len(code) != LENGTH:
        raise BadCode(f"{text.strip()!r}: a tracking code has {LENGTH} characters, as KM7-4QX, not {len(code)}.")
    return code
