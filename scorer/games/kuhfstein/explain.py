"""``scorer explain`` for Kuhfstein: one item per played card, per tree and for the scoring
tile; the items of a player add up to each category of the score sheet."""

from __future__ import annotations

from collections.abc import Iterable

from scorer.core.values import ScoreItem
from scorer.core.words import noun, plural
from scorer.games.kuhfstein.scoring import chosen_tile
from scorer.games.kuhfstein.state import KINDS, Board, Card, Cell, ScoringTile, State
from scorer.grid.regions import connected_groups
from scorer.grid.squaregrid import orthogonal


def _yx(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return tuple(sorted(cells, key=lambda c: (c[1], c[0])))


def _at(cells: Iterable[Cell]) -> str:
    return ", ".join(f"[{x},{y}]" for x, y in cells)


def _card_items(state: State, name: str, board: Board) -> list[ScoreItem]:
    if not board.played and board.card_points:
        return [
            ScoreItem(
                name,
                "cards",
                board.card_points,
                "KUH-POS-9",
                "card points (track score minus trees; cards not listed)",
                board=name,
            )
        ]
    items = []
    for k, cid in enumerate(board.played):
        card = state.comp.cards.get(cid)
        points = card.points if card is not None else 0
        cells = board.played_at[k] if k < len(board.played_at) else ()
        items.append(
            ScoreItem(
                name, "cards", points, "KUH-PLAY-4", _card_text(cid, card, cells), _yx(cells), name
            )
        )
    return items


def _card_text(cid: str, card: Card | None, cells: tuple[Cell, ...]) -> str:
    """``card C3: 1 cow placed on [0,-2] lake; back cell [0,-3] (no cow)``: which covered
    cells got a cow when the card was played (its face cells) and which only a tile back."""
    if card is None:
        return f"card {cid}"
    if len(cells) != len(card.cells):  # a position names the cards played, not where
        return f"card {cid} ({plural(card.n_faces, 'cow')}; where it lies is not recorded)"
    faces = [
        (cell, face) for (_, _, face), cell in zip(card.cells, cells, strict=True) if face != "back"
    ]
    backs = [cell for (_, _, face), cell in zip(card.cells, cells, strict=True) if face == "back"]
    text = f"card {cid}: {plural(len(faces), 'cow')} placed on " + ", ".join(
        f"[{x},{y}] {face}" for (x, y), face in faces
    )
    if backs:
        text += f"; back {noun(len(backs), 'cell')} {_at(backs)} (no cow)"
    return text


def _tree_items(name: str, board: Board) -> list[ScoreItem]:
    items = []
    for x, y in board.trees:
        cells = ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))
        kinds = sorted({board.tiles.get(c, "?") for c in cells})
        what = f"4 × {kinds[0]}" if len(kinds) == 1 else "4 different kinds"
        items.append(
            ScoreItem(
                name,
                "trees",
                5,
                "KUH-TREE-4",
                f"tree on square [{x},{y}] ({what})",
                _yx(cells),
                name,
            )
        )
    return items


def _condition_cells(board: Board, tile: ScoringTile) -> tuple[Cell, ...]:
    """The cells a condition counts (its kind, its largest group, the cows, all tiles); none
    for a condition about something else than cells (cards played)."""
    ctype, kind = tile.ctype, tile.kind
    if ctype in ("kind_count_at_least", "kind_majority"):
        return _yx(c for c, k in board.tiles.items() if k == kind)
    if ctype == "largest_group_at_least":
        largest = _largest_group(board, kind)
        return _yx(largest)
    if ctype == "cows_on_landscape_at_least":
        return _yx(board.cows)
    if ctype == "trees_at_least":
        return _yx({(x + dx, y + dy) for x, y in board.trees for dx in (0, 1) for dy in (0, 1)})
    if ctype in ("tiles_at_least", "each_kind_at_least"):
        return _yx(board.tiles)
    return ()  # cards_played_at_least counts cards, and a custom condition is not evaluated


def _largest_group(board: Board, kind: str) -> frozenset[Cell]:
    cells = sorted(c for c, k in board.tiles.items() if k == kind)
    return max(connected_groups(cells, orthogonal), key=len, default=frozenset())


def _count(board: Board, kind: str) -> int:
    return sum(1 for k in board.tiles.values() if k == kind)


def _progress(state: State, index: int, tile: ScoringTile) -> str:
    """What the condition counts on this landscape now (``3 cards played``)."""
    board, ctype, kind = state.boards[index], tile.ctype, tile.kind
    if ctype == "kind_count_at_least":
        return plural(_count(board, kind), f"{kind} tile")
    if ctype == "kind_majority":
        others = ", ".join(
            f"{n} {_count(b, kind)}"
            for i, (n, b) in enumerate(zip(state.names, state.boards, strict=True))
            if i != index
        )
        return f"{plural(_count(board, kind), f'{kind} tile')}; {others}"
    if ctype == "largest_group_at_least":
        return f"largest {kind} group {len(_largest_group(board, kind))}"
    if ctype == "cows_on_landscape_at_least":
        return f"{plural(len(board.cows), 'cow')} in the landscape"
    if ctype == "trees_at_least":
        return plural(len(board.trees), "tree")
    if ctype == "each_kind_at_least":
        fewest = min(KINDS, key=lambda k: _count(board, k))
        return f"fewest {plural(_count(board, fewest), f'{fewest} tile')}"
    if ctype == "tiles_at_least":
        return plural(len(board.tiles), "tile")
    if ctype == "cards_played_at_least":
        return f"{plural(len(board.played), 'card')} played"
    return "custom condition, scored from the reveal"


def explain(state: State) -> list[ScoreItem]:
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
        items.append(
            ScoreItem(
                name,
                "scoring_tile",
                tile.points if met else 0,
                "KUH-FINAL-3",
                f"scoring tile {tid}: {tile.text} ({status}: "
                f"{_progress(state, i, tile)}; {revealed})",
                _condition_cells(board, tile),
                name,
            )
        )
    return items
