"""The snapshot v1 form of a BGA capture (FORMAT.md section 2) → a ``Capture``."""

from __future__ import annotations

from typing import Any

from scorer.core.findings import Findings
from scorer.games.harmonies.bga_read import (
    TOKEN_NAMES,
    Capture,
    CaptureCard,
    CaptureCell,
    CapturePlayer,
    Path,
    check_card,
    check_cell,
    check_stack,
    colour,
    integer,
    need,
    once,
    read_side,
)


def read_snapshot(doc: dict[str, Any], checks: Findings) -> Capture | None:
    side = read_side(doc, checks)
    players = need(doc, "players", list, (), checks)
    if side is None or players is None:
        return None
    seen: dict[int, Path] = {}
    capture = Capture("snapshot v1", side, [])
    for i, entry in enumerate(players):
        player = _player(entry, ("players", i), side, seen, checks)
        if player is not None:
            capture.players.append(player)
    groups = doc.get("centralTokenGroups", [])
    for k, group in enumerate(groups if isinstance(groups, list) else ()):
        names = group if isinstance(group, list) else []
        found = [
            colour(n, TOKEN_NAMES, ("centralTokenGroups", k, m), checks)
            for m, n in enumerate(names)
        ]
        capture.central.append([c for c in found if c is not None])
    river = doc.get("riverCards", [])
    for k, card in enumerate(river if isinstance(river, list) else ()):
        at: Path = ("riverCards", k, "typeArg")
        number = check_card(
            card.get("typeArg") if isinstance(card, dict) else None, False, at, checks
        )
        if number is not None and once(number, at, seen, checks):
            capture.river.append(number)
    return capture


def _player(
    entry: Any, at: Path, side: str, seen: dict[int, Path], checks: Findings
) -> CapturePlayer | None:
    pid = need(entry, "playerId", str, at, checks)
    cells = need(entry, "cells", list, at, checks)
    if pid is None or cells is None:
        return None
    player = CapturePlayer(pid, at)
    for k, cell in enumerate(cells):
        read = _cell(cell, (*at, "cells", k), side, checks)
        if read is not None:
            player.cells.append(read)
    for key, done in (("activeCards", False), ("completedCards", True)):
        for k, card in enumerate(entry.get(key) or ()):
            read_card = _card(card, (*at, key, k), done, seen, checks)
            if read_card is not None:
                player.cards.append(read_card)
    for k, card in enumerate(entry.get("spiritCardChoices") or ()):
        read_card = _card(card, (*at, "spiritCardChoices", k), False, seen, checks)
        if read_card is not None:
            player.choices.append(read_card)
    return player


def _cell(cell: Any, at: Path, side: str, checks: Findings) -> CaptureCell | None:
    coord = need(cell, "coord", dict, at, checks)
    stack = need(cell, "stack", dict, at, checks)
    if coord is None or stack is None:
        return None
    col, row = integer(coord.get("col")), integer(coord.get("row"))
    names = need(stack, "tokens", list, (*at, "stack"), checks)
    if col is None or row is None or names is None:
        if col is None or row is None:
            # IMP-BGA-1: a cell has integer coordinates
            checks.add("IMP-BGA-1", (*at, "coord"), "a cell without integer col and row")
        return None
    found = [
        colour(n, TOKEN_NAMES, (*at, "stack", "tokens", m), checks) for m, n in enumerate(names)
    ]
    tokens = [c for c in found if c is not None]
    if len(tokens) < len(found):
        return None
    cube = cell.get("lockedByCube") is True
    if not check_cell(side, (col, row), tokens, cube, (*at, "coord"), checks):
        return None
    if not check_stack(tokens, (*at, "stack", "tokens"), checks):
        return None
    return CaptureCell((col, row), tokens, cube, at)


def _card(
    card: Any, at: Path, done: bool, seen: dict[int, Path], checks: Findings
) -> CaptureCard | None:
    spirit = card.get("isSpirit") if isinstance(card, dict) else None
    kind = spirit if isinstance(spirit, bool) else None
    number = check_card(
        card.get("typeArg") if isinstance(card, dict) else None, kind, (*at, "typeArg"), checks
    )
    if number is None or not once(number, (*at, "typeArg"), seen, checks):
        return None
    remaining = integer(card.get("remainingCubes"))
    if remaining is None or remaining < 0:
        # IMP-BGA-1: a card says how many cubes are still on it
        checks.add("IMP-BGA-1", (*at, "remainingCubes"), "a card without its remaining cubes")
        return None
    return CaptureCard(number, remaining, done, at)
