"""Mutations of the map (§3.3): the document's map written inline, as an archive would carry
it, with one thing wrong. A record names a shipped map by reference; its inline copy (the
canonical form of §3.3, its id kept) passes every map check, so each mutator below takes that
copy (or the inline map already there) and edits it once. They apply to records
(``setup.map``) and to positions (``map``) alike.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.games.hacienda.board import OFFICIAL_MARKETS
from tests.hacienda.mutants.where import Doc, _pick, inline_copy, map_holder


def _spaces(obj: dict[str, Any]) -> list[dict[str, Any]]:
    spaces = obj.get("spaces")
    return spaces if isinstance(spaces, list) else []


def _store(doc: Doc, obj: dict[str, Any]) -> bool:
    holder = map_holder(doc)
    if holder is None:
        return False
    holder["map"] = obj
    return True


def map_space_twice(doc: Doc, rng: random.Random) -> bool:
    """HAC-MAP-1: the inline map lists one of its spaces a second time (at a random place)."""
    obj = inline_copy(doc)
    spaces = _spaces(obj) if obj is not None else []
    if obj is None or not spaces:
        return False
    twin = dict(_pick(rng, spaces))
    twin.pop("id", None)  # a market's id twice would be HAC-MAP-3 as well; MAP-1 comes first
    spaces.insert(rng.randrange(len(spaces) + 1), twin)
    return _store(doc, obj)


def map_market_id_twice(doc: Doc, rng: random.Random) -> bool:
    """HAC-MAP-3: one market of the inline map carries the id of another market."""
    obj = inline_copy(doc)
    if obj is None:
        return False
    markets = [s for s in _spaces(obj) if s.get("t") == "market" and isinstance(s.get("id"), str)]
    if len(markets) < 2:
        return False
    first, second = rng.sample(markets, 2)
    second["id"] = first["id"]
    return _store(doc, obj)


def map_without_market_or_pampas(doc: Doc, rng: random.Random) -> bool:
    """HAC-MAP-4: the inline map loses all its markets, or all its pampas spaces (the spaces
    left out; the id is dropped, so the map is the record's own board, not a changed copy)."""
    obj = inline_copy(doc)
    if obj is None:
        return False
    gone = rng.choice(("market", "pampas"))
    kept = [s for s in _spaces(obj) if s.get("t") != gone]
    if not kept or len(kept) == len(_spaces(obj)):
        return False
    obj["spaces"] = kept
    obj.pop("id", None)
    return _store(doc, obj)


def map_named_printed_board(doc: Doc, rng: random.Random) -> bool:
    """HAC-MAP-5: the inline map takes the reserved id of a printed board (§3.3) without that
    board's 4 water spaces and 10 / 11 markets."""
    obj = inline_copy(doc)
    if obj is None:
        return False
    kinds = [s.get("t") for s in _spaces(obj)]
    ids = [
        name
        for name, markets in sorted(OFFICIAL_MARKETS.items())
        if kinds.count("water") != 4 or kinds.count("market") != markets
    ]
    if not ids:
        return False
    obj["id"] = rng.choice(ids)
    for key in ("name", "author", "license"):
        obj.pop(key, None)
    return _store(doc, obj)


def map_copy_changed(doc: Doc, rng: random.Random) -> bool:
    """HAC-MAP-7: the inline copy of a shipped map (its id kept) with one space of another
    type, one space left out, or one market renamed."""
    holder = map_holder(doc)
    obj = inline_copy(doc)
    if holder is None or obj is None or "spaces" in holder["map"]:
        return False  # only a shipped map's id promises a copy
    spaces = _spaces(obj)
    kind = rng.randrange(3)
    if kind == 0:
        plain = [s for s in spaces if s.get("t") not in ("market",)]
        space = _pick(rng, plain)
        if space is None:
            return False
        space["t"] = rng.choice([t for t in ("pampas", "meadow", "water") if t != space["t"]])
    elif kind == 1 and len(spaces) > 2:
        del spaces[rng.randrange(len(spaces))]
        kinds = [s.get("t") for s in spaces]
        if "market" not in kinds or "pampas" not in kinds:
            return False
    else:
        markets = [s for s in spaces if s.get("t") == "market"]
        if not markets:
            return False
        _pick(rng, markets)["id"] = "X" + str(rng.randrange(100, 1000))
    return _store(doc, obj)


MAP_MUTATORS = (
    map_space_twice,
    map_market_id_twice,
    map_without_market_or_pampas,
    map_named_printed_board,
    map_copy_changed,
)


def inline_map_wrong(doc: Doc, rng: random.Random) -> bool:
    """HAC-MAP-1 / -3 / -4 / -5 / -7: one of the map mutators above, picked with the rng (they
    apply to every document, so together they take the share of one or two mutators)."""
    return bool(rng.choice(MAP_MUTATORS)(doc, rng))
