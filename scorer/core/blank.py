"""A blank position (the web app's "New"): a game's set-up with the chosen player names, and
nothing placed, held or claimed.

Each game's ``blank_position`` (Positions role, ``scorer/games/<g>/blank.py``) takes the
set-up of a simulated game (its own ``Moves.simulate``), seats the chosen players in it with
:func:`seated`, builds the state before the first move (``Referee.initial_state``), exports
it as a position (``Positions.export_position``) and leaves out what belongs to a game in
progress. Nothing is renamed: the names are written where the record has its players
(``players``, and the keys of the set-up members keyed by player), seat by seat, so
a tile, a card or any other string that happens to equal a name stays what it is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorer.core.values import Json


def check_names(players: Sequence[str], counts: tuple[int, int]) -> None:
    """Raise ValueError unless ``players`` are distinct names, as many as the game seats."""
    low, high = counts
    if not low <= len(players) <= high:
        raise ValueError(f"this game seats {low} to {high} players, not {len(players)}")
    if len(set(players)) != len(players):
        raise ValueError("player names must differ")


def seated(record: Json, players: Sequence[str]) -> dict[str, object]:
    """``record`` without moves, claims or meta, with ``players`` in its seats: each entry of
    ``players`` gets its name, and each set-up member keyed by player (an object whose keys
    are exactly the record's player names, such as dealt hands) is keyed by the new names,
    seat by seat. No value is touched."""
    seats = [dict(p) for p in record["players"]]
    if len(seats) != len(players):
        raise ValueError(f"the set-up seats {len(seats)} players, not {len(players)}")
    old = [str(p["name"]) for p in seats]
    for seat, name in zip(seats, players, strict=True):
        seat["name"] = name
    setup = dict(record.get("setup", {}))
    for member, value in setup.items():
        if isinstance(value, Mapping) and sorted(value) == sorted(old):
            setup[member] = {new: value[was] for was, new in zip(old, players, strict=True)}
    out = {k: v for k, v in record.items() if k not in ("moves", "claimed", "meta")}
    return {**out, "players": seats, "setup": setup, "moves": []}
