"""The only code that writes. Each service runs in one transaction, writes its
audit entry and publishes its event after commit: do_<verb>_<noun>(..., *, actor)."""
