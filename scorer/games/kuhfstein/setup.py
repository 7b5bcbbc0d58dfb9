"""Setup (section 4): KUH-SETUP-1 to KUH-SETUP-11 and the card definitions, then the state;
and the state of a position document (section 14, checked by position.py).

Every violation is collected and all are raised together (``RuleViolations``), in the order
of section 4, so the referee reports each as a finding.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from pyrsistent import pvector

from scorer.core.errors import RuleViolation, RuleViolations
from scorer.core.words import plural
from scorer.games.kuhfstein.component_checks import Path, build_components
from scorer.games.kuhfstein.rules import RULE_IDS
from scorer.games.kuhfstein.state import (
    COWS_PER_PLAYER,
    DECK_SIZE,
    KIND_SET,
    KINDS,
    TOTAL_TILES,
    Board,
    Cell,
    Components,
    Options,
    State,
)
from scorer.games.kuhfstein.tilemap import TileMap

SETUP: Path = ("setup",)
_ORDER = {rule: i for i, rule in enumerate(RULE_IDS)}


def check_players(
    players: list[Mapping[str, Any]], rule: str = "KUH-SETUP-1"
) -> list[RuleViolation]:
    """KUH-SETUP-1 (or KUH-POS-1 in a position): 2–4 players, unique names and colours."""
    found: list[RuleViolation] = []
    if not 2 <= len(players) <= 4:
        found.append(
            RuleViolation(
                rule,
                f"{plural(len(players), 'player')}; Kuhfstein is for 2 to 4",
                ("players", 4) if len(players) > 4 else ("players",),
                {"expected": "2..4", "found": len(players)},
            )
        )
    names: set[str] = set()
    colours: set[str] = set()
    for k, p in enumerate(players):
        if p["name"] in names:
            found.append(
                RuleViolation(rule, f"player name {p['name']!r} is used twice", ("players", k))
            )
        names.add(p["name"])
        colour = p.get("color")
        if colour is not None and colour in colours:
            found.append(RuleViolation(rule, f"colour {colour!r} is used twice", ("players", k)))
        if colour is not None:
            colours.add(colour)
    return found


def _check_displays(setup: Mapping[str, Any], comp: Components) -> list[RuleViolation]:
    found: list[RuleViolation] = []
    tiles = setup["tile_display"]
    # KUH-SETUP-2: exactly 5 landscape kinds
    if len(tiles) != 5:
        found.append(
            RuleViolation(
                "KUH-SETUP-2",
                f"the tile display holds {plural(len(tiles), 'tile')}, not 5",
                (*SETUP, "tile_display"),
                {"expected": 5, "found": len(tiles)},
            )
        )
    for k, kind in enumerate(tiles):
        if kind not in KIND_SET:
            found.append(
                RuleViolation(
                    "KUH-SETUP-2",
                    f"unknown landscape kind {kind!r}",
                    (*SETUP, "tile_display", k),
                    {"found": kind},
                )
            )
    cards = setup["card_display"]
    # KUH-SETUP-3: exactly 4 distinct defined card ids
    if len(cards) != 4:
        found.append(
            RuleViolation(
                "KUH-SETUP-3",
                f"the card display holds {plural(len(cards), 'card')}, not 4",
                (*SETUP, "card_display"),
                {"expected": 4, "found": len(cards)},
            )
        )
    for k, cid in enumerate(cards):
        if cid not in setup["cards"] or cid in cards[:k]:
            why = "is displayed twice" if cid in cards[:k] else "is not defined"
            found.append(
                RuleViolation(
                    "KUH-SETUP-3", f"card {cid} {why}", (*SETUP, "card_display", k), {"found": cid}
                )
            )
    return found


def _check_dealt(
    setup: Mapping[str, Any], comp: Components, names: list[str]
) -> list[RuleViolation]:
    found: list[RuleViolation] = []
    seen = set(setup["card_display"])
    hands = setup["hands"]
    # KUH-SETUP-4: one defined, unseen start card per player, nobody else
    for name in [*names, *(n for n in hands if n not in names)]:
        path = (*SETUP, "hands", name)
        hand = hands.get(name)
        if hand is None or name not in names or len(hand) != 1:
            what = (
                "is not a player"
                if name not in names
                else "has no hand"
                if hand is None
                else f"holds {plural(len(hand), 'card')}, not 1"
            )
            found.append(
                RuleViolation(
                    "KUH-SETUP-4",
                    f"hands: {name} {what}",
                    path if hand is not None else (*SETUP, "hands"),
                )
            )
            continue
        cid = hand[0]
        if cid not in setup["cards"] or cid in seen:
            why = "is not defined" if cid not in setup["cards"] else "is already in use"
            found.append(
                RuleViolation(
                    "KUH-SETUP-4", f"{name}'s start card {cid} {why}", path, {"found": cid}
                )
            )
        seen.add(cid)
    dealt = setup["scoring_dealt"]
    used: set[str] = set()
    # KUH-SETUP-5: two defined scoring tiles per player, none twice, nobody else
    for name in [*names, *(n for n in dealt if n not in names)]:
        tiles = dealt.get(name)
        path = (*SETUP, "scoring_dealt", name) if tiles is not None else (*SETUP, "scoring_dealt")
        bad = (
            tiles is None
            or name not in names
            or len(tiles) != 2
            or any(t not in setup["scoring_tiles"] or t in used for t in tiles)
            or len(set(tiles)) != 2
        )
        if bad:
            found.append(
                RuleViolation(
                    "KUH-SETUP-5",
                    f"scoring_dealt: {name} needs 2 defined scoring tiles dealt to nobody else",
                    path,
                    {"found": tiles},
                )
            )
        used.update(tiles or ())
    return found


def _check_orders(
    setup: Mapping[str, Any], opts: Options, comp: Components, players: int
) -> list[RuleViolation]:
    found: list[RuleViolation] = []
    counts = comp.tile_counts
    display = Counter(k for k in setup["tile_display"] if k in KIND_SET)
    # KUH-SETUP-9: the setup display does not exceed tile_counts
    if counts is not None and any(display[k] > counts[k] for k in KINDS):
        found.append(
            RuleViolation(
                "KUH-SETUP-9",
                "the setup tile display holds more tiles of a kind than tile_counts",
                (*SETUP, "tile_counts"),
            )
        )
    order = setup.get("tile_order")
    if order is not None:
        left = comp.total_tiles - 5
        per_kind = Counter(order)
        # KUH-SETUP-10: landscape kinds, the right length and split, not with "return"
        if opts.swap_discard == "return":
            why = "is not allowed with swap_discard 'return' (returned tiles are shuffled in)"
        elif not KIND_SET.issuperset(order) or len(order) != left:
            why = (
                f"must list {plural(left, 'landscape kind')} (found {plural(len(order), 'entry')})"
            )
        elif counts is not None and any(per_kind[k] != counts[k] - display[k] for k in KINDS):
            why = "does not match tile_counts minus the setup display"
        else:
            why = ""
        if why:
            found.append(RuleViolation("KUH-SETUP-10", f"tile_order {why}", (*SETUP, "tile_order")))
    found += _check_card_order(setup, players)
    return found


def _check_card_order(setup: Mapping[str, Any], players: int) -> list[RuleViolation]:
    """KUH-SETUP-11: card_order lists the undealt defined ids, each once."""
    found: list[RuleViolation] = []
    cards = setup.get("card_order")
    if cards is not None:
        taken = set(setup["card_display"]) | {c for h in setup["hands"].values() for c in h}
        want = DECK_SIZE - 4 - players
        defined = setup["cards"]
        listed = set(cards)
        # the common case at C speed: no id twice, none dealt, every one defined
        clean = (
            len(listed) == len(cards) and listed.isdisjoint(taken) and (defined.keys() >= listed)
        )
        listed.clear()
        # KUH-SETUP-11: the undealt defined ids, each once
        for k, cid in enumerate(() if clean else cards):
            if cid not in defined or cid in taken or cid in listed:
                found.append(
                    RuleViolation(
                        "KUH-SETUP-11",
                        f"card_order: {cid} is undefined, dealt or listed twice",
                        (*SETUP, "card_order", k),
                        {"found": cid},
                    )
                )
                break
            listed.add(cid)
        else:
            if len(cards) != want:
                found.append(
                    RuleViolation(
                        "KUH-SETUP-11",
                        f"card_order lists {plural(len(cards), 'card')}, not {want}",
                        (*SETUP, "card_order"),
                        {"expected": want, "found": len(cards)},
                    )
                )
    return found


def initial_state(record: Mapping[str, Any]) -> State:
    """The state before the first move. Raises RuleViolation (absolute path)."""
    players = record["players"]
    names = [p["name"] for p in players]
    opts = Options.parse(record.get("variant", {}))
    setup = record["setup"]
    total = TOTAL_TILES.get(len(players), 71)
    found = check_players(players)
    comp, more = build_components(setup, len(players), total, SETUP)
    errors = [v for v in more if v.severity != "warning"]
    warnings = [v for v in more if v.severity == "warning"]
    found += [v for v in errors if v.rule.startswith("KUH-SETUP-7")]
    found += _check_displays(setup, comp)
    found += _check_dealt(setup, comp, names)
    found += [v for v in errors if not v.rule.startswith("KUH-SETUP-7")]
    found += _check_orders(setup, opts, comp, len(players))
    found.sort(key=lambda v: _ORDER.get(v.rule, 0))
    if len(found) == 1:
        raise found[0]
    if found:
        raise RuleViolations(found)
    return _build_state(record, comp, opts, names, warnings)


def _build_state(
    record: Mapping[str, Any],
    comp: Components,
    opts: Options,
    names: list[str],
    warnings: list[RuleViolation],
) -> State:
    from scorer.games.kuhfstein.events import violation_to_warning

    setup = record["setup"]
    supply = COWS_PER_PLAYER - len(comp.cow_spaces())
    boards = tuple(
        Board(
            hand=pvector(setup["hands"][n]), supply=supply, dealt=tuple(setup["scoring_dealt"][n])
        )
        for n in names
    )
    display = tuple(setup["tile_display"])
    kind_left = None
    if comp.tile_counts is not None:
        kind_left = tuple(comp.tile_counts[k] - display.count(k) for k in KINDS)
    seen = frozenset([*setup["card_display"], *(c for n in names for c in setup["hands"][n])])
    order = setup.get("tile_order")
    card_order = setup.get("card_order")
    return State(
        comp=comp,
        opts=opts,
        names=tuple(names),
        boards=boards,
        tile_display=display,
        tiles_left=comp.total_tiles - 5,
        kind_left=kind_left,
        tile_order=pvector(order) if order is not None else None,
        tile_pos=0,
        card_display=tuple(setup["card_display"]),
        seen=seen,
        card_order=pvector(card_order) if card_order is not None else None,
        card_pos=0,
        cards_out=pvector(),
        trees_left=comp.trees,
        warnings=tuple(violation_to_warning(v) for v in warnings),
        colours=tuple(p.get("color") for p in record["players"]),
    )


def square(x: int, y: int) -> tuple[Cell, ...]:
    """The four cells of the tree square with top-left corner (x, y)."""
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def _position_board(b: Mapping[str, Any], comp: Components) -> Board:
    tiles = {(t["at"][0], t["at"][1]): t["kind"] for t in b["tiles"]}
    cows = {(t["at"][0], t["at"][1]) for t in b["tiles"] if t.get("cow", False)}
    trees = [(sq[0], sq[1]) for sq in b.get("trees", [])]
    used = {c for x, y in trees for c in square(x, y)}
    played = b.get("played")
    if played is not None:
        points = sum(comp.cards[c].points for c in played)
    else:
        points = b["score"] - 5 * len(trees)
    supply = b.get("cows_in_supply")
    if supply is None:
        supply = COWS_PER_PLAYER - len(cows) - comp.cows_on_track(b["score"])
    return Board(
        tiles=TileMap(tiles.items()),
        cows=frozenset(cows),
        used=frozenset(used),
        trees=pvector(trees),
        hand=pvector(b.get("hand", [])),
        played=pvector(played or []),
        played_at=pvector(() for _ in played or ()),
        card_points=points,
        supply=supply,
        dealt=tuple(b["dealt"]),
    )


def position_state(doc: Mapping[str, Any], comp: Components, opts: Options) -> State:
    """The state of a position document (checked by position.py, or a draft to draw)."""
    names = tuple(p["name"] for p in doc["players"])
    boards = tuple(_position_board(doc["boards"][n], comp) for n in names)
    table = doc.get("table")
    t = table or {}
    display = tuple(t.get("tile_display", []))
    named = sum(len(b.tiles) for b in boards) + len(display)
    left = t.get("tiles_left", comp.total_tiles - named)
    kind_left = tuple(left.get(k, 0) for k in KINDS) if isinstance(left, dict) else None
    seen = frozenset(
        [
            *(c for b in boards for c in (*b.hand, *b.played)),
            *t.get("card_display", []),
            *t.get("cards_out", []),
        ]
    )
    deck_base = len(seen) + t["deck_left"] if "deck_left" in t else DECK_SIZE
    trees_left = comp.trees - sum(len(b.trees) for b in boards)
    return State(
        comp=comp,
        opts=opts,
        names=names,
        boards=boards,
        tile_display=display,
        tiles_left=sum(left.values()) if isinstance(left, dict) else left,
        kind_left=kind_left,
        tile_order=None,
        tile_pos=0,
        card_display=tuple(t.get("card_display", [])),
        seen=seen,
        card_order=None,
        card_pos=0,
        cards_out=pvector(t.get("cards_out", [])),
        trees_left=trees_left,
        seat=names.index(t["next"]) if "next" in t else 0,
        phase=t.get("phase", "play") if table is not None else "over",
        deck_base=deck_base,
        colours=tuple(p.get("color") for p in doc["players"]),
    )
