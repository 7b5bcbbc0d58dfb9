"""Harmonies's mutators of a position's boards (section 12.2: HAR-POS-6/7/10/11,
HAR-SCORE-7): a colour beyond what the pouch holds, a card with more cubes than its track, a
fifth incomplete card, two cards' cubes written as one board-level list, and a board with
cards but no tokens; with the helpers that find the cube cells and the habitats that fit.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.games.harmonies.board import (
    COLOURS,
    SIDE_CELLS,
    TOKEN_COUNTS,
    TRACKS,
    matching_rotations,
)
from scorer.games.harmonies.cards import SPIRIT_DATA
from tests.harmonies.mutants.where import Record, _boards, _incomplete, _pick, _position_cards


# ---- positions (section 12.2) ------------------------------------------------------------------
def _colour_beyond_pouch(doc: Record, rng: random.Random) -> bool:
    """HAR-POS-6: on one board, single-token cells of other colours written as one colour, as
    few as make the boards hold one token more of it than the game has (a colour misread
    throughout one board). Cells carrying a cube are left alone when others will do."""
    boards = _boards(doc)
    if not boards:
        return False
    counts = dict.fromkeys(COLOURS, 0)
    for _, board in boards:
        for entry in board.get("cells", []):
            for colour in entry["tokens"]:
                counts[colour] += 1
    options = []
    for name, board in boards:
        cubed = _cube_cells(board)
        for colour in COLOURS:
            need = TOKEN_COUNTS[colour] - counts[colour] + 1
            singles = [
                e
                for e in board.get("cells", [])
                if len(e["tokens"]) == 1 and e["tokens"][0] != colour
            ]
            singles.sort(key=lambda e: tuple(e["cell"]) in cubed)
            if 0 < need <= len(singles):
                options.append((need, name, colour, singles))
    if not options:
        return False
    fewest = min(o[0] for o in options)
    need, _, colour, singles = _pick(rng, [o for o in options if o[0] == fewest])
    for entry in singles[:need]:
        entry["tokens"] = [colour]
    return True


def _cube_cells(board: dict[str, Any]) -> set[tuple[int, int]]:
    cells = {(c[0], c[1]) for e in board.get("cards", []) for c in e.get("cubes", [])}
    spirit = board.get("spirit") or {}
    if spirit.get("cube") is not None:
        cells.add((spirit["cube"][0], spirit["cube"][1]))
    return cells


def _cube_beyond_track(doc: Record, rng: random.Random) -> bool:
    """HAR-POS-7: a card that lists more cubes than its track has spaces: a completed card
    given one more cube (on a cell of the board that carries none), or a card with three or
    more cubes written as an unused card whose track has two."""
    boards = _boards(doc)
    used = _position_cards(doc)
    short = sorted(c for c, t in TRACKS.items() if len(t) == 2 and c not in used)
    options: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _, board in boards:
        for entry in board.get("cards", []):
            cubes = entry.get("cubes")
            if cubes is None:
                continue
            if len(cubes) >= len(TRACKS.get(entry["card"], ())) or (len(cubes) > 2 and short):
                options.append((board, entry))
    if not options:
        return False
    board, entry = _pick(rng, options)
    if len(entry["cubes"]) > 2 and short and rng.random() < 0.5:
        entry["card"] = _pick(rng, short)
        return True
    if len(entry["cubes"]) < len(TRACKS.get(entry["card"], ())):
        entry["card"] = _pick(rng, short)
        return True
    side = str((doc.get("variant") or {}).get("board_side", "A"))
    free = [list(c) for c in SIDE_CELLS.get(side, ()) if c not in _cube_cells(board)]
    filled = {tuple(e["cell"]) for e in board.get("cells", [])}
    free.sort(key=lambda c: tuple(c) not in filled)
    if not free:
        return False
    entry["cubes"].append(_pick(rng, free[: max(1, len(filled))]))
    return True


def _fifth_incomplete_card(doc: Record, rng: random.Random) -> bool:
    """HAR-POS-10: a board that holds 4 incomplete cards given one more: an unused Animal card
    with no cube placed, or (its spirit cube placed) the spirit cube taken back onto the card."""
    used = _position_cards(doc)
    unused = sorted(c for c in TRACKS if c not in used)
    options = [b for _, b in _boards(doc) if _incomplete(b) == 4]
    if not options:
        return False
    board = _pick(rng, options)
    spirit = board.get("spirit")
    if spirit is not None and spirit.get("cube") is not None and rng.random() < 0.5:
        spirit["cube"] = None
        return True
    if not unused:
        return False
    board.setdefault("cards", []).append({"card": _pick(rng, unused), "cubes": []})
    return True


def _cubes_without_cards(doc: Record, rng: random.Random) -> bool:
    """HAR-SCORE-7 (a warning): the cubes of two cards of a board written as one board-level
    ``cubes`` list without the card each came from (12.1 allows it). The two are picked where
    a cube of one card lies where the habitat of the other (an Animal card with room on its
    track, or the chosen spirit card whose cube is still on it) can have been present too, so
    the assignments differ in score; without such a pair, all the board's cards."""
    side = str((doc.get("variant") or {}).get("board_side", "A"))
    pairs: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any] | None]] = []
    whole: list[dict[str, Any]] = []
    for _, board in _boards(doc):
        if "cubes" in board:
            continue
        cards = [e for e in board.get("cards", []) if "cubes" in e]
        if len(cards) >= 2 and any(e["cubes"] for e in cards):
            whole.append(board)
        stacks = {(e["cell"][0], e["cell"][1]): tuple(e["tokens"]) for e in board.get("cells", [])}
        spirit = board.get("spirit")
        for a in cards:
            for cube in a["cubes"]:
                cell = (cube[0], cube[1])
                for b in cards:
                    room = len(b["cubes"]) < len(TRACKS.get(b["card"], ()))
                    if b is not a and room and _fits(side, b["card"], cell, stacks):
                        pairs.append((board, a, b))
                if (
                    spirit is not None
                    and spirit.get("card") in SPIRIT_DATA
                    and spirit.get("cube", 0) is None
                    and _fits(side, spirit["card"], cell, stacks)
                ):
                    pairs.append((board, a, None))
    if pairs:
        board, a, b = _pick(rng, pairs)
        listed = [*a.pop("cubes"), *(b.pop("cubes") if b is not None else ())]
        if b is None:
            del board["spirit"]["cube"]
        board["cubes"] = listed
        return True
    if not whole:
        return False
    board = _pick(rng, whole)
    listed = []
    for entry in board["cards"]:
        listed.extend(entry.pop("cubes", []))
    board["cubes"] = listed
    return True


def _fits(side: str, card: str, cell: tuple[int, int], stacks: dict[Any, Any]) -> bool:
    """The habitat of ``card`` can have been present around ``cell`` (12.2, HAR-POS-9)."""
    return bool(matching_rotations(side, card, cell, stacks, prefix=True))


def _board_without_tokens(doc: Record, rng: random.Random) -> bool:
    """HAR-POS-11: the cells of a board that holds Animal cards (or a chosen spirit card) left
    out, as if the player had not played yet."""
    options = [
        b
        for _, b in _boards(doc)
        if b.get("cells") and (b.get("cards") or (b.get("spirit") or {}).get("card"))
    ]
    if not options:
        return False
    del _pick(rng, options)["cells"]
    return True
