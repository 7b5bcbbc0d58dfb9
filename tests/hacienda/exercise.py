"""What an option fixture must show to test its option (issue 13 §6), read from the record and
its verified score sheet: ``missing(name, record, sheet_or_state)`` lists what it lacks."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scorer.core.values import ScoreSheet
from scorer.games.hacienda.simulate import features

Doc = Mapping[str, Any]


def _steps(doc: Doc, do: str) -> list[Mapping[str, Any]]:
    return [s for m in doc["moves"] for s in m["steps"] if s["do"] == do]


def _paid(doc: Doc) -> bool:
    return any(s.get("income", 0) > 0 for s in _steps(doc, "play_animal"))


def _category(sheet: ScoreSheet, key: str) -> bool:
    return any(p.categories.get(key, 0) > 0 for p in sheet.players)


def _drew(doc: Doc, deck: str) -> bool:
    return any(s["deck"] == deck and s["from"] == "pile" for s in _steps(doc, "buy_card"))


Check = Callable[[Doc, ScoreSheet, Any], bool]
#: Per option fixture: what it must show, each a named check.
CHECKS: Mapping[str, Mapping[str, Check]] = {
    "variant1": {
        "a market paid herd x land (HAC-MARKET-3)": lambda d, s, st: _paid(d),
        "herd points (HAC-SCORE-6)": lambda d, s, st: _category(s, "herds"),
        "a hacienda or water tile at 20 pesos": lambda d, s, st: bool(
            _steps(d, "buy_hacienda") or _steps(d, "buy_water")
        ),
    },
    "variant2": {
        "no intermediate scoring": lambda d, s, st: "intermediate" not in d["claimed"],
        "a market paid": lambda d, s, st: _paid(d),
    },
    "decks": {
        "deck orders in the setup": lambda d, s, st: (
            "decks" in d["setup"] and "removed_animal_types" in d["setup"]
        ),
        "a blind land draw (HAC-BUY-6)": lambda d, s, st: _drew(d, "land"),
        "a blind animal draw (HAC-BUY-6)": lambda d, s, st: _drew(d, "animal"),
    },
    "all-options": {
        "the land pile reshuffled (land_reshuffle)": lambda d, s, st: (
            "land_reshuffled" in features(d, st)
        ),
        "a water tile next to own tiles (water_needs_own_neighbor)": lambda d, s, st: bool(
            _steps(d, "buy_water")
        ),
        "water points per piece (water_scoring)": lambda d, s, st: _category(s, "water"),
        "a harvest (harvest_min_chain 2)": lambda d, s, st: bool(_steps(d, "harvest")),
        "a hacienda (hacienda_min_group 2)": lambda d, s, st: bool(_steps(d, "buy_hacienda")),
        "a market paid (market_pay_per, market_land_count)": lambda d, s, st: _paid(d),
        "herd points (herd_points)": lambda d, s, st: _category(s, "herds"),
    },
}


def missing(kind: str, doc: Doc, sheet: ScoreSheet, state: Any) -> list[str]:
    """The checks of ``kind`` the fixture fails."""
    return [name for name, check in CHECKS[kind].items() if not check(doc, sheet, state)]
