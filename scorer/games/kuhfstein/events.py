"""What happens around the steps: the turn's working notes, draws and exchanges (KUH-REFILL-3/4/6),
refills (section 7), the bonus track (KUH-BONUS-1), the end of the turn and of play (KUH-TURN-5,
KUH-END-1/2) and the reveals after it (section 8).

A play turn is one ``Draft`` of the state (``begin_turn``); the step handlers of actions.py
and the functions here change it, and ``end_turn`` returns the next state. The draft's
working notes (``draft.turn``, never part of a state) are:

- ``board``: a ``Draft`` of the moving player's board;
- ``display``, ``cards``: the tile and card displays as working lists (tuples in a state);
- ``regular``, ``extra``: regular steps taken and extra actions won so far;
- ``avail``, ``spent``, ``triggered``: bonus spaces won (space → kind), used, and every space
  triggered, in order;
- ``drawn``: card ids drawn this turn; ``warnings``: warnings found (Findings).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import Any

from scorer.errors import PathPart, RuleViolation
from scorer.findings import Finding
from scorer.games.kuhfstein.landscape import is_stuck
from scorer.games.kuhfstein.scoring import evaluate
from scorer.games.kuhfstein.state import KIND_SET, NO_DETAILS, Board, KState
from scorer.persist import Draft
from scorer.pointer import to_pointer
from scorer.words import plural

Path = tuple[PathPart, ...]
Move = Mapping[str, Any]


def violation_to_warning(v: RuleViolation, prefix: Path = ()) -> Finding:
    """A warning found while checking component data, as a Finding (details a PMap)."""
    return Finding(v.rule, to_pointer((*prefix, *v.path)), v.message, "warning", NO_DETAILS)


def begin_turn(state: KState, move: Move) -> Draft[KState]:
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
    draft.turn.update(
        board=Draft(state.boards[state.seat]),
        display=list(state.tile_display),
        cards=list(state.card_display),
        regular=0,
        extra=0,
        avail={},
        spent=set(),
        triggered=[],
        drawn=[],
        warnings=[],
    )
    return draft


def board_of(draft: Draft[KState]) -> Draft[Board]:
    """The draft of the moving player's board."""
    board: Draft[Board] = draft.turn["board"]
    return board


def track_score(board: Draft[Board]) -> int:
    """The track score so far: card points and trees."""
    return int(board["card_points"]) + 5 * len(board["trees"])


def warn(draft: Draft[KState], rule: str, message: str, path: Path) -> None:
    """Record a warning with an absolute pointer (the move index is the state's)."""
    pointer = to_pointer(("moves", draft.base.move_index, *path))
    draft.turn["warnings"].append(Finding(rule, pointer, message, "warning", NO_DETAILS))


def add_points(draft: Draft[KState], points: int, path: Path) -> None:
    """Score ``points`` and trigger every bonus space reached or passed (KUH-BONUS-1)."""
    board = board_of(draft)
    new = track_score(board)
    old = new - points
    comp = draft.base.comp
    spaces = comp.spaces  # the bonus spaces in increasing order
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


def draw_tiles(
    draft: Draft[KState], entries: Sequence[str], path: Path, want: int, rule: str, at: Path
) -> None:
    """Draw ``entries`` from the tile supply into the display (checks in spec order);
    ``at`` is where a wrong count is reported."""
    if not entries and not want:
        return
    left = draft["tiles_left"]
    counts = draft.map("kind_left") if entries and draft["kind_left"] is not None else None
    for k, kind in enumerate(entries):
        # KUH-REFILL-4: a landscape kind still in the supply
        if kind not in KIND_SET or left <= 0 or (counts is not None and counts[kind] <= 0):
            why = (
                "is not a landscape kind"
                if kind not in KIND_SET
                else "cannot be drawn: the supply is empty"
                if left <= 0
                else "cannot be drawn: none of that kind is left in the supply"
            )
            raise RuleViolation(
                "KUH-REFILL-4",
                f"drawn tile {kind!r} {why}",
                (*path, k),
                {"found": kind, "tiles_left": left},
            )
        left -= 1
        if counts is not None:
            counts[kind] -= 1
    order = draft.base.tile_order
    pos0 = draft["tile_pos"]
    if order is not None and tuple(order[pos0 : pos0 + len(entries)]) != tuple(entries):
        for k, kind in enumerate(entries):
            # KUH-REFILL-6: draws follow setup.tile_order
            pos = pos0 + k
            if pos >= len(order) or order[pos] != kind:
                expected = order[pos] if pos < len(order) else None
                raise RuleViolation(
                    "KUH-REFILL-6",
                    f"drawn tile {kind!r} is not the next tile of tile_order ({expected!r})",
                    (*path, k),
                    {"expected": expected, "found": kind},
                )
    if len(entries) != want:
        raise RuleViolation(
            rule,
            f"{plural(len(entries), 'tile')} drawn, {want} expected",
            at,
            {"expected": want, "found": len(entries)},
        )
    draft["tiles_left"] = left
    draft["tile_pos"] = pos0 + len(entries)
    draft.turn["display"].extend(entries)


