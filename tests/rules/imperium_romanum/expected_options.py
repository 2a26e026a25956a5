"""The procedures of this ruleset whose rules leave a point open, so take `options` (tests/rules/test_readings.py)."""

WITH_OPTIONS = {
    "activation_mug",
    "activation",
    "land_movement_cost",
    "land_combat",
    "land_combat_odds",
    "naval_attrition",
    "naval_combat",
    "naval_combat_odds",
    "supply_limits",
    "supply_purchase",
    "taxation",
    "morale_halving",
    "fortification",
    "corn_consumption",
    "veteran_upgrade",
    "blockade",
    "corn_defection",
    "bribe",
}
