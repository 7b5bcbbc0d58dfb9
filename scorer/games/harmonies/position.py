"""Positions (section 12): a position document → the state to score, and export (12.4).

``load_position`` runs the checks of ``position_checks`` (HAR-POS-1…13; if any of
HAR-POS-1…5 fails, the later checks are skipped; HAR-POS-13, a warning, runs only when no
error was found), picks the outcome each board-level cube list is scored with (``cubelist``)
and builds the state; ``export_position`` writes the position of a replayed state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from pyrsistent import pvector

from scorer.core.findings import Findings
from scorer.core.values import PositionResult, Record
from scorer.games.harmonies.blank import blank_position as blank_position
from scorer.games.harmonies.board import COLOURS, NEIGHBOURS
from scorer.games.harmonies.cellmap import CellMap
from scorer.games.harmonies.cubelist import Choice, Resolution, choose, winner_note
from scorer.games.harmonies.position_checks import (
    Board,
    cell_of,
    check_board,
    check_shape,
    check_supply,
    ordered_boards,
)
from scorer.games.harmonies.position_turns import check_turns
from scorer.games.harmonies.scoring import score_player, score_spirit
from scorer.games.harmonies.state import HeldCard, Options, PlayerState, State


def load_position(doc: Record) -> PositionResult[State]:
    """Check a schema-valid position; returns the state to score (None if HAR-POS-1…5 fail)."""
    options = Options.parse(doc.get("variant"))
    checks = Findings()
    check_shape(doc, options, checks)
    if checks.errors:
        return PositionResult(None, tuple(checks.items))
    boards = ordered_boards(doc)
    check_supply(boards, options, checks)
    found: dict[str, Resolution] = {}
    for name, board in boards:
        res = check_board(name, board, options, checks)
        if res is not None:
            found[name] = res
    if not checks.errors:
        check_turns(doc, boards, checks)
    choices = _choose(doc, options, found, checks)
    return PositionResult(_state(doc, options, found, choices), tuple(checks.items))


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
    stacks = {cell_of(e["cell"]): tuple(e["tokens"]) for e in board.get("cells", [])}
    given, found_cube = res.assignment(counts) if res is not None else ({}, None)
    held = pvector(
        HeldCard(
            e["card"], tuple(cell_of(c) for c in e["cubes"]) if "cubes" in e else given.get(k, ())
        )
        for k, e in enumerate(board.get("cards", []))
    )
    cubes = {c: h.card for h in held for c in h.cubes}
    spirit = board.get("spirit") or {"card": None, "cube": None}
    card = spirit.get("card")  # None while the choice is pending (``choices``)
    if "cube" in spirit:
        cube = cell_of(spirit["cube"]) if spirit["cube"] is not None else None
    else:
        cube = found_cube
    if cube is not None and card is not None:  # a cube has a card (HAR-POS-5)
        cubes[cube] = card
    side = options.board_side
    return PlayerState(
        name,
        CellMap.of(side, (), stacks.items()),
        CellMap.of(side, "", cubes.items()),
        held,
        tuple(spirit.get("choices", ())),
        card,
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


def export_position(state: State, record: Record) -> dict[str, object]:
    """The position document of a replayed state (12.4)."""
    boards: dict[str, Board] = {}
    for player in state.players:
        board: Board = {
            "cells": [
                {"cell": list(c), "tokens": list(s)} for c, s in sorted(player.board.items())
            ],
            "cards": [{"card": h.card, "cubes": [list(c) for c in h.cubes]} for h in player.cards],
        }
        if state.options.nature_spirits:
            cube = list(player.spirit_cube) if player.spirit_cube is not None else None
            board["spirit"] = {"card": player.spirit, "cube": cube}
        boards[player.name] = board
    doc: dict[str, object] = {
        "format": "scorer-position/1",
        "game": "harmonies",
        "variant": dict(record.get("variant", {})),
        "players": [dict(p) for p in record["players"]],
        "boards": boards,
    }
    if "meta" in record:
        doc["meta"] = record["meta"]
    return doc


def draft_state(doc: Record) -> State | None:
    """Harmonies draws no impossible position (its checks build no state for one)."""
    return None


if TYPE_CHECKING:
    from scorer.core.roles import Positions
    from scorer.games.harmonies import position as _module

    _check: Positions[State] = _module
