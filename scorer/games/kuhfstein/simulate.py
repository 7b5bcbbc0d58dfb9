"""``moves.simulate``: complete random legal games (spec 16.3–16.7).

One ``random.Random(seed)`` drives everything: first the component data (gendata), then
every decision and every chance draw, in a fixed order, so the same seed and options give
the same record byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from scorer.core.errors import RuleViolation
from scorer.games.kuhfstein import gendata
from scorer.games.kuhfstein.coverage import COVERAGE_RUNS as COVERAGE_RUNS
from scorer.games.kuhfstein.features import features as features
from scorer.games.kuhfstein.generator import Plan, Step, partial_return
from scorer.games.kuhfstein.knobs import Knobs, split
from scorer.games.kuhfstein.state import DECK_SIZE, KINDS, TOTAL_TILES, Options, State

NO_KNOBS = Knobs()


class Chance:
    """Draws for exchanges and refills: the recorded orders, else the seeded generator."""

    def __init__(self, rng: random.Random, state: State) -> None:
        self.rng = rng
        self.tile_order = state.tile_order
        self.card_order = state.card_order

    def tiles(self, turn: Plan, n: int) -> list[str]:
        n = min(n, turn.tiles_left)
        if self.tile_order is not None:
            out = list(self.tile_order[turn.tile_pos : turn.tile_pos + n])
        else:
            assert turn.kinds is not None, "the simulator always knows the tile split"
            out = []
            for _ in range(n):
                pool = [k for k in KINDS for _ in range(turn.kinds[k])]
                out.append(self.rng.choice(pool))
                turn.kinds[out[-1]] -= 1
        if self.tile_order is not None and turn.kinds is not None:
            for k in out:
                turn.kinds[k] -= 1
        turn.tile_pos += n
        turn.tiles_left -= n
        return out

    def cards(self, turn: Plan, n: int) -> list[str]:
        n = min(n, turn.deck_left)
        assert self.card_order is not None, "the simulator always writes card_order"
        out = list(self.card_order[turn.card_pos : turn.card_pos + n])
        turn.card_pos += n
        turn.deck_left -= n
        turn.seen.update(out)
        return out

    def refill(self, turn: Plan) -> dict[str, list[str]]:
        tiles = self.tiles(turn, 5 - len(turn.display))
        cards = self.cards(turn, 4 - len(turn.card_display))
        turn.display += tiles
        turn.card_display += cards
        return {"tiles": tiles, "cards": cards}


def _exchange_tiles(turn: Plan, chance: Chance, step: Step) -> None:
    removed = list(turn.display)
    want = len(removed) if turn.opts.tile_swap_draw == "same" else 5
    drawn = chance.tiles(turn, want)
    turn.display = list(drawn)
    if turn.opts.swap_discard == "return":
        turn.tiles_left += len(removed)
        assert turn.kinds is not None
        for k in removed:
            turn.kinds[k] += 1
    _add_swap(step, drawn)


def _exchange_cards(turn: Plan, chance: Chance, step: Step) -> None:
    removed = list(turn.card_display)
    drawn = chance.cards(turn, len(removed))
    turn.card_display = list(drawn)
    _add_swap(step, drawn)


def _add_swap(step: Step, drawn: list[str]) -> None:
    ex = {"drawn": drawn}
    if "swap" not in step:
        step["swap"] = ex
    elif isinstance(step["swap"], list):
        step["swap"].append(ex)
    else:
        step["swap"] = [step["swap"], ex]


def _pick_place(
    turn: Plan, rng: random.Random, chance: Chance, extra: dict[str, Any], knobs: Knobs = NO_KNOBS
) -> tuple[Step, frozenset[Any]] | None:
    step: Step = {"do": "place_tile"}
    swaps = 0
    while (
        swaps < turn.opts.max_swaps_per_action
        and turn.tile_swap_ok()
        and turn.tiles_left > 0
        and rng.random() < knobs.swap_chance
    ):
        _exchange_tiles(turn, chance, step)
        swaps += 1
    places = turn.place_steps()
    if not places:
        return None
    trees = [s for s in places if "tree" in s]
    if trees and rng.random() < 0.75:
        pick = rng.choice(trees)
    else:
        plain = [s for s in places if "tree" not in s]
        useful = _enabling(turn, plain, rng)
        if useful and rng.random() < 0.8:
            pick = rng.choice(useful)
        else:
            pick = rng.choices(plain, weights=[_place_weight(turn, s) for s in plain])[0]
    out = {**step, **pick, **extra}
    if "tree" not in out:
        out["tree"] = None
    return out, frozenset()


def _enabling(turn: Plan, plain: list[Step], rng: random.Random) -> list[Step]:
    """Up to 12 sampled placements of a kind on a hand card after which a card fits that
    did not before (a little planning, so that cards get played)."""
    if not turn.hand:
        return []
    kinds = {k for c in turn.hand for k in turn.cards[c].face_kinds}
    pool = [s for s in plain if s["take"] in kinds]
    before = {(s["card"], tuple(s["offset"]), s["rotation"]) for s, _ in turn.plays()}
    out = []
    for step in rng.sample(pool, min(len(pool), 12)):
        at = (step["at"][0], step["at"][1])
        turn.tiles[at] = step["take"]
        try:
            if any(
                (s["card"], tuple(s["offset"]), s["rotation"]) not in before
                for s, _ in turn.plays()
            ):
                out.append(step)
        finally:
            del turn.tiles[at]
    return out


def _place_weight(turn: Plan, step: Step) -> float:
    """Prefer kinds shown on the hand's cards, next to tiles of the same kind, and cells that
    leave a 2×2 square with three tiles that could still qualify for a tree (16.5)."""
    kind = step["take"]
    x, y = step["at"]
    weight = 1.0
    if any(kind in turn.cards[c].face_kinds for c in turn.hand):
        weight *= 3.0
    if any(
        turn.tiles.get((x + dx, y + dy)) == kind for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    ):
        weight *= 2.0
    for sx in (x - 1, x):
        for sy in (y - 1, y):
            cells = [(sx, sy), (sx + 1, sy), (sx, sy + 1), (sx + 1, sy + 1)]
            kinds = [kind if c == (x, y) else turn.tiles.get(c) for c in cells]
            known = [k for k in kinds if k is not None]
            if (
                len(known) == 3
                and len(set(known)) in (1, 3)
                and not any(c in turn.used for c in cells)
            ):
                weight *= 1.5
    return weight


def _pick_take(
    turn: Plan, rng: random.Random, chance: Chance, extra: dict[str, Any], knobs: Knobs = NO_KNOBS
) -> tuple[Step, frozenset[Any]] | None:
    step: Step = {"do": "take_card"}
    swaps = 0
    while (
        swaps < turn.opts.max_swaps_per_action
        and turn.card_swap_ok()
        and turn.deck_left > 0
        and rng.random() < knobs.swap_chance
    ):
        _exchange_cards(turn, chance, step)
        swaps += 1
    takes = turn.take_steps()
    if not takes:
        return None
    return {**step, **rng.choice(takes), **extra}, frozenset()


def _pick_regular(
    turn: Plan, rng: random.Random, chance: Chance, knobs: Knobs = NO_KNOBS
) -> tuple[Step, frozenset[Any]] | None:
    plays = turn.plays()
    has_places = bool(turn.display)
    if not turn.placed and turn.regular >= 1 and has_places:
        return _pick_place(turn, rng, chance, {}, knobs)
    weights: list[tuple[float, str]] = []
    if has_places:
        trees = any("tree" in s for s in turn.place_steps())
        weights.append((6.0 if trees else 2.0, "place"))
    if plays:
        weights.append((4.0, "play"))
    if turn.card_display:
        weights.append((0.3 if len(turn.hand) >= 3 else 1.0, "take"))
    herds = turn.herds()
    if herds:
        short = bool(turn.hand) and not plays
        weights.append((4.0 if short else 1.0, "herd"))
    if not weights:
        return None
    what = rng.choices([name for _, name in weights], weights=[w for w, _ in weights])[0]
    if what == "place":
        return _pick_place(turn, rng, chance, {}, knobs)
    if what == "take":
        return _pick_take(turn, rng, chance, {}, knobs)
    if what == "herd":
        herd = rng.choice(herds)
        part = partial_return(turn, herd, rng, knobs.partial_returns)
        if part is not None:
            return part, frozenset()
        return {"do": "return_herd", "at": list(herd[0])}, frozenset()
    by_card: dict[str, list[tuple[Step, frozenset[Any]]]] = {}
    for step, cows in plays:
        group = by_card.setdefault(step["card"], [])
        if all(c != cows for _, c in group):
            group.append((step, cows))
    ids = sorted(by_card)
    cid = rng.choices(ids, weights=[turn.cards[c].points for c in ids])[0]
    return rng.choice(by_card[cid])


def _next_step(
    turn: Plan, rng: random.Random, chance: Chance, knobs: Knobs = NO_KNOBS
) -> tuple[Step, frozenset[Any]] | None:
    """The policy of 16.5: a step, or None to end the turn (knobs: knobs.py)."""
    for p, kind in sorted(turn.avail.items()):
        if rng.random() < 0.5:
            pick = (_pick_place if kind == "extra_tile" else _pick_take)(
                turn, rng, chance, {"bonus_space": p}, knobs
            )
            if pick is not None:
                return pick
    if turn.may_end() and (not turn.regular_open() or rng.random() < 0.5):
        return None
    if turn.regular < 2 and turn.stuck():
        return ({"do": "pass"}, frozenset()) if turn.opts.allow_pass != "never" else None
    if (
        knobs.pass_chance
        and turn.opts.allow_pass == "always"
        and (turn.regular == 0 or (turn.regular == 1 and turn.placed))  # progress: 16.5
        and rng.random() < knobs.pass_chance
    ):
        return {"do": "pass"}, frozenset()
    return _pick_regular(turn, rng, chance, knobs)


def play_turn(state: State, rng: random.Random, knobs: Knobs = NO_KNOBS) -> dict[str, Any]:
    """One move object for the player to move, as ``knobs.policy`` plays."""
    from scorer.games.kuhfstein import greedy

    turn = Plan(state)
    chance = Chance(rng, state)
    steps: list[Step] = []
    after = state.opts.refill_timing == "after_action"
    start = turn.score

    def exchange(plan: Plan, step: Step, what: str) -> None:
        (_exchange_tiles if what == "tiles" else _exchange_cards)(plan, chance, step)

    while True:
        if knobs.policy == "greedy":
            pick = greedy.next_step(turn, rng, exchange, knobs, start, steps)
        else:
            pick = _next_step(turn, rng, chance, knobs)
        if pick is None:
            break
        step, cows = pick
        turn.do(step, cows)
        if after:
            step["refill"] = chance.refill(turn)
        steps.append(step)
    move: dict[str, Any] = {"player": state.names[state.seat], "action": "turn", "steps": steps}
    if not after:
        move["refill"] = chance.refill(turn)
    return move


def simulate(players: int, seed: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """A complete record (16.7), reproducible from ``seed``."""
    from scorer.games.kuhfstein import referee

    if players not in TOTAL_TILES:
        raise ValueError("Kuhfstein is for 2 to 4 players")
    knobs, variant = split(options)
    unknown = sorted(set(variant) - set(Options.__dataclass_fields__))
    if unknown:
        raise ValueError(f"unknown option(s) {', '.join(unknown)}")
    rng = random.Random(seed)
    setup = gendata.setup(rng, players, variant)
    names = [f"P{i + 1}" for i in range(players)]
    record: dict[str, Any] = {
        "format": "scorer-record/1",
        "game": "kuhfstein",
        "variant": variant,
        "players": [{"name": n, "color": gendata.COLOURS[i]} for i, n in enumerate(names)],
        "setup": setup,
        "moves": [],
    }
    try:
        state = referee.initial_state(record)
    except RuleViolation as exc:  # a generator bug (16.4: the setup checks must pass)
        raise AssertionError(f"generated setup rejected: {exc}") from exc
    bound = TOTAL_TILES[players] - 4 + 2 * players
    if knobs.policy == "greedy":  # a turn places a tile or scores (greedy.py: Progress)
        bound += state.opts.end_threshold * players + (2 if knobs.drain else 1) * DECK_SIZE
    turns = 0
    while state.phase != "over":
        move = play_turn(state, rng, knobs)
        state = _advance(referee, state, move, record)
        turns += 1
        assert turns <= bound, "the simulated game does not end (generator bug)"
    for i, name in enumerate(names):
        state = _advance(referee, state, _best_reveal(state, i, name), record)
    sheet = referee.score(state)
    record["claimed"] = {
        "scores": {p.name: p.total for p in sheet.players},
        "breakdown": {p.name: dict(p.categories) for p in sheet.players},
        "tiles_placed": {p.name: p.extras["tiles_placed"] for p in sheet.players},
    }
    record["meta"] = {"generator": "scorer simulate kuhfstein", "seed": seed, "players": players}
    if knobs.policy != "random":
        record["meta"]["policy"] = knobs.policy
    if knobs.any:
        record["meta"]["knobs"] = knobs.meta()
    return record


def _best_reveal(state: State, index: int, name: str) -> dict[str, Any]:
    """The reveal of the player's dealt scoring tile worth more (the first on a tie)."""
    from scorer.games.kuhfstein.scoring import evaluate

    board = state.boards[index]
    best: tuple[int, str, bool] | None = None
    for tid in board.dealt:
        tile = state.comp.scoring_tiles[tid]
        met = evaluate(state, index, tile)
        worth = tile.points if met else 0
        if best is None or worth > best[0]:
            best = (worth, tid, met)
    assert best is not None
    return {
        "player": name,
        "action": "turn",
        "steps": [{"do": "reveal_scoring_tile", "tile": best[1], "met": best[2]}],
    }


def _advance(rules: Any, state: State, move: dict[str, Any], record: dict[str, Any]) -> State:
    try:
        new: State = rules.apply(state, move)
    except RuleViolation as exc:
        raise AssertionError(
            f"generated move {len(record['moves'])} rejected: {exc.rule} "
            f"{exc.message} at {exc.path}"
        ) from exc
    record["moves"].append(move)
    return new
