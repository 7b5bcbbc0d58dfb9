"""``draft_state``: a state to draw a Citrus position with while it is being entered, where
the checks build none.

The web app's editor takes a landscape tile off the board when a plantation is put on its
space; when that plantation is then left out of the picture (a region away from every finca,
CIT-POS-3), the space is bare and the position cannot be loaded at all (CIT-POS-9). Here the
tiles printed on a shipped board come back on every bare space of theirs, and the position is
loaded again. Nothing here is used for scoring.
"""

from __future__ import annotations

from typing import Any

from scorer.games.citrus.data import LANDSCAPES
from scorer.games.citrus.state import State


def _covered(doc: dict[str, Any]) -> set[tuple[int, int]]:
    cells = {(c[0], c[1]) for r in doc.get("regions", []) for c in r.get("cells", [])}
    cells |= {(t["at"][0], t["at"][1]) for t in doc.get("landscape", [])}
    return cells | {(b[0], b[1]) for b in doc.get("bulls", [])}


def draft_state(doc: Any) -> State | None:
    """The state of ``doc`` with the printed landscape tiles back on their bare spaces, or
    None (not a shipped board, nothing bare, or still impossible)."""
    from scorer.games.citrus.position import load_position

    board = doc.get("board") if isinstance(doc, dict) else None
    if not isinstance(board, str) or board not in LANDSCAPES:
        return None
    if not isinstance(doc.get("landscape", []), list):
        return None
    try:
        covered = _covered(doc)
    except (TypeError, KeyError, IndexError, AttributeError):
        return None
    bare = [e for e in LANDSCAPES[board] if (e["at"][0], e["at"][1]) not in covered]
    if not bare:
        return None
    work = dict(doc)
    work["landscape"] = [*doc.get("landscape", []), *(e for e in bare if e["type"] != "bull")]
    work["bulls"] = [*doc.get("bulls", []), *(e["at"] for e in bare if e["type"] == "bull")]
    return load_position(work).state
