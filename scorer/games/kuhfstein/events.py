"""What happens around the steps: the turn's working notes, refills (section 7, drawing through
draws.py), the bonus track (section 6.2), the end of the turn and of play (section 7) and the
reveals after it (section 8). The event rules are named in comments where they happen (their
IDs in strings would make them look like rules that report findings: bench/rule_coverage.py).

A play turn is one ``Draft`` of the state (``begin_turn``); the step handlers of actions.py
and the functions here change it, and ``end_turn`` returns the next state. The draft's
working notes (``draft.turn``, never part of a state) are:

- ``board``: the moving player's board as a plain dict of its fields (``Board`` order),
  changed in place by the handlers and made a ``Board`` once, by ``end_turn``: one
  ``_make`` per move where a nested ``Draft`` of the board cost a ``Draft`` and a ``done``;
- ``display``, ``cards``: the tile and card displays as working lists (tuples in a state);
- ``tiles_left``, ``tile_pos``, ``card_pos``: the supply and order positions so far, and
  ``counts`` the tiles left per kind (in KINDS order; None without tile_counts);
- ``regular``, ``extra``: regular steps taken and extra actions won so far;
- ``avail``, ``spent``, ``triggered``: bonus spaces won (space → kind), used, and every space
  triggered, in order;
- ``drawn``: card ids drawn this turn; ``warnings``: warnings found (Findings).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from typing import Any

from scorer.core.errors import PathPart, RuleViolation
from scorer.core.findings import Finding
from scorer.core.persist import Draft
from scorer.core.pointer import to_pointer
from scorer.games.kuhfstein.draws import deck_left, draw_cards, draw_tiles
from scorer.games.kuhfstein.landscape import is_stuck
from scorer.games.kuhfstein.scoring import evaluate
from scorer.games.kuhfstein.state import BOARD_FIELDS, NO_DETAILS, Board, State

Path = tuple[PathPart, ...]
Move = Mapping[str, Any]


def violation_to_warning(v: RuleViolation, prefix: Path = ()) -> Finding:
    """A warning found while checking component data, as a Finding (details a PMap)."""
    return Finding(v.rule, to_pointer((*prefix, *v.path)), v.message, "warning", NO_DETAILS)


def begin_turn(state: State, move: Move) -> Draft[State]:
    """The draft of a play turn for ``move`` (KUH-REFILL-5 for a turn-level refill)."""
    # KUH-REFILL-5: no turn-level refill under after_action
    if state.opts.refill_timing == "after_action" and "refill" in move:
        raise RuleViolation(
            "KUH-REFILL-5",
            "under refill_timing 'after_action' the refill is "
            "recorded on each step, not on the turn",
            ("refill",),
        )
    draft = Draft(state)
    counts = state.kind_left
    # a dict display, not ``update(**...)``: one C-built dict (≈1 µs less per move)
    draft.turn = {
        "board": dict(zip(BOARD_FIELDS, state.boards[state.seat], strict=True)),
        "display": list(state.tile_display),
        "cards": list(state.card_display),
        "tiles_left": state.tiles_left,
        "tile_pos": state.tile_pos,
        "card_pos": state.card_pos,
        "counts": list(counts) if counts is not None else None,
        "regular": 0,
        "extra": 0,
        "avail": {},
        "spent": set(),
        "triggered": [],
        "drawn": [],
        "warnings": [],
    }
    return draft


def board_of(draft: Draft[State]) -> dict[str, Any]:
    """The working fields of the moving player's board (see the module docstring)."""
    board: dict[str, Any] = draft.turn["board"]
    return board


def track_score(board: Mapping[str, Any]) -> int:
    """The track score so far: card points and trees."""
    return int(board["card_points"]) + 5 * len(board["trees"])


def warn(draft: Draft[State], rule: str, message: str, path: Path) -> None:
    """Record a warning with an absolute pointer (the move index is the state's)."""
    pointer = to_pointer(("moves", draft.base.move_index, *path))
    draft.turn["warnings"].append(Finding(rule, pointer, message, "warning", NO_DETAILS))


