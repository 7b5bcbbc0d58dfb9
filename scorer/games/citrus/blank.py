"""A blank Citrus position (the Positions role's ``blank_position``): the board of a game about
to start, with the chosen names; no tile built, no market, nothing claimed."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.blank import check_names, renamed
from scorer.core.values import Json
from scorer.games.citrus.rules import PLAYER_COUNTS

#: Members of an exported position that describe a game in progress (market, bag, decks,
#: whose turn, passes).
IN_PLAY = (
    "market",
    "bag",
    "last_refill_complete",
    "building_site_deck",
    "finca_deck_size",
    "to_move",
    "passes",
)


def blank_position(players: Sequence[str], options: Json) -> dict[str, object]:
    """The set-up of a game of ``players`` with the variant ``options`` (``board`` may name a
    shipped board), as a position document. Raises ValueError for options the set-up
    refuses."""
    from scorer.games.citrus.position import export_position
    from scorer.games.citrus.setup import initial_state
    from scorer.games.citrus.simulate import simulate

    check_names(players, PLAYER_COUNTS)
    record = simulate(len(players), 0, dict(options))
    doc = renamed(export_position(initial_state(record), record), record, players)
    for key in IN_PLAY:
        doc.pop(key, None)
    doc["variant"] = dict(record.get("variant", {}))
    doc.pop("meta", None)
    return doc
