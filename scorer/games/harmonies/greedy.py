"""The greedy policy of the simulator (``scorer simulate harmonies --policy greedy``).

A greedy player builds its turn from the generator's legal steps, one step at a time, the way a
sensible player thinks about it:

1. the spirit card (first turn, module on): either dealt card, by a seeded choice;
2. an Animal card, when one pays: a display card whose habitat is on the board now, or one
   token away, or any card while fewer than two are open (with ``cards = "eager"``: whenever the
   limit allows); the best by its first track value and how soon its habitat can be had;
3. every cube it can place, best gain first (the card's next track value; the spirit card's
   points once its cube lies);
4. the Central board space whose tokens promise the most: the best immediate gain of each of
   its colours on the board as it stands (landscape points won, plus the next track value of
   a card whose habitat the token completes);
5. the tokens one at a time, each on the cell of the largest immediate gain, cubes after each.

Progress toward the end: the ``end`` knob adds a bonus for putting a token on an empty cell
(``board``: the board trigger comes early) or on a stack (``pouch``: boards stay open until the
pouch runs dry, an empty cell costing more the fewer are left); without the knob half the
games (drawn from the seed) stack that way, the others lean slightly toward empty cells, so
that a batch reaches both triggers. Ties are broken by a seeded random number drawn per
candidate, so the same seed gives the same game. A turn weighs a few hundred landscape
evaluations.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from scorer.games.harmonies.board import NEIGHBOURS, SIDE_CELLS, TRACKS, Cell, Stack, placements
from scorer.games.harmonies.generator import ACCEPTS, END_TURN, Pending, offers, rotations
from scorer.games.harmonies.landscapes import (
    score_buildings,
    score_fields,
    score_mountains,
    score_trees,
    water_units,
)
from scorer.games.harmonies.scoring import spirit_units
from scorer.games.harmonies.state import PlayerState
from scorer.games.harmonies.steps import (
    Offered,
    PlaceCubeStep,
    PlaceTokenStep,
    TakeCardStep,
    TakeTokensStep,
)

#: One kind of step offered (the greedy players weigh the steps of one kind at a time).
S = TypeVar("S")


class Greedy:
    """One game's greedy players: the seeded random source and the knobs."""

    def __init__(self, rng: random.Random, knobs: Mapping[str, str]) -> None:
        self.rng = rng
        #: The end trigger the players steer toward: the knob, or drawn from the seed (half
        #: the games stack), so that a batch of games reaches both triggers.
        self.end = knobs.get("end")
        if self.end is None:
            self.end = rng.choice(("", "pouch"))
        self.eager = knobs.get("cards") == "eager"
        self.discard_always = knobs.get("discard") == "always"

    # -- the step to take next ------------------------------------------------------------

    def choose(self, p: Pending) -> Offered:
        """The next step of the turn in progress (``END_TURN`` to end it)."""
        offered = offers(p)
        if offered.spirits:
            return self.rng.choice(offered.spirits)
        if offered.cards and not p.took:
            card = self._card(p, offered.cards)
            if card is not None:
                return card
        if offered.cubes:
            return self._best(offered.cubes, lambda s: cube_gain(p, s))
        if offered.takes:
            return self._space(p, offered.takes)
        if offered.tokens:
            return self._token(p, offered.tokens)
        if offered.cards:  # a card after the tokens, if one pays now
            card = self._card(p, offered.cards)
            if card is not None:
                return card
        return END_TURN

    def _best(self, steps: Sequence[S], gain: Callable[[S], float]) -> S:
        """The step of the largest gain, ties broken by a seeded number per candidate."""
        return max(steps, key=lambda s: (gain(s), self.rng.random()))

    def _card(self, p: Pending, offered: list[TakeCardStep]) -> TakeCardStep | None:
        open_cards = len(p.open_cards())
        scored = [(card_promise(p, s["card"]), self.rng.random(), s) for s in offered]
        best = max(scored, key=lambda t: (t[0], t[1]))
        if self.eager or best[0] >= 1.0 or open_cards < 2:
            return best[2]
        return None

    def _space(self, p: Pending, offered: list[TakeTokensStep]) -> TakeTokensStep:
        gains: dict[str, float] = {}
        wanted = completing(p)
        base = landscape(p)
        for step in offered:
            for colour in step["tokens"]:
                if colour not in gains:
                    gains[colour] = max(
                        (
                            self._token_gain(p, colour, cell, base, wanted)
                            for cell in _cells_for(p, colour)
                        ),
                        default=0.0,
                    )
        return self._best(offered, lambda s: sum(gains[c] for c in s["tokens"]))

    def _token(self, p: Pending, offered: list[PlaceTokenStep]) -> PlaceTokenStep:
        wanted = completing(p)
        base = landscape(p)
        return self._best(
            offered,
            lambda s: self._token_gain(p, s["color"], (s["cell"][0], s["cell"][1]), base, wanted),
        )

    def _token_gain(
        self,
        p: Pending,
        colour: str,
        cell: Cell,
        base: int,
        wanted: Mapping[tuple[Cell, str], int],
    ) -> float:
        board = p.board.as_dict()
        stack = board.get(cell, ())
        board[cell] = (*stack, colour)
        gain = float(landscape_of(board, p) - base) + wanted.get((cell, colour), 0)
        if self.end == "board":
            gain += 3.0 if not stack else -3.0
        elif self.end == "pouch":  # an empty cell costs more the fewer are left
            empty = len(SIDE_CELLS[p.state.side]) - len(p.board)
            gain += 3.0 if stack else -2.0 - 24.0 / max(1, empty - 2)
        elif not stack:
            gain += 0.25
        return gain

    # -- the solo discard -----------------------------------------------------------------

    def discard(self, p: Pending, display: Sequence[str]) -> str | None:
        """Solo: the display card of least promise, if its habitat is neither on the board nor
        one token away (the display turns over in search of better cards), or None."""
        if not display:
            return None
        scored = sorted((card_promise(p, c), self.rng.random(), c) for c in display)
        promise, _, card = scored[0]
        if self.discard_always or promise < 1.0:  # no habitat on the board, or one token away
            return card
        return None


