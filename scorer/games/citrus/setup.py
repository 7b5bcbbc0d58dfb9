"""Setup checks (spec 4, CIT-SETUP-1 … CIT-SETUP-9, CIT-LAND-2) and the initial state.
Pointers are absolute (``("setup", ...)``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, NamedTuple

from pyrsistent import PVector, pmap, pset, pvector

from scorer.core.cache import by_content
from scorer.core.errors import PathPart, RuleViolation
from scorer.core.words import plural
from scorer.games.citrus.board import Board, Cell, parse_board, table
from scorer.games.citrus.component_data import (
    parse_finca_set,
    parse_landscape,
    parse_layout,
    parse_supply,
)
from scorer.games.citrus.data import (
    SIDE_DECK,
    SIDE_FINCA_DECK,
    SIDE_SITES,
    SIDE_START,
    START_MONEY,
    TOKENS,
    WORKERS,
)
from scorer.games.citrus.state import (
    Options,
    Player,
    Site,
    State,
    board_vectors,
    fincas_of,
    make_static,
)

S = ("setup",)

#: An empty site (every site of the board before the start fincas; one shared record).
EMPTY_SITE = Site("empty")


class StartBoard(NamedTuple):
    """The component data of a record's setup as parsed (spec 4), with the empty board's
    vectors: the same for every record with the same data (``start_board``)."""

    board: Board
    layout: Mapping[str, tuple[int, ...]]  # read-only (``board.table``)
    finca_set: tuple[tuple[int, int], ...] | None
    tiles: PVector[str | None]
    region_of: PVector[int]
    land: PVector[tuple[str, int] | None]


@by_content
def start_board(board: Any, landscape: Any, layout: Any, finca_tiles: Any, side: str) -> StartBoard:
    """CIT-SETUP-2, -3, -9, -6 (finca set) in the order of spec 4, parsed once per content
    (:func:`~scorer.core.cache.by_content`; ``finca_tiles`` None: not given)."""
    parsed = parse_board(board, (*S, "board"), side)
    land = parse_landscape(landscape, parsed, (*S, "landscape"))
    lines = parse_layout(layout, (*S, "market_layout"))
    fset = (
        parse_finca_set(finca_tiles, (*S, "finca_tiles"), parsed.printed is not None)
        if finca_tiles is not None
        else None
    )
    empty: dict[Cell, Any] = {}
    tiles, region_of, on_land = board_vectors(parsed, empty, empty, land)
    return StartBoard(parsed, table(lines), fset, tiles, region_of, on_land)


@by_content
def options(variant: Any) -> Options:
    """The options of a record's ``variant``, parsed once per content."""
    return Options.parse(variant)


def check_players(players: list[dict[str, Any]], base: tuple[PathPart, ...]) -> None:
    # CIT-SETUP-1: 2–5 players with distinct colours
    if not 2 <= len(players) <= 5:
        raise RuleViolation(
            "CIT-SETUP-1",
            f"Citrus is for 2–5 players, not {len(players)}",
            base,
            {"expected": "2–5", "found": len(players)},
        )
    colours = [p["color"] for p in players if "color" in p]
    if len(set(colours)) != len(colours):
        raise RuleViolation("CIT-SETUP-1", "two players share a colour", base, {"found": colours})


def initial_state(record: dict[str, Any]) -> State:
    """The state before the first move, after the setup checks in the order of spec 4."""
    setup = record["setup"]
    opts = options(record.get("variant", {}))
    check_players(record["players"], ("players",))
    start = start_board(
        setup["board"],
        setup.get("landscape", []),
        setup.get("market_layout", "cross12"),
        setup.get("finca_tiles"),
        opts.board_side,
    )
    board, fset = start.board, start.finca_set
    sites, left = start_fincas(setup["start_fincas"], board, fset, opts)
    deck = building_sites(setup, board, opts)
    for m in setup["marked_sites"]:
        sites[m] = Site("marked")
    size = finca_deck_size(setup, board.printed, fset)
    supply = parse_supply(setup.get("supply"), opts.board_side, board.printed, (*S, "supply"))
    bag = market_bag(setup["market"], supply)
    # CIT-SETUP-8: start money
    if "money" in setup and setup["money"] != START_MONEY:
        raise RuleViolation(
            "CIT-SETUP-8",
            f"every player starts with {START_MONEY} money",
            (*S, "money"),
            {"expected": START_MONEY, "found": setup["money"]},
        )
    names = tuple(p["name"] for p in record["players"])
    static = make_static(
        names=names,
        board=board,
        options=opts,
        layout=start.layout,
        finca_set=fset,
        supply=supply,
        notes=component_notes(setup, board),
        colours=colours_of(record.get("players")),
    )
    return State(
        static=static,
        tiles=start.tiles,
        region_of=start.region_of,
        regions=pvector(),
        next_rid=0,
        land=start.land,
        sites=pmap(sites),
        fincas=fincas_of(sites),
        players=pvector(Player(START_MONEY, WORKERS, (), ()) for _ in names),
        market=pvector(setup["market"]),
        bag=pmap({t: n for t, n in bag.items() if n > 0}),
        lrc=True,
        finca_deck=size,
        finca_left=pmap({v: n for v, n in left.items() if n > 0}) if fset is not None else None,
        site_deck=pset(deck),
        returned=pvector(0 for _ in names),
    )


