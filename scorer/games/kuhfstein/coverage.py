"""The extra games ``bench/rule_coverage.py`` plays for Kuhfstein (``COVERAGE_RUNS``, re-exported
by ``simulate``) besides the default ones: simulator knobs (knobs.py), the greedy policy and
variant options that take games onto paths the default random games never take, so that
single-step mutations of them reach the rules those paths check.
"""

from __future__ import annotations

from scorer.core.values import Json

#: The greedy player who empties the deck and the displays and brings the cows home, with an
#: end threshold out of reach: late turns find players stuck.
_DRAIN: Json = {
    "policy": "greedy",
    "drain": True,
    "early_end_finish_round": True,
    "end_threshold": 200,
}
#: (players, options) pairs: passes and partial herds (KUH-TURN-4, KUH-HERD-2), exchange lists
#: (KUH-TILE-2, KUH-TAKE-4), step-level refills (KUH-REFILL-5), greedy games that reach the
#: threshold, use bonus steps and play the extra final round (KUH-BONUS-4, KUH-END-1), and
#: drained games with stuck turns.
COVERAGE_RUNS: tuple[tuple[int, Json], ...] = (
    (3, {"allow_pass": "always", "pass_chance": 0.3}),
    (3, {"partial_herd": True, "partial_returns": 0.7}),
    (2, {"max_swaps_per_action": 2, "swap_discard": "return", "swap_chance": 1.0}),
    (4, {"max_swaps_per_action": 2, "card_swap_needs_full_display": False, "swap_chance": 1.0}),
    (3, {"refill_timing": "after_action", "policy": "greedy"}),
    (2, {"policy": "greedy", "extra_final_round": True}),
    (4, _DRAIN),
    (4, {**_DRAIN, "allow_pass": "never"}),
)
