"""Random complete games (rules/hacienda.md §14.2) from the legal-step generator.

``simulate(players, seed, options)``: ``options["map"]`` names a shipped map (default: one of
the shipped custom maps, chosen by the seed, §14.2), ``options["decks"]`` (bool) writes the
full deck orders and removed cards into the setup, ``harvest_chips``, ``neutral_haciendas``
and ``water_supply`` go into the setup, every other key is a variant option. One
``random.Random`` drives everything; candidates come sorted from the generator, so the same
arguments give the same record.
"""

from __future__ import annotations

import difflib
import itertools
import random
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from scorer.core.values import Json
from scorer.games.hacienda import generator as gen
from scorer.games.hacienda.actions import apply_move, apply_steps
from scorer.games.hacienda.catalog import DEMO_ID, shipped_ids
from scorer.games.hacienda.coverage import COVERAGE_RUNS as COVERAGE_RUNS
from scorer.games.hacienda.dealing import NAMES, Piles, deal
from scorer.games.hacienda.greedy import Knobs, choose
from scorer.games.hacienda.setup import initial_state
from scorer.games.hacienda.sheet import record_sheet
from scorer.games.hacienda.state import (
    ANIMAL,
    LAND,
    MAX_ANIMAL_TILES,
    MAX_LAND_TILES,
    State,
    land_pile_size,
)
from scorer.games.hacienda.steps import BuyCardStep, BuyWaterStep, Offer, OpenPurchase, Step

COLORS = ("red", "blue", "yellow", "green", "white")
MAX_ROUNDS = 200
SETUP_OPTIONS = ("harvest_chips", "neutral_haciendas", "water_supply")
KNOBS = ("land_rush", "animal_hoarder")  # the greedy policy's (greedy.Knobs)
POLICY = ("policy", *KNOBS)


def _weights(state: State, animal_boost: int) -> list[tuple[str, int]]:
    money = state.money[state.seat]
    return [
        ("play_animal", 30),
        ("play_land", 25),
        ("buy_animal", 20 * animal_boost),
        ("buy_land", 10 if money >= 12 else 0),
        ("harvest", 10 if money >= 12 else 40),
        ("buy_hacienda", 5),
        ("buy_water", 3),
        ("end", 16 if money < 5 else 8),
    ]


def _family(state: State, name: str, used: frozenset[str]) -> list[Offer]:
    spare = 10 + (state.opts.hacienda_cost if name == "buy_hacienda" else state.opts.water_cost)
    if name in ("buy_hacienda", "buy_water") and state.money[state.seat] < spare:
        return []
    family: Iterable[Offer]
    if name == "play_animal":
        family = gen.play_animal_steps(state)
    elif name == "play_land":
        family = gen.play_land_steps(state)
    elif name == "harvest":
        family = gen.harvest_steps(state, used)
    elif name == "buy_hacienda":
        family = gen.hacienda_steps(state, used)
    elif name == "buy_water":
        family = _water_choice(state, used)
    else:
        return _purchases(state, name[4:])
    return list(family)


def _purchases(state: State, deck: str) -> list[Offer]:
    """The card purchases of ``deck`` the random policy picks from."""
    cheap = state.money[state.seat] < 12  # keep buying animal cards blind when money is short
    out: list[Offer] = []
    for d, source, card in gen.purchases(state):
        if d == deck and not (cheap and source == "display"):
            offer: OpenPurchase = {"do": "buy_card", "deck": d, "from": source, "card": card}
            out.append(offer)
    return out


def _water_choice(state: State, used: frozenset[str]) -> list[BuyWaterStep]:
    """Water placements next to own tiles (§14.2 policy) among the first sets the generator
    offers (the whole family can hold tens of thousands of placements)."""
    seat, index, cells = state.seat, state.board.index, state.cells
    own = {
        s
        for s, c in enumerate(cells)
        if c == LAND + seat or ANIMAL + 4 * seat <= c < ANIMAL + 4 * seat + 4
    }
    near: list[BuyWaterStep] = []
    first: list[BuyWaterStep] = []
    for step in itertools.islice(gen.water_steps(state, used, every_shape=False), 3000):
        if len(first) < 40:
            first.append(step)
        spaces = [index[(c[0], c[1])] for c in step["cells"]]
        if any(n in own for s in spaces for n in state.board.neighbours[s]):
            near.append(step)
            if len(near) >= 40:
                break
    return near or first


def _complete(offer: Offer, piles: Piles, reshuffle: bool) -> Step:
    """Fill in the chance outcome of a card purchase from the simulator's piles."""
    if offer["do"] != "buy_card":
        return offer
    deck, source = offer["deck"], offer["from"]
    drawn = piles.draw(deck, reshuffle)
    card = drawn if source == "pile" else offer.get("card")
    if card is None:
        raise ValueError(f"the simulator's {deck} pile has no card the state offers")
    step: BuyCardStep = {"do": "buy_card", "deck": deck, "from": source, "card": card}
    if source == "display" and drawn is not None:
        step["refill"] = drawn
    return step


