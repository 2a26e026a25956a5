"""The map's typed events; sent with umpire.events.publish_on_commit."""
from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True)
class ForceChanged:
    """A legion, detachment or host was raised, upgraded, moved, split, merged or carried."""

    type: ClassVar[str] = "force.changed"
    action: str
    force_id: int
    name: str


@dataclass(frozen=True)
class FleetChanged:
    """A fleet was damaged, repaired, stripped of its marines, or set to bridge a strait."""

    type: ClassVar[str] = "fleet.changed"
    action: str
    fleet_id: int
    name: str


@dataclass(frozen=True)
class LedgerChanged:
    """Money moved: a transaction was posted or reversed. `balances` are the new balances of
    the accounts it touched, as dicts of account_id, name and talents."""

    type: ClassVar[str] = "ledger.changed"
    action: str
    transaction_id: int
    why: str
    shipment: bool
    balances: list
