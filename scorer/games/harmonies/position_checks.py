"""The checks of a position document (section 12, HAR-POS-1…15), board by board.

``check_shape`` (HAR-POS-1…5: players and boards, cells, stacks, card and spirit ids) runs
first; ``position.load_position`` skips the rest if it finds an error. Then ``check_supply``
(HAR-POS-6, HAR-POS-12: the tokens and cubes of all boards), ``check_board`` per board
(HAR-POS-7…11: its cards' cubes, the board-level cube list through ``cubelist``, the card
limit, a started board, a pending spirit choice: HAR-POS-14, HAR-POS-15) and
``position_turns.check_turns`` (HAR-POS-13, a warning). Every failure is
reported with an absolute pointer. The TypedDicts are the shapes of a board as the schema
(``$defs/board``) admits it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NotRequired, TypedDict

from scorer.core.findings import Findings
from scorer.core.values import Record
from scorer.core.words import plural
from scorer.games.harmonies.board import (
    COLOURS,
    LEGAL_STACKS,
    SIDE_SETS,
    TOKEN_COUNTS,
    TRACKS,
    Cell,
    matching_rotations,
)
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.cubelist import Resolution, resolve
from scorer.games.harmonies.state import Options


class CellEntry(TypedDict):
    """A cell of a board and its stack (bottom to top)."""

    cell: list[int]
    tokens: list[str]


class CardEntry(TypedDict):
    """An Animal card of a board; ``cubes`` unless the board lists its cubes (``cubes``);
    ``placed``: how many of those board-level cubes it gave (count-only cubes)."""

    card: str
    cubes: NotRequired[list[list[int]]]
    placed: NotRequired[int]


class SpiritEntry(TypedDict):
    """The chosen spirit card (or None) and its cube (None while on the card); or, before
    the player's first turn, the two ``choices`` still open (no ``card``)."""

    card: NotRequired[str | None]
    cube: NotRequired[list[int] | None]
    placed: NotRequired[int]
    choices: NotRequired[list[str]]


class Board(TypedDict, total=False):
    """One player's board in a position (``boards.<name>``)."""

    cells: list[CellEntry]
    cards: list[CardEntry]
    spirit: SpiritEntry
    cubes: list[list[int]]


def cell_of(value: Sequence[int]) -> Cell:
    return (int(value[0]), int(value[1]))


def ordered_boards(doc: Record) -> list[tuple[str, Board]]:
    boards: Mapping[str, Board] = doc["boards"]
    names = [p["name"] for p in doc["players"]]
    known = [(n, boards[n]) for n in names if n in boards]
    return known + [(n, b) for n, b in boards.items() if n not in names]


def check_shape(doc: Record, options: Options, checks: Findings) -> None:
    names = [p["name"] for p in doc["players"]]
    boards: Mapping[str, Board] = doc["boards"]
    # HAR-POS-1: 1-4 players, one board per player name
    if not 1 <= len(names) <= 4:
        checks.add(
            "HAR-POS-1",
            ("players",),
            f"Harmonies is for 1 to 4 players, found {len(names)}",
            expected="1-4",
            found=len(names),
        )
    for name in boards:
        if name not in names:
            checks.add("HAR-POS-1", ("boards", name), f"{name!r} is not a player", found=name)
    missing = [n for n in names if n not in boards]
    if missing:
        checks.add(
            "HAR-POS-1",
            ("boards",),
            f"no board for {', '.join(missing)}",
            expected=names,
            found=list(boards),
        )
    seen_cards: set[str] = set()
    chosen: set[str] = set()
    for name, board in ordered_boards(doc):
        _check_cells(name, board, options.board_side, checks)
        _check_cards(name, board, seen_cards, checks)
        _check_spirit(name, board, options, chosen, checks)


def _check_cells(name: str, board: Board, side: str, checks: Findings) -> None:
    seen: set[Cell] = set()
    for k, entry in enumerate(board.get("cells", [])):
        cell = cell_of(entry["cell"])
        # HAR-POS-2: the cell exists on the side and is listed once
        if cell not in SIDE_SETS[side] or cell in seen:
            why = (
                f"is not on board side {side}"
                if cell not in SIDE_SETS[side]
                else ("is listed twice")
            )
            checks.add(
                "HAR-POS-2",
                ("boards", name, "cells", k, "cell"),
                f"{name}: cell {list(cell)} {why}",
                found=list(cell),
            )
        seen.add(cell)
        # HAR-POS-3: the stack can be built under the stacking rules
        if tuple(entry["tokens"]) not in LEGAL_STACKS:
            checks.add(
                "HAR-POS-3",
                ("boards", name, "cells", k, "tokens"),
                f"{name}: the stack {'-'.join(entry['tokens'])} cannot be built",
                found=list(entry["tokens"]),
            )