def start_fincas(
    starts: list[dict[str, Any]],
    board: Board,
    fset: tuple[tuple[int, int], ...] | None,
    opts: Options,
) -> tuple[dict[str, Site], Counter[tuple[int, int]]]:
    """CIT-SETUP-4: the start fincas. The sites with them (every other site empty) and the
    finca tiles of the set left unused."""
    # CIT-SETUP-4: the side's number of start fincas, on allowed empty sites, from the set
    printed = board.printed
    sites = dict.fromkeys(board.sites, EMPTY_SITE)
    if printed is not None:
        need = len(SIDE_START[printed])
        if len(starts) != need:
            raise RuleViolation(
                "CIT-SETUP-4",
                f"the {printed} side starts with {plural(need, 'finca')}",
                (*S, "start_fincas"),
                {"expected": need, "found": len(starts)},
            )
    elif not starts:
        raise RuleViolation("CIT-SETUP-4", "at least one start finca", (*S, "start_fincas"))
    left = Counter(fset or ())
    if printed and opts.random_start_sites:
        allowed = set(SIDE_SITES[printed])
    else:
        allowed = set(SIDE_START[printed]) if printed else set(board.sites)
    for k, f in enumerate(starts):
        site = f["site"]
        if site not in allowed or sites.get(site, Site("x")).status != "empty":
            raise RuleViolation(
                "CIT-SETUP-4",
                f"site {site} cannot hold a start finca",
                (*S, "start_fincas", k, "site"),
                {"expected": sorted(allowed), "found": site},
            )
        if f["first"] < f["second"] or f["second"] < 0:
            raise RuleViolation(
                "CIT-SETUP-4",
                "finca values must be first ≥ second ≥ 0",
                (*S, "start_fincas", k, "second"),
                {"expected": f"≤ {f['first']}", "found": f["second"]},
            )
        if fset is not None:
            if left[(f["first"], f["second"])] <= 0:
                raise RuleViolation(
                    "CIT-SETUP-4",
                    "the start finca is not a tile of the set",
                    (*S, "start_fincas", k, "first"),
                    {"found": {"first": f["first"], "second": f["second"]}},
                )
            left[(f["first"], f["second"])] -= 1
        sites[site] = Site("finca", f["first"], f["second"], False)
    return sites, left


def building_sites(setup: dict[str, Any], board: Board, opts: Options) -> set[str]:
    """CIT-SETUP-5: the revealed building-site tiles and the deck; the deck's letters."""
    # CIT-SETUP-5: revealed letters of the deck, 3 of them, and the rest in the deck
    starts = {f["site"] for f in setup["start_fincas"]}
    if board.printed is None:
        return custom_building_sites(setup, board, starts)
    marked = setup["marked_sites"]
    deck_given = setup.get("building_site_deck")
    if opts.random_start_sites:
        letters = set(SIDE_SITES[board.printed]) - starts
    else:
        letters = set(SIDE_DECK[board.printed])
    for k, m in enumerate(marked):
        if m not in letters or marked.index(m) != k:
            raise RuleViolation(
                "CIT-SETUP-5",
                f"{m} is not a revealed deck letter",
                (*S, "marked_sites", k),
                {"found": m},
            )
    if len(marked) != 3:
        raise RuleViolation(
            "CIT-SETUP-5",
            "3 building-site tiles are revealed",
            (*S, "marked_sites"),
            {"expected": 3, "found": len(marked)},
        )
    deck = letters - set(marked)
    if deck_given is not None:
        for k, d in enumerate(deck_given):
            if d not in deck or deck_given.index(d) != k:
                raise RuleViolation(
                    "CIT-SETUP-5",
                    f"{d} is not in the building-site deck",
                    (*S, "building_site_deck", k),
                    {"found": d},
                )
        if set(deck_given) != deck:
            raise RuleViolation(
                "CIT-SETUP-5",
                f"the building-site deck lacks {sorted(deck - set(deck_given))}",
                (*S, "building_site_deck"),
                {"expected": sorted(deck)},
            )
    return deck


