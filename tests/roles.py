"""The five roles of a game in one record, for tests that exercise a game from every side.

The product never bundles them (each consumer asks the registry for the one role it uses);
a test that simulates, replays, scores and draws one game names each role it calls:
``GAME.moves.simulate(...)``, ``GAME.referee.apply(...)``, ``GAME.pictures.explain(...)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from scorer.core.roles import (
    CATALOGUE,
    MOVES,
    PICTURES,
    POSITIONS,
    REFEREE,
    Catalogue,
    Moves,
    Pictures,
    Positions,
    Referee,
)
from scorer.core.values import Record
from scorer.referee.replay import Replay, replay
from scorer.registry import get


@dataclass(frozen=True, slots=True)
class GameRoles:
    """A game's role modules (or, for the fake game of the referee's tests, one object)."""

    catalogue: Catalogue
    referee: Referee[Any]
    positions: Positions[Any]
    moves: Moves[Any]
    pictures: Pictures[Any]


@cache
def roles_of(game: str) -> GameRoles:
    """Every role of a registered game."""
    return GameRoles(
        get(game, CATALOGUE),
        get(game, REFEREE),
        get(game, POSITIONS),
        get(game, MOVES),
        get(game, PICTURES),
    )


def replay_game(
    game: GameRoles, record: Record, upto: int | None = None, keep_going: bool = False
) -> Replay:
    """``replay`` with the game's generator for the alternatives of a rejected step, as the
    referee runs it."""
    return replay(game.referee, record, upto, keep_going, moves=lambda: game.moves)