def _check_cards(name: str, board: Board, seen: set[str], checks: Findings) -> None:
    for k, entry in enumerate(board.get("cards", [])):
        card = entry["card"]
        # HAR-POS-4: catalog Animal card ids, each at most once in the position
        if card not in TRACKS or card in seen:
            why = (
                "is not an Animal card of the catalog"
                if card not in TRACKS
                else ("appears twice in the position")
            )
            checks.add(
                "HAR-POS-4",
                ("boards", name, "cards", k, "card"),
                f"{name}: card {card!r} {why}",
                found=card,
            )
        seen.add(card)


def _check_spirit(
    name: str, board: Board, options: Options, chosen: set[str], checks: Findings
) -> None:
    path = ("boards", name, "spirit")
    spirit = board.get("spirit")
    # HAR-POS-5: spirit entries agree with the module and the catalog
    if not options.nature_spirits:
        if spirit is not None:
            checks.add(
                "HAR-POS-5", path, f"{name}: a spirit entry without the Nature's Spirit module"
            )
        return
    if spirit is None:
        checks.add("HAR-POS-5", path, f"{name}: the Nature's Spirit module needs a spirit entry")
        return
    if "choices" in spirit:
        _check_choices(name, spirit["choices"], chosen, checks)
        return
    card = spirit.get("card")
    if card is not None and (card not in SPIRIT_DATA or card in chosen):
        why = (
            "is not a spirit card of the catalog"
            if card not in SPIRIT_DATA
            else ("is chosen by two players")
        )
        checks.add("HAR-POS-5", (*path, "card"), f"{name}: spirit card {card!r} {why}", found=card)
    if card is None and spirit.get("cube") is not None:
        checks.add("HAR-POS-5", (*path, "cube"), f"{name}: a spirit cube without a spirit card")
    if card is not None:
        chosen.add(card)


def _check_choices(name: str, choices: list[str], chosen: set[str], checks: Findings) -> None:
    """HAR-POS-5 on a pending choice: two catalog spirit cards, dealt to nobody else."""
    for i, card in enumerate(choices):
        # HAR-POS-5: the dealt spirit cards are catalog cards, each dealt once
        if card not in SPIRIT_DATA or card in chosen:
            why = (
                "is not a spirit card of the catalog"
                if card not in SPIRIT_DATA
                else ("is dealt or chosen twice")
            )
            checks.add(
                "HAR-POS-5",
                ("boards", name, "spirit", "choices", i),
                f"{name}: spirit card {card!r} {why}",
                found=card,
            )
        chosen.add(card)


def check_supply(boards: list[tuple[str, Board]], options: Options, checks: Findings) -> None:
    counts = dict.fromkeys(COLOURS, 0)
    for _, board in boards:
        for entry in board.get("cells", []):
            for colour in entry["tokens"]:
                counts[colour] += 1
    for colour in COLOURS:
        # HAR-POS-6: no colour beyond the pouch content
        if counts[colour] > TOKEN_COUNTS[colour]:
            checks.add(
                "HAR-POS-6",
                ("boards",),
                f"{plural(counts[colour], colour + ' token')} "
                f"on the boards, the game has {TOKEN_COUNTS[colour]}",
                expected=TOKEN_COUNTS[colour],
                found=counts[colour],
            )
    limit = options.animal_cube_supply
    need = sum(len(TRACKS[e["card"]]) for _, b in boards for e in b.get("cards", []))
    # HAR-POS-12: with a limited reserve, all tracks fit in it
    if limit is not None and need > limit:
        checks.add(
            "HAR-POS-12",
            ("boards",),
            f"the cards need {plural(need, 'cube')}, the reserve holds {limit}",
            expected=limit,
            found=need,
        )


