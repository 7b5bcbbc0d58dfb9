"""Random complete legal games (section 15.3), reproducible from the seed.

Setup and chance events are drawn here with one ``random.Random(seed)``; the turns are built
step by step from the generator's legal steps with a light policy (cubes whenever possible with
high probability, cards when allowed, stacking and same-colour neighbours preferred, weights
varied per seed so that both end triggers occur). Each finished turn is applied through the
checker, so a simulated record is verified while it is written.

Policies (``options["policy"]``): ``random`` (the default, the light policy above; the same
seed and options give byte for byte the games they gave before policies existed) and
``greedy`` (:mod:`scorer.games.harmonies.greedy`; its records say ``meta.policy``). Knobs
(``KNOBS``, ``rules.SIMULATE_OPTIONS``) steer either policy toward rare paths: ``end`` (the
board or the pouch trigger), ``cards = "eager"`` and, in solo, ``discard = "always"``; a
record made with knobs names them in ``meta.options``. Greedy games draw the variant as random
ones do, except that a limited reserve (a quarter of the games) holds 30 cubes, so that it
runs short. ``features`` names the rare paths a finished game took.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorer.core.values import Json
from scorer.games.harmonies.actions import apply_move
from scorer.games.harmonies.board import (
    COLOURS,
    NEIGHBOURS,
    SIDE_CELLS,
    TOKEN_COUNTS,
    TRACKS,
    Cell,
)
from scorer.games.harmonies.cards import SPIRIT_DATA
from scorer.games.harmonies.generator import END_TURN, Pending, advance, offers, start
from scorer.games.harmonies.greedy import Greedy, completing
from scorer.games.harmonies.scoring import score_state
from scorer.games.harmonies.setup import initial_state
from scorer.games.harmonies.state import DEFAULT_OPTIONS, State
from scorer.games.harmonies.steps import (
    Offered,
    PlaceTokenStep,
    Refill,
    SoloDiscard,
    Step,
    TurnMove,
)

ALLOWED: Mapping[str, tuple[str | bool, ...]] = {
    "board_side": ("A", "B"),
    "nature_spirits": (False, True),
    "river_metric": ("shortest_path", "include_loops"),
    "tiebreak_counts_spirit_cube": (False, True),
    "solo_last_refill": ("continue", "end"),
}
#: The simulator's own options (``rules.SIMULATE_OPTIONS``) and their values.
KNOBS: Mapping[str, tuple[str, ...]] = {
    "end": ("board", "pouch"),
    "cards": ("eager",),
    "discard": ("always",),
}


@dataclass(frozen=True, slots=True)
class Policy:
    """Per-seed weights of the light policy."""

    cube: float
    card: float
    stack: float
    same: float
    habitat: float
    discard: float
    omit_final_refill: bool
    write_rotation: bool


def draw_options(rng: random.Random, players: int, fixed: Json) -> dict[str, object]:
    """The variant: options fixed by the caller, the others drawn from the seed."""
    for name, value in fixed.items():
        if name == "animal_cube_supply":
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or value < 0
            ):
                raise ValueError("animal_cube_supply must be null or an integer >= 0")
        elif name not in ALLOWED:
            raise ValueError(f"unknown option {name!r}; known: {', '.join(DEFAULT_OPTIONS)}")
        elif value not in ALLOWED[name] or type(value) is not type(ALLOWED[name][0]):
            raise ValueError(f"option {name} must be one of {list(ALLOWED[name])}")
    drawn = {
        "board_side": rng.choice(("A", "B")),
        "nature_spirits": rng.random() < 0.5,
        "river_metric": "include_loops" if rng.random() < 0.15 else "shortest_path",
        "tiebreak_counts_spirit_cube": rng.random() < 0.25,
        "animal_cube_supply": 66 if rng.random() < 0.15 else None,
        "solo_last_refill": "end" if players == 1 and rng.random() < 0.3 else "continue",
    }
    return {**drawn, **fixed}


class Pouch:
    """The simulator's pouch: draws weighted by colour counts, in a fixed colour order."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.counts = dict(TOKEN_COUNTS)

    def size(self) -> int:
        return sum(self.counts.values())

    def draw(self, k: int) -> list[str]:
        out = []
        for _ in range(k):
            r = self.rng.randrange(self.size())
            for colour in COLOURS:
                r -= self.counts[colour]
                if r < 0:
                    self.counts[colour] -= 1
                    out.append(colour)
                    break
        return out