def seen(draft: Draft[KState], cid: str) -> bool:
    """Whether card ``cid`` has been seen (dealt, displayed or drawn) so far."""
    return cid in draft.base.seen or cid in draft.turn["drawn"]


def deck_left(draft: Draft[KState]) -> int:
    """Cards left in the deck so far."""
    return draft.base.deck_left - len(draft.turn["drawn"])


def draw_cards(
    draft: Draft[KState], entries: Sequence[str], path: Path, want: int, rule: str, at: Path
) -> None:
    """Draw ``entries`` from the deck into the card display (checks in spec order)."""
    if not entries and not want:
        return
    cards = draft.base.comp.cards
    for k, cid in enumerate(entries):
        # KUH-REFILL-3: defined and never seen before
        if cid not in cards or seen(draft, cid) or cid in entries[:k]:
            why = "is not defined" if cid not in cards else "has been seen before"
            raise RuleViolation(
                "KUH-REFILL-3", f"drawn card {cid} {why}", (*path, k), {"found": cid}
            )
    order = draft.base.card_order
    pos0 = draft["card_pos"]
    if order is not None and tuple(order[pos0 : pos0 + len(entries)]) != tuple(entries):
        for k, cid in enumerate(entries):
            # KUH-REFILL-6: draws follow setup.card_order
            pos = pos0 + k
            if pos >= len(order) or order[pos] != cid:
                expected = order[pos] if pos < len(order) else None
                raise RuleViolation(
                    "KUH-REFILL-6",
                    f"drawn card {cid} is not the next card of card_order ({expected})",
                    (*path, k),
                    {"expected": expected, "found": cid},
                )
    if len(entries) != want:
        raise RuleViolation(
            rule,
            f"{plural(len(entries), 'card')} drawn, {want} expected",
            at,
            {"expected": want, "found": len(entries)},
        )
    draft.turn["drawn"].extend(entries)
    draft["card_pos"] = pos0 + len(entries)
    draft.turn["cards"].extend(entries)


def swap_tiles(draft: Draft[KState], ex: Mapping[str, Any], path: Path) -> None:
    """A tile exchange: the display goes, as many tiles (or 5) are drawn (KUH-TILE-1/3)."""
    display: list[str] = draft.turn["display"]
    # KUH-TILE-1: 4 or 5 tiles of one kind in the display
    if not any(display.count(k) >= 4 for k in set(display)):
        raise RuleViolation(
            "KUH-TILE-1",
            "a tile exchange needs 4 tiles of one kind in the "
            f"display ({', '.join(display) or 'empty'})",
            path,
            {"found": list(display)},
        )
    removed = list(display)
    display.clear()
    opts = draft.base.opts
    want = min(len(removed) if opts.tile_swap_draw == "same" else 5, draft["tiles_left"])
    # KUH-REFILL-4, KUH-REFILL-6, then KUH-TILE-3 (the number drawn)
    draw_tiles(draft, ex["drawn"], (*path, "drawn"), want, "KUH-TILE-3", (*path, "drawn"))
    if opts.swap_discard == "return":
        draft["tiles_left"] += len(removed)
        if draft["kind_left"] is not None:
            counts = draft.map("kind_left")
            for k in removed:
                counts[k] += 1