def check_board(name: str, board: Board, options: Options, checks: Findings) -> Resolution | None:
    """HAR-POS-7…11 on one board; the search result of its board-level ``cubes`` list (None
    without one, or when the list is in error)."""
    side = options.board_side
    stacks = {cell_of(e["cell"]): tuple(e["tokens"]) for e in board.get("cells", [])}
    occupied: set[Cell] = set()
    incomplete = _check_given_cubes(name, board, side, stacks, occupied, checks)
    res = None
    if "cubes" in board:
        res = resolve(
            name,
            board,
            side,
            stacks,
            occupied,
            incomplete,
            lambda rule, path, message, **details: checks.add(rule, path, message, **details),
        )
    # HAR-POS-10: at most 4 incomplete cards
    elif incomplete > 4:
        checks.add(
            "HAR-POS-10",
            ("boards", name, "cards"),
            f"{name} holds {incomplete} incomplete cards",
            expected="at most 4",
            found=incomplete,
        )
    _check_started(name, board, options, bool(stacks), checks)
    return res


def _check_given_cubes(
    name: str,
    board: Board,
    side: str,
    stacks: Mapping[Cell, tuple[str, ...]],
    occupied: set[Cell],
    checks: Findings,
) -> int:
    """HAR-POS-7…9 on the cubes the cards and the spirit entry list themselves (their cells
    go into ``occupied``); the number of those cards left incomplete."""
    incomplete = 0
    for k, entry in enumerate(board.get("cards", [])):
        if "cubes" not in entry:  # its cubes are in the board-level list (cubelist.py)
            continue
        card, cubes = entry["card"], entry["cubes"]
        # HAR-POS-7: no more cubes than track spaces
        if len(cubes) > len(TRACKS[card]):
            checks.add(
                "HAR-POS-7",
                ("boards", name, "cards", k, "cubes"),
                f"{name}: {card} lists {plural(len(cubes), 'cube')}, its track has "
                f"{len(TRACKS[card])}",
                expected=len(TRACKS[card]),
                found=len(cubes),
            )
        incomplete += len(cubes) < len(TRACKS[card])
        for m, cube in enumerate(cubes):
            path = ("boards", name, "cards", k, "cubes", m)
            _check_cube(name, card, cell_of(cube), path, side, stacks, occupied, checks)
    spirit = board.get("spirit")
    spirit_card = spirit.get("card") if spirit is not None else None
    if spirit is not None and spirit_card is not None and "cube" in spirit:
        spirit_cube = spirit["cube"]
        if spirit_cube is None:
            incomplete += 1
        else:
            at = ("boards", name, "spirit", "cube")
            _check_cube(name, spirit_card, cell_of(spirit_cube), at, side, stacks, occupied, checks)
    return incomplete


def _check_cube(
    name: str,
    card: str,
    cell: Cell,
    path: tuple[str | int, ...],
    side: str,
    stacks: Mapping[Cell, tuple[str, ...]],
    occupied: set[Cell],
    checks: Findings,
) -> None:
    # HAR-POS-8: on an existing cell, one cube per cell
    if cell not in SIDE_SETS[side] or cell in occupied:
        why = (
            f"is not on board side {side}"
            if cell not in SIDE_SETS[side]
            else ("already carries a cube")
        )
        checks.add(
            "HAR-POS-8",
            path,
            f"{name}: the {card} cube's cell {list(cell)} {why}",
            found=list(cell),
        )
        return
    occupied.add(cell)
    # HAR-POS-9: the habitat matched when the cube was placed
    if not matching_rotations(side, card, cell, stacks, prefix=True):
        checks.add(
            "HAR-POS-9",
            path,
            f"{name}: the habitat of {card} cannot have been present around {list(cell)}",
            found=list(cell),
        )


def _check_started(
    name: str, board: Board, options: Options, has_tokens: bool, checks: Findings
) -> None:
    spirit = board.get("spirit")
    card = spirit.get("card") if spirit is not None else None
    pending = spirit is not None and "choices" in spirit
    # HAR-POS-15: a spirit card is still to be chosen only before the first turn
    if pending and (has_tokens or board.get("cards") or board.get("cubes")):
        checks.add(
            "HAR-POS-15",
            ("boards", name, "spirit", "choices"),
            f"{name} has played but still chooses a spirit card: the choice is made in "
            "the first turn",
        )
    # HAR-POS-11: an empty board has no cards and no spirit; a started board has a spirit
    if not has_tokens and board.get("cards"):
        checks.add(
            "HAR-POS-11", ("boards", name, "cards"), f"{name} has no token but holds Animal cards"
        )
    if not has_tokens and card is not None:
        checks.add(
            "HAR-POS-11",
            ("boards", name, "spirit", "card"),
            f"{name} has no token but has chosen a spirit card",
        )
    if has_tokens and options.nature_spirits and card is None and not pending:
        checks.add(
            "HAR-POS-11",
            ("boards", name, "spirit", "card"),
            f"{name} has played but has not chosen a spirit card",
        )