def add_points(draft: Draft[State], points: int, path: Path) -> None:
    """Score ``points`` and trigger every bonus space reached or passed (section 6.2)."""
    board = board_of(draft)
    new = track_score(board)
    old = new - points
    comp = draft.base.comp
    spaces = comp.spaces  # the bonus spaces in increasing order
    # KUH-BONUS-1: every space reached or passed triggers, in ascending order, once
    hits = spaces[bisect_right(spaces, old) : bisect_right(spaces, new)]
    if not hits:
        return
    notes = draft.turn
    for p in hits:
        kind = comp.bonus[p]
        if kind == "cow":
            board["supply"] += 1
        elif kind == "extra_action":
            notes["extra"] += 1
        elif kind in ("extra_tile", "extra_card"):
            notes["avail"][p] = kind
        else:
            # KUH-BONUS-5 (warning): unknown kind, no effect applied
            warn(
                draft,
                "KUH-BONUS-5",
                f"bonus space {p} of unknown kind {kind!r} was "
                "triggered; no effect applied (unverified)",
                path,
            )
    notes["triggered"].extend(hits)


#: base path → the paths of a refill there: (refill, refill/tiles, refill/cards)
_REFILL_PATHS: dict[Path, tuple[Path, Path, Path]] = {}


def _refill_paths(base: Path) -> tuple[Path, Path, Path]:
    paths = _REFILL_PATHS.get(base)
    if paths is None:
        where: Path = (*base, "refill")
        paths = (where, (*where, "tiles"), (*where, "cards"))
        if len(_REFILL_PATHS) < 1000:
            _REFILL_PATHS[base] = paths
    return paths


def refill(draft: Draft[State], spec: Mapping[str, Any] | None, base: Path) -> None:
    """Refill both displays (KUH-REFILL-1/2 counts; the draws checked as above). A display
    that is full, with nothing drawn for it, needs no draw."""
    tiles = spec.get("tiles") if spec is not None else None
    cards = spec.get("cards") if spec is not None else None
    notes = draft.turn
    want = min(5 - len(notes["display"]), notes["tiles_left"])
    if tiles or want:
        where, tiles_at, cards_at = _refill_paths(base)
        tile_path = tiles_at if tiles is not None else where if spec is not None else base
        draw_tiles(draft, tiles or [], tiles_at, want, "KUH-REFILL-1", tile_path)
    want = 4 - len(notes["cards"])
    if want:  # the deck matters only when the display is short
        want = min(want, deck_left(draft))
    if cards or want:
        where, tiles_at, cards_at = _refill_paths(base)
        card_path = cards_at if cards is not None else where if spec is not None else base
        draw_cards(draft, cards or [], cards_at, want, "KUH-REFILL-2", card_path)


def end_turn(draft: Draft[State], move: Move) -> State:
    """KUH-TURN-2 (too few steps), the turn-level refill, then the early end and the end
    trigger (section 7)."""
    st = draft.base
    opts = st.opts
    notes = draft.turn
    regular = notes["regular"]
    # KUH-TURN-2: at least 2 regular steps (fewer only when stuck under allow_pass never)
    if regular < 2 and not (opts.allow_pass == "never" and is_stuck(draft)):
        raise RuleViolation(
            "KUH-TURN-2",
            f"a turn has 2 actions; this one has {regular}",
            ("steps",),
            {"expected": 2, "found": regular},
        )
    # KUH-TURN-5: after the steps, refill, then the early end, then the end trigger
    if opts.refill_timing == "end_of_turn":
        refill(draft, move.get("refill"), ())
    seat = st.seat
    last = seat == len(st.names) - 1
    phase, extra = st.phase, st.extra_pending
    board = notes["board"]
    end = None
    if phase == "play":
        top = board["card_points"] + 5 * len(board["trees"])  # track_score, inline: every move
        for b in st.boards:
            score = b.card_points + 5 * len(b.trees)
            if score > top:
                top = score
        if top >= opts.end_threshold:
            # KUH-END-1: complete the round (plus one with extra_final_round)
            end = "threshold"
            if last:
                phase = "extra_round" if opts.extra_final_round else "over"
            else:
                phase, extra = "finishing", opts.extra_final_round
        elif len(notes["display"]) < 5:
            # KUH-END-2: the tile display cannot be refilled
            end = "tiles_exhausted"
            phase = "finishing" if opts.early_end_finish_round and not last else "over"
    elif last and phase == "finishing":
        phase, extra = ("extra_round" if extra else "over"), False
    elif last and phase == "extra_round":
        phase = "over"
    boards = st.boards
    # the board's fields in Board order (the dict only ever had them assigned)
    new = tuple.__new__(Board, board.values())  # one tuple; the dict holds BOARD_FIELDS only
    draft["boards"] = (*boards[:seat], new, *boards[seat + 1 :])
    # the fields kept in the notes during the turn, written back where they changed
    display = tuple(notes["display"])
    if display != st.tile_display:
        draft["tile_display"] = display
    cards = tuple(notes["cards"])
    if cards != st.card_display:
        draft["card_display"] = cards
    if notes["tile_pos"] != st.tile_pos or notes["tiles_left"] != st.tiles_left:
        draft["tiles_left"] = notes["tiles_left"]
        draft["tile_pos"] = notes["tile_pos"]
        if notes["counts"] is not None:
            draft["kind_left"] = tuple(notes["counts"])
    if notes["drawn"]:
        draft["seen"] = st.seen.union(notes["drawn"])
        draft["card_pos"] = notes["card_pos"]
    if notes["warnings"]:
        draft["warnings"] = (*st.warnings, *notes["warnings"])
    draft["seat"] = (seat + 1) % len(st.names)
    if phase != st.phase or extra != st.extra_pending:
        draft["phase"] = phase
        draft["extra_pending"] = extra
    if end is not None:
        draft["end"] = end
    draft["move_index"] = st.move_index + 1
    return draft.done()