def swap_cards(draft: Draft[KState], ex: Mapping[str, Any], path: Path) -> None:
    """A card exchange: the display leaves the game, as many cards are drawn (KUH-TAKE-1/2)."""
    display: list[str] = draft.turn["cards"]
    cards = draft.base.comp.cards
    full = draft.base.opts.card_swap_needs_full_display
    common = set.intersection(*(set(cards[c].face_kinds) for c in display)) if display else set()
    # KUH-TAKE-1: a (full) display sharing one face kind on every card
    if not display or (full and len(display) < 4) or not common:
        why = (
            "the display is empty"
            if not display
            else f"the display holds {plural(len(display), 'card')}, not 4"
            if full and len(display) < 4
            else "no landscape kind appears on every displayed card"
        )
        raise RuleViolation(
            "KUH-TAKE-1", f"card exchange not allowed: {why}", path, {"found": list(display)}
        )
    removed = list(display)
    display.clear()
    draft.vector("cards_out").extend(removed)
    want = min(len(removed), deck_left(draft))
    # KUH-REFILL-3, KUH-REFILL-6, then KUH-TAKE-2 (the number drawn)
    draw_cards(draft, ex["drawn"], (*path, "drawn"), want, "KUH-TAKE-2", (*path, "drawn"))


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


def refill(draft: Draft[KState], spec: Mapping[str, Any] | None, base: Path) -> None:
    """Refill both displays (KUH-REFILL-1/2 counts; the draws checked as above). A display
    that is full, with nothing drawn for it, needs no draw."""
    tiles = spec.get("tiles") if spec is not None else None
    cards = spec.get("cards") if spec is not None else None
    where, tiles_at, cards_at = _refill_paths(base)
    notes = draft.turn
    want = min(5 - len(notes["display"]), draft["tiles_left"])
    if tiles or want:
        tile_path = tiles_at if tiles is not None else where if spec is not None else base
        draw_tiles(draft, tiles or [], tiles_at, want, "KUH-REFILL-1", tile_path)
    want = min(4 - len(notes["cards"]), deck_left(draft))
    if cards or want:
        card_path = cards_at if cards is not None else where if spec is not None else base
        draw_cards(draft, cards or [], cards_at, want, "KUH-REFILL-2", card_path)


def end_turn(draft: Draft[KState], move: Move) -> KState:
    """KUH-TURN-2 (too few steps), the turn-level refill, then KUH-END-2 and KUH-END-1."""
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
    if opts.refill_timing == "end_of_turn":
        refill(draft, move.get("refill"), ())
    seat = st.seat
    last = seat == len(st.names) - 1
    phase, extra = st.phase, st.extra_pending
    board = board_of(draft)
    if phase == "play":
        top = track_score(board)
        for b in st.boards:
            score = b.card_points + 5 * len(b.trees)
            if score > top:
                top = score
        if top >= opts.end_threshold:
            # KUH-END-1: complete the round (plus one with extra_final_round)
            if last:
                phase = "extra_round" if opts.extra_final_round else "over"
            else:
                phase, extra = "finishing", opts.extra_final_round
        elif len(notes["display"]) < 5:
            # KUH-END-2: the tile display cannot be refilled
            phase = "finishing" if opts.early_end_finish_round and not last else "over"
    elif last and phase == "finishing":
        phase, extra = ("extra_round" if extra else "over"), False
    elif last and phase == "extra_round":
        phase = "over"
    boards = st.boards
    draft["boards"] = (*boards[:seat], board.done(), *boards[seat + 1 :])
    draft["tile_display"] = tuple(notes["display"])
    draft["card_display"] = tuple(notes["cards"])
    if notes["drawn"]:
        draft["seen"] = st.seen.update(notes["drawn"])
    if notes["warnings"]:
        draft["warnings"] = (*st.warnings, *notes["warnings"])
    draft["seat"] = (seat + 1) % len(st.names)
    draft["phase"] = phase
    draft["extra_pending"] = extra
    draft["move_index"] = st.move_index + 1
    return draft.done()


def apply_reveal(state: KState, move: Move) -> KState:
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
    revealed = board._replace(revealed=tid, tile_met=value)
    draft["boards"] = (*boards[:index], revealed, *boards[index + 1 :])
    draft["move_index"] = state.move_index + 1
    return draft.done()