def _take(
    state: State, steps: list[Step], offer: Offer, mid: State, piles: Piles
) -> tuple[State, bool]:
    """Record ``offer`` (its draw from the piles filled in, its income written) after
    ``steps`` of the turn begun in ``state``; the state after it, and whether it drew an
    animal card."""
    step = _complete(offer, piles, mid.opts.land_reshuffle)
    before = mid.money[mid.seat]
    if step["do"] == "play_land":
        piles.discard.append(step["card"])
    mid = apply_steps(mid, [step])
    if step["do"] == "play_animal" or step["do"] == "harvest":
        step["income"] = mid.money[mid.seat] - before
    drew = (
        step["do"] == "buy_card"
        and step["deck"] == "animal"
        and (step["from"] == "pile" or "refill" in step)
    )
    steps.append(step)
    return apply_steps(state, steps), drew


def _play_turn(
    state: State, rng: random.Random, piles: Piles, boost: int
) -> tuple[list[Step], bool]:
    """One turn's steps; the flag says whether an animal card was drawn.

    Policy (§14.2): a family by weight, then a member; money is kept for blind animal draws,
    which the end of the game needs.
    """
    steps: list[Step] = []
    used: frozenset[str] = frozenset()
    mid = state
    drew = False
    for _ in range(3):
        options = []
        for name, weight in _weights(mid, boost):
            members = [] if name == "end" else _family(mid, name, used)
            if name == "end" or members:
                options.append((name, weight, members))
        name, _, members = rng.choices(options, weights=[w for _, w, _ in options])[0]
        if name == "end":
            break
        step = rng.choice(members).copy()
        mid, drawn = _take(state, steps, step, mid, piles)
        drew = drew or drawn
        used = used | {step["do"]}
    return steps, drew


def _greedy_turn(
    state: State, rng: random.Random, piles: Piles, boost: int, knobs: Knobs
) -> tuple[list[Step], bool]:
    """One turn of a greedy player (``greedy.choose`` step by step); as ``_play_turn``."""
    steps: list[Step] = []
    used: frozenset[str] = frozenset()
    mid = state
    drew = False
    if piles.reshuffled and knobs.land_rush:  # the rush is over once the pile reshuffled
        knobs = replace(knobs, land_rush=False)
    for _ in range(3):
        step = choose(mid, used, rng, knobs, boost)
        if step is None:
            break
        mid, drawn = _take(state, steps, step, mid, piles)
        drew = drew or drawn
        used = used | {step["do"]}
    return steps, drew


def _play(
    record: dict[str, Any], rng: random.Random, piles: Piles, knobs: Knobs | None
) -> State | None:
    """Play until the game ends (greedy players with ``knobs``, else random ones); None for a
    stalled game (200 rounds, or 3 rounds in which nobody had a legal step)."""
    state = initial_state(record)
    rounds, boost, drew_this_round, idle_rounds, idle = 0, 1, False, 0, True
    while state.final != 2:
        idle = idle and next(gen.legal_steps(state), None) is None
        if knobs is None:
            steps, drew = _play_turn(state, rng, piles, boost)
        else:
            steps, drew = _greedy_turn(state, rng, piles, boost, knobs)
        drew_this_round = drew_this_round or drew
        move = {"player": state.names[state.seat], "action": "turn", "steps": steps}
        record["moves"].append(move)
        state = apply_move(state, move)
        if state.seat == 0:
            rounds += 1
            boost = 1 if drew_this_round else boost * 2
            idle_rounds = idle_rounds + 1 if idle else 0
            drew_this_round, idle = False, True
            if rounds > MAX_ROUNDS or idle_rounds >= 3:
                return None
    return state


def map_for_seed(seed: int) -> str:
    """The shipped custom map a game without ``--map`` is played on (§14.2: chosen by the
    seed; a generator of its own, so the game's random stream is the same for every map)."""
    custom = [m for m in shipped_ids() if m != DEMO_ID]
    return custom[random.Random(seed).randrange(len(custom))]


def _check_setup_options(options: Json) -> None:
    """``decks`` is true or false; the setup options are what the setup schema allows."""
    from scorer.reading.schemas import value_errors

    if "decks" in options and not isinstance(options["decks"], bool):
        raise ValueError(f"option decks must be true or false, not {options['decks']!r}")
    for name in SETUP_OPTIONS:
        ref = f"hacienda.schema.json#/$defs/setup/properties/{name}"
        if name in options and value_errors(ref, options[name]):
            what = "an integer ≥ 0" + (
                " or a list of water shapes" if name == "water_supply" else ""
            )
            raise ValueError(f"option {name} must be {what}, not {options[name]!r}")


