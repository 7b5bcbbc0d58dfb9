"""Positions (section 12): HAR-POS-1…13 checks, the state to score, and export (12.4).

Every failure is reported with an absolute pointer. If any of HAR-POS-1…5 fails, the later
checks are skipped; HAR-POS-13 (a warning) runs only when no error was found.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from pyrsistent import pvector

from scorer.core.gamebase import Findings
from scorer.core.values import PositionResult, Record
from scorer.core.words import plural
from scorer.games.harmonies.board import (
    COLOURS,
    LEGAL_STACKS,
    NEIGHBOURS,
    SIDE_SETS,
    TOKEN_COUNTS,
    TRACKS,
    Cell,
    matching_rotations,
)
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.cellmap import CellMap
from scorer.games.harmonies.cubelist import Choice, Resolution, choose, resolve, winner_note
from scorer.games.harmonies.scoring import score_player, score_spirit
from scorer.games.harmonies.state import HeldCard, Options, PlayerState, State

Board = Mapping[str, Any]


def _cell(value: Sequence[int]) -> Cell:
    return (int(value[0]), int(value[1]))


def _ordered_boards(doc: Record) -> list[tuple[str, Board]]:
    boards: Mapping[str, Board] = doc["boards"]
    names = [p["name"] for p in doc["players"]]
    known = [(n, boards[n]) for n in names if n in boards]
    return known + [(n, b) for n, b in boards.items() if n not in names]


def load_position(doc: Record) -> PositionResult[State]:
    """Check a schema-valid position; returns the state to score (None if HAR-POS-1…5 fail)."""
    options = Options.parse(doc.get("variant"))
    checks = Findings()
    _check_shape(doc, options, checks)
    if checks.errors:
        return PositionResult(None, tuple(checks.items))
    boards = _ordered_boards(doc)
    _check_supply(boards, options, checks)
    found: dict[str, Resolution] = {}
    for name, board in boards:
        res = _check_board(name, board, options, checks)
        if res is not None:
            found[name] = res
    if not checks.errors:
        _check_turns(doc, boards, checks)
    choices = _choose(doc, options, found, checks)
    return PositionResult(_state(doc, options, found, choices), tuple(checks.items))


def _check_shape(doc: Record, options: Options, checks: Findings) -> None:
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
    for name, board in _ordered_boards(doc):
        _check_cells(name, board, options.board_side, checks)
        _check_cards(name, board, seen_cards, checks)
        _check_spirit(name, board, options, chosen, checks)


def _check_cells(name: str, board: Board, side: str, checks: Findings) -> None:
    seen: set[Cell] = set()
    for k, entry in enumerate(board.get("cells", [])):
        cell = _cell(entry["cell"])
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
    card = spirit["card"]
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


def _check_supply(boards: list[tuple[str, Board]], options: Options, checks: Findings) -> None:
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


def _check_board(name: str, board: Board, options: Options, checks: Findings) -> Resolution | None:
    side = options.board_side
    stacks = {_cell(e["cell"]): tuple(e["tokens"]) for e in board.get("cells", [])}
    occupied: set[Cell] = set()
    incomplete = 0
    cards = board.get("cards", [])
    for k, entry in enumerate(cards):
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
            _check_cube(
                name,
                card,
                _cell(cube),
                ("boards", name, "cards", k, "cubes", m),
                side,
                stacks,
                occupied,
                checks,
            )
    spirit = board.get("spirit")
    if spirit is not None and spirit["card"] is not None and "cube" in spirit:
        if spirit["cube"] is None:
            incomplete += 1
        else:
            _check_cube(
                name,
                spirit["card"],
                _cell(spirit["cube"]),
                ("boards", name, "spirit", "cube"),
                side,
                stacks,
                occupied,
                checks,
            )
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
    card = spirit["card"] if spirit is not None else None
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
    if has_tokens and options.nature_spirits and card is None:
        checks.add(
            "HAR-POS-11",
            ("boards", name, "spirit", "card"),
            f"{name} has played but has not chosen a spirit card",
        )


def _check_turns(doc: Record, boards: list[tuple[str, Board]], checks: Findings) -> None:
    counts = [sum(len(e["tokens"]) for e in b.get("cells", [])) for _, b in boards]

    def cells_path(name: str, board: Board) -> tuple[str, ...]:
        return ("boards", name, "cells") if "cells" in board else ("boards", name)

    # HAR-POS-13 (warning): whole turns, seat order, one card per turn
    for (name, board), count in zip(boards, counts, strict=True):
        if count % 3:
            checks.add(
                "HAR-POS-13",
                cells_path(name, board),
                f"{name}: {plural(count, 'token')} is not a whole number of turns",
                severity="warning",
                found=count,
            )
    for i in range(1, len(boards)):
        if counts[i] > counts[i - 1] or counts[0] - counts[i] > 3:
            name, board = boards[i]
            checks.add(
                "HAR-POS-13",
                cells_path(name, board),
                f"{name}: {plural(counts[i], 'token')} does not fit the seat order",
                severity="warning",
                found=counts[i],
            )
            break
    for (name, board), count in zip(boards, counts, strict=True):
        if len(board.get("cards", [])) * 3 > count:
            checks.add(
                "HAR-POS-13",
                ("boards", name, "cards"),
                f"{name}: more Animal cards than turns played",
                severity="warning",
                found=len(board.get("cards", [])),
            )


def _choose(
    doc: Record, options: Options, found: Mapping[str, Resolution], checks: Findings
) -> dict[str, Choice]:
    """The outcome each board-level list is scored with; warns when the outcomes differ."""
    choices: dict[str, Choice] = {}
    errors = checks.errors
    for name, res in found.items():
        board = doc["boards"][name]
        total_of = partial(_total_and_cubes, name, board, options, res)
        spirit = 0
        if any(s.spirit for s in res.slots):
            player = _player(name, board, options, None, ())
            spirit = score_spirit(
                player._replace(spirit_cube=res.cubes[0] if res.cubes else (0, 0)),
                NEIGHBOURS[options.board_side],
            )
        choices[name] = choose(res, total_of, spirit, options.tiebreak_counts_spirit_cube)
    if not any(c.warning for c in choices.values()):
        return choices
    certain, note = None, None
    if len(doc["players"]) > 1:
        ranges = {}
        for p in doc["players"]:
            name = p["name"]
            if name in choices:
                ranges[name] = (choices[name].low, choices[name].high)
            else:
                fixed = _total_and_cubes(name, doc["boards"][name], options, None, ())
                ranges[name] = (fixed, fixed)
        certain, note = winner_note(ranges)
    for name, choice in choices.items():
        if choice.warning is None:
            continue
        warning = choice.warning
        if certain is not None:
            warning = replace(warning, details={**warning.details, "winner_certain": certain})
        if not errors:
            checks.items.append(warning)
        extra = (note,) if note is not None else ()
        choices[name] = replace(choice, warning=warning, notes=(*choice.notes, *extra))
        note = None  # said once, after the first player's note
    return choices


def _total_and_cubes(
    name: str, board: Board, options: Options, res: Resolution | None, counts: tuple[int, ...]
) -> tuple[int, int]:
    line = score_player(_player(name, board, options, res, counts), options)
    cubes = line.extras["cubes"]
    return line.total, cubes if isinstance(cubes, int) else 0


def _player(
    name: str,
    board: Board,
    options: Options,
    res: Resolution | None,
    counts: tuple[int, ...],
    color: str | None = None,
) -> PlayerState:
    stacks = {_cell(e["cell"]): tuple(e["tokens"]) for e in board.get("cells", [])}
    given, found_cube = res.assignment(counts) if res is not None else ({}, None)
    held = pvector(
        HeldCard(
            e["card"], tuple(_cell(c) for c in e["cubes"]) if "cubes" in e else given.get(k, ())
        )
        for k, e in enumerate(board.get("cards", []))
    )
    cubes = {c: h.card for h in held for c in h.cubes}
    spirit = board.get("spirit") or {"card": None, "cube": None}
    if "cube" in spirit:
        cube = _cell(spirit["cube"]) if spirit["cube"] is not None else None
    else:
        cube = found_cube
    if cube is not None:
        cubes[cube] = spirit["card"]
    side = options.board_side
    return PlayerState(
        name,
        CellMap.of(side, (), stacks.items()),
        CellMap.of(side, "", cubes.items()),
        held,
        (),
        spirit["card"],
        cube,
        len(stacks) // 3,
        color,
    )


def _state(
    doc: Record, options: Options, found: Mapping[str, Resolution], choices: Mapping[str, Choice]
) -> State:
    players = []
    for p in doc["players"]:
        name = p["name"]
        choice = choices.get(name)
        players.append(
            _player(
                name,
                doc["boards"][name],
                options,
                found.get(name),
                choice.counts if choice is not None else (),
                p.get("color"),
            )
        )
    notes = pvector(n for c in choices.values() for n in c.notes)
    return State(
        options,
        pvector(players),
        pvector(),
        pvector(0 for _ in COLOURS),
        pvector(),
        pvector(),
        options.animal_cube_supply,
        0,
        0,
        True,
        True,
        notes,
    )


def export_position(state: State, record: Record) -> dict[str, Any]:
    """The position document of a replayed state (12.4)."""
    boards: dict[str, Any] = {}
    for player in state.players:
        board: dict[str, Any] = {
            "cells": [
                {"cell": list(c), "tokens": list(s)} for c, s in sorted(player.board.items())
            ],
            "cards": [{"card": h.card, "cubes": [list(c) for c in h.cubes]} for h in player.cards],
        }
        if state.options.nature_spirits:
            cube = list(player.spirit_cube) if player.spirit_cube is not None else None
            board["spirit"] = {"card": player.spirit, "cube": cube}
        boards[player.name] = board
    doc: dict[str, Any] = {
        "format": "scorer-position/1",
        "game": "harmonies",
        "variant": dict(record.get("variant", {})),
        "players": [dict(p) for p in record["players"]],
        "boards": boards,
    }
    if "meta" in record:
        doc["meta"] = record["meta"]
    return doc
