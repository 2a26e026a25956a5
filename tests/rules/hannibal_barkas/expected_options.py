"""The procedures of this ruleset whose rules leave a point open, so take `options` (tests/rules/test_readings.py)."""

WITH_OPTIONS = {
    "battle",
    "battle_vp",
    "naval_battle",
    "city_garrison",
    "assault",
    "siege_declare",
    "siege_stage",
    "alliance_change",
    "hiero_dies",
    "gallic_attitude",
    "gallic_resistance",
    "economy_phase",
    "cut_off_city",
    "devastate",
    "devastation_in_economy",
    "dictatorship",
    "consul_draw",
    "port_resupply",
}
