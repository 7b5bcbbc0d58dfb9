"""A state to draw while a board is being entered, even when the position is impossible.

The checks refuse to build a state for some impossible positions (a region away from every
building, a landscape in two parts), yet the editor must keep showing the board. In order:

1. the state the checks built (most games build one for most impossible positions);
2. the game's own ``draft_state(doc)`` (Positions role), where it builds one;
3. the position without the pieces the error findings name: each error whose pointer passes
   through a list item (``/regions/3/cells/0`` → ``/regions/3``) has that item left out, and
   the game builds a state from what is left, or its draft state of what is left; when what
   is left has errors of its own, their pieces are left out too (``ROUNDS`` at most).

The picture of case 3 lacks those pieces; the page says so, and the findings still mark their
cells. Nothing here is used for scoring.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from scorer.core.findings import Finding
from scorer.core.pointer import split
from scorer.core.values import VerifyResult

#: Rounds of leaving pieces out: what is left may name other pieces (a region left out leaves
#: a bare space), and the game's draft may draw what is left after a round.
ROUNDS = 3


def _item_path(doc: Any, pointer: str) -> tuple[list[Any], int] | None:
    """The deepest list item the pointer passes through: (the list, the index)."""
    try:
        parts = split(pointer)
    except ValueError:
        return None
    node, found = doc, None
    for part in parts:
        if isinstance(node, list):
            if not part.isdigit() or int(part) >= len(node):
                break
            found = (node, int(part))
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            break
    return found


def _leave_out(doc: Any, findings: Sequence[Finding]) -> int:
    """Remove the list items named by the errors among ``findings``; returns how many."""
    targets: dict[int, tuple[list[Any], set[int]]] = {}
    for finding in findings:
        if not finding.is_error or not finding.pointer:
            continue
        hit = _item_path(doc, finding.pointer)
        if hit is not None:
            targets.setdefault(id(hit[0]), (hit[0], set()))[1].add(hit[1])
    for items, indexes in targets.values():
        for index in sorted(indexes, reverse=True):
            del items[index]
    return sum(len(i) for _, i in targets.values())


def _draft(positions: Any, doc: Any) -> object | None:
    try:
        state: object | None = positions.draft_state(doc)
    except Exception:  # a draft of a half-entered position may break any assumption
        return None
    return state


def drawable(doc: Any, result: VerifyResult) -> tuple[object | None, int]:
    """A state to draw ``doc`` with, and how many pieces it leaves out."""
    from scorer.core.roles import POSITIONS
    from scorer.registry import get

    if result.state is not None or result.game is None or result.status != "impossible":
        return result.state, 0
    positions = get(result.game, POSITIONS)
    state = _draft(positions, doc)
    if state is not None:
        return state, 0
    work = copy.deepcopy({k: v for k, v in doc.items() if k != "meta"})  # meta: free-form
    findings: Sequence[Finding] = result.findings
    dropped = 0
    for _ in range(ROUNDS):
        left_out = _leave_out(work, findings)
        if not left_out:
            break
        dropped += left_out
        try:
            loaded = positions.load_position(work)
        except Exception:  # the position without those pieces may break any check's assumption
            return None, 0
        state = loaded.state if loaded.state is not None else _draft(positions, work)
        if state is not None:
            return state, dropped
        findings = loaded.findings
    return None, 0
