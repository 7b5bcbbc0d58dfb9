"""What happens around the steps: the start of a play turn, refills (section 7, drawing through
draws.py), the bonus track (section 6.2), the end of the turn and of play (section 7) and the
reveals after it (section 8). The event rules are named in comments where they happen (their
IDs in strings would make them look like rules that report findings: bench/rule_coverage.py).

A play turn is one ``TurnDraft`` of the state (``begin_turn``, state.py); the step handlers
of actions.py and the functions here change it, and ``end_turn`` returns the next state.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from scorer.core.errors import PathPart, RuleViolation
from scorer.core.findings import Finding
from scorer.core.pointer import to_pointer
from scorer.games.kuhfstein.draws import draw_cards, draw_tiles
from scorer.games.kuhfstein.landscape import is_stuck
from scorer.games.kuhfstein.scoring import evaluate
from scorer.games.kuhfstein.state import NO_DETAILS, State, TurnDraft
from scorer.games.kuhfstein.steps import Refill, RevealStep, TurnMove

Path = tuple[PathPart, ...]


def violation_to_warning(v: RuleViolation, prefix: Path = ()) -> Finding:
    """A warning found while checking component data, as a Finding (details a PMap)."""
    return Finding(v.rule, to_pointer((*prefix, *v.path)), v.message, "warning", NO_DETAILS)


def begin_turn(state: State, move: TurnMove) -> TurnDraft:
    """The draft of a play turn for ``move`` (KUH-REFILL-5 for a turn-level refill)."""
    # KUH-REFILL-5: no turn-level refill under after_action
    if state.opts.refill_timing == "after_action" and "refill" in move:
        raise RuleViolation(
            "KUH-REFILL-5",
            "under refill_timing 'after_action' the refill is "
            "recorded on each step, not on the turn",
            ("refill",),
        )
    return TurnDraft(state)


def warn(draft: TurnDraft, rule: str, message: str, path: Path) -> None:
    """Record a warning with an absolute pointer (the move index is the state's)."""
    pointer = to_pointer(("moves", draft.move_index, *path))
    draft.warnings = (*draft.warnings, Finding(rule, pointer, message, "warning", NO_DETAILS))


def add_points(draft: TurnDraft, points: int, path: Path) -> None:
    """Score ``points`` and trigger every bonus space reached or passed (section 6.2)."""
    board = draft.board
    new = board.score
    old = new - points
    comp = draft.comp
    spaces = comp.spaces  # the bonus spaces in increasing order
    # KUH-BONUS-1: every space reached or passed triggers, in ascending order, once
    hits = spaces[bisect_right(spaces, old) : bisect_right(spaces, new)]
    if not hits:
        return
    for p in hits:
        kind = comp.bonus[p]
        if kind == "cow":
            board.supply += 1
        elif kind == "extra_action":
            draft.extra += 1
        elif kind in ("extra_tile", "extra_card"):
            draft.avail = draft.avail.set(p, kind)
        else:
            # KUH-BONUS-5 (warning): unknown kind, no effect applied
            warn(
                draft,
                "KUH-BONUS-5",
                f"bonus space {p} of unknown kind {kind!r} was "
                "triggered; no effect applied (unverified)",
                path,
            )
    draft.triggered = (*draft.triggered, *hits)


@lru_cache(maxsize=64)
def refill_paths(base: Path) -> tuple[Path, Path, Path]:
    """The paths of a refill recorded at ``base``: the refill, its tiles, its cards."""
    where: Path = (*base, "refill")
    return where, (*where, "tiles"), (*where, "cards")


def refill(draft: TurnDraft, spec: Refill | None, base: Path) -> None:
    """Refill both displays (KUH-REFILL-1/2 counts; the draws checked as above). A display
    that is full, with nothing drawn for it, needs no draw."""
    tiles = spec.get("tiles") if spec is not None else None
    cards = spec.get("cards") if spec is not None else None
    where, tiles_at, cards_at = refill_paths(base)
    want = min(5 - len(draft.tile_display), draft.tiles_left)
    if tiles or want:
        tile_path = tiles_at if tiles is not None else where if spec is not None else base
        draw_tiles(draft, tiles or [], tiles_at, want, "KUH-REFILL-1", tile_path)
    want = 4 - len(draft.card_display)
    if want:  # the deck matters only when the display is short
        want = min(want, draft.deck_left)
    if cards or want:
        card_path = cards_at if cards is not None else where if spec is not None else base
        draw_cards(draft, cards or [], cards_at, want, "KUH-REFILL-2", card_path)


def end_turn(draft: TurnDraft, move: TurnMove) -> State:
    """KUH-TURN-2 (too few steps), the turn-level refill, then the early end and the end
    trigger (section 7)."""
    regular = draft.regular
    # KUH-TURN-2: at least 2 regular steps (fewer only when stuck under allow_pass never)
    if regular < 2 and not (draft.opts.allow_pass == "never" and is_stuck(draft)):
        raise RuleViolation(
            "KUH-TURN-2",
            f"a turn has 2 actions; this one has {regular}",
            ("steps",),
            {"expected": 2, "found": regular},
        )
    # KUH-TURN-5: after the steps, refill, then the early end, then the end trigger
    if draft.opts.refill_timing == "end_of_turn":
        refill(draft, move.get("refill"), ())
    _end_of_play(draft)
    seat = draft.seat
    boards = draft.boards
    draft.boards = (*boards[:seat], draft.board.done(), *boards[seat + 1 :])
    draft.seat = (seat + 1) % len(draft.names)
    draft.move_index += 1
    return draft.done()


def _end_of_play(draft: TurnDraft) -> None:
    """The phase after this turn: the end trigger or the early end during play (KUH-END-1,
    KUH-END-2), the end of the round being finished and of the extra round."""
    opts = draft.opts
    last = draft.seat == len(draft.names) - 1
    phase = draft.phase
    if phase == "play":
        top = draft.board.score
        for board in draft.boards:
            top = max(top, board.score)
        if top >= opts.end_threshold:
            # KUH-END-1: complete the round (plus one with extra_final_round)
            draft.end = "threshold"
            if last:
                draft.phase = "extra_round" if opts.extra_final_round else "over"
            else:
                draft.phase, draft.extra_pending = "finishing", opts.extra_final_round
        elif len(draft.tile_display) < 5:
            # KUH-END-2: the tile display cannot be refilled
            draft.end = "tiles_exhausted"
            draft.phase = "finishing" if opts.early_end_finish_round and not last else "over"
    elif last and phase == "finishing":
        draft.phase = "extra_round" if draft.extra_pending else "over"
        draft.extra_pending = False
    elif last and phase == "extra_round":
        draft.phase = "over"


def apply_reveal(state: State, move: TurnMove) -> State:
    """A move after the end of play: one reveal (KUH-END-3, KUH-FINAL-1/2/5/4, warning 6)."""
    step = _the_reveal(move)
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
    warnings = state.warnings
    if state.comp.scoring_tiles[tid].ctype == "custom":
        value = _claimed_met(step)
        # KUH-FINAL-6 (warning): scored from the player's claim
        warnings = (*warnings, _custom_warning(state, move, step))
    else:
        value = _evaluated_met(state, index, step)
    boards = state.boards
    # KUH-BONUS-2: the tile's points are final scoring, off the track: no bonus triggers
    revealed = board._replace(revealed=tid, tile_met=value)
    return state._replace(
        boards=(*boards[:index], revealed, *boards[index + 1 :]),
        move_index=state.move_index + 1,
        warnings=warnings,
    )


def _the_reveal(move: TurnMove) -> RevealStep:
    """The one reveal step of a move after the end of play (KUH-END-3, KUH-FINAL-1)."""
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
    assert step["do"] == "reveal_scoring_tile"
    return step


def _claimed_met(step: RevealStep) -> bool:
    """KUH-FINAL-5: a custom condition is scored from the reveal's met claim."""
    met = step.get("met")
    if met is None:
        raise RuleViolation(
            "KUH-FINAL-5",
            f"scoring tile {step['tile']} has a custom condition "
            "that cannot be evaluated; the reveal must claim met",
            ("steps", 0),
        )
    return bool(met)


def _custom_warning(state: State, move: TurnMove, step: RevealStep) -> Finding:
    """KUH-FINAL-6: the warning that a custom tile was scored from the player's claim."""
    tid = step["tile"]
    tile = state.comp.scoring_tiles[tid]
    return Finding(
        "KUH-FINAL-6",
        to_pointer(("moves", state.move_index, "steps", 0, "met")),
        f"{move['player']}, move {state.move_index + 1}, step 1: scoring tile {tid} "
        f"({tile.text}) scored from the player's claim (unverified)",
        "warning",
        NO_DETAILS,
    )


def _evaluated_met(state: State, index: int, step: RevealStep) -> bool:
    """The tile's condition evaluated; KUH-FINAL-4: a met claim must agree."""
    tile = state.comp.scoring_tiles[step["tile"]]
    value = evaluate(state, index, tile)
    met = step.get("met")
    # KUH-FINAL-4: the met claim equals the evaluation
    if met is not None and met != value:
        raise RuleViolation(
            "KUH-FINAL-4",
            f"met is claimed {met}, the condition ({tile.text}) evaluates to {value}",
            ("steps", 0, "met"),
            {"expected": value, "found": met},
        )
    return value
