"""``scorer simulate``: the request checked before any game is played, then the records.

A bad request is a :class:`SimulateError` (a usage error, exit status 2): a player count
outside the game's range, an option the game's schema does not know or a value it refuses
(in words, scorer.reading.options), ``--map`` / ``--board`` for a game without maps / boards, or a
simulator option the game refuses (its ``simulate`` raises ValueError).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

#: The command-line options that name a simulator option, and the game that has it.
NAMED = {"map": "--map", "board": "--board"}
#: How simulated players choose among the legal moves (``--policy``): ``random`` picks with
#: the game's fixed weights (the default; the same games as before policies existed),
#: ``greedy`` prefers immediate score gain and progress toward the game's normal end.
POLICIES = ("random", "greedy")


class SimulateError(Exception):
    """A request ``simulate`` cannot play (the message says why)."""


def request(
    game: str,
    players: int,
    options: Mapping[str, object],
    map_id: str | None = None,
    board: str | None = None,
    policy: str = "random",
) -> dict[str, object]:
    """The options to simulate with (``--map`` / ``--board`` / ``--policy`` folded in).
    Raises SimulateError."""
    from scorer.core.roles import CATALOGUE, MOVES
    from scorer.reading.options import option_problems
    from scorer.registry import game_names, get

    if game not in game_names():
        raise SimulateError(f"unknown game {game!r}; the games are {', '.join(game_names())}")
    catalogue, knobs = get(game, CATALOGUE), get(game, MOVES).SIMULATE_OPTIONS
    low, high = catalogue.PLAYER_COUNTS
    if not low <= players <= high:
        raise SimulateError(f"{catalogue.TITLE} is for {low} to {high} players, not {players}")
    if policy not in POLICIES:
        raise SimulateError(f"unknown policy {policy!r}; the policies are {', '.join(POLICIES)}")
    if "policy" in options:
        raise SimulateError("the policy is chosen with --policy, not --option")
    merged = dict(options)
    if policy != "random":  # absent means random: every game's default
        merged["policy"] = policy
    for name, value in (("map", map_id), ("board", board)):
        if value is None:
            continue
        if name not in knobs:
            has = [g for g in game_names() if name in get(g, MOVES).SIMULATE_OPTIONS]
            raise SimulateError(f"{NAMED[name]} is for {' and '.join(has)} only, not {game}")
        merged[name] = value
    variant = {k: v for k, v in merged.items() if k not in knobs and k != "policy"}
    problems = option_problems(game, variant)
    if problems:
        also = f" (the simulator's own: {', '.join(sorted(knobs))})" if knobs else ""
        raise SimulateError("; ".join(problems) + also)
    return merged


def records(
    game: str, players: int, seed: int, count: int, options: Mapping[str, object]
) -> Iterator[dict[str, object]]:
    """``count`` records from seeds ``seed``, ``seed + 1``, ... Raises SimulateError for an
    option the game's simulator refuses (before the first record, or at the record whose seed
    it concerns)."""
    from scorer.core.roles import MOVES
    from scorer.registry import get

    moves = get(game, MOVES)
    for k in range(count):
        try:
            yield moves.simulate(players, seed + k, options)
        except ValueError as exc:
            raise SimulateError(str(exc)) from None
