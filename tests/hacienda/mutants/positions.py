"""Mutations of a position (§13) beyond its own members' generic edits: a position as a player
writes it at the table (no ``play`` block, which §13.1 makes optional; the land card counts of
HAC-POS-13 then give way to the board-only bound of HAC-POS-5) whose land lists more tiles of
one space type than the land cards allow.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.games.hacienda.board import PAMPAS
from scorer.games.hacienda.state import LAND_TOTAL
from tests.hacienda.mutants.where import Doc, _pick, board_of, cell, is_position

LIMIT_LAND = 80


def _taken(doc: Doc) -> set[tuple[int, int]]:
    """Every space a piece of the position lies on (land, animals, water cells)."""
    out: set[tuple[int, int]] = set()
    for cells in (doc.get("land") or {}).values():
        out.update(tuple(c) for c in cells)
    for kinds in (doc.get("animals") or {}).values():
        for cells in kinds.values():
            out.update(tuple(c) for c in cells)
    for tile in doc.get("water") or []:
        out.update(tuple(c) for c in tile)
    return out


def land_beyond_the_cards(doc: Doc, rng: random.Random) -> bool:
    """HAC-POS-5: the position without its ``play`` block, one player's land list extended by
    tiles on empty spaces of one land type (mountain … swamp) up to one more than the 14 cards
    of that type; with ``land_reshuffle``, on empty land spaces up to an 81st land tile."""
    board = board_of(doc)
    land = doc.get("land")
    if not is_position(doc) or board is None or not isinstance(land, dict):
        return False
    names = [p.get("name") for p in doc.get("players") or [] if isinstance(p, dict)]
    if not names:
        return False
    taken = _taken(doc)
    coords, types = board.coords, board.types
    on_type = [0] * 6
    for cells in land.values():
        for c in cells:
            s = board.space_at(*c)
            if s is not None and types[s] <= PAMPAS:
                on_type[types[s]] += 1
    free = [[s for s in board.spaces_by_type[t] if coords[s] not in taken] for t in range(5)]
    reshuffle = bool((doc.get("variant") or {}).get("land_reshuffle"))
    if reshuffle:
        spaces = sorted(s for t in range(5) for s in free[t])
        need = LIMIT_LAND + 1 - sum(on_type)
    else:
        kinds = [t for t in range(5) if len(free[t]) > LAND_TOTAL[t] - on_type[t]]
        t = _pick(rng, kinds)
        if t is None:
            return False
        spaces, need = free[t], LAND_TOTAL[t] + 1 - on_type[t]
    if need <= 0 or len(spaces) < need:
        return False
    name = _pick(rng, names)
    added: list[Any] = [cell(board, s) for s in rng.sample(spaces, need)]
    land[name] = [*land.get(name, []), *added]
    doc.pop("play", None)
    return True


def track_in_variant_2(doc: Doc, rng: random.Random) -> bool:
    """HAC-POS-12: a position in variant 2 (no intermediate scoring) with points on the track:
    ``variant2`` switched on where the track has points, or a player's track set to points
    where the variant is already 2."""
    variant = doc.get("variant")
    names = [p.get("name") for p in doc.get("players") or [] if isinstance(p, dict)]
    if not is_position(doc) or not isinstance(variant, dict) or not names:
        return False
    track = doc.get("track")
    if variant.get("variant2") or variant.get("continuous_scoring"):
        track = doc.setdefault("track", {}) if not isinstance(track, dict) else track
        track[_pick(rng, names)] = rng.randrange(1, 40)
        return True
    if isinstance(track, dict) and any(track.values()):
        variant["variant2"] = True
        return True
    return False


def animals_beyond_the_cards(doc: Doc, rng: random.Random) -> bool:
    """HAC-POS-8: one player's tiles of one animal extended, each new tile on an empty pampas
    space next to that player's land or to that herd (so every herd still touches its owner's
    land), up to a 19th tile of that animal over all players, or a 31st tile of that player."""
    board = board_of(doc)
    animals, land = doc.get("animals"), doc.get("land")
    if not is_position(doc) or board is None or not isinstance(animals, dict):
        return False
    owners = sorted(n for n, cells in (land or {}).items() if cells)
    name = _pick(rng, owners)
    if name is None:
        return False
    kinds = animals.setdefault(name, {})
    animal = rng.choice(("cattle", "horse", "pig", "sheep"))
    total = sum(len(k.get(animal, [])) for k in animals.values())
    mine = sum(len(v) for v in kinds.values())
    need = min(19 - total, 31 - mine)
    taken = _taken(doc)
    grow = [board.space_at(*c) for c in [*land[name], *kinds.get(animal, [])]]
    frontier = {s for s in grow if s is not None}
    added: list[Any] = []
    while len(added) < need:
        room = sorted(
            n
            for s in frontier
            for n in board.neighbours[s]
            if board.types[n] == PAMPAS and board.coords[n] not in taken
        )
        if not room:
            return False
        s = _pick(rng, room)
        taken.add(board.coords[s])
        frontier.add(s)
        added.append(cell(board, s))
    kinds[animal] = [*kinds.get(animal, []), *added]
    return True
