"""The greedy policy of the simulator (``scorer simulate hacienda --policy greedy``, issue 13 §1).

A greedy player takes, step by step, the legal step worth most now, and ends the turn when no
step is worth anything. A step's worth is the points it adds at once on the board, counted
once for each scoring still to come (two before the intermediate scoring, one after it), plus
pesos (``PESO`` points each: money scores and buys), plus a little for progress: a tile on the
board, a card in hand, and above all an animal card drawn, which brings the game's normal end
(§7.2) nearer. Ties are broken by the game's one seeded generator, so the same seed gives
the same game.

Candidates come from the generator (``generator``): every placement of a card in hand, one
step per chain or group for harvests and haciendas, the first water placements next to the
player's tiles, every purchase. Knobs (``Knobs``, simulator options) steer the players to the
rare paths: ``land_rush`` (every player buys land cards while any can be drawn: the land pile
runs out, and reshuffles once with ``land_reshuffle``; the simulator turns the knob off after
the reshuffle, or players on a small map buy land until they are broke), ``animal_hoarder``
(the first player buys and plays every animal card, the others buy none: 30 animal tiles,
HAC-ANIMAL-4).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from scorer.games.hacienda import generator as gen
from scorer.games.hacienda.board import ANIMALS
from scorer.games.hacienda.scoring import connected_markets, market_income, score_markets
from scorer.games.hacienda.state import ANIMAL, LAND, WATER, State, is_animal_of
from scorer.games.hacienda.steps import (
    BuyHaciendaStep,
    BuyWaterStep,
    HarvestStep,
    Offer,
    OpenPurchase,
    PlayAnimalStep,
    PlayLandStep,
)
from scorer.grid.regions import label_group

OnGroup = TypeVar("OnGroup", HarvestStep, BuyHaciendaStep)
#: What one peso is worth, in points (money scores 1 per 10 pesos and pays for purchases).
PESO = 0.2
#: Pesos a greedy player keeps after a hacienda or a water tile (as the random policy does):
#: blind animal cards, which the game's end needs, cost 2 each.
RESERVE = 10


@dataclass(frozen=True, slots=True)
class Knobs:
    """Simulator options that steer the greedy players to rare paths."""

    land_rush: bool = False
    animal_hoarder: bool = False


class _Now:
    """What every candidate of one decision reads: the state, the seat, its markets."""

    def __init__(self, state: State, knobs: Knobs, boost: int) -> None:
        self.state, self.knobs, self.boost = state, knobs, boost
        self.seat = state.seat
        self.money = state.money[state.seat]
        self.scorings = 1 if state.opts.continuous_scoring or state.inter == 2 else 2
        self.markets = connected_markets(state, state.seat)
        self.hoarder = knobs.animal_hoarder and state.seat == 0

    def space(self, cell: list[int]) -> int:
        return self.state.board.index[(cell[0], cell[1])]

    def wet(self, space: int) -> bool:
        return any(self.state.cells[n] >= WATER for n in self.state.board.neighbours[space])

    def groups_next_to(self, space: int, codes: Iterable[int]) -> list[frozenset[int]]:
        """The distinct own groups (of ``codes``) next to ``space``."""
        cells, nbrs, wanted = self.state.cells, self.state.board.neighbours, set(codes)
        out: list[frozenset[int]] = []
        for n in nbrs[space]:
            if cells[n] in wanted and not any(n in g for g in out):
                out.append(frozenset(label_group(n, cells, nbrs)))
        return out


def _land_worth(now: _Now, step: PlayLandStep) -> float:
    s = now.space(step["at"])
    merged = now.groups_next_to(s, (LAND + now.seat,))
    size = 1 + sum(len(g) for g in merged)
    before = sum(2 * len(g) for g in merged if len(g) >= 3)
    gain = (2 * size if size >= 3 else 0) - before
    gain += 1 if any(now.state.haciendas.intersection(g) for g in merged) else 0
    gain += 1 if now.wet(s) else 0
    room = 2.5 if now.hoarder else 0.0  # land opens pampas spaces for the hoarded animals
    return now.scorings * gain + 0.8 + (0.5 if merged else 0.0) + room


def _animal_worth(now: _Now, step: PlayAnimalStep) -> float:
    state, seat = now.state, now.seat
    s = now.space(step["at"])
    code = ANIMAL + 4 * seat + ANIMALS.index(step["card"])
    markets = state.board.markets_next[s]
    new = [m for m in markets if m not in now.markets]
    if state.opts.market_pay_per == "market":
        markets = tuple(new)
    income = 0
    if markets:
        cells = state.cells.set(s, code)
        opts = state.opts
        pays = market_income(
            cells, state.board.neighbours, s, seat, opts.market_payout, opts.market_land_count
        )
        income = pays * len(markets)
    m = len(now.markets)
    gain = score_markets(m + len(new)) - score_markets(m)
    herd = now.groups_next_to(s, (code,))
    size = 1 + sum(len(g) for g in herd)
    if state.opts.herd_points:
        gain += (size if size >= 3 else 0) - sum(len(g) for g in herd if len(g) >= 3)
    gain += 1 if any(state.haciendas.intersection(g) for g in herd) else 0
    gain += 1 if now.wet(s) else 0
    bonus = 6.0 if now.hoarder else 1.0
    return now.scorings * gain + PESO * income + bonus + 0.2 * size


def _harvest_worth(now: _Now, step: HarvestStep) -> float:
    s = now.space(step["at"])
    size = len(label_group(s, now.state.cells, now.state.board.neighbours))
    need = 2.0 if now.money < 6 else 1.0
    need *= 3.0 if now.hoarder and now.money < 6 else 1.0
    return need * PESO * 3 * size


def _hacienda_worth(now: _Now, step: BuyHaciendaStep) -> float:
    cost = now.state.opts.hacienda_cost
    if now.money - cost < RESERVE:
        return -1.0
    s = now.space(step["at"])
    size = len(label_group(s, now.state.cells, now.state.board.neighbours))
    return now.scorings * size - PESO * cost


def _water_worth(now: _Now, step: BuyWaterStep) -> float:
    cost = now.state.opts.water_cost
    if now.money - cost < RESERVE:
        return -1.0
    cells, nbrs, seat = now.state.cells, now.state.board.neighbours, now.seat
    spaces = {now.space(c) for c in step["cells"]}
    per_piece = now.state.opts.water_scoring == "per_piece"  # a new piece scores every tile
    gains = {
        n
        for s in spaces
        for n in nbrs[s]
        if (cells[n] == LAND + seat or is_animal_of(cells[n], seat))
        and (per_piece or not now.wet(n))
    }
    return now.scorings * len(gains) - PESO * cost


def _buy_worth(now: _Now, step: OpenPurchase) -> float:
    price = 3 if step["from"] == "display" else 2
    state = now.state
    if step["deck"] == "land":
        held = sum(state.land_hands[now.seat])
        worth = 1.2 if held < 3 else 0.3
        if now.knobs.land_rush and sum(gen.land_pile(state)) > 0:
            worth = 4.0  # until the pile runs out, and once more to reshuffle if allowed
    elif now.knobs.animal_hoarder and not now.hoarder and now.boost == 1:
        return -1.0  # the hoarder buys the animals
    else:
        held = sum(state.animal_hands[now.seat])
        worth = (1.0 if held < 3 else 0.5) * now.boost
        if now.hoarder:
            worth += 3.0 if held < 4 else 0.5
    if step["deck"] == "land" and now.money - price < 2:
        worth -= 1.5  # keep 2 pesos for a blind animal card: the game's end needs them
    return worth - PESO * price


def _one_per_group(steps: Iterable[OnGroup], now: _Now) -> list[OnGroup]:
    seen: set[int] = set()
    out: list[OnGroup] = []
    for step in steps:
        s = now.space(step["at"])
        if s not in seen:
            seen.update(label_group(s, now.state.cells, now.state.board.neighbours))
            out.append(step)
    return out


def _water(now: _Now, used: frozenset[str]) -> list[BuyWaterStep]:
    """The first water placements next to the player's tiles (the family can be huge)."""
    if now.money - now.state.opts.water_cost < RESERVE:
        return []
    steps = gen.water_steps(now.state, used, every_shape=False, sets=2000, near=True)
    return list(itertools.islice(steps, 20))


