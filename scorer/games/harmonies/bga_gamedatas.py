"""BGA's own ``gamedatas`` object (FORMAT.md section 1) → a ``Capture``.

Cell keys come in two spellings, ``cell_{playerId}_{col}_{row}`` and ``{playerId}_cell_{col}_{row}``
(player ids may hold underscores, so a key is matched against the known ids); ``tokensOnBoard``
is an object (cell key → tokens) or a list of tokens naming their cell; padding cells that hold
nothing are dropped. A card's cubes still on it are the ``cubesOnAnimalCards`` entries at
``card_{cardId}``; a cube on the board is at a cell key.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorer.core.findings import Findings
from scorer.core.pointer import to_pointer
from scorer.games.harmonies.bga_read import (
    COLOUR_NUMBERS,
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
from scorer.games.harmonies.board import Cell

#: A cell of some player: (player id, cell).
Where = tuple[str, Cell]


def parse_key(key: Any, ids: list[str]) -> Where | None:
    """The player and cell of a cell key in either spelling, or None."""
    if not isinstance(key, str):
        return None
    for pid in sorted(ids, key=len, reverse=True):
        for prefix in (f"cell_{pid}_", f"{pid}_cell_"):
            if key.startswith(prefix):
                parts = key[len(prefix) :].split("_")
                numbers = [integer(p) for p in parts]
                if len(numbers) == 2 and None not in numbers:
                    return pid, (int(numbers[0] or 0), int(numbers[1] or 0))
    return None


def _items(value: Any, at: Path) -> list[tuple[Any, Path]]:
    """The entries of a BGA collection (a list, or an object keyed by id) with their paths."""
    if isinstance(value, list):
        return [(v, (*at, i)) for i, v in enumerate(value)]
    if isinstance(value, dict):
        return [(v, (*at, k)) for k, v in value.items()]
    return []


def read_gamedatas(doc: dict[str, Any], at: Path, checks: Findings) -> Capture | None:
    side = read_side(doc, checks) if not at else _side_at(doc, at, checks)
    players = need(doc, "players", dict, at, checks)
    if side is None or players is None:
        return None
    state = doc.get("gamestate")
    finished = state.get("name") == "gameEnd" if isinstance(state, dict) else None
    capture = Capture("gamedatas", side, [], finished)
    ids = list(players)
    on_cards, on_board = _cubes(doc, at, ids, checks)
    seen: dict[int, Path] = {}
    order = sorted(
        ids,
        key=lambda p: (
            integer(players[p].get("playerNo")) or 0 if isinstance(players[p], dict) else 0
        ),
    )
    for pid in order:
        player = _player(players[pid], pid, (*at, "players", pid), side, ids, checks)
        if player is None:
            continue
        _cards(players[pid], player, on_cards, seen, checks)
        _spirit_choices(doc, at, player, seen, checks)
        _place_cubes(player, on_board.get(pid, []), side, checks)
        capture.players.append(player)
    central = doc.get("tokensOnCentralBoard")
    for space, where in sorted(_items(central, (*at, "tokensOnCentralBoard")), key=_space):
        tokens = _items(space, where)
        found = [
            colour(_get(t, "type_arg"), COLOUR_NUMBERS, (*w, "type_arg"), checks) for t, w in tokens
        ]
        capture.central.append([c for c in found if c is not None])
    for card, where in _items(doc.get("river"), (*at, "river")):
        number = check_card(_get(card, "type_arg"), False, (*where, "type_arg"), checks)
        if number is not None and once(number, (*where, "type_arg"), seen, checks):
            capture.river.append(number)
    return capture


def _space(item: tuple[Any, Path]) -> int:
    return integer(item[1][-1]) or 0


def _side_at(doc: dict[str, Any], at: Path, checks: Findings) -> str | None:
    inner = Findings()
    side = read_side(doc, inner)
    for f in inner.items:  # the pointer goes through the wrapper member
        checks.items.append(replace(f, pointer=to_pointer((*at, "boardSide"))))
    return side


def _get(value: Any, key: str) -> Any:
    return value.get(key) if isinstance(value, dict) else None


def _cubes(
    doc: dict[str, Any], at: Path, ids: list[str], checks: Findings
) -> tuple[dict[str, int], dict[str, list[tuple[Cell, Path]]]]:
    """Cubes still on cards (card id → count) and cubes on the board (player → cells)."""
    on_cards: dict[str, int] = {}
    on_board: dict[str, list[tuple[Cell, Path]]] = {}
    for cube, where in _items(doc.get("cubesOnAnimalCards"), (*at, "cubesOnAnimalCards")):
        location = _get(cube, "location")
        if isinstance(location, str) and location.startswith("card_"):
            on_cards[location[5:]] = on_cards.get(location[5:], 0) + 1
            continue
        found = parse_key(location, ids)
        # IMP-BGA-5: a cube's location is a card or a cell key of a player of the game
        if found is None:
            checks.add(
                "IMP-BGA-5",
                (*where, "location"),
                f"cube location {location!r} is neither a card nor a player's cell",
                found=location if isinstance(location, str) else None,
            )
            continue
        on_board.setdefault(found[0], []).append((found[1], (*where, "location")))
    return on_cards, on_board


def _player(
    entry: Any, pid: str, at: Path, side: str, ids: list[str], checks: Findings
) -> CapturePlayer | None:
    if not isinstance(entry, dict):
        # IMP-BGA-1: every player is an object
        checks.add("IMP-BGA-1", at, f"player {pid!r} is not an object")
        return None
    player = CapturePlayer(pid, at, score=integer(entry.get("score")))
    stacks: dict[Cell, list[tuple[int, str, Path]]] = {}
    tokens = entry.get("tokensOnBoard")
    if isinstance(tokens, dict):
        listed = [
            (t, key, (*at, "tokensOnBoard", key, i))
            for key, ts in tokens.items()
            for i, t in enumerate(ts if isinstance(ts, list) else [ts])
        ]
    else:
        listed = [(t, _get(t, "location"), w) for t, w in _items(tokens, (*at, "tokensOnBoard"))]
    for token, key, where in listed:
        read = _token(token, key, where, pid, ids, checks)
        if read is not None:
            stacks.setdefault(read[0], []).append((read[1], read[2], where))
    for cell, levels in sorted(stacks.items()):
        levels.sort()
        colours = [c for _, c, _ in levels]
        first = levels[0][2]
        if not check_stack(colours, first[:-1] if isinstance(tokens, dict) else first, checks):
            continue
        # IMP-BGA-8: the levels of a stack are 1, 2, 3 from the bottom, one token each
        if [lv for lv, _, _ in levels] != list(range(1, len(levels) + 1)):
            checks.add(
                "IMP-BGA-8",
                first,
                f"the tokens on {list(cell)} are at levels {[lv for lv, _, _ in levels]}",
                found=[lv for lv, _, _ in levels],
            )
            continue
        if check_cell(side, cell, colours, False, first, checks):
            player.cells.append(CaptureCell(cell, colours, False, first))
    return player


def _token(
    token: Any, key: Any, where: Path, pid: str, ids: list[str], checks: Findings
) -> tuple[Cell, int, str] | None:
    found = parse_key(key, ids)
    # IMP-BGA-5: a token's cell key names this board's player
    if found is None or found[0] != pid:
        what = "another player's" if found is not None else "no"
        checks.add(
            "IMP-BGA-5",
            where,
            f"{pid}: the token's cell key {key!r} names {what} cell of this board",
            found=key if isinstance(key, str) else None,
        )
        return None
    found_colour = colour(_get(token, "type_arg"), COLOUR_NUMBERS, (*where, "type_arg"), checks)
    if found_colour is None:
        return None
    level = integer(_get(token, "location_arg")) or 0
    return found[1], level, found_colour


def _cards(
    entry: dict[str, Any],
    player: CapturePlayer,
    on_cards: dict[str, int],
    seen: dict[int, Path],
    checks: Findings,
) -> None:
    for key, done in (("boardAnimalCards", False), ("doneAnimalCards", True)):
        for card, where in _items(entry.get(key), (*player.at, key)):
            spirit = _get(card, "isSpirit")
            kind = spirit if isinstance(spirit, bool) else None
            number = check_card(_get(card, "type_arg"), kind, (*where, "type_arg"), checks)
            if number is None or not once(number, (*where, "type_arg"), seen, checks):
                continue
            remaining = on_cards.get(str(_get(card, "id")), 0)
            player.cards.append(CaptureCard(number, remaining, done, where))


def _spirit_choices(
    doc: dict[str, Any], at: Path, player: CapturePlayer, seen: dict[int, Path], checks: Findings
) -> None:
    """The dealt spirit cards of a player who has not chosen yet (``spiritsCards``)."""
    chosen = {c.number for c in player.cards if c.number > 32}
    for card, where in _items(doc.get("spiritsCards"), (*at, "spiritsCards")):
        if str(_get(card, "location_arg")) != player.pid:
            continue
        number = check_card(_get(card, "type_arg"), True, (*where, "type_arg"), checks)
        if number is None or number in chosen:  # the chosen card itself
            continue
        if chosen:  # the card not chosen stays dealt
            continue
        if once(number, (*where, "type_arg"), seen, checks):
            player.choices.append(CaptureCard(number, 1, False, where))


def _place_cubes(
    player: CapturePlayer, cubes: list[tuple[Cell, Path]], side: str, checks: Findings
) -> None:
    cells = {c.cell: c for c in player.cells}
    for cell, where in cubes:
        if not check_cell(side, cell, [], True, where, checks):
            continue
        if cell in cells:
            cells[cell].cube = True
        else:
            cells[cell] = CaptureCell(cell, [], True, where)
            player.cells.append(cells[cell])
