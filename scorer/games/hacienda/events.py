"""Automatic events (rules/hacienda.md §7.1-§7.3): the end of a turn and of a round.

HAC-END-1: the intermediate scoring at the end of the round in which stack 1 ran out.
HAC-END-2: the final scoring and the end of the game at the end of the round in which stack 2
ran out (after the intermediate scoring if both happen in one round).
"""

from __future__ import annotations

from scorer.games.hacienda.scoring import evaluate
from scorer.games.hacienda.state import State


def end_turn(state: State) -> State:
    """Advance to the next seat; at the end of a round run the pending scorings."""
    seat = (state.seat + 1) % len(state.names)
    if seat != 0 or (state.inter != 1 and state.final != 1):
        return state._replace(seat=seat, move_index=state.move_index + 1)
    inter, scores, after = state.inter, state.inter_scores, state.inter_after
    board = state.inter_board
    if inter == 1:  # HAC-END-1
        inter, scores, after = 2, evaluate(state), state.move_index
        board = (state.cells, state.haciendas, state.money)
    final = 2 if state.final == 1 else state.final  # HAC-END-2
    return state._replace(
        seat=seat,
        move_index=state.move_index + 1,
        inter=inter,
        inter_scores=scores,
        inter_after=after,
        final=final,
        inter_board=board,
    )