def split_options(options: Json) -> tuple[str, dict[str, str], Json]:
    """The policy, the simulator's knobs and the variant options of ``options``. Raises
    ValueError for a policy or knob value the simulator does not know."""
    policy = options.get("policy", "random")
    if policy not in ("random", "greedy"):
        raise ValueError(f"unknown policy {policy!r}")
    knobs = {k: v for k, v in options.items() if k in KNOBS}
    for name, value in knobs.items():
        if value not in KNOBS[name]:
            raise ValueError(f"simulator option {name} must be one of {list(KNOBS[name])}")
    fixed = {k: v for k, v in options.items() if k not in KNOBS and k != "policy"}
    return policy, knobs, fixed


def simulate(players: int, seed: int, options: Json) -> dict[str, Any]:
    """One complete legal game record (``options["policy"]``: ``random``, the default, or
    ``greedy``). Raises ValueError for bad arguments."""
    if not 1 <= players <= 4:
        raise ValueError("Harmonies is for 1 to 4 players")
    policy_name, knobs, fixed = split_options(options)
    rng = random.Random(seed)
    variant = draw_options(rng, players, fixed)
    if policy_name == "greedy" and "animal_cube_supply" not in fixed:
        # greedy games: a limited reserve in a quarter of the games, small enough to run short
        variant["animal_cube_supply"] = 30 if rng.random() < 0.25 else None
    names = ["Ann", "Ben", "Cid", "Dee"][:players]
    pouch = Pouch(rng)
    setup, pile = _deal(rng, pouch, names, bool(variant["nature_spirits"]))
    policy = _with_knobs(_draw_policy(rng), knobs)
    greedy = Greedy(rng, knobs) if policy_name == "greedy" else None
    record: dict[str, Any] = {
        "format": "scorer-record/1",
        "game": "harmonies",
        "variant": variant,
        "players": [{"name": name} for name in names],
        "setup": setup,
        "moves": [],
    }
    state = initial_state(record)
    while not state.over:
        move = _turn(state, rng, policy, pouch, pile, greedy)
        state = apply_move(state, move)
        record["moves"].append(move)
    record["claimed"] = _claimed(state)
    record["meta"] = {"generator": "scorer simulate", "seed": seed}
    if greedy is not None:
        record["meta"]["policy"] = "greedy"
    if knobs:
        record["meta"]["options"] = dict(sorted(knobs.items()))
    return record


def _deal(
    rng: random.Random, pouch: Pouch, names: list[str], spirits_on: bool
) -> tuple[dict[str, object], list[str]]:
    """The record's ``setup`` (the Central board, the display, the spirit cards dealt) and the
    draw pile left."""
    n = 3 if len(names) == 1 else 5
    deck = list(TRACKS)
    rng.shuffle(deck)
    setup: dict[str, object] = {
        "central_board": [pouch.draw(3) for _ in range(n)],
        "display": deck[:n],
    }
    if spirits_on:
        spirits = list(SPIRIT_DATA)
        rng.shuffle(spirits)
        setup["spirits_dealt"] = {name: spirits[2 * i : 2 * i + 2] for i, name in enumerate(names)}
    return setup, deck[n:]


