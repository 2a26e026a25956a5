"""Rome: senators, offices, motions and votes, the mob and the gods (the Senate issue)."""
