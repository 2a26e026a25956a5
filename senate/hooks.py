"""What Rome's mob notices at the end of every turn; registered with the clock in
SenateConfig.ready()."""

from .services.mob import record_corn_dole, record_spending_effects


def mob_spending(event, turn):
    """Bread and circuses bought by now move the mob (or wait for the umpire's word)."""
    record_spending_effects(event, turn)


def mob_corn_dole(event, turn):
    """A quarter ends with Rome's corn dole unpaid: the mob remembers it."""
    record_corn_dole(event, turn)
