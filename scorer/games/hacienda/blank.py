"""A blank Hacienda position (the Positions role's ``blank_position``): the map of a game about
to start, with the chosen names; no card played, nothing claimed."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.blank import check_names, seated
from scorer.core.values import Json
from scorer.games.hacienda.rules import PLAYER_COUNTS

#: Members of an exported position that describe a game in progress (hands, piles, whose turn).
IN_PLAY = ("play",)


def blank_position(players: Sequence[str], options: Json) -> dict[str, object]:
    """The set-up of a game of ``players`` with the variant ``options`` (``map`` may name a
    shipped map), as a position document. Raises ValueError for options the set-up refuses."""
    from scorer.games.hacienda import moves, position, referee

    check_names(players, PLAYER_COUNTS)
    record: Json = seated(moves.simulate(len(players), 0, dict(options)), players)
    doc = position.export_position(referee.initial_state(record), record)
    for key in IN_PLAY:
        doc.pop(key, None)
    doc["variant"] = dict(record.get("variant", {}))
    doc.pop("meta", None)
    return doc
