"""A blank Citrus position (the Positions role's ``blank_position``): the board of a game about
to start, with the chosen names; no tile built, no market, nothing claimed.

The score track stands at 0 with no breakdown: whatever a person sets the track to is the
score (a breakdown, when written, must add up to the track: CIT-POS-10)."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.core.blank import check_names, seated
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
    from scorer.games.citrus import moves, position, referee

    check_names(players, PLAYER_COUNTS)
    record: Json = seated(moves.simulate(len(players), 0, dict(options)), players)
    doc = position.export_position(referee.initial_state(record), record)
    for key in IN_PLAY:
        doc.pop(key, None)
    states = doc.get("player_state")
    if isinstance(states, dict):
        for state in states.values():
            state.pop("breakdown", None)
    doc["variant"] = dict(record.get("variant", {}))
    doc.pop("meta", None)
    return doc
