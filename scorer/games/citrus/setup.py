"""Setup checks (spec 4, CIT-SETUP-1 … CIT-SETUP-9, CIT-LAND-2) and the initial state.
Pointers are absolute (``("setup", ...)``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from pyrsistent import pmap, pset, pvector

from scorer.errors import PathPart, RuleViolation
from scorer.games.citrus.board import Board, Cell, parse_board
from scorer.games.citrus.data import (
    FINCA_SETS,
    LAND_TYPES,
    LANDSCAPES,
    LAYOUTS,
    SIDE_DECK,
    SIDE_FINCA_DECK,
    SIDE_SITES,
    SIDE_START,
    SIDE_SUPPLY,
    START_MONEY,
    TOKENS,
    WORKERS,
    options_of,
)
from scorer.games.citrus.state import Player, Site, State, make_static
from scorer.words import plural

S = ("setup",)


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


def parse_layout(form: Any, base: tuple[PathPart, ...]) -> dict[str, tuple[int, ...]]:
    """CIT-SETUP-9: ``cross12`` or an inline layout of 12 fields covered by lines of 1–4."""
    if isinstance(form, str):
        if form not in LAYOUTS:
            raise RuleViolation(
                "CIT-SETUP-9",
                f"unknown market layout {form!r}",
                base,
                {"expected": sorted(LAYOUTS), "found": form},
            )
        return LAYOUTS[form]
    if form["fields"] != 12:
        raise RuleViolation(
            "CIT-SETUP-9",
            "the market has 12 fields",
            (*base, "fields"),
            {"expected": 12, "found": form["fields"]},
        )
    lines: dict[str, tuple[int, ...]] = {}
    for name, fields in form["lines"].items():
        if (
            not name
            or not 1 <= len(fields) <= 4
            or len(set(fields)) != len(fields)
            or any(not 1 <= f <= 12 for f in fields)
        ):
            raise RuleViolation(
                "CIT-SETUP-9",
                f"line {name!r} must list 1–4 distinct fields of 1–12",
                (*base, "lines", name),
                {"found": fields},
            )
        lines[name] = tuple(fields)
    uncovered = sorted(set(range(1, 13)) - {f for fs in lines.values() for f in fs})
    if uncovered:
        raise RuleViolation(
            "CIT-SETUP-9",
            f"fields {uncovered} belong to no line",
            (*base, "lines"),
            {"found": uncovered},
        )
    return lines


def parse_landscape(
    form: Any, board: Board, base: tuple[PathPart, ...], require_all: bool = True
) -> dict[Cell, tuple[str, int]]:
    """CIT-SETUP-3 / CIT-LAND-2: one supported tile on each landscape space."""
    if isinstance(form, str):
        if form not in LANDSCAPES or not board.shipped or board.label != form:
            raise RuleViolation(
                "CIT-SETUP-3",
                f"unknown landscape data {form!r} for this board",
                base,
                {"expected": board.label if board.shipped else None, "found": form},
            )
        form = LANDSCAPES[form]
    out: dict[Cell, tuple[str, int]] = {}
    if len(form) > 30:
        raise RuleViolation(
            "CIT-SETUP-3", "more than 30 landscape tiles", base, {"found": len(form)}
        )
    for k, entry in enumerate(form):
        cell = (entry["at"][0], entry["at"][1])
        if cell not in board.spaces or cell in out:
            raise RuleViolation(
                "CIT-SETUP-3",
                f"{entry['at']} is not a free landscape space",
                (*base, k, "at"),
                {"found": entry["at"]},
            )
        typ = entry["type"]
        # CIT-LAND-2: supported landscape types only
        if typ not in LAND_TYPES:
            raise RuleViolation(
                "CIT-LAND-2",
                f"unsupported landscape tile type {typ!r}",
                (*base, k, "type"),
                {"expected": list(LAND_TYPES), "found": typ},
            )
        points = entry.get("points")
        if (typ == "horses") != (points is not None) or (points is not None and points < 1):
            raise RuleViolation(
                "CIT-SETUP-3",
                "horses need points ≥ 1, other tiles none",
                (*base, k),
                {"found": points},
            )
        out[cell] = (typ, points or 0)
    if require_all:
        missing = sorted(board.spaces - set(out))
        if missing:
            raise RuleViolation(
                "CIT-SETUP-3",
                f"landscape space {list(missing[0])} has no tile",
                base,
                {"found": [list(c) for c in missing]},
            )
    return out


def parse_finca_set(
    form: Any, base: tuple[PathPart, ...], printed: bool
) -> tuple[tuple[int, int], ...]:
    """CIT-SETUP-6: a shipped finca set or well-formed inline tiles (15 on a printed side)."""
    if isinstance(form, str):
        if form not in FINCA_SETS:
            raise RuleViolation(
                "CIT-SETUP-6",
                f"unknown finca tile set {form!r}",
                base,
                {"expected": sorted(FINCA_SETS), "found": form},
            )
        form = FINCA_SETS[form]
    tiles = []
    for k, tile in enumerate(form):
        if tile["first"] < tile["second"] or tile["second"] < 0:
            raise RuleViolation(
                "CIT-SETUP-6",
                "finca values must be first ≥ second ≥ 0",
                (*base, k),
                {"found": tile},
            )
        tiles.append((tile["first"], tile["second"]))
    if printed and len(tiles) != 15:
        raise RuleViolation(
            "CIT-SETUP-6",
            "a printed side has 15 finca tiles",
            base,
            {"expected": 15, "found": len(tiles)},
        )
    return tuple(tiles)


def parse_supply(
    form: dict[str, int] | None,
    side: str,
    printed: str | None,
    base: tuple[PathPart, ...],
    minimum: bool = True,
) -> dict[str, int]:
    """CIT-SETUP-7 (supply part; positions skip the 12-tile minimum)."""
    side_comp = SIDE_SUPPLY[printed or side]
    if form is None:
        return dict(side_comp)
    supply = {t: form.get(t, 0) for t in TOKENS}
    for token in sorted(form):
        if token not in TOKENS or form[token] < 0 or (printed and form[token] != side_comp[token]):
            raise RuleViolation(
                "CIT-SETUP-7",
                f"supply count of {token!r} is not allowed",
                (*base, token),
                {"expected": side_comp.get(token), "found": form[token]},
            )
    if printed:
        for token in TOKENS:
            if supply[token] != side_comp[token]:
                raise RuleViolation(
                    "CIT-SETUP-7",
                    f"the {printed} side holds {side_comp[token]} {token}",
                    (*base, token),
                    {"expected": side_comp[token], "found": supply[token]},
                )
    if minimum and sum(supply.values()) < 12:
        raise RuleViolation(
            "CIT-SETUP-7",
            "the supply holds fewer than 12 tiles",
            base,
            {"found": sum(supply.values())},
        )
    return supply


def initial_state(record: dict[str, Any]) -> State:
    setup = record["setup"]
    opts = options_of(record.get("variant", {}))
    side = opts["board_side"]
    check_players(record["players"], ("players",))
    board = parse_board(setup["board"], (*S, "board"), side)
    printed = board.printed
    land = parse_landscape(setup.get("landscape", []), board, (*S, "landscape"))
    layout = parse_layout(setup.get("market_layout", "cross12"), (*S, "market_layout"))
    fset = (
        parse_finca_set(setup["finca_tiles"], (*S, "finca_tiles"), printed is not None)
        if "finca_tiles" in setup
        else None
    )
    # CIT-SETUP-4: start fincas
    starts = setup["start_fincas"]
    sites = {s: Site("empty") for s in board.sites}
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
    for k, f in enumerate(starts):
        site = f["site"]
        allowed = (
            set(SIDE_SITES[printed])
            if printed and opts["random_start_sites"]
            else set(SIDE_START[printed])
            if printed
            else set(board.sites)
        )
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
    # CIT-SETUP-5: building-site tiles
    marked = setup["marked_sites"]
    deck_given = setup.get("building_site_deck")
    starts_set = {f["site"] for f in starts}
    if printed is not None:
        letters = (
            set(SIDE_SITES[printed]) - starts_set
            if opts["random_start_sites"]
            else set(SIDE_DECK[printed])
        )
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
    else:
        if deck_given is None:
            raise RuleViolation("CIT-SETUP-5", "a custom board needs building_site_deck", S)
        used: set[str] = set()
        for key, lst in (("marked_sites", marked), ("building_site_deck", deck_given)):
            for k, m in enumerate(lst):
                if m not in board.sites or m in used or m in starts_set:
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
        deck = set(deck_given)
    for m in marked:
        sites[m] = Site("marked")
    # CIT-SETUP-6: the finca deck
    size = setup.get("finca_deck_size")
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
    # CIT-SETUP-7: supply and market
    supply = parse_supply(setup.get("supply"), side, printed, (*S, "supply"))
    bag = Counter(supply)
    if len(setup["market"]) != 12:
        raise RuleViolation(
            "CIT-SETUP-7",
            "the market lists exactly 12 tiles",
            (*S, "market"),
            {"expected": 12, "found": len(setup["market"])},
        )
    for k, token in enumerate(setup["market"]):
        if token not in TOKENS or bag[token] <= 0:
            raise RuleViolation(
                "CIT-SETUP-7",
                f"the supply holds no further {token!r}",
                (*S, "market", k),
                {"found": token},
            )
        bag[token] -= 1
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
        names,
        board,
        opts,
        layout,
        fset,
        supply,
        component_notes(setup, board),
        colours=colours_of(record.get("players")),
    )
    return State(
        static,
        pmap(),
        pmap(),
        pmap(),
        0,
        pmap(land),
        pmap(sites),
        pvector(Player(START_MONEY, WORKERS, (), ()) for _ in names),
        pvector(setup["market"]),
        pmap({t: n for t, n in bag.items() if n > 0}),
        True,
        size,
        pmap({v: n for v, n in left.items() if n > 0}) if fset is not None else None,
        pset(deck),
        returned=pvector(0 for _ in names),
    )


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
