"""The map: provinces, and the forces and fleets on it."""
from .forces import CostOwed, Fleet, Force, ForceTroops, Upgrade
from .ledger import Account, Posting, Transaction
from .province import Province
from .taxes import RevenueDisruption, TaxStatement

__all__ = ["Account", "CostOwed", "Fleet", "Force", "ForceTroops", "Posting", "Province", "RevenueDisruption",
           "TaxStatement", "Transaction", "Upgrade"]
