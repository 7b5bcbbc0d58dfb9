"""Kuhfstein's mutators of what a play turn puts on or takes off a board (KUH-TREE-4 … 6,
KUH-PLAY-1/2/4/5, KUH-HERD-2, KUH-POS-6): trees on mixed or used squares or when none is
left, cards played that are not held, at a bad rotation, on a mismatching face or on a cow,
herds returned not whole, and a position's tree sharing a tile with another.
"""

from __future__ import annotations

import random

from scorer.games.kuhfstein.state import ROTATIONS
from scorer.grid.regions import group_of
from scorer.grid.squaregrid import orthogonal
from tests.kuhfstein.mutants.where import Doc, _is_record, _pick, _steps, _walk


def tree_on_mixed_square(doc: Doc, rng: random.Random) -> bool:
    """KUH-TREE-4: a tree claimed on a complete square holding the tile just placed, of 2 or 3
    different kinds."""
    return _tree(doc, rng, "mixed")


def tree_on_used_square(doc: Doc, rng: random.Random) -> bool:
    """KUH-TREE-5: a tree claimed on a complete square of 4 equal or 4 different kinds that
    holds the tile just placed and a tile already serving a tree."""
    return _tree(doc, rng, "used")


def tree_when_none_left(doc: Doc, rng: random.Random) -> bool:
    """KUH-TREE-6: a tree claimed on a fresh valid square after every tree has been taken."""
    return _tree(doc, rng, "none_left")


def _tree(doc: Doc, rng: random.Random, aim: str) -> bool:
    """A tree added to a place_tile step, on a square that contains the tile placed, is
    complete and fails just the check ``aim`` names (mixed kinds, a used tile, no tree left)."""
    if not _is_record(doc):
        return False
    found = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        if step["do"] != "place_tile" or step.get("tree") is not None:
            continue
        if aim == "none_left" and draft.trees_left > 0:
            continue
        board = draft.board
        cell = (step["at"][0], step["at"][1])
        tiles = dict(board.tiles.items())
        if cell in tiles:
            continue
        tiles[cell] = step["take"]
        for sx, sy in ((cell[0] - dx, cell[1] - dy) for dx in (0, 1) for dy in (0, 1)):
            square = ((sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1))
            if any(c not in tiles for c in square):
                continue
            valid = len({tiles[c] for c in square}) in (1, 4)
            used = any(c in board.used for c in square)
            if (not valid) if aim == "mixed" else (valid and used == (aim == "used")):
                found.append((step, [sx, sy]))
    hit = _pick(rng, found)
    if hit is None:
        return False
    hit[0]["tree"] = hit[1]
    return True


