"""What "the same game" is for standings: the same record apart from its ``meta``.

A game copied under another round or table (only ``meta.round``, ``meta.table`` or any other
``meta`` key changed) has the same players, setup, moves and claims as the original: counted
twice it would give its players two results for one game. Two records are the same game when
their documents without the top-level ``meta`` object are equal as canonical JSON (keys sorted,
no whitespace, strings and numbers as orjson writes them: ``1`` and ``1.0`` differ, key order,
spacing and escapes do not). The collector compares a 128-bit digest of that text, per event.

:func:`track_games` computes the digest of each item as it is read (before verification),
kept only until the collector pops it with the item's result: the items in flight, never the
whole run. Only documents whose ``meta`` names an event get a key, since only they can count.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, MutableMapping
from typing import TYPE_CHECKING

from scorer.core.components import canonical_json
from scorer.core.errors import RecordLoadError
from scorer.reading.loading import parse

if TYPE_CHECKING:
    from scorer.reading.items import Item


def game_key(data: bytes) -> bytes | None:
    """The digest of ``data``'s document without ``meta``, or None when it is no JSON object
    whose ``meta`` names an event (or it cannot be written back: nested too deep)."""
    try:
        doc = parse(data)
    except RecordLoadError:
        return None
    if not isinstance(doc, dict):
        return None
    meta = doc.pop("meta", None)
    if not isinstance(meta, dict) or meta.get("event") is None:
        return None
    try:
        text = canonical_json(doc)
    except TypeError:  # orjson writes less deep than it reads
        return None
    return hashlib.blake2b(text, digest_size=16).digest()


def track_games(items: Iterable[Item], keys: MutableMapping[str, bytes]) -> Iterator[Item]:
    """Pass ``items`` through, noting in ``keys`` the game key of each one that has one, by
    its label; the collector pops each key when the item's result arrives."""
    for item in items:
        if item.data is not None:
            key = game_key(item.data)
            if key is not None:
                keys[item.label] = key
        yield item
