"""A move from start to end: the step loop, refills (section 7), the end of play, reveals.

``apply_move`` is the game's ``apply``. Play turns run the checks of section 5.1's table in
order; after the last step the end-of-turn processing (KUH-TURN-5) runs: refill, early end
(KUH-END-2), end trigger (KUH-END-1). After the end of play each move is one reveal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.errors import RuleViolation
from scorer.findings import Finding
from scorer.games.kuhfstein.actions import HANDLERS
from scorer.games.kuhfstein.scoring import evaluate
from scorer.games.kuhfstein.state import Board, KState
from scorer.games.kuhfstein.work import Path, Work
from scorer.pointer import to_pointer

Move = Mapping[str, Any]
_new = tuple.__new__


def violation_to_warning(v: RuleViolation, prefix: Path = ()) -> Finding:
    """A warning found while checking component data, as a Finding."""
    return Finding(v.rule, to_pointer((*prefix, *v.path)), v.message, "warning")


def begin_turn(state: KState, move: Move) -> Work:
    """The turn in progress for ``move`` (KUH-REFILL-5 for a turn-level refill)."""
    # KUH-REFILL-5: no turn-level refill under after_action
    if state.opts.refill_timing == "after_action" and "refill" in move:
        raise RuleViolation(
            "KUH-REFILL-5",
            "under refill_timing 'after_action' the refill is "
            "recorded on each step, not on the turn",
            ("refill",),
        )
    return Work(state)


def apply_step(w: Work, step: Mapping[str, Any], j: int) -> None:
    """One step of a play turn, with the checks that precede its own (section 5.1)."""
    base: Path = ("steps", j)
    do = step["do"]
    # KUH-TURN-3: no reveal during play
    if do == "reveal_scoring_tile":
        raise RuleViolation(
            "KUH-TURN-3", "a scoring tile is revealed before the end of play", (*base, "do")
        )
    if "bonus_space" not in step:  # the schema allows it on place_tile and take_card only
        regular = w.regular = w.regular + 1
        # KUH-TURN-2: a k-th regular step (k ≥ 3) needs k − 2 extra actions earlier
        if regular > 2 + w.extra:
            raise RuleViolation(
                "KUH-TURN-2",
                f"regular action {w.regular} exceeds this turn's budget of {2 + w.extra}",
                base,
                {"expected": 2 + w.extra, "found": w.regular},
            )
    timing = w.state.opts.refill_timing
    # KUH-REFILL-5: no step-level refill under end_of_turn
    if timing == "end_of_turn" and "refill" in step:
        raise RuleViolation(
            "KUH-REFILL-5",
            "under refill_timing 'end_of_turn' the refill is recorded on the turn, not on a step",
            (*base, "refill"),
        )
    before = len(w.triggered)
    HANDLERS[do](w, step, base)
    claimed = step.get("bonuses")
    # KUH-BONUS-3: the bonuses cross-check (the schema makes ``bonuses`` a list)
    if claimed is not None and (claimed or len(w.triggered) != before):
        hits = list(w.triggered[before:])
        if claimed != hits:
            raise RuleViolation(
                "KUH-BONUS-3",
                f"bonuses {claimed} claimed, {hits} triggered",
                (*base, "bonuses"),
                {"expected": hits, "found": claimed},
            )
    if timing == "after_action":
        refill(w, step.get("refill"), base)


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


def refill(w: Work, spec: Mapping[str, Any] | None, base: Path) -> None:
    """Refill both displays (KUH-REFILL-1/2 counts; draws checked by Work). A display that
    is full, with nothing drawn for it, needs no draw (``Work.draw_*`` would return)."""
    tiles = spec.get("tiles") if spec is not None else None
    cards = spec.get("cards") if spec is not None else None
    where, tiles_at, cards_at = _refill_paths(base)
    want = min(5 - len(w.tile_display), w.tiles_left)
    if tiles or want:
        tile_path = tiles_at if tiles is not None else where if spec is not None else base
        w.draw_tiles(tiles or [], tiles_at, want, "KUH-REFILL-1", tile_path)
    want = min(4 - len(w.card_display), w.deck_left)
    if cards or want:
        card_path = cards_at if cards is not None else where if spec is not None else base
        w.draw_cards(cards or [], cards_at, want, "KUH-REFILL-2", card_path)


def end_turn(w: Work, move: Move) -> KState:
    """KUH-TURN-2 (too few steps), the turn-level refill, then KUH-END-2 and KUH-END-1."""
    st = w.state
    opts = st.opts
    # KUH-TURN-2: at least 2 regular steps (fewer only when stuck under allow_pass never)
    if w.regular < 2 and not (opts.allow_pass == "never" and w.is_stuck()):
        raise RuleViolation(
            "KUH-TURN-2",
            f"a turn has 2 actions; this one has {w.regular}",
            ("steps",),
            {"expected": 2, "found": w.regular},
        )
    if opts.refill_timing == "end_of_turn":
        refill(w, move.get("refill"), ())
    last = st.seat == len(st.names) - 1
    phase, extra = st.phase, st.extra_pending
    if phase == "play":
        top = w.score
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
        elif len(w.tile_display) < 5:
            # KUH-END-2: the tile display cannot be refilled
            phase = "finishing" if opts.early_end_finish_round and not last else "over"
    elif last and phase == "finishing":
        phase, extra = ("extra_round" if extra else "over"), False
    elif last and phase == "extra_round":
        phase = "over"
    seat = (st.seat + 1) % len(st.names)
    return w.freeze(seat=seat, phase=phase, extra_pending=extra)


def apply_turn(state: KState, move: Move) -> KState:
    """A play turn."""
    w = begin_turn(state, move)
    for j, step in enumerate(move["steps"]):
        apply_step(w, step, j)
    return end_turn(w, move)


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
    warnings = state.warnings
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
        warnings = (
            *warnings,
            Finding(
                "KUH-FINAL-6",
                pointer,
                f"{move['player']}, move "
                f"{state.move_index + 1}, step 1: scoring "
                f"tile {tid} ({tile.text}) scored from the player's "
                "claim (unverified)",
                "warning",
            ),
        )
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
    boards = list(state.boards)
    # positional (Board ends with revealed, tile_met; KState has boards at 3, move_index
    # and warnings at 18 and 19): _replace builds a dict per call
    boards[index] = _new(Board, (*board[:-2], tid, value))
    return _new(
        KState,
        (*state[:3], tuple(boards), *state[4:18], state.move_index + 1, warnings, *state[20:]),
    )


def apply_move(state: KState, move: Move) -> KState:
    """The game's ``apply``."""
    if state.phase == "over":
        return apply_reveal(state, move)
    return apply_turn(state, move)


def skip_move(state: KState, move: Move) -> KState:
    """Keep-going: pass over a rejected move so that the next player moves."""
    if state.phase == "over":
        return state._replace(move_index=state.move_index + 1)
    phase, extra = state.phase, state.extra_pending
    if state.seat == len(state.names) - 1:  # the round still ends (KUH-END-1)
        if phase == "finishing":
            phase, extra = ("extra_round" if extra else "over"), False
        elif phase == "extra_round":
            phase = "over"
    return state._replace(
        seat=(state.seat + 1) % len(state.names),
        phase=phase,
        extra_pending=extra,
        move_index=state.move_index + 1,
    )
