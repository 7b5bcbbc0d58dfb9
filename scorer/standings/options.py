"""Reading the standings options: ``--system``, ``--points`` and ``--tiebreak``.

Every function raises :class:`StandingsError` with a message naming the option and the bad
value; the CLI prints it and exits with code 2.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import pairwise

from scorer.standings.model import SYSTEMS, TIEBREAKS, Options, StandingsError

NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


def parse_options(system: str, points: str | None = None, tiebreak: str | None = None) -> Options:
    """The options of one standings run. Raises StandingsError.

    ``rank-points`` needs ``points``; the other systems refuse it (it would be ignored).
    """
    if system not in SYSTEMS:
        raise StandingsError(f"--system must be one of {', '.join(SYSTEMS)}, not {system!r}")
    if system == "rank-points" and points is None:
        raise StandingsError("--system rank-points needs --points, e.g. --points 5,3,2,1")
    if system != "rank-points" and points is not None:
        raise StandingsError(f"--points applies to --system rank-points only, not {system}")
    order = TIEBREAKS if tiebreak is None else parse_tiebreak(tiebreak)
    return Options(system, parse_points(points) if points is not None else (), order)


def parse_points(text: str) -> tuple[Fraction, ...]:
    """``5,3,2,1`` → points for 1st, 2nd, ... place. Raises StandingsError.

    Each value is a number of at least 0 (decimals allowed: ``2.5``); the list may not rise
    from one place to the next (equal values are allowed: ``3,1,1,0``), since a worse place
    never earns more than a better one.
    """
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise StandingsError(
            f"--points needs numbers separated by commas, e.g. 5,3,2,1; got {text!r}"
        )
    values = []
    for item in items:
        value = _number(item)
        if value is None:
            raise StandingsError(f"--points: {item!r} is not a number")
        if value < 0:
            raise StandingsError(f"--points: {item} is negative")
        values.append(value)
    for place, (better, worse) in enumerate(pairwise(values), start=1):
        if worse > better:
            raise StandingsError(
                f"--points must not rise from one place to the next: place "
                f"{place + 1} gets {items[place]}, more than place {place} "
                f"({items[place - 1]})"
            )
    return tuple(values)


def _number(text: str) -> Fraction | None:
    """A decimal number written plainly (``3``, ``2.5``), exactly; None if it is not one."""
    return Fraction(text) if NUMBER.fullmatch(text) else None


def parse_tiebreak(text: str) -> tuple[str, ...]:
    """``score,wins,h2h`` (any order, each at most once) or ``none``. Raises StandingsError."""
    if text.strip().lower() == "none":
        return ()
    items = [item.strip().lower() for item in text.split(",")]
    for item in items:
        if item not in TIEBREAKS:
            raise StandingsError(
                f"--tiebreak: unknown tie-break {item!r}; use a comma list of "
                f"{', '.join(TIEBREAKS)} (or none)"
            )
    repeated = sorted({item for item in items if items.count(item) > 1})
    if repeated:
        raise StandingsError(f"--tiebreak names {', '.join(repeated)} more than once")
    return tuple(items)