def _draw_policy(rng: random.Random) -> Policy:
    """The weights of the light policy, drawn from the seed."""
    return Policy(
        cube=rng.uniform(0.6, 1.0),
        card=rng.uniform(0.3, 0.9),
        stack=rng.uniform(0.5, 12.0),
        same=rng.uniform(0.5, 6.0),
        habitat=rng.uniform(5.0, 60.0),
        discard=rng.uniform(0.0, 0.5),
        omit_final_refill=rng.random() < 0.5,
        write_rotation=rng.random() < 0.5,
    )


def _claimed(state: State) -> dict[str, object]:
    """The record's ``claimed`` block: the scores of the final state (and the solo suns)."""
    sheet = score_state(state)
    claimed: dict[str, object] = {
        "scores": {p.name: p.total for p in sheet.players},
        "breakdown": {p.name: dict(p.categories) for p in sheet.players},
    }
    if state.solo:
        claimed["suns"] = {p.name: p.extras["suns"] for p in sheet.players}
    return claimed


def _with_knobs(policy: Policy, knobs: Mapping[str, str]) -> Policy:
    """The random policy's weights as the knobs steer them (unchanged without knobs)."""
    if knobs.get("end") == "board":
        policy = replace(policy, stack=0.0, same=policy.same / 4)
    elif knobs.get("end") == "pouch":
        policy = replace(policy, stack=policy.stack * 8)
    if knobs.get("cards") == "eager":
        policy = replace(policy, card=1.0)
    if knobs.get("discard") == "always":
        policy = replace(policy, discard=1.0)
    return policy


def _turn(
    state: State,
    rng: random.Random,
    policy: Policy,
    pouch: Pouch,
    pile: list[str],
    greedy: Greedy | None = None,
) -> TurnMove:
    p = start(state)
    while True:
        step = _choose(p, rng, policy) if greedy is None else greedy.choose(p)
        if step["do"] == "end_turn":
            break
        p = advance(p, step)
    move: TurnMove = {
        "player": state.players[state.seat].name,
        "action": "turn",
        "steps": [_as_written(s, policy.write_rotation) for s in p.steps],
    }
    display = list(p.display)
    card = None
    if greedy is not None:
        card = greedy.discard(p, display) if state.solo and not p.took_card else None
    elif state.solo and not p.took_card and display and rng.random() < policy.discard:
        card = rng.choice(sorted(display))
    if card is not None:
        slot = display.index(card)
        discard: SoloDiscard = {"card": card}
        if pile:
            replacement = pile.pop(0)
            discard["replacement"] = replacement
            display[slot] = replacement
        else:
            del display[slot]
        move["solo_discard"] = discard
    final = _is_final(state, p, pouch)
    if final and policy.omit_final_refill:
        return move
    refill: Refill = {"spaces": _draw_spaces(state, p, pouch)}
    size = 3 if state.solo else 5
    reveal = [pile.pop(0) for _ in range(min(size - len(display), len(pile)))]
    if reveal or rng.random() < 0.5:
        refill["display"] = reveal
    move["refill"] = refill
    return move


def _as_written(step: Step, rotation: bool) -> Step:
    """A copy of a generated step as the record writes it: a cube's rotation is optional, and
    the seeds that leave it out leave the search to the verifier."""
    if step["do"] == "place_cube" and not rotation:
        return {"do": "place_cube", "card": step["card"], "cell": step["cell"]}
    return step.copy()


def _is_final(state: State, p: Pending, pouch: Pouch) -> bool:
    empty = len(SIDE_CELLS[state.side]) - len(p.board)
    left = pouch.size()
    dry = left < 9 if state.solo and state.options.solo_last_refill == "end" else left == 0
    triggered = state.triggered or empty <= 2 or dry
    return triggered and state.seat == len(state.players) - 1


def _draw_spaces(state: State, p: Pending, pouch: Pouch) -> dict[str, list[str]]:
    if not state.solo:
        return {str(p.space): pouch.draw(3)} if pouch.size() else {}
    spaces = {}
    for s in (1, 2, 3):
        k = min(3, pouch.size())
        if k:
            spaces[str(s)] = pouch.draw(k)
    return spaces


