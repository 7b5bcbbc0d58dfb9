"""The component data of a Kuhfstein record or position, for fingerprints and event profiles.

Component data (spec 9, 13.2, 14.1) is the printed material: the card definitions
(``cards``), the scoring-tile definitions (``scoring_tiles``) and the bonus track
(``track``). Everything else in ``setup`` is dealt or drawn (displays, hands, dealt scoring
tiles, deck and tile orders, and ``tile_counts``, which follows from the tiles removed at
random for 2 or 3 players) or follows from the player count (``trees``).

Values: a card as written (the fingerprint is of the data as written), but an event profile
accepts the same card turned or with its cells in another order, as the spec compares cards
with a catalog (9.3); a scoring tile by points and condition (its ``text`` is
informational); the track by space. A record may define only the cards and tiles it uses
(9.1), so the event's set need only contain the record's.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from scorer.core.cache import by_repeated_content
from scorer.core.components import Components, child, fingerprinted, keyed
from scorer.games.kuhfstein.state import ROTATIONS, turned

Cells = tuple[tuple[int, int, str], ...]


def component_data(doc: Any) -> Components:
    """The parts of a schema-valid record (``setup``) or position (``components``)."""
    base = "/setup" if "setup" in doc else "/components"
    data = doc.get("setup") or doc.get("components") or {}
    return _parts(base, data.get("cards", {}), data.get("scoring_tiles", {}), data.get("track", {}))


@by_repeated_content
def _parts(base: str, cards: Any, tiles: Any, track_form: Any) -> Components:
    """Built once per content (:func:`~scorer.core.cache.by_repeated_content`): the records
    of a batch with the same cards, tiles and track share these parts (read-only) and their
    fingerprint from the second record on; a record with a deck of its own (simulated) holds
    its parts alone, and they hold its cards as written."""
    track = track_form.get("bonus_spaces", [])
    return fingerprinted(
        {
            "cards": keyed(
                child(base, "cards"),
                cards,
                child(base, "cards"),
                complete=False,
                same=same_card,
            ),
            "scoring_tiles": keyed(
                child(base, "scoring_tiles"),
                {
                    tid: {"points": tile["points"], "condition": tile["condition"]}
                    for tid, tile in tiles.items()
                },
                child(base, "scoring_tiles"),
                complete=False,
            ),
            "track": keyed(
                child(base, "track"),
                {str(space["space"]): {"bonus": space["bonus"]} for space in track},
                {
                    str(space["space"]): child(base, "track", "bonus_spaces", k)
                    for k, space in enumerate(track)
                },
            ),
        }
    )


def same_card(found: Any, expected: Any) -> bool:
    """The same card up to rotation and the order of its cells (spec 9.3)."""
    return bool(
        found.get("points") == expected.get("points")
        and _canonical(_cells(found)) == _canonical(_cells(expected))
    )


def _cells(card: Any) -> Cells:
    return tuple((c["x"], c["y"], c["face"]) for c in card.get("cells", ()))


@lru_cache(maxsize=256)
def _canonical(cells: Cells) -> Cells:
    """Translate to min 0, sort, the smallest of the four rotations (spec 9.3)."""
    if not cells:
        return ()
    forms = []
    for degrees in ROTATIONS:
        turn = turned(cells, degrees)
        mx = min(c[0] for c in turn)
        my = min(c[1] for c in turn)
        forms.append(tuple(sorted((x - mx, y - my, f) for x, y, f in turn)))
    return min(forms)
