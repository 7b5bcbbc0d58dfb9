"""Positions (section 14): every possibility check (KUH-POS-*), then a state to score; and the
export of a replayed state as a position document (``scorer show --at N --position``).

All problems are collected in one ``scorer.core.findings.Findings`` with absolute pointers;
component warnings and KUH-FINAL-6 come back as warning findings. The state of a possible
position is built by setup.py (``position_state``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorer.core.findings import Findings
from scorer.core.values import PositionResult
from scorer.core.words import plural
from scorer.games.kuhfstein.blank import blank_position as blank_position
from scorer.games.kuhfstein.component_checks import Path, build_components
from scorer.games.kuhfstein.scoring import chosen_tile, evaluate
from scorer.games.kuhfstein.setup import check_players, position_state, square
from scorer.games.kuhfstein.state import (
    COWS_PER_PLAYER,
    DECK_SIZE,
    KIND_SET,
    KINDS,
    PHASES,
    TOTAL_TILES,
    Cell,
    Components,
    Options,
    State,
)
from scorer.grid.regions import connected_groups
from scorer.grid.squaregrid import orthogonal


def _check_board(found: Findings, name: str, b: Mapping[str, Any], comp: Components) -> None:
    base: Path = ("boards", name)
    tiles: dict[Cell, str] = {}
    for k, t in enumerate(b["tiles"]):
        cell = (t["at"][0], t["at"][1])
        # KUH-POS-2: a landscape kind, one tile per cell
        if t["kind"] not in KIND_SET or cell in tiles:
            why = "shares its cell" if cell in tiles else f"has unknown kind {t['kind']!r}"
            found.add("KUH-POS-2", (*base, "tiles", k), f"{name}: tile {k + 1} {why}")
            continue
        tiles[cell] = t["kind"]
    # KUH-POS-3: the landscape is N4-connected
    if len(connected_groups(list(tiles), orthogonal)) > 1:
        found.add(
            "KUH-POS-3", (*base, "tiles"), f"{name}: the landscape is not orthogonally connected"
        )
    used: set[Cell] = set()
    trees = b.get("trees", [])
    for k, sq in enumerate(trees):
        cells = square(sq[0], sq[1])
        kinds = [tiles.get(c) for c in cells]
        # KUH-POS-5: a complete square of 4 equal or 4 different kinds
        if None in kinds or len(set(kinds)) not in (1, 4):
            found.add(
                "KUH-POS-5",
                (*base, "trees", k),
                f"{name}: tree square {list(sq)} is incomplete or does not qualify",
            )
        # KUH-POS-6: no tile in two tree squares
        elif used.intersection(cells):
            found.add(
                "KUH-POS-6",
                (*base, "trees", k),
                f"{name}: tree square {list(sq)} shares a tile with another tree",
            )
        used.update(cells)
    _check_cows_and_score(found, name, b, comp)


def _check_cows_and_score(
    found: Findings, name: str, b: Mapping[str, Any], comp: Components
) -> None:
    """KUH-POS-8 (the 6 cows) and KUH-POS-9 (the track score) of one board."""
    base: Path = ("boards", name)
    trees = b.get("trees", [])
    cows = sum(1 for t in b["tiles"] if t.get("cow", False))
    track = comp.cows_on_track(b["score"])
    supply = b.get("cows_in_supply")
    # KUH-POS-8: landscape + track + supply = 6 cows
    if supply is not None and cows + track + supply != COWS_PER_PLAYER:
        found.add(
            "KUH-POS-8",
            (*base, "cows_in_supply"),
            f"{name}: {plural(cows, 'cow')} in the "
            f"landscape + {track} on the track + {supply} in the supply ≠ 6",
            expected=COWS_PER_PLAYER,
            found=cows + track + supply,
        )
    elif supply is None and cows + track > COWS_PER_PLAYER:
        found.add(
            "KUH-POS-8",
            (*base, "tiles"),
            f"{name}: {plural(cows, 'cow')} in the landscape + {track} on the track exceed 6",
        )
    played = b.get("played")
    points = sum(comp.cards[c].points for c in played or () if c in comp.cards)
    # KUH-POS-9: score ≥ 5 × trees; = played points + 5 × trees when played is given
    want = points + 5 * len(trees) if played is not None else None
    if b["score"] < 5 * len(trees) or (want is not None and b["score"] != want):
        fits = f" and {plural(points, 'card point')}" if want is not None else ""
        found.add(
            "KUH-POS-9",
            (*base, "score"),
            f"{name}: track score {b['score']} does not fit {plural(len(trees), 'tree')}{fits}",
            expected=want,
            found=b["score"],
        )


def _check_dealt(found: Findings, doc: Mapping[str, Any], comp: Components) -> None:
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
            found.add(
                "KUH-POS-11",
                (*base, "dealt"),
                f"{name}: dealt must hold 1 or 2 defined scoring tiles dealt to nobody else",
            )
            owners.update(dealt)
            continue
        owners.update(dealt)
        revealed = b.get("revealed")
        custom = any(comp.scoring_tiles[t].ctype == "custom" for t in dealt)
        if (revealed is not None and revealed not in dealt) or (revealed is None and custom):
            why = "is not dealt to them" if revealed is not None else "is required (custom)"
            found.add("KUH-POS-11", (*base, "revealed"), f"{name}: revealed {why}")


def _check_table(found: Findings, doc: Mapping[str, Any], comp: Components) -> None:
    table = doc.get("table", {})
    names = [p["name"] for p in doc["players"]]

    def bad(field: str, why: str) -> None:
        found.add("KUH-POS-12", ("table", field), f"table: {field} {why}")

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
        found.add(
            "KUH-POS-4",
            ("table", "tiles_left") if "tiles_left" in table else ("boards",),
            f"{plural(sum(placed.values()), 'tile')} in "
            f"play and {total_left} in the supply exceed the "
            f"{comp.total_tiles} tiles of the game",
        )
    elif comp.tile_counts is not None and any(
        placed[k] + per_kind.get(k, 0) > comp.tile_counts[k] for k in KINDS
    ):
        found.add(
            "KUH-POS-4",
            ("table", "tiles_left") if per_kind else ("boards",),
            "more tiles of a kind than tile_counts",
        )
    # KUH-POS-7: trees fit the supply
    trees = sum(len(b.get("trees", [])) for b in doc["boards"].values())
    if trees > comp.trees:
        found.add(
            "KUH-POS-7",
            ("boards",),
            f"{plural(trees, 'tree')} in the landscapes, the game has {comp.trees}",
        )
    _check_card_ids(found, doc, comp)


def _check_card_ids(found: Findings, doc: Mapping[str, Any], comp: Components) -> None:
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
                found.add("KUH-POS-10", (*path, k), f"card {cid} {why}")
            named.add(cid)
    if len(named) + table.get("deck_left", 0) > DECK_SIZE:
        found.add(
            "KUH-POS-10",
            ("table", "deck_left"),
            f"{plural(len(named), 'named card')} and "
            f"deck_left {table.get('deck_left')} exceed {DECK_SIZE}",
        )


def _check_players(found: Findings, doc: Mapping[str, Any]) -> None:
    # KUH-POS-1: 2–4 players, unique names and colours, one board per player
    for v in check_players(doc["players"], "KUH-POS-1"):
        found.violation(v)
    names = [p["name"] for p in doc["players"]]
    for name in names:
        if name not in doc["boards"]:
            found.add("KUH-POS-1", ("boards",), f"no board for {name}")
    for name in doc["boards"]:
        if name not in names:
            found.add("KUH-POS-1", ("boards", name), f"board of {name!r}, who is not a player")


def draft_state(doc: Mapping[str, Any]) -> State | None:
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
        return position_state(doc, comp, Options.parse(doc.get("variant", {})))
    except Exception:  # an impossible position may break any assumption of the builder
        return None


def _reveal(found: Findings, state: State, doc: Mapping[str, Any]) -> State:
    """Fix each player's scoring tile and check the met claims (KUH-FINAL-4/5/6)."""
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
                found.add(
                    "KUH-FINAL-5",
                    base,
                    f"{name}: scoring tile {tid} is custom; a met claim is required",
                )
                continue
            # KUH-FINAL-6 (warning): scored from the claim
            found.add(
                "KUH-FINAL-6",
                (*base, "met"),
                f"{name}: scoring tile {tid} scored from the player's claim (unverified)",
                "warning",
            )
            value = bool(met)
        else:
            value = evaluate(state, i, tile)
            # KUH-FINAL-4: the met claim equals the evaluation
            if met is not None and met != value:
                found.add(
                    "KUH-FINAL-4",
                    (*base, "met"),
                    f"{name}: met is claimed {met}, the condition evaluates to {value}",
                    expected=value,
                    found=met,
                )
        if "revealed" in b:
            boards[i] = boards[i]._replace(revealed=tid, tile_met=value)
    return state._replace(boards=tuple(boards))


