"""``scorer explain`` for Kuhfstein: one item per played card, per tree and for the scoring
tile; the items of a player add up to each category of the score sheet."""

from __future__ import annotations

from collections.abc import Iterable

from scorer.engine import ScoreItem
from scorer.games.kuhfstein.scoring import chosen_tile
from scorer.games.kuhfstein.state import Board, Cell, KState, ScoringTile
from scorer.grid.regions import connected_groups
from scorer.grid.squaregrid import orthogonal


def _yx(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return tuple(sorted(cells, key=lambda c: (c[1], c[0])))


def _card_items(state: KState, name: str, board: Board) -> list[ScoreItem]:
    if not board.played and board.card_points:
        return [ScoreItem(name, "cards", board.card_points, "KUH-POS-9",
                          "card points (track score minus trees; cards not listed)",
                          board=name)]
    items = []
    for k, cid in enumerate(board.played):
        card = state.comp.cards.get(cid)
        points = card.points if card is not None else 0
        cells = board.played_at[k] if k < len(board.played_at) else ()
        cows = card.n_faces if card is not None else 0
        items.append(ScoreItem(name, "cards", points, "KUH-PLAY-4",
                               f"card {cid} ({cows} cow{'s' if cows != 1 else ''})",
                               _yx(cells), name))
    return items


def _tree_items(name: str, board: Board) -> list[ScoreItem]:
    items = []
    for x, y in board.trees:
        cells = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
        kinds = sorted({board.tiles.get(c, "?") for c in cells})
        what = f"4 × {kinds[0]}" if len(kinds) == 1 else "4 different kinds"
        items.append(ScoreItem(name, "trees", 5, "KUH-TREE-4",
                               f"tree on square [{x},{y}] ({what})", _yx(cells), name))
    return items


def _condition_cells(board: Board, tile: ScoringTile) -> tuple[Cell, ...]:
    """The cells a condition counts (its kind, its largest group, the cows, all tiles)."""
    ctype, kind = tile.ctype, tile.kind
    if ctype in ("kind_count_at_least", "kind_majority"):
        return _yx(c for c, k in board.tiles.items() if k == kind)
    if ctype == "largest_group_at_least":
        cells = sorted(c for c, k in board.tiles.items() if k == kind)
        groups = connected_groups(cells, orthogonal)
        if not groups:
            return ()
        largest: frozenset[Cell] = max(groups, key=len)
        return _yx(largest)
    if ctype == "cows_on_landscape_at_least":
        return _yx(board.cows)
    if ctype == "trees_at_least":
        return _yx({(x + dx, y + dy) for x, y in board.trees for dx in (0, 1) for dy in (0, 1)})
    if ctype in ("tiles_at_least", "each_kind_at_least"):
        return _yx(board.tiles)
    if ctype == "cards_played_at_least":
        return _yx({c for cells in board.played_at for c in cells})
    return ()


def explain(state: KState) -> list[ScoreItem]:
    """Every scoring item of ``score(state)``."""
    items: list[ScoreItem] = []
    for i, (name, board) in enumerate(zip(state.names, state.boards, strict=True)):
        items += _card_items(state, name, board)
        items += _tree_items(name, board)
        tid, met = chosen_tile(state, i)
        if tid is None:
            continue
        tile = state.comp.scoring_tiles[tid]
        status = "met" if met else "not met"
        revealed = "revealed" if board.revealed is not None else "best dealt tile so far"
        items.append(ScoreItem(name, "scoring_tile", tile.points if met else 0, "KUH-FINAL-3",
                               f"scoring tile {tid}: {tile.text} ({status}; {revealed})",
                               _condition_cells(board, tile), name))
    return items
