"""The map: provinces, and (in later issues) routes of march, forces and provincial money."""