def load_position(doc: Mapping[str, Any]) -> PositionResult[State]:
    """Check a schema-valid position; score it only when it is possible."""
    players = doc["players"]
    total = TOTAL_TILES.get(len(players), 71)
    opts = Options.parse(doc.get("variant", {}))
    comp, problems = build_components(doc["components"], len(players), total, ("components",))
    found = Findings()
    for v in problems:
        found.violation(v)
    _check_players(found, doc)
    names = [p["name"] for p in players]
    boards = [n for n in names if n in doc["boards"]]
    for name in boards:
        _check_board(found, name, doc["boards"][name], comp)
    _check_dealt(found, doc, comp)
    _check_table(found, doc, comp)
    if found.errors or len(boards) != len(names):
        return PositionResult(None, found.sorted())
    state = position_state(doc, comp, opts)
    checked = len(found.items)
    state = _reveal(found, state, doc)
    errors = any(f.is_error for f in found.items[checked:])
    return PositionResult(None if errors else state, found.sorted())


def export_position(state: State, record: Mapping[str, Any]) -> dict[str, Any]:
    """Every field of section 14.1; ``tiles_left`` per kind when the record has tile_counts."""
    setup = record["setup"]
    components: dict[str, Any] = {
        "track": setup.get("track", {"bonus_spaces": []}),
        "trees": state.comp.trees,
    }
    if state.comp.tile_counts is not None:
        components["tile_counts"] = {k: state.comp.tile_counts[k] for k in KINDS}
    components["cards"] = setup.get("cards", {})
    components["scoring_tiles"] = setup.get("scoring_tiles", {})
    boards: dict[str, Any] = {}
    for name, b in zip(state.names, state.boards, strict=True):
        board: dict[str, Any] = {
            "tiles": [
                {"at": [x, y], "kind": b.tiles[(x, y)], "cow": (x, y) in b.cows}
                for x, y in sorted(b.tiles, key=lambda c: (c[1], c[0]))
            ],
            "trees": [[x, y] for x, y in b.trees],
            "score": b.score,
            "cows_in_supply": b.supply,
            "hand": list(b.hand),
            "played": list(b.played),
            "dealt": list(b.dealt),
        }
        if b.revealed is not None:
            board["revealed"] = b.revealed
            board["met"] = b.tile_met
        boards[name] = board
    left: Any = state.tiles_left
    if state.kind_left is not None:
        left = dict(zip(KINDS, state.kind_left, strict=True))
    table = {
        "tile_display": list(state.tile_display),
        "card_display": list(state.card_display),
        "tiles_left": left,
        "deck_left": state.deck_left,
        "cards_out": list(state.cards_out),
        "next": state.names[state.seat],
        "phase": state.phase,
    }
    doc: dict[str, Any] = {
        "format": "scorer-position/1",
        "game": "kuhfstein",
        "variant": dict(record.get("variant", {})),
        "players": list(record["players"]),
        "components": components,
        "boards": boards,
        "table": table,
    }
    return doc


if TYPE_CHECKING:
    from scorer.core.roles import Positions
    from scorer.games.kuhfstein import position as _module

    _check: Positions[State] = _module