def apply_reveal(state: State, move: Move) -> State:
    """A move after the end of play: one reveal (KUH-END-3, KUH-FINAL-1/2/5/4, warning 6)."""
    steps = move["steps"]
    # KUH-END-3: no play turn after the end of play
    if any(s["do"] != "reveal_scoring_tile" for s in steps):
        raise RuleViolation(
            "KUH-END-3",
            "play has ended; only scoring tiles are revealed now",
            (),
            {"found": [s["do"] for s in steps]},
        )
    # KUH-FINAL-1: exactly one reveal step and no refill
    if len(steps) != 1:
        raise RuleViolation(
            "KUH-FINAL-1",
            f"a reveal move holds exactly one step, not {len(steps)}",
            ("steps",),
            {"expected": 1, "found": len(steps)},
        )
    if "refill" in move:
        raise RuleViolation("KUH-FINAL-1", "a reveal move has no refill", ("refill",))
    step = steps[0]
    index = state.names.index(move["player"])
    board = state.boards[index]
    tid = step["tile"]
    # KUH-FINAL-2: one of the player's two dealt tiles
    if tid not in board.dealt:
        raise RuleViolation(
            "KUH-FINAL-2",
            f"scoring tile {tid} was not dealt to {move['player']} ({', '.join(board.dealt)})",
            ("steps", 0, "tile"),
            {"expected": list(board.dealt), "found": tid},
        )
    tile = state.comp.scoring_tiles[tid]
    met = step.get("met")
    draft = Draft(state)
    if tile.ctype == "custom":
        # KUH-FINAL-5: a custom condition needs a met claim
        if met is None:
            raise RuleViolation(
                "KUH-FINAL-5",
                f"scoring tile {tid} has a custom condition "
                "that cannot be evaluated; the reveal must claim met",
                ("steps", 0),
            )
        # KUH-FINAL-6 (warning): scored from the player's claim
        pointer = to_pointer(("moves", state.move_index, "steps", 0, "met"))
        warning = Finding(
            "KUH-FINAL-6",
            pointer,
            f"{move['player']}, move "
            f"{state.move_index + 1}, step 1: scoring "
            f"tile {tid} ({tile.text}) scored from the player's "
            "claim (unverified)",
            "warning",
            NO_DETAILS,
        )
        draft["warnings"] = (*state.warnings, warning)
        value = bool(met)
    else:
        value = evaluate(state, index, tile)
        # KUH-FINAL-4: the met claim equals the evaluation
        if met is not None and met != value:
            raise RuleViolation(
                "KUH-FINAL-4",
                f"met is claimed {met}, the condition ({tile.text}) evaluates to {value}",
                ("steps", 0, "met"),
                {"expected": value, "found": met},
            )
    boards = state.boards
    # KUH-BONUS-2: the tile's points are final scoring, off the track: no bonus triggers
    revealed = board._replace(revealed=tid, tile_met=value)
    draft["boards"] = (*boards[:index], revealed, *boards[index + 1 :])
    draft["move_index"] = state.move_index + 1
    return draft.done()
