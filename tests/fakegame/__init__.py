"""A tiny game for testing the referee without any real game: "countdown".

Players take 1–3 from a pile in seat order (one move = one turn with one or more `take` steps
adding up to at most 3). Whoever takes the last item scores 1. The game's own rules use the
HAR family grammar with a fake family name.

It is a whole game the way the product sees one: a package whose five role modules
(``rules``, ``referee``, ``position``, ``moves``, ``picture``) satisfy the protocols of
``scorer.core.roles`` (mypy would check them as it checks the real games), registered with
one line (``registry.GAME_MODULES["countdown"] = "tests.fakegame"``). Nothing else in the
core, the CLI or the web app needs to know it exists.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pile:
    players: tuple[str, ...]
    left: int
    seat: int = 0
    last: str | None = None
