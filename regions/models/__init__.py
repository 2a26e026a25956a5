"""The map: provinces, the forces and fleets on it, and the money that pays for them."""

from .forces import CostOwed, Fleet, Force, ForceTroops, Upgrade
from .ledger import Account, Posting, Transaction
from .map import MapPoint, MapRoute
from .province import Province
from .spending import Bribe, Spending, Venue
from .taxes import Bill, RevenueDisruption, TaxStatement

__all__ = [
    "Account",
    "Bill",
    "Bribe",
    "CostOwed",
    "Fleet",
    "Force",
    "ForceTroops",
    "MapPoint",
    "MapRoute",
    "Posting",
    "Province",
    "RevenueDisruption",
    "Spending",
    "TaxStatement",
    "Transaction",
    "Upgrade",
    "Venue",
]
