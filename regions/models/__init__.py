"""The map: provinces, and the forces and fleets on it."""
from .forces import CostOwed, Fleet, Force, ForceTroops, Upgrade
from .province import Province

__all__ = ["CostOwed", "Fleet", "Force", "ForceTroops", "Province", "Upgrade"]
