"""The maps' typed events; sent with umpire.events.publish_on_commit."""

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class ProjectorMapSwitched:
    """Control let the projector show the map, or took it off. Told to the event's public group, which the
    projector hears: its page shows or hides the map's link, and a map left open goes dark."""

    type: ClassVar[str] = "map.projector"
    shown: bool
