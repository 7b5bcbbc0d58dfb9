"""The rare paths a finished simulated game took (``bench/policy_outcomes.py`` counts them
through ``simulate.features``): the record is replayed step by step."""

from __future__ import annotations

from typing import cast

from scorer.core.values import Json
from scorer.games.citrus import setup
from scorer.games.citrus.actions import apply_step, finish, prescan
from scorer.games.citrus.events import end_turn
from scorer.games.citrus.greedy import order_dependent
from scorer.games.citrus.state import State, TurnDraft, land_at, region_at
from scorer.games.citrus.steps import PlaceStep, TurnMove


def features(record: Json, state: object = None) -> frozenset[str]:
    """The rare paths a finished game took (bench/policy_outcomes.py counts them): placements
    that merge own regions (``merge_own``) or take in a neutral one (``merge_neutral``), a
    landscape tile taken (``horse_taken``, ``action_taken``) and action tiles used
    (``cart_used``, ``milestone_used``, ``bull_used``), a buy whose complete placement depends
    on the order of the placements (``order_dependent_buy``), a mistaken purchase
    (``returned``), the market trigger (``new_finca``), a pass and a blocked game
    (``passed``, ``unblock``), a refill that emptied the bag (``bag_exhausted``), a finca
    scored in play (``finca_scored``), a fusion legal only because the new tile counts
    (``fusion_by_new_tile``) and a site whose path fields hold one kind twice at the end
    (``same_kind_paths``, the family game). ``state`` (the final state) is not needed: the record
    is replayed."""
    words: set[str] = set()
    final = setup.initial_state(dict(record))
    for move in cast(list[TurnMove], record["moves"]):
        final = _replay_move(final, move, words)
    board = final.static.board
    for paths in board.paths.values():  # legal only in the family game (CIT-PATH-1)
        kinds = [t.rstrip("*") for p in paths if (t := final.tiles[board.index[p]]) is not None]
        if len(kinds) > len(set(kinds)):
            words.add("same_kind_paths")
    return frozenset(words)


def _replay_move(state: State, move: TurnMove, words: set[str]) -> State:
    """Replay one move of the record, adding the rare paths its steps take to ``words``."""
    steps = move["steps"]
    notes = prescan(steps)
    notes.seat = seat = state.turn
    draft = TurnDraft(state, notes)
    if state.moves == 0:
        notes.fresh = set(state.fincas)
    for j, step in enumerate(steps):
        w = draft.done()
        if step["do"] == "place":
            words |= _place_paths(w, seat, step)
            if steps[j - 1]["do"] in ("buy", "new_finca") and len(notes.waiting) >= 2:
                tokens = [tok for tok, _ in notes.waiting]
                if order_dependent(w, seat, tokens, w.players[seat].money):
                    words.add("order_dependent_buy")
        else:
            words |= _step_paths(step["do"])
        apply_step(draft, step, j)
        if step["do"] == "refill" and not draft.lrc:
            words.add("bag_exhausted")
    scorings = end_turn(draft)
    if scorings:
        words.add("finca_scored")
    finish(draft, move, scorings)
    return draft.done()


def _step_paths(do: str) -> set[str]:
    """The rare path a step other than a placement takes, if any."""
    if do in ("use_cart", "use_milestone", "use_bull"):
        return {do[4:] + "_used"}
    if do in ("return", "new_finca", "unblock"):
        return {{"return": "returned"}.get(do, do)}
    if do == "pass":
        return {"passed"}
    return set()


def _place_paths(w: State, seat: int, step: PlaceStep) -> set[str]:
    cell = (step["at"][0], step["at"][1])
    kind = step["tile"].rstrip("*")
    words: set[str] = set()
    touching = {
        id(r): r
        for n in w.static.board.nbrs[cell]
        if (r := region_at(w, n)) is not None and r.kind == kind
    }
    if sum(1 for r in touching.values() if r.owner == seat) >= 2:
        words.add("merge_own")
    if any(r.owner == -1 for r in touching.values()):
        words.add("merge_neutral")
    own = sum(len(r.cells) for r in touching.values() if r.owner == seat)
    neutral = sum(len(r.cells) for r in touching.values() if r.owner == -1)
    if neutral == own + 1:  # legal only when the new tile counts (fusion_count_new_tile)
        words.add("fusion_by_new_tile")
    lying = land_at(w, cell)
    if lying is not None:
        words.add("horse_taken" if lying[0] == "horses" else "action_taken")
    return words