def _choose(p: Pending, rng: random.Random, policy: Policy) -> Offered:
    offered = offers(p)
    if offered.spirits and rng.random() < 0.5:
        return rng.choice(offered.spirits)
    if offered.cubes and rng.random() < policy.cube:
        return rng.choice(offered.cubes)
    if offered.cards and rng.random() < policy.card:
        return rng.choice(offered.cards)
    if offered.takes:
        wanted_colours = {c for _, c in completing(p)}
        weights = [
            1.0 + sum(policy.habitat / 4 for c in s["tokens"] if c in wanted_colours)
            for s in offered.takes
        ]
        return rng.choices(offered.takes, weights)[0]
    if offered.tokens:
        wanted = set(completing(p))
        weights = [_token_weight(p, s, policy, wanted) for s in offered.tokens]
        return rng.choices(offered.tokens, weights)[0]
    if offered.can_end:
        return END_TURN
    return rng.choice(offered.spirits)  # the only step left: the first turn's spirit


def _token_weight(
    p: Pending, step: PlaceTokenStep, policy: Policy, wanted: set[tuple[Cell, str]]
) -> float:
    cell = (step["cell"][0], step["cell"][1])
    colour = step["color"]
    weight = 1.0 + (policy.habitat if (cell, colour) in wanted else 0.0)
    if cell in p.board:
        weight += policy.stack
    same = sum(1 for n in NEIGHBOURS[p.state.side][cell] if p.board.get(n, ("",))[-1] == colour)
    return weight + policy.same * same


def features(record: Json, state: State) -> frozenset[str]:
    """The rare paths a finished game took (``bench/policy_outcomes.py``, fixture tests):

    ``spirit_cube`` (a Nature's Spirit cube was placed), ``card_completed``, ``card_limit`` (a
    player held 4 incomplete cards), ``draw_pile_exhausted`` (all 32 Animal cards revealed),
    ``reserve_short`` (a limited cube reserve left too small for the longest track),
    ``solo_discard``, ``solo_short_refill`` (a solo refill of fewer than 9 tokens),
    ``round_finished`` (the end was triggered before the last seat's turn),
    ``final_refill_omitted``, ``rotation_written``, ``shared_victory`` and ``tie_by_cubes``
    (equal totals at the top, parted by the cube count)."""
    words: set[str] = set()
    moves = record.get("moves", [])
    replay = initial_state(record)
    for move in moves:
        before = replay
        replay = apply_move(replay, move)
        if replay.triggered and not before.triggered and not replay.over:
            words.add("round_finished")
        if any(p.incomplete() >= 4 for p in replay.players):
            words.add("card_limit")
        if "solo_discard" in move:
            words.add("solo_discard")
        if any(s["do"] == "place_cube" and "rotation" in s for s in move["steps"]):
            words.add("rotation_written")
        spaces = (move.get("refill") or {}).get("spaces", {})
        if state.solo and 0 < sum(len(t) for t in spaces.values()) < 9:
            words.add("solo_short_refill")
    if moves and "refill" not in moves[-1]:
        words.add("final_refill_omitted")
    if any(p.spirit_cube is not None for p in state.players):
        words.add("spirit_cube")
    if any(h.complete for p in state.players for h in p.cards):
        words.add("card_completed")
    if len(state.revealed) == len(TRACKS):
        words.add("draw_pile_exhausted")
    if state.reserve is not None and any(state.reserve < len(TRACKS[c]) for c in TRACKS):
        words.add("reserve_short")
    sheet = score_state(state)
    top = sheet.ranking[0] if sheet.ranking else ()
    if len(top) > 1 and not state.solo:
        words.add("shared_victory")
    totals = {p.name: p.total for p in sheet.players}
    best = max(totals.values(), default=0)
    if len(top) < sum(1 for t in totals.values() if t == best):
        words.add("tie_by_cubes")
    return frozenset(words)