def card_on_a_cow(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-5: a card played at a rotation and offset where every covered cell holds a
    tile and every face matches, but a face cell lies on a cow."""
    if not _is_record(doc):
        return False
    found = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        if step["do"] != "play_card":
            continue
        board = draft.board
        cows = board.cows
        if not cows:
            continue
        tiles = board.tiles
        book = draft.comp.cards
        if step["card"] not in book:
            continue
        for rotation in ROTATIONS:
            _, pattern = book.pattern(step["card"], rotation)
            for cx, cy in sorted(cows):
                for px, py, face in pattern:
                    if face != tiles.get((cx, cy)):
                        continue
                    ox, oy = cx - px, cy - py
                    cells = [((ox + x, oy + y), f) for x, y, f in pattern]
                    if all(
                        tiles.get(c) is not None and f in (tiles.get(c), "back") for c, f in cells
                    ):
                        found.append((step, rotation, [ox, oy], cells))
    hit = _pick(rng, found)
    if hit is None:
        return False
    step, rotation, offset, cells = hit
    step["rotation"], step["offset"] = rotation, offset
    if "cows" in step:
        step["cows"] = [list(c) for c, f in cells if f != "back"]
    return True


def herd_not_whole(doc: Doc, rng: random.Random) -> bool:
    """KUH-HERD-2: a returned herd's cells missing one of its cows (without partial_herd), or
    listing a cow of another herd."""
    if not _is_record(doc):
        return False
    partial = (doc.get("variant") or {}).get("partial_herd", False)
    found = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        if step["do"] != "return_herd":
            continue
        cows = draft.board.cows
        first = step["at"] if "at" in step else (step.get("cells") or [None])[0]
        if first is None or (first[0], first[1]) not in cows:
            continue
        herd = sorted(group_of((first[0], first[1]), cows, orthogonal))
        others = sorted(set(cows) - set(herd))
        if len(herd) >= 2 and not partial:
            keep = [c for c in herd if c != (first[0], first[1])]
            drop = rng.choice(keep)
            found.append((step, [list(c) for c in herd if c != drop]))
        if others:
            found.append((step, [list(c) for c in herd] + [list(rng.choice(others))]))
    hit = _pick(rng, found)
    if hit is None:
        return False
    hit[0]["cells"] = hit[1]
    return True


def rotation_bad(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-2: a card played at a rotation other than 0, 90, 180 or 270."""
    found = _steps(doc, "play_card")
    if not found:
        return False
    m, j = rng.choice(found)
    doc["moves"][m]["steps"][j]["rotation"] = rng.choice((45, 360, -90, 1))
    return True


def card_not_in_hand(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-1: a card played that the player does not hold (another defined card)."""
    found = _steps(doc, "play_card")
    cards = sorted((doc.get("setup") or {}).get("cards") or {})
    if not found or len(cards) < 2:
        return False
    m, j = rng.choice(found)
    step = doc["moves"][m]["steps"][j]
    step["card"] = rng.choice([c for c in cards if c != step["card"]])
    return True


def card_face_mismatch(doc: Doc, rng: random.Random) -> bool:
    """KUH-PLAY-4: a card played where every covered cell holds a tile but a face cell lies on
    a tile of another kind."""
    if not _is_record(doc):
        return False
    found = []
    for m, j, draft in _walk(doc):
        step = doc["moves"][m]["steps"][j]
        book = draft.comp.cards
        if step["do"] != "play_card" or step["card"] not in book:
            continue
        tiles = draft.board.tiles
        cells = sorted(tiles)
        for rotation in ROTATIONS:
            _, pattern = book.pattern(step["card"], rotation)
            for tx, ty in rng.sample(cells, min(4, len(cells))):
                ox, oy = tx - pattern[0][0], ty - pattern[0][1]
                kinds = [(tiles.get((ox + x, oy + y)), f) for x, y, f in pattern]
                if all(k is not None for k, _ in kinds) and any(
                    f not in (k, "back") for k, f in kinds
                ):
                    found.append((step, rotation, [ox, oy]))
    hit = _pick(rng, found)
    if hit is None:
        return False
    hit[0]["rotation"], hit[0]["offset"] = hit[1], hit[2]
    return True


def position_trees_overlap(doc: Doc, rng: random.Random) -> bool:
    """KUH-POS-6: a position's board given a tree on a complete square of 4 equal or 4
    different kinds that shares a tile with one of its trees."""
    boards = doc.get("boards") if "moves" not in doc else None
    if not isinstance(boards, dict):
        return False
    found = []
    for board in boards.values():
        tiles = {(t["at"][0], t["at"][1]): t["kind"] for t in board.get("tiles", [])}
        for x, y in board.get("trees") or []:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    sx, sy = x + dx, y + dy
                    kinds = [
                        tiles.get(c)
                        for c in ((sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1))
                    ]
                    if (dx, dy) != (0, 0) and None not in kinds and len(set(kinds)) in (1, 4):
                        found.append((board, [sx, sy]))
    hit = _pick(rng, found)
    if hit is None:
        return False
    hit[0]["trees"].append(hit[1])
    return True
