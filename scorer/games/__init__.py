"""One package per game; each exposes RULES (a GameRules object)."""
