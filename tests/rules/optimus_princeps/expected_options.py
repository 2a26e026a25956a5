"""The procedures of this ruleset whose rules leave a point open, so take `options` (tests/rules/test_readings.py)."""

WITH_OPTIONS = {
    "battle",
    "attrition",
    "supply",
    "invasion",
    "siege_action",
    "disengagement",
    "assault",
    "sortie",
    "sacking",
    "harvest",
    "rally",
    "action_points",
    "stratagem",
    "pop",
    "seasonal_event",
    "spend_ap",
    "coronation",
    "dacian_control",
    "barbarian_tactic",
    "siege_declare",
}
