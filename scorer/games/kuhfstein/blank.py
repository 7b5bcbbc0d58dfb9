"""A blank Kuhfstein position (the Positions role's ``blank_position``): the empty landscapes of
a game about to start, with the chosen names; no tile placed, no card in hand, nothing claimed."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.blank import check_names, seated
from scorer.core.values import Json
from scorer.games.kuhfstein.rules import PLAYER_COUNTS

#: Members of an exported position that describe a game in progress (the table's display).
IN_PLAY = ("table",)


def blank_position(players: Sequence[str], options: Json) -> dict[str, object]:
    """The set-up of a game of ``players`` with the variant ``options``, as a position
    document. Raises ValueError for options the set-up refuses."""
    from scorer.games.kuhfstein import moves, position, referee

    check_names(players, PLAYER_COUNTS)
    record: Json = seated(moves.simulate(len(players), 0, dict(options)), players)
    doc = position.export_position(referee.initial_state(record), record)
    for key in IN_PLAY:
        doc.pop(key, None)
    boards = doc.get("boards", {})
    if isinstance(boards, dict):
        for board in boards.values():
            board.pop("hand", None)
    doc["variant"] = dict(record.get("variant", {}))
    doc.pop("meta", None)
    return doc
