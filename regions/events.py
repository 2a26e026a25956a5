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


@dataclass(frozen=True)
class StatementChanged:
    """Tax statements were drawn up, or one was confirmed, or its bills were paid."""

    type: ClassVar[str] = "statement.changed"
    action: str
    turn: int
    statement_id: int | None
    province: str


@dataclass(frozen=True)
class TroopsUnpaid:
    """VIII. RAISING TROOPS: units of this table whose upkeep went unpaid in tax turn `turn`."""

    type: ClassVar[str] = "troops.unpaid"
    turn: int
    region_id: int
    bills: list


@dataclass(frozen=True)
class SpendingChanged:
    """Bread and circuses: something was bought, a corn dole paid, or a build finished."""

    type: ClassVar[str] = "spending.changed"
    action: str
    spending_id: int
    item: str
    province: str
    talents: int


@dataclass(frozen=True)
class RebellionTest:
    """VII. Loot: a town was looted, so the Region Control umpire must test for rebellion in
    its province."""

    type: ClassVar[str] = "rebellion.test"
    province_id: int
    province: str
    town: str
    force: str
    procedure_run_id: int


@dataclass(frozen=True)
class BribeOffered:
    """VIII. Bribery: a bribe was offered to a force. Who paid and how much stay on the pages,
    which only those who may see them can open."""

    type: ClassVar[str] = "bribe.offered"
    bribe_id: int
    force_id: int
    force: str
    turn: int


@dataclass(frozen=True)
class MapChanged:
    """Control added, edited or removed a map point or a route, or imported a map file. The map's geography
    is public (the projector may draw it), so it goes to every umpire and the event's public group; what stands
    on it is told by the forces' and fleets' own events. `what` is "map_point", "map_route" or "map"."""

    type: ClassVar[str] = "map.changed"
    action: str
    what: str
    record_id: int
    label: str
