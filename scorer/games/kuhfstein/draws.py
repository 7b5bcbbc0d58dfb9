"""The draws of a turn and the exchanges that draw: tiles from the supply (KUH-REFILL-4), cards
from the deck (KUH-REFILL-3), both in the recorded order if any (KUH-REFILL-6), and the tile
and card exchanges (KUH-TILE-1/3, KUH-TAKE-1/2). Refills (events.py) and the step handlers
(actions.py) draw through these; they write the turn's ``TurnDraft``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scorer.core.errors import PathPart, RuleViolation
from scorer.core.words import plural
from scorer.games.kuhfstein.state import KIND_INDEX, KIND_SET, KINDS, TurnDraft
from scorer.games.kuhfstein.steps import Exchange, PlaceTileStep, TakeCardStep

Path = tuple[PathPart, ...]


def draw_tiles(
    draft: TurnDraft, entries: Sequence[str], path: Path, want: int, rule: str, at: Path
) -> None:
    """Draw ``entries`` from the tile supply into the display (checks in spec order);
    ``at`` is where a wrong count is reported."""
    if not entries and not want:
        return
    left = draft.tiles_left
    counts = list(draft.kind_left) if draft.kind_left is not None else None
    for k, kind in enumerate(entries):
        i = KIND_INDEX.get(kind)  # None: not a landscape kind (the keys are KIND_SET)
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
    follow_order(draft.tile_order, draft.tile_pos, entries, path, "tile", repr)
    _check_count(entries, want, "tile", rule, at)
    draft.tiles_left = left
    if counts is not None:
        draft.kind_left = tuple(counts)
    draft.tile_pos += len(entries)
    draft.tile_display = (*draft.tile_display, *entries)


def _check_count(entries: Sequence[str], want: int, noun: str, rule: str, at: Path) -> None:
    """``rule``: as many tiles or cards drawn as the display and the supply call for."""
    if len(entries) != want:
        raise RuleViolation(
            rule,
            f"{plural(len(entries), noun)} drawn, {want} expected",
            at,
            {"expected": want, "found": len(entries)},
        )


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
    if order is None:
        return
    for k, drawn in enumerate(entries):  # each entry read in place: no slice of the order
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


def draw_cards(
    draft: TurnDraft, entries: Sequence[str], path: Path, want: int, rule: str, at: Path
) -> None:
    """Draw ``entries`` from the deck into the card display (checks in spec order)."""
    if not entries and not want:
        return
    cards, seen = draft.comp.cards, draft.seen
    for k, cid in enumerate(entries):
        # KUH-REFILL-3: defined and never seen before
        if cid not in cards or cid in seen or cid in entries[:k]:
            why = "is not defined" if cid not in cards else "has been seen before"
            raise RuleViolation(
                "KUH-REFILL-3", f"drawn card {cid} {why}", (*path, k), {"found": cid}
            )
    follow_order(draft.card_order, draft.card_pos, entries, path, "card", str)
    _check_count(entries, want, "card", rule, at)
    draft.seen = seen.union(entries)
    draft.card_pos += len(entries)
    draft.card_display = (*draft.card_display, *entries)


def exchanges(step: PlaceTileStep | TakeCardStep) -> list[tuple[Exchange, Path]]:
    """The exchanges of a ``swap`` field with their paths (single object or list form)."""
    swap = step.get("swap")
    if swap is None:
        return []
    if isinstance(swap, list):
        return [(ex, ("swap", e)) for e, ex in enumerate(swap)]
    return [(swap, ("swap",))]


def check_swap_count(
    draft: TurnDraft, step: PlaceTileStep | TakeCardStep, base: Path, rule: str
) -> None:
    """``rule`` (KUH-TILE-2, KUH-TAKE-4): at most ``max_swaps_per_action`` exchanges."""
    swap = step.get("swap")
    limit = draft.opts.max_swaps_per_action
    if isinstance(swap, list) and len(swap) > limit:
        raise RuleViolation(
            rule,
            f"{plural(len(swap), 'exchange')} in one action; at most {limit}",
            (*base, "swap", limit),
            {"expected": limit, "found": len(swap)},
        )


def swap_tiles(draft: TurnDraft, ex: Exchange, path: Path) -> None:
    """A tile exchange: the display goes, as many tiles (or 5) are drawn (KUH-TILE-1/3)."""
    removed = draft.tile_display
    # KUH-TILE-1: 4 or 5 tiles of one kind in the display
    if not any(removed.count(k) >= 4 for k in set(removed)):
        raise RuleViolation(
            "KUH-TILE-1",
            "a tile exchange needs 4 tiles of one kind in the "
            f"display ({', '.join(removed) or 'empty'})",
            path,
            {"found": list(removed)},
        )
    draft.tile_display = ()
    opts = draft.opts
    want = min(len(removed) if opts.tile_swap_draw == "same" else 5, draft.tiles_left)
    # KUH-REFILL-4, KUH-REFILL-6, then KUH-TILE-3 (the number drawn)
    draw_tiles(draft, ex["drawn"], (*path, "drawn"), want, "KUH-TILE-3", (*path, "drawn"))
    if opts.swap_discard == "return":
        draft.tiles_left += len(removed)
        if draft.kind_left is not None:
            draft.kind_left = tuple(
                n + removed.count(kind) for kind, n in zip(KINDS, draft.kind_left, strict=True)
            )


def swap_cards(draft: TurnDraft, ex: Exchange, path: Path) -> None:
    """A card exchange: the display leaves the game, as many cards are drawn (KUH-TAKE-1/2)."""
    removed = draft.card_display
    cards = draft.comp.cards
    full = draft.opts.card_swap_needs_full_display
    common = set.intersection(*(set(cards[c].face_kinds) for c in removed)) if removed else set()
    # KUH-TAKE-1: a (full) display sharing one face kind on every card
    if not removed or (full and len(removed) < 4) or not common:
        why = (
            "the display is empty"
            if not removed
            else f"the display holds {plural(len(removed), 'card')}, not 4"
            if full and len(removed) < 4
            else "no landscape kind appears on every displayed card"
        )
        raise RuleViolation(
            "KUH-TAKE-1", f"card exchange not allowed: {why}", path, {"found": list(removed)}
        )
    draft.card_display = ()
    draft.cards_out = draft.cards_out.extend(removed)
    want = min(len(removed), draft.deck_left)
    # KUH-REFILL-3, KUH-REFILL-6, then KUH-TAKE-2 (the number drawn)
    draw_cards(draft, ex["drawn"], (*path, "drawn"), want, "KUH-TAKE-2", (*path, "drawn"))
