"""The rare paths a finished simulated game took (``features``, re-exported by ``simulate``):
``bench/policy_outcomes.py`` counts them to show which paths each policy and knob reaches.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.games.kuhfstein.generator import Plan
from scorer.games.kuhfstein.state import State


def features(record: Mapping[str, Any], state: State | None = None) -> frozenset[str]:
    """The rare paths a finished game took (bench/policy_outcomes.py counts them): ``pass``,
    ``stuck_turn`` (a pass when stuck, or a turn of fewer than 2 actions), ``partial_herd`` (a
    return of part of a herd), ``tile_swap``, ``card_swap``, ``double_swap``, ``tree``,
    ``full_draw`` (a tile exchange drawing more than it removed), ``trees_exhausted``,
    ``extra_action`` (a third action), ``bonus_step``, ``cow_bonus``,
    ``finish_round`` (the round completed after an early end), ``extra_final_round`` (the
    extra round played) and ``deck_exhausted``. ``state`` is not needed: the record is
    replayed (it must be legal)."""
    from scorer.games.kuhfstein import referee
    from scorer.games.kuhfstein.generator import swap_draws

    words: set[str] = set()
    st = referee.initial_state(record)
    for move in record["moves"]:
        if st.phase == "over":
            break
        plan = Plan(st)
        regular = 0
        for step in move["steps"]:
            do = step["do"]
            regular += "bonus_space" not in step
            if do == "pass":
                words.add("pass")
                if plan.stuck():
                    words.add("stuck_turn")
            if do == "return_herd" and "cells" in step:
                cells = {(c[0], c[1]) for c in step["cells"]}
                if all(set(h) != cells for h in plan.herds()):
                    words.add("partial_herd")
            draws = swap_draws(step)
            if draws:
                words.add("tile_swap" if do == "place_tile" else "card_swap")
                if len(draws) > 1:
                    words.add("double_swap")
                if do == "place_tile" and len(draws[0]) > len(plan.display):
                    words.add("full_draw")
            if step.get("tree") is not None:
                words.add("tree")
            if "bonus_space" in step:
                words.add("bonus_step")
            if any(st.comp.bonus.get(p) == "cow" for p in step.get("bonuses", ())):
                words.add("cow_bonus")
            plan.advance(dict(step))
        if regular > 2:
            words.add("extra_action")
        if regular < 2:
            words.add("stuck_turn")
        st = referee.apply(st, move)
        if st.phase == "finishing" and st.end == "tiles_exhausted":
            words.add("finish_round")
        if st.phase == "extra_round":
            words.add("extra_final_round")
    if st.trees_left == 0:
        words.add("trees_exhausted")
    if st.deck_left == 0:
        words.add("deck_exhausted")
    return frozenset(words)
