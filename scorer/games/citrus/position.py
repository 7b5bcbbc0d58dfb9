"""Position documents (spec 17): every possibility check (CIT-POS-1 … CIT-POS-11, with the
setup rules for players and component data; the regions' checks are in
``position_regions``), collected in a ``scorer.core.findings.Findings``; the state to score; and
export (``position_export``, re-exported here)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from pyrsistent import PMap, PVector, pmap, pset, pvector

from scorer.core.errors import PathPart
from scorer.core.findings import Findings
from scorer.core.values import Json, PositionResult
from scorer.core.words import noun, plural
from scorer.games.citrus.blank import blank_position as blank_position
from scorer.games.citrus.board import Board, Cell, parse_board
from scorer.games.citrus.component_data import parse_finca_set, parse_layout, parse_supply
from scorer.games.citrus.data import (
    ACTION_TYPES,
    LANDSCAPES,
    SIDE_SUPPLY,
    TOKENS,
    WORKERS,
)
from scorer.games.citrus.position_export import export_position
from scorer.games.citrus.position_regions import check_regions
from scorer.games.citrus.setup import check_players, colours_of
from scorer.games.citrus.sketch import draft_state
from scorer.games.citrus.state import (
    Options,
    Player,
    Region,
    Site,
    State,
    Static,
    board_vectors,
    fincas_of,
    make_static,
    occupied,
)


def _cell(raw: list[int]) -> Cell:
    return (raw[0], raw[1])


def load_position(doc: Json) -> PositionResult[State]:
    """The checks of a position document (every finding, not only the first) and, when
    none is an error, the state to score."""
    ck = Findings()
    opts = Options.parse(doc.get("variant", {}))
    names = [p["name"] for p in doc["players"]]
    ck.run(check_players, doc["players"], ("players",))
    board, layout, fset, supply = components(doc, opts, ck)
    if board is None or not names:  # no players (CIT-SETUP-1): nothing else can be checked
        return PositionResult(None, ck.sorted())
    sites, left = check_sites(doc, board, fset, ck)
    finca_sites = {s for s, v in sites.items() if v.status == "finca"}
    tiles, owners = check_regions(doc, board, names, ck, finca_sites, opts.family)
    land = check_landscape(doc, board, tiles, ck)
    players = check_players_state(doc, names, opts, ck)
    market = check_market(doc, names, ck)
    # CIT-POS-6: the supply is not exceeded
    if supply is not None:
        check_supply(doc, supply, ck)
    held = sum(len(p[0].horses) + len(p[0].actions) for p in players.values())
    if sum(1 for v in land.values() if v[0] != "bull") + held > 30:
        ck.add("CIT-POS-9", ("landscape",), "more than 30 landscape tiles in the game")
    if ck.errors or layout is None:
        return PositionResult(None, ck.sorted())
    unknown = frozenset(i for i, n in enumerate(names) if not players[n][1])
    static = make_static(
        names=tuple(names),
        board=board,
        options=opts,
        layout=layout,
        finca_set=fset,
        supply=supply or dict(SIDE_SUPPLY[opts.board_side]),
        notes=(
            "Position: component data as given by the document (ids name data "
            "shipped with the program).",
        ),
        unknown=unknown,
        colours=colours_of(doc.get("players")),
    )
    regions, region_of = regions_of(doc, owners)
    vectors = board_vectors(board, tiles, region_of, land)
    check_scored(doc, static, vectors, sites, ck)
    mats = [WORKERS - sum(1 for o in owners if o == i) for i in range(len(names))]
    seats = [players[n][0]._replace(mat=mats[i]) for i, n in enumerate(names)]
    finca_left: PMap[tuple[int, int], int] | None = None
    if fset is not None:
        finca_left = pmap({v: n for v, n in left.items() if n > 0})
    state = position_state(doc, static, vectors, regions, sites, seats, market, finca_left)
    findings = ck.sorted()
    return PositionResult(None if any(f.is_error for f in findings) else state, findings)


def components(
    doc: Json, opts: Options, ck: Findings
) -> tuple[
    Board | None,
    dict[str, tuple[int, ...]] | None,
    tuple[tuple[int, int], ...] | None,
    dict[str, int] | None,
]:
    """The component data of a position as written (board, market layout, finca set,
    supply), each checked by the setup rules; None where it fails."""
    board = ck.run(parse_board, doc["board"], ("board",), None)
    layout = ck.run(parse_layout, doc.get("market_layout", "cross12"), ("market_layout",))
    fset = (
        ck.run(parse_finca_set, doc["finca_tiles"], ("finca_tiles",), False)
        if "finca_tiles" in doc
        else None
    )
    supply = ck.run(
        parse_supply,
        doc.get("supply"),
        opts.board_side,
        board.printed if board else None,
        ("supply",),
        False,
    )
    return board, layout, fset, supply


def check_sites(
    doc: Json, board: Board, fset: tuple[tuple[int, int], ...] | None, ck: Findings
) -> tuple[dict[str, Site], Counter[tuple[int, int]]]:
    """CIT-POS-7: the fincas, marked sites and building-site deck name unused site letters;
    finca values from the set; the finca deck's size. The sites, and the finca tiles of the
    set left unused."""
    # CIT-POS-7: sites and decks
    sites: dict[str, Site] = {s: Site("empty") for s in board.sites}
    used: set[str] = set()
    left = Counter(fset or ())
    for key in ("fincas", "marked_sites", "building_site_deck"):
        for k, item in enumerate(doc.get(key, [])):
            letter = item["site"] if key == "fincas" else item
            path: tuple[PathPart, ...] = (key, k, "site") if key == "fincas" else (key, k)
            if letter not in board.sites or letter in used:
                ck.add("CIT-POS-7", path, f"{letter!r} is not an unused site letter")
                continue
            used.add(letter)
            if key == "fincas":
                first, second = item["first"], item["second"]
                if first < second or second < 0:
                    ck.add(
                        "CIT-POS-7", ("fincas", k, "second"), "finca values need first ≥ second ≥ 0"
                    )
                elif fset is not None and left[(first, second)] <= 0:
                    ck.add("CIT-POS-7", ("fincas", k, "first"), "not an unused tile of the set")
                left[(first, second)] -= 1
                sites[letter] = Site("finca", first, second, bool(item.get("scored", False)))
            elif key == "marked_sites":
                sites[letter] = Site("marked")
                if k >= 3:
                    ck.add("CIT-POS-7", path, "at most 3 sites are marked")
    deck_size = doc.get("finca_deck_size", 0)
    limit = sum(max(0, v) for v in left.values()) if fset is not None else 15 - len(doc["fincas"])
    if deck_size > limit:
        ck.add(
            "CIT-POS-7",
            ("finca_deck_size",),
            f"at most {plural(limit, 'finca tile')} {noun(limit, 'is', 'are')} left",
        )
    return sites, left


def regions_of(doc: Json, owners: list[int]) -> tuple[list[Region | None], dict[Cell, int]]:
    """The regions of a checked position (by their index in the document) and the region
    of every cell."""
    regions: list[Region | None] = []
    region_of: dict[Cell, int] = {}
    for k, reg in enumerate(doc["regions"]):
        cells = frozenset(_cell(c) for c in reg["cells"])
        regions.append(Region(reg["kind"], cells, len(reg.get("wells", [])), owners[k]))
        for c in cells:
            region_of[c] = k
    return regions, region_of


#: The board vectors of a state: tiles, region ids, landscape (``state.board_vectors``).
Vectors = tuple[PVector[str | None], PVector[int], PVector[tuple[str, int] | None]]


def check_scored(
    doc: Json, static: Static, vectors: Vectors, sites: dict[str, Site], ck: Findings
) -> None:
    """CIT-POS-8: a finca is scored exactly when its ring is complete (a finca the document
    does not say of is scored when complete)."""
    # CIT-POS-8: a finca is scored exactly when its ring is complete
    tile_v, region_v, land_v = vectors
    board_only = State(  # only which cells are occupied counts here
        static, tile_v, region_v, pvector(), 0, land_v, pmap(), frozenset(), pvector(), pvector(),
        pmap(), False, 0, None, pset()
    )  # fmt: skip
    for k, f in enumerate(doc["fincas"]):
        done = all(occupied(board_only, c) for c in static.board.rings[f["site"]])
        if "scored" not in f:
            sites[f["site"]] = sites[f["site"]]._replace(scored=done)
        elif f["scored"] != done:
            ck.add(
                "CIT-POS-8",
                ("fincas", k, "scored"),
                f"finca {f['site']} is "
                f"{'complete' if done else 'incomplete'}, so it is "
                f"{'' if done else 'not '}scored",
            )


def position_state(
    doc: Json,
    static: Static,
    vectors: Vectors,
    regions: list[Region | None],
    sites: dict[str, Site],
    seats: list[Player],
    market: list[str | None],
    finca_left: PMap[tuple[int, int], int] | None,
) -> State:
    """The state of a checked position: whose turn, the passes and what they lead to."""
    names = static.names
    tile_v, region_v, land_v = vectors
    deck_size = doc.get("finca_deck_size", 0)
    to_move = doc.get("to_move", names[0])
    passes = doc.get("passes", 0)
    blocked = over = False
    if passes >= len(names):
        possible = deck_size > 0 and any(v.status == "marked" for v in sites.values())
        blocked, over = possible, not possible
    return State(
        static=static,
        tiles=tile_v,
        region_of=region_v,
        regions=pvector(regions),
        next_rid=len(regions),
        land=land_v,
        sites=pmap(sites),
        fincas=fincas_of(sites),
        players=pvector(seats),
        market=pvector(market),
        bag=pmap(doc.get("bag", {})),
        lrc=doc.get("last_refill_complete", False),
        finca_deck=deck_size,
        finca_left=finca_left,
        site_deck=pset(doc.get("building_site_deck", [])),
        turn=names.index(to_move) if to_move in names else 0,
        passes=passes,
        blocked=blocked,
        over=over,
        returned=pvector([0] * len(names)),
    )


def check_landscape(
    doc: Json, board: Board, tiles: dict[Cell, str], ck: Findings
) -> dict[Cell, tuple[str, int]]:
    """CIT-POS-9 and CIT-LAND-2 for the landscape tiles and bulls on the board."""
    form = doc.get("landscape", [])
    if isinstance(form, str):
        if form not in LANDSCAPES or not board.shipped or form != board.label:
            ck.add("CIT-SETUP-3", ("landscape",), f"unknown landscape data {form!r}")
            return {}
        form = [e for e in LANDSCAPES[form] if _cell(e["at"]) not in tiles]
    land: dict[Cell, tuple[str, int]] = {}
    for k, e in enumerate(form):
        c = _cell(e["at"])
        if e["type"] not in ("horses", *ACTION_TYPES):
            ck.add("CIT-LAND-2", ("landscape", k, "type"), f"unsupported type {e['type']!r}")
            continue
        points = e.get("points")
        bad_points = (e["type"] == "horses") != (points is not None) or (
            points is not None and points < 1
        )
        if c not in board.spaces or c in tiles or c in land or bad_points:
            ck.add("CIT-POS-9", ("landscape", k), f"no landscape tile can lie on {e['at']}")
            continue
        land[c] = (e["type"], points or 0)
    for k, raw in enumerate(doc.get("bulls", [])):
        c = _cell(raw)
        if c not in board.buildable or c in tiles or c in land:
            ck.add("CIT-POS-9", ("bulls", k), f"a bull cannot lie on {raw}")
            continue
        land[c] = ("bull", 0)
    missing = sorted(board.spaces - set(land) - set(tiles))
    if missing:
        ck.add("CIT-POS-9", ("landscape",), f"landscape space {list(missing[0])} has no tile")
    return land


def check_players_state(
    doc: Json, names: list[str], opts: Options, ck: Findings
) -> dict[str, tuple[Player, bool]]:
    """CIT-POS-10 (and CIT-LAND-2 for held action tiles)."""
    ps = doc["player_state"]
    if sorted(ps) != sorted(names):
        ck.add("CIT-POS-10", ("player_state",), "player_state needs one entry per player")
    out: dict[str, tuple[Player, bool]] = {}
    immediate = opts.wild_horses_immediate
    for name in names:
        st = ps.get(name, {"score": 0})
        base = ("player_state", name)
        money = st.get("money", 0)
        if not 0 <= money <= 12:
            ck.add("CIT-POS-10", (*base, "money"), f"money {money} is outside 0–12")
        horses = st.get("horses", [])
        for k, h in enumerate(horses):
            if h < 1:
                ck.add("CIT-POS-10", (*base, "horses", k), "horse tiles are worth ≥ 1")
        acts = st.get("actions", [])
        for k, a in enumerate(acts):
            if a not in ACTION_TYPES:
                ck.add("CIT-LAND-2", (*base, "actions", k), f"unsupported action tile {a!r}")
        value = len(horses) if opts.horse_points == "one" else sum(horses)
        held = value if immediate else 0
        bd = st.get("breakdown")
        p = Player(
            money,
            0,
            tuple(horses),
            tuple(sorted(acts)),
            harvest=st["score"] - held,
            horse_points=held,
        )
        if bd is not None:
            allowed = {"harvest", "finca", "penalties"} | ({"horses"} if immediate else set())
            if (
                set(bd) - allowed
                or bd.get("penalties", 0) > 0
                or sum(bd.values()) != st["score"]
                or (immediate and bd.get("horses", 0) != value)
            ):
                ck.add("CIT-POS-10", (*base, "breakdown"), "the breakdown does not fit the score")
            p = p._replace(
                harvest=bd.get("harvest", 0),
                finca=bd.get("finca", 0),
                penalties=bd.get("penalties", 0),
                horse_points=bd.get("horses", 0),
            )
        out[name] = (p, bd is not None)
    return out


def check_market(doc: Json, names: list[str], ck: Findings) -> list[str | None]:
    """CIT-POS-11."""
    market = doc.get("market", [None] * 12)
    if len(market) != 12:
        ck.add("CIT-POS-11", ("market",), "the market has 12 fields")
        market = (list(market) + [None] * 12)[:12]
    if not doc.get("last_refill_complete", False) and any(doc.get("bag", {}).values()):
        ck.add("CIT-POS-11", ("last_refill_complete",), "an incomplete refill leaves the bag empty")
    if doc.get("to_move", names[0]) not in names:
        ck.add("CIT-POS-11", ("to_move",), f"{doc.get('to_move')!r} is not a player")
    if not 0 <= doc.get("passes", 0) <= len(names):
        ck.add("CIT-POS-11", ("passes",), "passes lie between 0 and the number of players")
    return list(market)


def check_supply(doc: Json, supply: dict[str, int], ck: Findings) -> None:
    """CIT-POS-6: board + market + bag per token within the supply."""
    used: Counter[str] = Counter()

    def take(token: str, path: tuple[PathPart, ...]) -> None:
        used[token] += 1
        if used[token] == supply.get(token, 0) + 1:
            ck.add("CIT-POS-6", path, f"more {token} tiles than the supply holds")

    for k, reg in enumerate(doc["regions"]):
        wells = {_cell(c) for c in reg.get("wells", [])}
        for m, c in enumerate(reg["cells"]):
            take(reg["kind"] + ("*" if _cell(c) in wells else ""), ("regions", k, "cells", m))
    for k, tok in enumerate(doc.get("market", [])):
        if tok is not None:
            take(tok, ("market", k))
    for tok, n in sorted(doc.get("bag", {}).items()):
        if tok not in TOKENS:
            ck.add("CIT-POS-6", ("bag", tok), f"unknown token {tok!r}")
            continue
        used[tok] += n
        if n and used[tok] > supply.get(tok, 0):
            ck.add("CIT-POS-6", ("bag", tok), f"more {tok} tiles than the supply holds")


__all__ = ["blank_position", "draft_state", "export_position", "load_position"]

if TYPE_CHECKING:
    from scorer.core.roles import Positions
    from scorer.games.citrus import position as _module

    _check: Positions[State] = _module
