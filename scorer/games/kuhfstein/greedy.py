"""The greedy policy (``scorer simulate kuhfstein --policy greedy``): a sensible player.

At each decision the player values every candidate step by what it gains now and what it
prepares, and takes the best one (ties broken by the seeded generator: candidates are
shuffled before the stable ``max``):

- a card play is worth its points (with the bonus spaces it reaches), and prefers cows next
  to cows already standing, so that one herd return brings many home;
- a placement that gains a tree is worth its 5 points; another placement is worth the card
  plays it makes possible (a hand card that then fits) and the tree square it prepares;
- a card is taken for its points, three times more if it fits the landscape now, less the
  more cards the hand holds (the deck runs out before the tiles do with 4 players: a card
  kept in the hand is a card nobody plays); when no displayed card is worth much and the
  display allows it, the display is exchanged first;
- a herd returns when the cows are what keeps a hand card from being played; otherwise it
  is the harmless action of a turn that has nothing better (it keeps the tiles, the game's
  clock).

Tile exchanges throw tiles out of the game and bring the early end nearer, so the greedy
player never makes one. Every regular action of the turn is used, and extra actions and bonus
steps are always taken.

**Progress.** A turn places a tile, scores or takes a card: the last regular step of a turn
that has done none of these is a placement, a card play or a take. Until the end is
triggered every turn therefore lowers the tiles in play (display + supply), raises the sum of
the track scores (which stays below threshold × players) or takes one of the 55 cards; so a
game lasts at most (tiles − 4) + threshold × players + 55 + 2 × players play turns
(simulate.py asserts it).

The weights were tuned on 40 games per player count (bench/policy_outcomes.py): with them
every 2- and 3-player game and about three 4-player games in four end by the threshold.

Knob ``drain`` (knobs.py) turns the same player into one who empties the card deck and the
displays and brings every cow home, so that late turns find players stuck.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from scorer.games.kuhfstein.generator import N4, Plan, Step, _turn_cw, partial_return
from scorer.games.kuhfstein.knobs import Knobs
from scorer.games.kuhfstein.state import Cell

Pick = tuple[Step, frozenset[Cell]]
#: what a placement is worth per point of the hand card it lets fit
PLACE_GAIN = 2.5
#: what a point of a card taken is worth
TAKE_SCALE = 4.0
#: what taking a card is worth by the cards in the hand already (0, 1, 2, 3, 4 or more)
HOARD = (1.0, 1.0, 0.5, 0.2, 0.05)
#: the card display is exchanged when no card shows more points than this
SWAP_BELOW = 4
#: the default of the knob swap_chance (knobs.py): the greedy player exchanges tiles only
#: when the knob is set to another value
NO_SWAP_KNOB = 0.25
#: a second placement in one turn is worth this much of the first
SECOND_PLACE = 0.3
#: an exchange of a display before a take: (turn, step, "tiles" or "cards") → None
#: (simulate.py draws)
Exchange = Callable[[Plan, Step, str], None]


def _square_cells(sx: int, sy: int) -> tuple[Cell, Cell, Cell, Cell]:
    return ((sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1))


def _tree_prep(turn: Plan, at: Cell, kind: str) -> float:
    """How much a placement prepares a tree: squares left with three qualifying tiles."""
    if turn.trees_left <= 0:
        return 0.0
    value = 0.0
    for sx in (at[0] - 1, at[0]):
        for sy in (at[1] - 1, at[1]):
            cells = _square_cells(sx, sy)
            if any(c in turn.used for c in cells):
                continue
            kinds = [kind if c == at else turn.tiles.get(c) for c in cells]
            known = [k for k in kinds if k is not None]
            if len(known) == 3 and len(set(known)) in (1, 3):
                value += 6.0
    return value


def _fits_anywhere(turn: Plan, cid: str) -> bool:
    """Whether card ``cid`` fits the landscape now (any cow supply; cows still block)."""
    card = turn.cards[cid]
    for times in range(4):
        cells = [(*_turn_cw(x, y, times), f) for x, y, f in card.cells]
        ax, ay, akind = next(c for c in cells if c[2] != "back")
        for (tx, ty), kind in turn.tiles.items():
            if kind != akind or (tx, ty) in turn.cows:
                continue
            ox, oy = tx - ax, ty - ay
            if all(_ok(turn, (ox + x, oy + y), f) for x, y, f in cells):
                return True
    return False


def _ok(turn: Plan, cell: Cell, face: str) -> bool:
    kind = turn.tiles.get(cell)
    return kind is not None and (face == "back" or (kind == face and cell not in turn.cows))


def _enabled(turn: Plan) -> dict[tuple[Cell, str | None], int]:
    """(empty cell, kind or None for any) → the best points of a hand card that fits once a
    tile of that kind lies there (the card covering that one empty cell)."""
    frontier = set(turn.frontier()) if turn.tiles else set()
    out: dict[tuple[Cell, str | None], int] = {}
    for cid in turn.hand:
        card = turn.cards[cid]
        if card.n_faces > turn.supply + len(turn.cows):
            continue
        for times in range(4):
            cells = [(*_turn_cw(x, y, times), f) for x, y, f in card.cells]
            for cx, cy, cface in cells:
                for fx, fy in frontier:
                    ox, oy = fx - cx, fy - cy
                    if all(
                        (x, y) == (cx, cy) or _ok(turn, (ox + x, oy + y), f) for x, y, f in cells
                    ):
                        key = ((fx, fy), None if cface == "back" else cface)
                        out[key] = max(out.get(key, 0), card.points)
    return out


def _place_value(turn: Plan, step: Step, enabled: dict[tuple[Cell, str | None], int]) -> float:
    if "tree" in step:
        return 50.0
    at = (step["at"][0], step["at"][1])
    kind = step["take"]
    gain = max(enabled.get((at, kind), 0), enabled.get((at, None), 0))
    value = _tree_prep(turn, at, kind) + PLACE_GAIN * gain
    if any(kind in turn.cards[c].face_kinds for c in turn.hand):
        value += 0.5
    if any(turn.tiles.get((at[0] + dx, at[1] + dy)) == kind for dx, dy in N4):
        value += 0.25
    # the tiles are the game's clock: a second placement in a turn spends it for little
    return value * SECOND_PLACE if turn.placed else value + 1.0


def best_place(
    turn: Plan,
    rng: random.Random,
    extra: dict[str, Any],
    exchange: Exchange | None = None,
    knobs: Knobs | None = None,
) -> tuple[float, Pick] | None:
    """The best placement (after tile exchanges only when the knob swap_chance is set: the
    greedy player keeps the tiles, the game's clock, in play)."""
    step: Step = {"do": "place_tile"}
    swaps = 0
    while (
        exchange is not None
        and knobs is not None
        and knobs.swap_chance != NO_SWAP_KNOB
        and turn.swaps_open(swaps)
        and turn.tile_swap_ok()
        and turn.tiles_left > 0
        and rng.random() < knobs.swap_chance
    ):
        exchange(turn, step, "tiles")
        swaps += 1
    places = turn.place_steps()
    if not places:
        return None
    enabled = _enabled(turn)
    rng.shuffle(places)
    pick = max(places, key=lambda s: _place_value(turn, s, enabled))
    out = {**({"swap": step["swap"]} if "swap" in step else {}), **pick, **extra}
    if "tree" not in out:
        out["tree"] = None
    return _place_value(turn, pick, enabled), (out, frozenset())


def _take_value(turn: Plan, cid: str) -> float:
    card = turn.cards[cid]
    # the cards are scarcer than the actions: a big card is worth more than its points
    value = TAKE_SCALE * card.points * (3.0 if _fits_anywhere(turn, cid) else 1.0)
    # the deck runs out before the tiles: a card kept in the hand is a card nobody plays
    return value * HOARD[min(len(turn.hand), len(HOARD) - 1)]


def best_take(
    turn: Plan, rng: random.Random, exchange: Exchange, extra: dict[str, Any], knobs: Knobs
) -> tuple[float, Pick] | None:
    step: Step = {"do": "take_card"}
    swaps = 0
    while (
        turn.swaps_open(swaps)
        and turn.card_swap_ok()
        and turn.deck_left >= len(turn.card_display)
        and (
            max(turn.cards[c].points for c in turn.card_display) <= SWAP_BELOW
            or (knobs.swap_chance != NO_SWAP_KNOB and rng.random() < knobs.swap_chance)
        )
    ):
        exchange(turn, step, "cards")
        swaps += 1
    takes = [s["card"] for s in turn.take_steps()]
    if not takes:  # an exchange draws a full display (the deck holds enough)
        return None
    rng.shuffle(takes)
    cid = max(takes, key=lambda c: _take_value(turn, c))
    return _take_value(turn, cid), ({**step, "card": cid, **extra}, frozenset())


def _play_value(turn: Plan, step: Step, cows: frozenset[Cell]) -> float:
    points = turn.cards[step["card"]].points
    near = sum(1 for x, y in cows for dx, dy in N4 if (x + dx, y + dy) in turn.cows)
    reached = sum(1 for p in turn.bonus if turn.score < p <= turn.score + points)
    return 10.0 * points + 5.0 * reached + 0.5 * near


def best_play(turn: Plan, rng: random.Random) -> tuple[float, Pick] | None:
    plays = turn.plays()
    if not plays:
        return None
    rng.shuffle(plays)
    step, cows = max(plays, key=lambda p: _play_value(turn, *p))
    return _play_value(turn, step, cows), (step, cows)


def best_herd(turn: Plan, rng: random.Random, knobs: Knobs) -> tuple[float, Pick] | None:
    herds = turn.herds()
    if not herds:
        return None
    blocked = [
        turn.cards[c].points
        for c in turn.hand
        if turn.cards[c].n_faces > turn.supply and _fits_anywhere(turn, c)
    ]
    rng.shuffle(herds)
    herd = max(herds, key=len)
    part = partial_return(turn, herd, rng, knobs.partial_returns)
    if part is not None:
        return 1.0, (part, frozenset())
    if knobs.drain:
        value = 30.0
    elif blocked:
        value = 8.0 * max(blocked)
    else:  # harmless: it keeps the clock (the tiles) and readies cows
        value = 2.0 if turn.supply < 2 else 1.0
    return value, ({"do": "return_herd", "at": list(herd[0])}, frozenset())


def next_step(
    turn: Plan,
    rng: random.Random,
    exchange: Exchange,
    knobs: Knobs,
    start: int,
    done: list[Step],
) -> Pick | None:
    """The greedy choice of the next step, or None to end the turn. ``start`` is the
    player's track score when the turn began and ``done`` the turn's steps so far (has the
    turn scored or taken a card?)."""
    for p, kind in sorted(turn.avail.items()):
        extra = {"bonus_space": p}
        bonus = (
            best_place(turn, rng, extra, exchange, knobs)
            if kind == "extra_tile"
            else best_take(turn, rng, exchange, extra, knobs)
        )
        if bonus is not None:
            return bonus[1]
    if not turn.regular_open():
        return None
    if turn.regular < 2 and turn.stuck():
        return ({"do": "pass"}, frozenset()) if turn.opts.allow_pass != "never" else None
    last = turn.regular + 1 >= 2 + turn.extra
    took = any(s["do"] == "take_card" for s in done)
    progressed = turn.placed or turn.score > start or took or knobs.drain
    if (
        knobs.pass_chance
        and turn.opts.allow_pass == "always"
        and turn.regular < 2
        and (progressed or not last)
        and rng.random() < knobs.pass_chance
    ):
        return {"do": "pass"}, frozenset()
    if last and not progressed:
        forced = _progress_picks(turn, rng)
        if forced:
            return _resolve(turn, rng, exchange, knobs, max(forced, key=lambda c: c[0])[1])
    options = _options(turn, rng, knobs)
    if not options:
        return None if turn.may_end() else ({"do": "pass"}, frozenset())
    return _resolve(turn, rng, exchange, knobs, max(options, key=lambda o: o[0])[1])


def _progress_picks(turn: Plan, rng: random.Random) -> list[tuple[float, Pick]]:
    """The last regular step of a turn that has made no progress yet: a card play, a
    placement or a take (the module docstring's Progress), each with its value."""
    forced = [c for c in (best_play(turn, rng), best_place(turn, rng, {})) if c is not None]
    if turn.card_display:
        forced.append(
            (
                _take_value(turn, max(turn.card_display, key=lambda c: _take_value(turn, c))),
                ({"do": "take_card"}, frozenset()),
            )
        )
    return forced


def _options(turn: Plan, rng: random.Random, knobs: Knobs) -> list[tuple[float, Pick]]:
    """Every kind of regular step the player could take, each with its value."""
    options: list[tuple[float, Pick]] = []
    for found in (best_play(turn, rng), best_herd(turn, rng, knobs)):
        if found is not None:
            options.append(found)
    if turn.display:
        place = best_place(turn, rng, {})
        if place is not None:
            value = place[0]
            if knobs.drain:  # the cards first; the last tiles before the cows come home
                value = 0.2 * value if turn.card_display else 40.0 if not turn.tiles_left else value
            options.append((value, place[1]))
    if turn.card_display:
        take_value = max(_take_value(turn, c) for c in turn.card_display)
        options.append((100.0 if knobs.drain else take_value, ({"do": "take_card"}, frozenset())))
    return options


def _resolve(
    turn: Plan, rng: random.Random, exchange: Exchange, knobs: Knobs, pick: Pick
) -> Pick | None:
    """The pick, with the card to take chosen (after an exchange, if one is made); a
    placement chosen again after tile exchanges when the knob swap_chance asks for them."""
    if pick[0]["do"] == "place_tile" and knobs.swap_chance != NO_SWAP_KNOB:
        again = best_place(turn, rng, {}, exchange, knobs)
        return again[1] if again is not None else None
    if pick[0]["do"] == "take_card" and "card" not in pick[0]:
        took = best_take(turn, rng, exchange, {}, knobs)
        return took[1] if took is not None else None
    return pick