def _knobs(options: Json) -> Knobs | None:
    """The greedy policy's knobs, or None for the random policy. Raises ValueError."""
    policy = options.get("policy", "random")
    if policy not in ("random", "greedy"):
        raise ValueError(f"unknown policy {policy!r}; the policies are random, greedy")
    for name in KNOBS:
        if name in options and not isinstance(options[name], bool):
            raise ValueError(f"option {name} must be true or false, not {options[name]!r}")
        if options.get(name) and policy != "greedy":
            raise ValueError(f"option {name} steers the greedy policy: add --policy greedy")
    if policy == "random":
        return None
    return Knobs(**{k: bool(options.get(k, False)) for k in KNOBS})


def simulate(players: int, seed: int, options: Json) -> dict[str, Any]:
    """A complete random legal record with correct claims. Raises ValueError for bad options."""
    if not 2 <= players <= 5:
        raise ValueError(f"Hacienda is for 2 to 5 players, not {players}")
    map_id = options["map"] if "map" in options else map_for_seed(seed)
    if map_id not in shipped_ids():
        guess = difflib.get_close_matches(str(map_id), shipped_ids(), n=1)
        hint = f" (did you mean {guess[0]}?)" if guess else ""
        raise ValueError(
            f"no shipped map {map_id!r}{hint}; the shipped maps are {', '.join(shipped_ids())}"
        )
    _check_setup_options(options)
    knobs = _knobs(options)
    variant = {
        k: v for k, v in options.items() if k not in ("map", "decks", *SETUP_OPTIONS, *POLICY)
    }
    for attempt in range(20):
        used_seed = seed if attempt == 0 else seed * 1000 + attempt
        rng = random.Random(used_seed)
        setup, piles = deal(
            rng,
            players,
            map_id,
            bool(options.get("decks", False)),
            int(variant.get("start_money", 20)),
        )
        setup.update({k: options[k] for k in SETUP_OPTIONS if k in options})
        record: dict[str, Any] = {
            "format": "scorer-record/1",
            "game": "hacienda",
            "variant": variant,
            "players": [{"name": NAMES[k], "color": COLORS[k]} for k in range(players)],
            "setup": setup,
            "moves": [],
        }
        state = _play(record, rng, Piles(piles, rng), knobs)
        if state is not None:
            record["claimed"] = claims(state)
            record["meta"] = {"generator": "scorer simulate", "seed": used_seed}
            if knobs is not None:
                record["meta"]["policy"] = "greedy"
                record["meta"].update({k: True for k in KNOBS if options.get(k)})
            return record
    raise ValueError("no complete game within 20 attempts")


def claims(state: State) -> dict[str, Any]:
    """Every claim the simulator writes (§14.2), computed from the final state."""
    sheet = record_sheet(state)
    stages = dict(sheet.stages)
    out: dict[str, Any] = {
        "scores": {p.name: p.total for p in sheet.players},
        "breakdown": {p.name: dict(p.categories) for p in sheet.players},
    }
    final = stages.get("final", sheet)
    if "intermediate" in stages:
        inter = stages["intermediate"]
        out["intermediate"] = {
            "scores": {p.name: p.total for p in inter.players},
            "breakdown": {p.name: dict(p.categories) for p in inter.players},
        }
    out["final"] = {
        "scores": {p.name: p.total for p in final.players},
        "breakdown": {p.name: dict(p.categories) for p in final.players},
    }
    out["money"] = dict(sheet.money)
    return out


def features(record: Json, state: State | None) -> frozenset[str]:
    """The rare paths a finished game took (``bench/policy_outcomes.py``): the land pile run
    out (and reshuffled), a player with all 30 animal tiles or 80 land tiles on the board, a
    supply sold out, a harvest chip taken from another player, a display left short."""
    if not isinstance(state, State):
        state = initial_state(record)
        for move in record["moves"]:
            state = apply_move(state, move)
    words: set[str] = set()
    draws = 0
    for move in record["moves"]:
        for step in move["steps"]:
            do = step["do"]
            if do == "buy_card" and step["deck"] == "land":
                draws += step["from"] == "pile" or step.get("refill") is not None
            if do == "buy_card" and step["from"] == "display" and step.get("refill") is None:
                words.add(f"{step['deck']}_display_short")
            if do == "harvest" and step.get("take_from") is not None:
                words.add("chip_taken")
    pile = land_pile_size(len(record["players"]))
    words.update(
        word
        for word, reached in (
            ("land_pile_exhausted", draws >= pile),
            ("land_reshuffled", draws > pile),
            ("animal_tiles_30", max(state.animal_tiles) >= MAX_ANIMAL_TILES),
            ("land_tiles_80", state.land_tiles >= MAX_LAND_TILES),
            ("haciendas_sold_out", state.haciendas_left == 0),
            ("water_sold_out", state.water_left == 0),
            ("chip_supply_empty", state.chips_left == 0),
        )
        if reached
    )
    return frozenset(words)
