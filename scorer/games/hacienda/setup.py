"""Setup (rules/hacienda.md §4): the record's ``setup`` → the first State; HAC-SETUP checks.

The map checks come first (HAC-MAP-*), then HAC-SETUP-1 … HAC-SETUP-8 in that order; the first
failure is raised with an absolute path.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from pyrsistent import PVector, plist, pvector

from scorer.core.errors import PathPart
from scorer.core.values import Json, Record
from scorer.core.words import noun, plural
from scorer.games.hacienda.board import ANIMALS, LAND_CARDS, PAMPAS, WATER, Board, parse_map
from scorer.games.hacienda.board import bad as _fail
from scorer.games.hacienda.state import (
    ANIMAL_TOTAL,
    DISPLAY,
    HAND_ANIMAL,
    HAND_LAND,
    HARVEST_CHIPS,
    LAND_TOTAL,
    NEUTRAL_HACIENDAS,
    REMOVED,
    WATER_SUPPLY,
    Counts,
    Options,
    Order,
    State,
    WaterShape,
    land_pile_size,
    make_game,
    stack_size,
    with_game,
)
from scorer.games.hacienda.state import WATER as WATER_PIECE
from scorer.games.hacienda.water import canonical_form

LAND_INDEX = {c: i for i, c in enumerate(LAND_CARDS)}
ANIMAL_INDEX = {c: i for i, c in enumerate(ANIMALS)}


def counts(cards: Sequence[str], vocab: Mapping[str, int]) -> Counts:
    """The count vector of a list of card names."""
    return pvector(_counted(cards, vocab))


def _counted(cards: Sequence[str], vocab: Mapping[str, int]) -> list[int]:
    out = [0] * len(vocab)
    for card in cards:
        out[vocab[card]] += 1
    return out


def _check_hands(setup: Json, names: Sequence[str]) -> None:
    hands = setup["hands"]
    for name in names:
        # HAC-SETUP-2: one hand per player
        if name not in hands:
            raise _fail(
                "HAC-SETUP-2",
                f"no starting hand for {name}",
                ("setup", "hands"),
                sorted(names),
                sorted(hands),
            )
    for name, hand in hands.items():
        # HAC-SETUP-2: no other names, 8 land and 4 animal cards each
        if name not in names:
            raise _fail("HAC-SETUP-2", f"{name!r} is not a player", ("setup", "hands", name))
        if len(hand["land"]) != HAND_LAND or len(hand["animal"]) != HAND_ANIMAL:
            raise _fail(
                "HAC-SETUP-2",
                f"{name}'s hand has "
                f"{plural(len(hand['land']), 'land card')} and "
                f"{plural(len(hand['animal']), 'animal card')}, not 8 and 4",
                ("setup", "hands", name),
                [HAND_LAND, HAND_ANIMAL],
                [len(hand["land"]), len(hand["animal"])],
            )
    for key in ("land_display", "animal_display"):
        # HAC-SETUP-3: 4 cards in each display
        if len(setup[key]) != DISPLAY:
            raise _fail(
                "HAC-SETUP-3",
                f"{key} has {plural(len(setup[key]), 'card')}, not 4",
                ("setup", key),
                DISPLAY,
                len(setup[key]),
            )


#: How many cards of each type the game has.
CARD_TOTALS: Mapping[str, int] = MappingProxyType(
    {**dict(zip(LAND_CARDS, LAND_TOTAL, strict=True)), **dict.fromkeys(ANIMALS, ANIMAL_TOTAL)}
)


def _check_card_totals(setup: Json, names: Sequence[str]) -> None:
    """HAC-SETUP-4: running counts over the lists in the order of §4."""
    lists: list[tuple[tuple[PathPart, ...], Sequence[str]]] = []
    for name in names:
        lists.append((("setup", "hands", name, "land"), setup["hands"][name]["land"]))
        lists.append((("setup", "hands", name, "animal"), setup["hands"][name]["animal"]))
    lists.append((("setup", "land_display"), setup["land_display"]))
    lists.append((("setup", "animal_display"), setup["animal_display"]))
    lists.append((("setup", "removed_animal_types"), setup.get("removed_animal_types", [])))
    decks = setup.get("decks", {})
    for key in ("land", "animal_stack_1", "animal_stack_2"):
        lists.append((("setup", "decks", key), decks.get(key, [])))
    totals = CARD_TOTALS
    every: Counter[str] = Counter()
    for _, cards in lists:
        every.update(cards)
    if all(v <= totals.get(card, 0) for card, v in every.items()):
        return  # the common case: no total passed, no running count needed
    seen: dict[str, int] = {}
    for path, cards in lists:
        for card in cards:
            seen[card] = seen.get(card, 0) + 1
            # HAC-SETUP-4: no card type beyond its total
            if seen[card] > totals[card]:
                raise _fail(
                    "HAC-SETUP-4",
                    f"more than {totals[card]} {card} cards",
                    path,
                    totals[card],
                    seen[card],
                )


def _check_sizes(setup: Json, n: int, opts: Options) -> None:
    """HAC-SETUP-5 … HAC-SETUP-8: the sizes the player count and the variant give."""
    _check_stacks(setup, n)
    _check_piles(setup, n)
    # HAC-SETUP-8: the start money agrees with the variant
    if "start_money" in setup and setup["start_money"] != opts.start_money:
        raise _fail(
            "HAC-SETUP-8",
            f"start money {setup['start_money']}, the variant gives {opts.start_money}",
            ("setup", "start_money"),
            opts.start_money,
            setup["start_money"],
        )


def _check_stacks(setup: Json, n: int) -> None:
    """HAC-SETUP-5: the animal stacks and the removed animal cards."""
    size = stack_size(n)
    # HAC-SETUP-5: stack sizes and removed cards fit the player count
    if "animal_stack_sizes" in setup and list(setup["animal_stack_sizes"]) != [size, size]:
        raise _fail(
            "HAC-SETUP-5",
            f"with {plural(n, 'player')} the animal stacks hold {size} + {size}",
            ("setup", "animal_stack_sizes"),
            [size, size],
            setup["animal_stack_sizes"],
        )
    if "removed_animal_cards" in setup and setup["removed_animal_cards"] != REMOVED[n]:
        raise _fail(
            "HAC-SETUP-5",
            f"with {plural(n, 'player')} "
            f"{plural(REMOVED[n], 'animal card')} {noun(REMOVED[n], 'is', 'are')} "
            "removed",
            ("setup", "removed_animal_cards"),
            REMOVED[n],
            setup["removed_animal_cards"],
        )
    types = setup.get("removed_animal_types")
    if types is not None and len(types) != REMOVED[n]:
        raise _fail(
            "HAC-SETUP-5",
            f"with {plural(n, 'player')} "
            f"{plural(REMOVED[n], 'animal card')} {noun(REMOVED[n], 'is', 'are')} "
            f"removed, {len(types)} {noun(len(types), 'is', 'are')} listed",
            ("setup", "removed_animal_types"),
            REMOVED[n],
            len(types),
        )


def _check_piles(setup: Json, n: int) -> None:
    """HAC-SETUP-6, HAC-SETUP-7: the land pile and the deck orders listed."""
    size, types = stack_size(n), setup.get("removed_animal_types")
    # HAC-SETUP-6: the land pile size
    if "land_pile_size" in setup and setup["land_pile_size"] != land_pile_size(n):
        raise _fail(
            "HAC-SETUP-6",
            f"with {plural(n, 'player')} the land pile holds {land_pile_size(n)}",
            ("setup", "land_pile_size"),
            land_pile_size(n),
            setup["land_pile_size"],
        )
    decks = setup.get("decks", {})
    for key, length in (
        ("land", land_pile_size(n)),
        ("animal_stack_1", size),
        ("animal_stack_2", size),
    ):
        # HAC-SETUP-7: each deck order has its pile's length
        if key in decks and len(decks[key]) != length:
            raise _fail(
                "HAC-SETUP-7",
                f"the {key} order has {plural(len(decks[key]), 'card')}, the pile holds {length}",
                ("setup", "decks", key),
                length,
                len(decks[key]),
            )
    if types is not None and "animal_stack_1" in decks and "animal_stack_2" in decks:
        everything = [
            *types,
            *decks["animal_stack_1"],
            *decks["animal_stack_2"],
            *setup["animal_display"],
        ]
        for hand in setup["hands"].values():
            everything += hand["animal"]
        for a in ANIMALS:
            # HAC-SETUP-7: with every animal card listed, exactly 18 of each
            if everything.count(a) != ANIMAL_TOTAL:
                raise _fail(
                    "HAC-SETUP-7",
                    f"the animal cards hold {everything.count(a)} {a}, not 18",
                    ("setup", "decks", "animal_stack_2"),
                    ANIMAL_TOTAL,
                    everything.count(a),
                )


def water_supply(spec: Any) -> tuple[int, PVector[WaterShape] | None]:
    """The number of buyable water tiles and the listed shapes (or None)."""
    if spec is None:
        return WATER_SUPPLY, None
    if isinstance(spec, int):
        return spec, None
    shapes = pvector(
        WaterShape(s["shape"], canonical_form([tuple(c) for c in s["cells"]]), s["count"])
        for s in spec
    )
    return sum(s.count for s in shapes), shapes


def initial_state(record: Record) -> State:
    """The state before the first turn. Raises RuleViolation (absolute path)."""
    setup = record["setup"]
    board = parse_map(setup["map"], ("setup", "map"))
    names = tuple(p["name"] for p in record["players"])
    n = len(names)
    # HAC-SETUP-1: 2 to 5 players
    if not 2 <= n <= 5:
        raise _fail(
            "HAC-SETUP-1", f"Hacienda is for 2 to 5 players, not {n}", ("players",), "2-5", n
        )
    opts = Options.parse(record.get("variant", {}))
    _check_hands(setup, names)
    _check_card_totals(setup, names)
    _check_sizes(setup, n, opts)
    colours = pvector(p.get("color") for p in record["players"])
    return with_game(build_state(board, opts, names, setup), colours=colours)


def build_state(board: Board, opts: Options, names: Sequence[str], setup: Json) -> State:
    """The start state from checked setup data."""
    n = len(names)
    hands = setup["hands"]
    land_hands = [_counted(hands[p]["land"], LAND_INDEX) for p in names]
    animal_hands = [_counted(hands[p]["animal"], ANIMAL_INDEX) for p in names]
    land_display = _counted(setup["land_display"], LAND_INDEX)
    animal_display = _counted(setup["animal_display"], ANIMAL_INDEX)
    land_pile = [LAND_TOTAL[t] - land_display[t] - sum(h[t] for h in land_hands) for t in range(6)]
    seen = [animal_display[a] + sum(h[a] for h in animal_hands) for a in range(4)]
    removed = counts(setup.get("removed_animal_types", []), ANIMAL_INDEX)
    decks = setup.get("decks", {})
    supply, shapes = water_supply(setup.get("water_supply"))
    printed = board.spaces_by_type[WATER]
    size = stack_size(n)
    chips = setup.get("harvest_chips", HARVEST_CHIPS)
    neutral = setup.get("neutral_haciendas", NEUTRAL_HACIENDAS.get(n, 9))
    limit = pvector(ANIMAL_TOTAL - r for r in removed)
    return State(
        game=make_game(board, opts, pvector(names), limit, chips, neutral, supply),
        cells=_start_cells(board),
        haciendas=frozenset(),
        chips=frozenset(),
        land_hands=pvector(pvector(hand) for hand in land_hands),
        animal_hands=pvector(pvector(hand) for hand in animal_hands),
        money=pvector([opts.start_money] * n),
        animal_tiles=pvector([0] * n),
        land_display=pvector(land_display),
        animal_display=pvector(animal_display),
        land_pile=pvector(land_pile),
        land_discard=pvector([0] * 6),
        stacks=pvector([size, size]),
        animal_seen=pvector(seen),
        free=pvector(len(board.spaces_by_type[t]) if t <= PAMPAS else 0 for t in range(8)),
        land_tiles=0,
        haciendas_left=neutral,
        chips_left=chips,
        water_left=supply,
        pieces=len(printed),
        land_order=_order(decks.get("land"), LAND_INDEX),
        stack_orders=pvector(
            [
                _order(decks.get("animal_stack_1"), ANIMAL_INDEX),
                _order(decks.get("animal_stack_2"), ANIMAL_INDEX),
            ]
        ),
        water_shapes=shapes,
    )


def _start_cells(board: Board) -> PVector[int]:
    """The board before the first turn: only the printed water spaces, each a water piece."""
    cells = [0] * board.size
    for k, space in enumerate(board.spaces_by_type[WATER]):
        cells[space] = WATER_PIECE + k
    return pvector(cells)


def _order(cards: Sequence[str] | None, vocab: Mapping[str, int]) -> Order:
    return None if cards is None else plist([vocab[c] for c in cards])
