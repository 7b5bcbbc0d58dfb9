"""The game registry: record ``game`` value → the game's GameRules object (imported lazily)."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from scorer.engine import GameRules

#: Game name → module that defines ``RULES``. Add one line per game.
GAME_MODULES: dict[str, str] = {
    "citrus": "scorer.games.citrus",
    "hacienda": "scorer.games.hacienda",
    "kuhfstein": "scorer.games.kuhfstein",
    "harmonies": "scorer.games.harmonies",
}


def game_names() -> tuple[str, ...]:
    """Every registered game, sorted."""
    return tuple(sorted(GAME_MODULES))


@cache
def get_rules(name: str) -> GameRules[Any]:
    """The rules of game ``name``. Raises KeyError for an unknown game."""
    module = importlib.import_module(GAME_MODULES[name])
    rules: GameRules[Any] = module.RULES
    return rules