def _cells_for(p: Pending, colour: str) -> list[Cell]:
    accepts = ACCEPTS[colour]
    return [
        c for c in SIDE_CELLS[p.state.side] if c not in p.cubes and p.board.get(c, ()) in accepts
    ]


def landscape(p: Pending) -> int:
    """The landscape points of the board of the turn in progress."""
    return landscape_of(p.board.as_dict(), p)


def landscape_of(board: dict[Cell, Stack], p: Pending) -> int:
    """Trees, Mountains, Fields, Buildings and water of ``board`` (spirit points too once the
    spirit cube lies)."""
    options = p.state.options
    nbrs = NEIGHBOURS[options.board_side]
    points = score_trees(board) + score_mountains(board, nbrs) + score_fields(board, nbrs)
    points += score_buildings(board, nbrs)
    points += sum(u.points for u in water_units(board, options))
    if p.spirit is not None and p.spirit_cube is not None:
        points += spirit_points(p, board)
    return points


def spirit_points(p: Pending, board: Mapping[Cell, Stack]) -> int:
    """The spirit card's points on ``board`` (its cube placed)."""
    player = PlayerState("", p.board, p.cubes, spirit=p.spirit, spirit_cube=p.spirit_cube or (0, 0))
    nbrs = NEIGHBOURS[p.state.side]
    return sum(u.points for u in spirit_units(player, nbrs, dict(board)))


def next_value(p: Pending, card: str) -> int:
    """What one more cube of ``card`` is worth (the spirit card: its points once placed)."""
    for held in p.cards:
        if held.card == card:
            track = TRACKS[card]
            k = len(held.cubes)
            return track[k] - (track[k - 1] if k else 0) if k < len(track) else 0
    if card == p.spirit:
        return 1 + spirit_points_if_placed(p)
    return 0


def spirit_points_if_placed(p: Pending) -> int:
    player = PlayerState("", p.board, p.cubes, spirit=p.spirit, spirit_cube=(0, 0))
    return sum(u.points for u in spirit_units(player, NEIGHBOURS[p.state.side]))


def cube_gain(p: Pending, step: PlaceCubeStep) -> float:
    """A cube's gain: the card's next track value (cells with no later use first)."""
    return float(next_value(p, step["card"]))


def completing(p: Pending) -> dict[tuple[Cell, str], int]:
    """(cell, colour) → the gain of a cube a token there would make possible: the next track
    value of the open card whose habitat it completes (the random policy weighs its tokens by
    the keys)."""
    out: dict[tuple[Cell, str], int] = {}
    for card in dict.fromkeys(p.open_cards()):
        value = next_value(p, card)
        for target, fits in placements(p.state.side, card).items():
            if target in p.cubes:
                continue
            for _, cells in fits:
                for key in _single_gap(cells, p):
                    out[key] = max(out.get(key, 0), value)
    return out


def _single_gap(
    cells: tuple[tuple[Cell, frozenset[Stack]], ...], p: Pending
) -> list[tuple[Cell, str]]:
    """The (cell, colour) pairs one more token would complete the habitat ``cells`` with
    (none unless exactly one cell, not under a cube, is one token short)."""
    missing: tuple[Cell, Stack, frozenset[Stack]] | None = None
    for cell, accepted in cells:
        stack = p.board.get(cell, ())
        if stack in accepted:
            continue
        if missing is not None or cell in p.cubes:
            return []
        missing = (cell, stack, accepted)
    if missing is None:
        return []
    cell, stack, accepted = missing
    return [(cell, a[-1]) for a in accepted if len(a) == len(stack) + 1 and a[:-1] == stack]


def card_promise(p: Pending, card: str) -> float:
    """How soon ``card`` pays: its first value if its habitat lies on the board now, half of
    it if one token completes it, else a little by its best value."""
    track = TRACKS[card]
    for target in placements(p.state.side, card):
        if target not in p.cubes and rotations(p, card, target):
            return float(track[0])
    for target, fits in placements(p.state.side, card).items():
        if target in p.cubes:
            continue
        if any(_single_gap(cells, p) for _, cells in fits):
            return track[0] / 2
    return track[-1] / 100
