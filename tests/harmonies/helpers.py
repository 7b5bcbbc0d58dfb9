"""Builders for Harmonies test records: the spec's samples and scripted games with refills."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from scorer.games.harmonies.actions import apply_step, begin_turn
from scorer.games.harmonies.board import COLOURS, SIDE_CELLS, TRACKS
from scorer.games.harmonies.events import expected_spaces
from scorer.games.harmonies.generator import ACCEPTS
from scorer.games.harmonies.state import State
from tests.conftest import load_fixture, make_record
from tests.roles import roles_of

GAME = roles_of("harmonies")

SAMPLE_FILE = "harmonies/invalid/sample-11-7-incomplete.json"
POSITION_FILE = "harmonies/valid/position-12-5.json"

#: The Central board and display of the sample record (11.7).
CENTRAL = [
    ["blue", "blue", "gray"],
    ["brown", "green", "yellow"],
    ["red", "gray", "gray"],
    ["yellow", "yellow", "blue"],
    ["brown", "brown", "green"],
]
DISPLAY = ["koala", "fennec_fox", "shrew", "otter", "bear"]


def sample() -> dict[str, Any]:
    """A fresh copy of the sample record of 11.7 (2 players, module on, 3 turns)."""
    doc: dict[str, Any] = load_fixture(SAMPLE_FILE)
    return doc


def position() -> dict[str, Any]:
    """A fresh copy of the sample position of 12.5."""
    doc: dict[str, Any] = load_fixture(POSITION_FILE)
    return doc


def turn(player: str, *steps: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
    return {"player": player, "action": "turn", "steps": [dict(s) for s in steps], **extra}


def take(space: int) -> dict[str, Any]:
    return {"do": "take_tokens", "space": space}


def put(color: str, col: int, row: int) -> dict[str, Any]:
    return {"do": "place_token", "color": color, "cell": [col, row]}


def card(card_id: str) -> dict[str, Any]:
    return {"do": "take_card", "card": card_id}


def cube(card_id: str, col: int, row: int, rotation: int | None = None) -> dict[str, Any]:
    step: dict[str, Any] = {"do": "place_cube", "card": card_id, "cell": [col, row]}
    if rotation is not None:
        step["rotation"] = rotation
    return step


def spirit(card_id: str) -> dict[str, Any]:
    return {"do": "choose_spirit", "card": card_id}


class Script:
    """A record built turn by turn; missing refills are filled in legally.

    Refill colours come from ``draws`` (in order) or, when it runs out, the most plentiful
    colour left in the pouch; revealed cards come from ``deck`` or the catalog order.
    """

    def __init__(
        self,
        players: Sequence[str] = ("Ann", "Ben"),
        variant: Mapping[str, Any] | None = None,
        setup: Mapping[str, Any] | None = None,
        draws: Iterable[str] = (),
        deck: Iterable[str] = (),
    ) -> None:
        if setup is None:
            solo = len(players) == 1
            setup = {
                "central_board": CENTRAL[:3] if solo else CENTRAL,
                "display": DISPLAY[:3] if solo else DISPLAY,
            }
        self.record = make_record("harmonies", setup, [], players, variant)
        self.state: State = GAME.referee.initial_state(self.record)
        self.draws: Iterator[str] = iter(draws)
        self.deck: Iterator[str] = iter(deck)

    @property
    def moves(self) -> list[dict[str, Any]]:
        moves: list[dict[str, Any]] = self.record["moves"]
        return moves

    def play(self, *steps: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
        """Append one legal turn of the player to move (refill added unless given)."""
        move = turn(self.state.players[self.state.seat].name, *steps, **extra)
        if "refill" not in move:
            move["refill"] = self.refill_for(move)
        self.state = GAME.referee.apply(self.state, move)
        self.moves.append(move)
        return move

    def refill_for(self, move: Mapping[str, Any]) -> dict[str, Any]:
        t = begin_turn(self.state)
        for j, step in enumerate(move["steps"]):
            apply_step(t, step, j)
        pouch = self.state.pouch_counts()
        spaces = {}
        for key, n in expected_spaces(self.state, t.space).items():
            spaces[key] = [self._draw(pouch) for _ in range(n)]
        display = list(t.display)
        discard = move.get("solo_discard")
        revealed = set(self.state.revealed)
        if discard is not None:
            display.remove(discard["card"])
            if "replacement" in discard:
                display.append(discard["replacement"])
                revealed.add(discard["replacement"])
        size = 3 if self.state.solo else 5
        reveal = [
            self._reveal(revealed)
            for _ in range(min(size - len(display), len(TRACKS) - len(revealed)))
        ]
        return {"spaces": spaces, "display": reveal}

    def _draw(self, pouch: dict[str, int]) -> str:
        colour = next(self.draws, None)
        if colour is None:
            colour = max(COLOURS, key=lambda c: pouch[c])
        pouch[colour] -= 1
        return colour

    def _reveal(self, revealed: set[str]) -> str:
        card_id = next(self.deck, None)
        if card_id is None:
            card_id = next(c for c in TRACKS if c not in revealed)
        revealed.add(card_id)
        return card_id

    def auto(self, *extra: Mapping[str, Any], space: int | None = None) -> list[dict[str, Any]]:
        """Steps of a plain turn: take ``space`` (default: the first non-empty one) and put the
        tokens on the player's first empty cells, then ``extra`` steps."""
        if space is None:
            space = next(k for k, t in enumerate(self.state.central, 1) if t)
        board = self.state.players[self.state.seat].board
        free = [c for c in SIDE_CELLS[self.state.side] if c not in board]
        tokens = self.state.central[space - 1]
        steps = [take(space)] + [put(c, *cell) for c, cell in zip(tokens, free, strict=False)]
        return steps + [dict(e) for e in extra]

    def stacking(self, *extra: Mapping[str, Any], space: int = 1) -> list[dict[str, Any]]:
        """Steps of a turn that puts each token on an own stack that accepts it if there is
        one (first in side order), else on the first empty cell."""
        board = dict(self.state.players[self.state.seat].board)
        steps = [take(space)]
        for colour in self.state.central[space - 1]:
            cells = SIDE_CELLS[self.state.side]
            cell = next(
                (c for c in cells if c in board and board[c] in ACCEPTS[colour]),
                next(c for c in cells if c not in board),
            )
            board[cell] = (*board.get(cell, ()), colour)
            steps.append(put(colour, *cell))
        return steps + [dict(e) for e in extra]

    def next_card(self) -> str:
        """The first catalog card not yet revealed (what the default refill reveals next)."""
        return next(c for c in TRACKS if c not in self.state.revealed)

    def with_turn(self, *steps: Mapping[str, Any], **extra: Any) -> dict[str, Any]:
        """A copy of the record with one more (possibly illegal) turn appended as given."""
        record = copy.deepcopy(self.record)
        record["moves"].append(turn(self.state.players[self.state.seat].name, *steps, **extra))
        return record
