"""A blank Harmonies position (the Positions role's ``blank_position``): the boards of a game
about to start, with the chosen names; nothing placed, no card taken, nothing claimed."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.blank import check_names, seated
from scorer.core.values import Json
from scorer.games.harmonies.rules import PLAYER_COUNTS
from scorer.games.harmonies.state import DEFAULT_OPTIONS


def blank_position(players: Sequence[str], options: Json) -> dict[str, object]:
    """The set-up of a game of ``players`` with the variant ``options`` (defaults for the rest;
    ``side`` may name the board side), as a position document. Raises ValueError for options
    the set-up refuses."""
    from scorer.games.harmonies import moves, position, referee

    check_names(players, PLAYER_COUNTS)
    record: Json = seated(moves.simulate(len(players), 0, {**DEFAULT_OPTIONS, **options}), players)
    doc = position.export_position(referee.initial_state(record), record)
    doc["variant"] = {k: v for k, v in options.items() if k not in ("map", "board")}
    doc.pop("meta", None)
    return doc
