"""How large a figure the books hold. The AD69 Empire's provinces yield 1,425 talents a quarter
together (5,700 a year), so a million talents is the whole Empire's revenue for some 175 years: no
game comes near it, and any figure past it is a slip of the keyboard, refused by name before it
reaches a column (a 32-bit column overflows at 2,147,483,648)."""

from django.core.validators import MaxLengthValidator, MaxValueValidator, MinValueValidator

from umpire.models.character import MOST_TALENTS  # a fortune goes into a purse: one bound for both

# a reason or a purpose as the ledger and the record print it: a few lines of a page
MOST_REASON_CHARS = 1_000

talents_validators = [MaxValueValidator(MOST_TALENTS)]
signed_talents_validators = [MinValueValidator(-MOST_TALENTS), MaxValueValidator(MOST_TALENTS)]


def bounded_text(chars=MOST_REASON_CHARS):
    """A TextField's bound, checked by full_clean (a TextField's max_length alone binds only its forms)."""
    return {"max_length": chars, "validators": [MaxLengthValidator(chars)]}
