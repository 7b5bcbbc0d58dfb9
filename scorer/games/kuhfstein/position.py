"""Positions (section 14): every possibility check (KUH-POS-*), then a state to score; and the
export of a replayed state as a position document.

All problems are reported together with absolute pointers; component warnings and
KUH-FINAL-6 come back as warning findings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from scorer.engine import PositionResult
from scorer.errors import RuleViolation
from scorer.findings import Finding
from scorer.games.kuhfstein.components import Path, build_components
from scorer.games.kuhfstein.scoring import chosen_tile, evaluate
from scorer.games.kuhfstein.setup import check_players
from scorer.games.kuhfstein.state import (
    COWS_PER_PLAYER,
    DECK_SIZE,
    KIND_SET,
    KINDS,
    PHASES,
    TOTAL_TILES,
    Board,
    Cell,
    Components,
    KState,
    Options,
    frozen,
)
from scorer.grid.regions import connected_groups
from scorer.grid.squaregrid import orthogonal
from scorer.pointer import to_pointer
from scorer.words import plural


def _finding(v: RuleViolation) -> Finding:
    details = {k: x for k, x in v.details.items() if k != "severity"}
    if v.details.get("severity") == "warning":
        return Finding(v.rule, to_pointer(v.path), v.message, "warning", details)
    return Finding(v.rule, to_pointer(v.path), v.message, "error", details)


def _square(x: int, y: int) -> tuple[Cell, ...]:
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def _check_board(name: str, b: Mapping[str, Any], comp: Components) -> list[RuleViolation]:
    found: list[RuleViolation] = []
    base: Path = ("boards", name)
    tiles: dict[Cell, str] = {}
    for k, t in enumerate(b["tiles"]):
        cell = (t["at"][0], t["at"][1])
        # KUH-POS-2: a landscape kind, one tile per cell
        if t["kind"] not in KIND_SET or cell in tiles:
            why = "shares its cell" if cell in tiles else f"has unknown kind {t['kind']!r}"
            found.append(
                RuleViolation("KUH-POS-2", f"{name}: tile {k + 1} {why}", (*base, "tiles", k))
            )
            continue
        tiles[cell] = t["kind"]
    # KUH-POS-3: the landscape is N4-connected
    if len(connected_groups(list(tiles), orthogonal)) > 1:
        found.append(
            RuleViolation(
                "KUH-POS-3",
                f"{name}: the landscape is not orthogonally connected",
                (*base, "tiles"),
            )
        )
    used: set[Cell] = set()
    trees = b.get("trees", [])
    for k, sq in enumerate(trees):
        cells = _square(sq[0], sq[1])
        kinds = [tiles.get(c) for c in cells]
        # KUH-POS-5: a complete square of 4 equal or 4 different kinds
        if None in kinds or len(set(kinds)) not in (1, 4):
            found.append(
                RuleViolation(
                    "KUH-POS-5",
                    f"{name}: tree square {list(sq)} is incomplete or does not qualify",
                    (*base, "trees", k),
                )
            )
        # KUH-POS-6: no tile in two tree squares
        elif used.intersection(cells):
            found.append(
                RuleViolation(
                    "KUH-POS-6",
                    f"{name}: tree square {list(sq)} shares a tile with another tree",
                    (*base, "trees", k),
                )
            )
        used.update(cells)
    cows = sum(1 for t in b["tiles"] if t.get("cow", False))
    track = comp.cows_on_track(b["score"])
    supply = b.get("cows_in_supply")
    # KUH-POS-8: landscape + track + supply = 6 cows
    if supply is not None and cows + track + supply != COWS_PER_PLAYER:
        found.append(
            RuleViolation(
                "KUH-POS-8",
                f"{name}: {plural(cows, 'cow')} in the "
                f"landscape + {track} on the track + {supply} in the supply ≠ 6",
                (*base, "cows_in_supply"),
                {"expected": COWS_PER_PLAYER, "found": cows + track + supply},
            )
        )
    elif supply is None and cows + track > COWS_PER_PLAYER:
        found.append(
            RuleViolation(
                "KUH-POS-8",
                f"{name}: {plural(cows, 'cow')} in the landscape + {track} on the track exceed 6",
                (*base, "tiles"),
            )
        )
    played = b.get("played")
    points = sum(comp.cards[c].points for c in played or () if c in comp.cards)
    # KUH-POS-9: score ≥ 5 × trees; = played points + 5 × trees when played is given
    want = points + 5 * len(trees) if played is not None else None
    if b["score"] < 5 * len(trees) or (want is not None and b["score"] != want):
        fits = f" and {plural(points, 'card point')}" if want is not None else ""
        found.append(
            RuleViolation(
                "KUH-POS-9",
                f"{name}: track score {b['score']} does not fit {plural(len(trees), 'tree')}{fits}",
                (*base, "score"),
                {"expected": want, "found": b["score"]},
            )
        )
    return found


def _check_dealt(doc: Mapping[str, Any], comp: Components) -> list[RuleViolation]:
    found: list[RuleViolation] = []
    owners: set[str] = set()
    for name, b in doc["boards"].items():
        dealt = b["dealt"]
        base: Path = ("boards", name)
        # KUH-POS-11: 1–2 defined tiles, none dealt twice, revealed among them
        if (
            not 1 <= len(dealt) <= 2
            or any(t not in comp.scoring_tiles for t in dealt)
            or owners.intersection(dealt)
            or len(set(dealt)) != len(dealt)
        ):
            found.append(
                RuleViolation(
                    "KUH-POS-11",
                    f"{name}: dealt must hold 1 or 2 defined scoring tiles dealt to nobody else",
                    (*base, "dealt"),
                )
            )
            owners.update(dealt)
            continue
        owners.update(dealt)
        revealed = b.get("revealed")
        custom = any(comp.scoring_tiles[t].ctype == "custom" for t in dealt)
        if (revealed is not None and revealed not in dealt) or (revealed is None and custom):
            why = "is not dealt to them" if revealed is not None else "is required (custom)"
            found.append(
                RuleViolation("KUH-POS-11", f"{name}: revealed {why}", (*base, "revealed"))
            )
    return found


def _check_table(doc: Mapping[str, Any], comp: Components) -> list[RuleViolation]:
    found: list[RuleViolation] = []
    table = doc.get("table", {})
    names = [p["name"] for p in doc["players"]]

    def bad(field: str, why: str) -> None:
        found.append(RuleViolation("KUH-POS-12", f"table: {field} {why}", ("table", field)))

    # KUH-POS-12: the table is well formed
    display = table.get("tile_display", [])
    if len(display) > 5 or any(k not in KIND_SET for k in display):
        bad("tile_display", "holds more than 5 tiles or an unknown kind")
    if len(table.get("card_display", [])) > 4:
        bad("card_display", "holds more than 4 cards")
    left = table.get("tiles_left", 0)
    if (
        isinstance(left, dict) and (any(v < 0 for v in left.values()) or not set(left) <= KIND_SET)
    ) or (isinstance(left, int) and left < 0):
        bad("tiles_left", "is negative or names an unknown kind")
    if table.get("deck_left", 0) < 0:
        bad("deck_left", "is negative")
    if "next" in table and table["next"] not in names:
        bad("next", "is not a player")
    if table.get("phase", "play") not in PHASES:
        bad("phase", f"is not one of {', '.join(PHASES)}")
    # KUH-POS-4: tiles in play fit the total (per kind with tile_counts)
    placed = Counter(t["kind"] for b in doc["boards"].values() for t in b["tiles"])
    placed.update(k for k in display if k in KIND_SET)
    per_kind = left if isinstance(left, dict) else {}
    total_left = sum(per_kind.values()) if isinstance(left, dict) else left
    if sum(placed.values()) + max(total_left, 0) > comp.total_tiles:
        found.append(
            RuleViolation(
                "KUH-POS-4",
                f"{plural(sum(placed.values()), 'tile')} in "
                f"play and {total_left} in the supply exceed the "
                f"{comp.total_tiles} tiles of the game",
                ("table", "tiles_left") if "tiles_left" in table else ("boards",),
            )
        )
    elif comp.tile_counts is not None and any(
        placed[k] + per_kind.get(k, 0) > comp.tile_counts[k] for k in KINDS
    ):
        found.append(
            RuleViolation(
                "KUH-POS-4",
                "more tiles of a kind than tile_counts",
                ("table", "tiles_left") if per_kind else ("boards",),
            )
        )
    # KUH-POS-7: trees fit the supply
    trees = sum(len(b.get("trees", [])) for b in doc["boards"].values())
    if trees > comp.trees:
        found.append(
            RuleViolation(
                "KUH-POS-7",
                f"{plural(trees, 'tree')} in the landscapes, the game has {comp.trees}",
                ("boards",),
            )
        )
    found += _check_card_ids(doc, comp)
    return found


def _check_card_ids(doc: Mapping[str, Any], comp: Components) -> list[RuleViolation]:
    found: list[RuleViolation] = []
    named: set[str] = set()
    places: list[tuple[Path, list[str]]] = [
        (("boards", n, f), b.get(f, []))
        for n, b in doc["boards"].items()
        for f in ("hand", "played")
    ]
    table = doc.get("table", {})
    places += [(("table", f), table.get(f, [])) for f in ("card_display", "cards_out")]
    for path, ids in places:
        for k, cid in enumerate(ids):
            # KUH-POS-10: defined and named once
            if cid not in comp.cards or cid in named:
                why = "is named twice" if cid in named else "is not defined"
                found.append(RuleViolation("KUH-POS-10", f"card {cid} {why}", (*path, k)))
            named.add(cid)
    if len(named) + table.get("deck_left", 0) > DECK_SIZE:
        found.append(
            RuleViolation(
                "KUH-POS-10",
                f"{plural(len(named), 'named card')} and "
                f"deck_left {table.get('deck_left')} exceed {DECK_SIZE}",
                ("table", "deck_left"),
            )
        )
    return found


def _check_players(doc: Mapping[str, Any]) -> list[RuleViolation]:
    # KUH-POS-1: 2–4 players, unique names and colours, one board per player
    found = check_players(doc["players"], "KUH-POS-1")
    names = [p["name"] for p in doc["players"]]
    for name in names:
        if name not in doc["boards"]:
            found.append(RuleViolation("KUH-POS-1", f"no board for {name}", ("boards",)))
    for name in doc["boards"]:
        if name not in names:
            found.append(
                RuleViolation(
                    "KUH-POS-1", f"board of {name!r}, who is not a player", ("boards", name)
                )
            )
    return found


def _build_board(b: Mapping[str, Any], comp: Components) -> Board:
    tiles = {(t["at"][0], t["at"][1]): t["kind"] for t in b["tiles"]}
    cows = {(t["at"][0], t["at"][1]) for t in b["tiles"] if t.get("cow", False)}
    trees = [(sq[0], sq[1]) for sq in b.get("trees", [])]
    used = {c for x, y in trees for c in _square(x, y)}
    played = b.get("played")
    if played is not None:
        points = sum(comp.cards[c].points for c in played)
    else:
        points = b["score"] - 5 * len(trees)
    supply = b.get("cows_in_supply")
    if supply is None:
        supply = COWS_PER_PLAYER - len(cows) - comp.cows_on_track(b["score"])
    return Board(
        tiles=frozen(tiles),
        cows=frozenset(cows),
        used=frozenset(used),
        trees=tuple(trees),
        hand=tuple(b.get("hand", [])),
        played=tuple(played or []),
        played_at=tuple(() for _ in played or ()),
        card_points=points,
        supply=supply,
        dealt=tuple(b["dealt"]),
    )


def draft_state(doc: Mapping[str, Any]) -> KState | None:
    """A state to draw a schema-valid but impossible position with (the editor of ``scorer
    serve`` shows the board while it is being entered); None when none can be built. Never
    used for scoring or checks."""
    try:
        comp, _ = build_components(
            doc["components"],
            len(doc["players"]),
            TOTAL_TILES.get(len(doc["players"]), 71),
            ("components",),
        )
        return _build_state(doc, comp, Options.from_variant(doc.get("variant", {})))
    except Exception:  # an impossible position may break any assumption of the builder
        return None


def _build_state(doc: Mapping[str, Any], comp: Components, opts: Options) -> KState:
    names = tuple(p["name"] for p in doc["players"])
    boards = tuple(_build_board(doc["boards"][n], comp) for n in names)
    table = doc.get("table")
    t = table or {}
    display = tuple(t.get("tile_display", []))
    named = sum(len(b.tiles) for b in boards) + len(display)
    left = t.get("tiles_left", comp.total_tiles - named)
    kind_left = frozen({k: left.get(k, 0) for k in KINDS}) if isinstance(left, dict) else None
    seen = frozenset(
        [
            *(c for b in boards for c in (*b.hand, *b.played)),
            *t.get("card_display", []),
            *t.get("cards_out", []),
        ]
    )
    deck_base = len(seen) + t["deck_left"] if "deck_left" in t else DECK_SIZE
    trees_left = comp.trees - sum(len(b.trees) for b in boards)
    return KState(
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
        cards_out=tuple(t.get("cards_out", [])),
        trees_left=trees_left,
        seat=names.index(t["next"]) if "next" in t else 0,
        phase=t.get("phase", "play") if table is not None else "over",
        deck_base=deck_base,
        colours=tuple(p.get("color") for p in doc["players"]),
    )


def _reveal(state: KState, doc: Mapping[str, Any]) -> tuple[KState, list[Finding]]:
    """Fix each player's scoring tile and check the met claims (KUH-FINAL-4/5/6)."""
    found: list[Finding] = []
    boards = list(state.boards)
    for i, name in enumerate(state.names):
        b = doc["boards"][name]
        tid = b.get("revealed")
        if tid is None:
            tid, _ = chosen_tile(state, i)
        if tid is None:
            continue
        tile = state.comp.scoring_tiles[tid]
        met = b.get("met")
        base = ("boards", name)
        if tile.ctype == "custom":
            # KUH-FINAL-5: a custom condition needs a met claim
            if met is None:
                found.append(
                    Finding(
                        "KUH-FINAL-5",
                        to_pointer(base),
                        f"{name}: scoring tile {tid} is custom; a met claim is required",
                    )
                )
                continue
            # KUH-FINAL-6 (warning): scored from the claim
            found.append(
                Finding(
                    "KUH-FINAL-6",
                    to_pointer((*base, "met")),
                    f"{name}: scoring tile {tid} scored from the player's claim (unverified)",
                    "warning",
                )
            )
            value = bool(met)
        else:
            value = evaluate(state, i, tile)
            # KUH-FINAL-4: the met claim equals the evaluation
            if met is not None and met != value:
                found.append(
                    Finding(
                        "KUH-FINAL-4",
                        to_pointer((*base, "met")),
                        f"{name}: met is claimed {met}, the condition evaluates to {value}",
                        details={"expected": value, "found": met},
                    )
                )
        if "revealed" in b:
            boards[i] = boards[i]._replace(revealed=tid, tile_met=value)
    return state._replace(boards=tuple(boards)), found


def load_position(doc: Mapping[str, Any]) -> PositionResult:
    """Check a schema-valid position; score it only when it is possible."""
    players = doc["players"]
    total = TOTAL_TILES.get(len(players), 71)
    opts = Options.from_variant(doc.get("variant", {}))
    comp, found = build_components(doc["components"], len(players), total, ("components",))
    found += _check_players(doc)
    names = [p["name"] for p in players]
    boards = [n for n in names if n in doc["boards"]]
    for name in boards:
        found += _check_board(name, doc["boards"][name], comp)
    found += _check_dealt(doc, comp)
    found += _check_table(doc, comp)
    findings = [_finding(v) for v in found]
    if any(f.is_error for f in findings) or len(boards) != len(names):
        return PositionResult(None, tuple(sorted(findings, key=lambda f: (f.pointer, f.rule))))
    state = _build_state(doc, comp, opts)
    state, more = _reveal(state, doc)
    findings += more
    errors = any(f.is_error for f in more)
    return PositionResult(
        None if errors else state, tuple(sorted(findings, key=lambda f: (f.pointer, f.rule)))
    )