def custom_building_sites(setup: dict[str, Any], board: Board, starts: set[str]) -> set[str]:
    """CIT-SETUP-5 on a custom board: every letter named once, on a free site."""
    # CIT-SETUP-5: a deck is given, every letter once on a free site, up to 3 marked
    marked = setup["marked_sites"]
    deck_given = setup.get("building_site_deck")
    if deck_given is None:
        raise RuleViolation("CIT-SETUP-5", "a custom board needs building_site_deck", S)
    used: set[str] = set()
    for key, lst in (("marked_sites", marked), ("building_site_deck", deck_given)):
        for k, m in enumerate(lst):
            if m not in board.sites or m in used or m in starts:
                raise RuleViolation(
                    "CIT-SETUP-5",
                    f"{m} is not a free, unused site letter",
                    (*S, key, k),
                    {"found": m},
                )
            used.add(m)
    if len(marked) != min(3, len(used)):
        raise RuleViolation(
            "CIT-SETUP-5",
            f"{plural(min(3, len(used)), 'site')} must be marked",
            (*S, "marked_sites"),
            {"expected": min(3, len(used)), "found": len(marked)},
        )
    return set(deck_given)


def finca_deck_size(
    setup: dict[str, Any], printed: str | None, fset: tuple[tuple[int, int], ...] | None
) -> int:
    """CIT-SETUP-6: the finca deck's size (given, the printed side's, or what the set has
    left after the start fincas)."""
    # CIT-SETUP-6: the printed side's deck, or a deck the finca set can hold
    starts = setup["start_fincas"]
    size: int | None = setup.get("finca_deck_size")
    if printed is not None:
        if size is not None and size != SIDE_FINCA_DECK[printed]:
            raise RuleViolation(
                "CIT-SETUP-6",
                f"the {printed} side's finca deck holds {SIDE_FINCA_DECK[printed]}",
                (*S, "finca_deck_size"),
                {"expected": SIDE_FINCA_DECK[printed], "found": size},
            )
        size = SIDE_FINCA_DECK[printed]
    elif size is None:
        if fset is None:
            raise RuleViolation(
                "CIT-SETUP-6",
                "finca_deck_size is required without finca_tiles",
                (*S, "finca_deck_size"),
            )
        size = len(fset) - len(starts)
    if fset is not None and len(starts) + size > len(fset):
        raise RuleViolation(
            "CIT-SETUP-6",
            f"{plural(len(starts), 'start finca')} and a deck "
            f"of {size} exceed the {plural(len(fset), 'finca tile')}",
            (*S, "finca_deck_size"),
            {"expected": f"≤ {len(fset) - len(starts)}", "found": size},
        )
    return size


def market_bag(market: list[str], supply: dict[str, int]) -> Counter[str]:
    """CIT-SETUP-7: the 12 market tiles come from the supply; what is left in the bag."""
    # CIT-SETUP-7: 12 market tiles, each still in the supply
    bag = Counter(supply)
    if len(market) != 12:
        raise RuleViolation(
            "CIT-SETUP-7",
            "the market lists exactly 12 tiles",
            (*S, "market"),
            {"expected": 12, "found": len(market)},
        )
    for k, token in enumerate(market):
        if token not in TOKENS or bag[token] <= 0:
            raise RuleViolation(
                "CIT-SETUP-7",
                f"the supply holds no further {token!r}",
                (*S, "market", k),
                {"found": token},
            )
        bag[token] -= 1
    return bag


def colours_of(players: Any) -> tuple[str | None, ...]:
    """The ``color`` of every player of a record or position document (None if not given)."""
    if not isinstance(players, list):
        return ()
    return tuple(p.get("color") if isinstance(p, Mapping) else None for p in players)


def component_notes(setup: dict[str, Any], board: Board) -> tuple[str, ...]:
    """Which component data came with the program and which from the record (ScoreSheet)."""

    def where(key: str, default: str | None) -> str:
        form = setup.get(key, default)
        if form is None or form == []:
            return f"{key}: none"
        if isinstance(form, str):
            return f"{key}: {form!r} shipped with the program (demo data, not the printed game)"
        return f"{key}: carried inline by the record"

    parts = [
        where("board", None),
        where("market_layout", "cross12"),
        where("landscape", None),
        where("finca_tiles", None),
        "supply: carried inline by the record"
        if "supply" in setup
        else "supply: the board side's composition",
    ]
    if board.printed:
        parts[0] = f"board: printed side {board.label!r} carried inline by the record"
    return ("Component data — " + "; ".join(parts) + ".",)
