"""The extra games ``bench/rule_coverage.py`` plays for Citrus (``COVERAGE_RUNS``, re-exported
by ``simulate``): option sets that reach the rules the default random games seldom reach."""

from __future__ import annotations

from scorer.core.values import Json

#: Option sets bench/rule_coverage.py simulates besides the default random games: greedy
#: players (they reach the normal end), ``"reject"`` (CIT-BUY-3), and a priced cart only after
#: building with many action tiles (CIT-CART-2, CIT-CART-3, CIT-MILE-1).
_COVERAGE_OPTIONS: tuple[Json, ...] = (
    {"policy": "greedy"},
    {"policy": "greedy", "purchase_mistakes": "reject", "seek": "order"},
    {
        "policy": "greedy",
        "cart_cost": 1,
        "cart_after_build_only": True,
        "landscape": "actions",
        "seek": "landscape",
    },
)
#: The games bench/rule_coverage.py adds (``(players, options)``): each option set above at
#: every player count.
COVERAGE_RUNS: tuple[tuple[int, Json], ...] = tuple(
    (players, opts) for opts in _COVERAGE_OPTIONS for players in (2, 3, 4, 5)
)
