"""The procedures of this ruleset whose rules leave a point open, so take `options` (tests/rules/test_readings.py)."""

WITH_OPTIONS = {
    "theater_assignment",
    "carthaginian_raising",
    "commander_recall",
    "tribe_recovery",
    "roman_gallic_desertion",
    "city_changes_sides",
    "movement_attrition",
    "battle_modifiers",
    "lam_draw",
    "macedonian_war",
    "augury",
    "battle",
    "ns_construction",
}
