"""The game registry: a game's name → its package, and each role of it imported on demand.

``get(game, REFEREE)`` imports the one module of the game that plays the role (see
:mod:`scorer.core.roles`) and nothing else, so ``scorer --help`` and ``scorer rules`` never
import a game's rules. A fifth game is one package and one line in ``GAME_MODULES``.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TypeVar, cast

from scorer.core.roles import Role

R = TypeVar("R")

#: Game name → its package. Add one line per game.
GAME_MODULES: dict[str, str] = {
    "citrus": "scorer.games.citrus",
    "hacienda": "scorer.games.hacienda",
    "kuhfstein": "scorer.games.kuhfstein",
    "harmonies": "scorer.games.harmonies",
}


def game_names() -> tuple[str, ...]:
    """Every registered game, sorted."""
    return tuple(sorted(GAME_MODULES))


def get(game: str, role: Role[R]) -> R:
    """The module of ``game`` that plays ``role``. Raises KeyError for an unknown game."""
    return cast(R, role_module(GAME_MODULES[game], role.module))


@cache
def role_module(package: str, name: str) -> object:
    """The module ``package.name``, imported once."""
    return importlib.import_module(f"{package}.{name}")
