"""The AD69 megagame's rules (handbook VII to X), as pure procedures.

Importing this package registers every procedure in umpire.rules.registry.
"""

from . import forces  # noqa: F401
from . import siege  # noqa: E402,F401
from . import legions  # noqa: E402,F401
from . import money  # noqa: E402,F401
from . import consumption  # noqa: E402,F401
from . import weather  # noqa: E402,F401
from . import sea  # noqa: E402,F401
from . import fleets  # noqa: E402,F401
from . import movement  # noqa: E402,F401
from . import battle  # noqa: E402,F401
