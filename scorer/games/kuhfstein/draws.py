"""The draws of a turn and the exchanges that draw: tiles from the supply (KUH-REFILL-4), cards
from the deck (KUH-REFILL-3), both in the recorded order if any (KUH-REFILL-6), and the tile
and card exchanges (KUH-TILE-1/3, KUH-TAKE-1/2). Refills (events.py) and the step handlers
(actions.py) draw through these; they work on the turn's ``Draft`` and its notes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorer.core.errors import PathPart, RuleViolation
from scorer.core.persist import Draft
from scorer.core.words import plural
from scorer.games.kuhfstein.state import KIND_INDEX, KIND_SET, State

Path = tuple[PathPart, ...]


def draw_tiles(
    draft: Draft[State], entries: Sequence[str], path: Path, want: int, rule: str, at: Path
) -> None:
    """Draw ``entries`` from the tile supply into the display (checks in spec order);
    ``at`` is where a wrong count is reported."""
    if not entries and not want:
        return
    notes = draft.turn
    left = notes["tiles_left"]
    counts = notes["counts"]
    index = KIND_INDEX
    for k, kind in enumerate(entries):
        i = index.get(kind)  # None: not a landscape kind (the keys are KIND_SET)
        # KUH-REFILL-4: a landscape kind still in the supply
        if i is None or left <= 0 or (counts is not None and counts[i] <= 0):
            why = (
                "is not a landscape kind"
                if kind not in KIND_SET
                else "cannot be drawn: the supply is empty"
                if left <= 0
                else "cannot be drawn: none of that kind is left in the supply"
            )
            raise RuleViolation(
                "KUH-REFILL-4",
                f"drawn tile {kind!r} {why}",
                (*path, k),
                {"found": kind, "tiles_left": left},
            )
        left -= 1
        if counts is not None:
            counts[i] -= 1
    order = draft.base.tile_order
    pos0 = notes["tile_pos"]
    follow_order(order, pos0, entries, path, "tile", repr)
    if len(entries) != want:
        raise RuleViolation(
            rule,
            f"{plural(len(entries), 'tile')} drawn, {want} expected",
            at,
            {"expected": want, "found": len(entries)},
        )
    notes["tiles_left"] = left
    notes["tile_pos"] = pos0 + len(entries)
    notes["display"].extend(entries)


def follow_order(
    order: Sequence[str] | None,
    pos0: int,
    entries: Sequence[str],
    path: Path,
    noun: str,
    show: Callable[[object], str],
) -> None:
    """KUH-REFILL-6: ``entries``, drawn from position ``pos0`` on, follow the setup's
    ``tile_order`` / ``card_order`` (``noun``: tile or card; ``show`` names a value)."""
    if order is None or tuple(order[pos0 : pos0 + len(entries)]) == tuple(entries):
        return
    for k, drawn in enumerate(entries):
        # KUH-REFILL-6: draws follow setup.tile_order / setup.card_order
        pos = pos0 + k
        if pos >= len(order) or order[pos] != drawn:
            expected = order[pos] if pos < len(order) else None
            raise RuleViolation(
                "KUH-REFILL-6",
                f"drawn {noun} {show(drawn)} is not the next {noun} of {noun}_order "
                f"({show(expected)})",
                (*path, k),
                {"expected": expected, "found": drawn},
            )


def deck_left(draft: Draft[State]) -> int:
    """Cards left in the deck so far."""
    return draft.base.deck_left - len(draft.turn["drawn"])


def draw_cards(
    draft: Draft[State], entries: Sequence[str], path: Path, want: int, rule: str, at: Path
) -> None:
    """Draw ``entries`` from the deck into the card display (checks in spec order)."""
    if not entries and not want:
        return
    base = draft.base
    cards, before = base.comp.cards, base.seen
    notes = draft.turn
    drawn: list[str] = notes["drawn"]
    for k, cid in enumerate(entries):
        # KUH-REFILL-3: defined and never seen before (``seen`` inlined: a call less a card)
        if cid not in cards or cid in before or cid in drawn or cid in entries[:k]:
            why = "is not defined" if cid not in cards else "has been seen before"
            raise RuleViolation(
                "KUH-REFILL-3", f"drawn card {cid} {why}", (*path, k), {"found": cid}
            )
    order = base.card_order
    pos0 = notes["card_pos"]
    follow_order(order, pos0, entries, path, "card", str)
    if len(entries) != want:
        raise RuleViolation(
            rule,
            f"{plural(len(entries), 'card')} drawn, {want} expected",
            at,
            {"expected": want, "found": len(entries)},
        )
    drawn.extend(entries)
    notes["card_pos"] = pos0 + len(entries)
    notes["cards"].extend(entries)


def swap_tiles(draft: Draft[State], ex: Mapping[str, Any], path: Path) -> None:
    """A tile exchange: the display goes, as many tiles (or 5) are drawn (KUH-TILE-1/3)."""
    display: list[str] = draft.turn["display"]
    # KUH-TILE-1: 4 or 5 tiles of one kind in the display
    if not any(display.count(k) >= 4 for k in set(display)):
        raise RuleViolation(
            "KUH-TILE-1",
            "a tile exchange needs 4 tiles of one kind in the "
            f"display ({', '.join(display) or 'empty'})",
            path,
            {"found": list(display)},
        )
    removed = list(display)
    display.clear()
    opts = draft.base.opts
    notes = draft.turn
    want = min(len(removed) if opts.tile_swap_draw == "same" else 5, notes["tiles_left"])
    # KUH-REFILL-4, KUH-REFILL-6, then KUH-TILE-3 (the number drawn)
    draw_tiles(draft, ex["drawn"], (*path, "drawn"), want, "KUH-TILE-3", (*path, "drawn"))
    if opts.swap_discard == "return":
        notes["tiles_left"] += len(removed)
        counts = notes["counts"]
        if counts is not None:
            for k in removed:
                counts[KIND_INDEX[k]] += 1


def swap_cards(draft: Draft[State], ex: Mapping[str, Any], path: Path) -> None:
    """A card exchange: the display leaves the game, as many cards are drawn (KUH-TAKE-1/2)."""
    display: list[str] = draft.turn["cards"]
    cards = draft.base.comp.cards
    full = draft.base.opts.card_swap_needs_full_display
    common = set.intersection(*(set(cards[c].face_kinds) for c in display)) if display else set()
    # KUH-TAKE-1: a (full) display sharing one face kind on every card
    if not display or (full and len(display) < 4) or not common:
        why = (
            "the display is empty"
            if not display
            else f"the display holds {plural(len(display), 'card')}, not 4"
            if full and len(display) < 4
            else "no landscape kind appears on every displayed card"
        )
        raise RuleViolation(
            "KUH-TAKE-1", f"card exchange not allowed: {why}", path, {"found": list(display)}
        )
    removed = list(display)
    display.clear()
    draft["cards_out"] = draft["cards_out"].extend(removed)
    want = min(len(removed), deck_left(draft))
    # KUH-REFILL-3, KUH-REFILL-6, then KUH-TAKE-2 (the number drawn)
    draw_cards(draft, ex["drawn"], (*path, "drawn"), want, "KUH-TAKE-2", (*path, "drawn"))
