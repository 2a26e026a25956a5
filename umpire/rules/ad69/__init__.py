"""The AD69 megagame's rules (handbook VII to X), as pure procedures.

Importing this package registers every procedure in umpire.rules.registry.
"""
from . import forces  # noqa: F401