def candidates(now: _Now, used: frozenset[str]) -> list[tuple[Offer, float]]:
    """Every step the greedy player weighs, with its worth."""
    state = now.state
    out: list[tuple[Offer, float]] = []
    out.extend((s, _animal_worth(now, s)) for s in gen.play_animal_steps(state))
    out.extend((s, _land_worth(now, s)) for s in gen.play_land_steps(state))
    harvests = _one_per_group(gen.harvest_steps(state, used), now)
    out.extend((s, _harvest_worth(now, s)) for s in harvests)
    haciendas = _one_per_group(gen.hacienda_steps(state, used), now)
    out.extend((s, _hacienda_worth(now, s)) for s in haciendas)
    waters = [] if "buy_water" in used else _water(now, used)
    out.extend((s, _water_worth(now, s)) for s in waters)
    for deck, source, card in gen.purchases(state):
        step: OpenPurchase = {"do": "buy_card", "deck": deck, "from": source, "card": card}
        out.append((step, _buy_worth(now, step)))
    return out


def choose(
    state: State, used: frozenset[str], rng: random.Random, knobs: Knobs, boost: int
) -> Offer | None:
    """The step worth most now (ties by the seeded generator), or None: end the turn."""
    now = _Now(state, knobs, boost)
    best: tuple[float, float] | None = None
    pick: Offer | None = None
    for step, worth in candidates(now, used):
        key = (round(worth, 6), rng.random())
        if worth > 0 and (best is None or key > best):
            best, pick = key, step
    return None if pick is None else pick.copy()
