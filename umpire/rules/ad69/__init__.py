"""The AD69 megagame's rules (handbook VII to X), as pure procedures.

Importing this package registers every procedure in umpire.rules.registry.
"""

from . import (
    battle,  # noqa: E402,F401
    consumption,  # noqa: E402,F401
    fleets,  # noqa: E402,F401
    forces,  # noqa: F401
    legions,  # noqa: E402,F401
    money,  # noqa: E402,F401
    movement,  # noqa: E402,F401
    sea,  # noqa: E402,F401
    siege,  # noqa: E402,F401
    weather,  # noqa: E402,F401
)
