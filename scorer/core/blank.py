"""A blank position (the web app's "New"): a game's set-up with the chosen player names, and
nothing placed, held or claimed.

Each game's ``blank_position`` (Positions role) makes the set-up of a simulated game from its
own simulator, exports it as a position and leaves out what it knows to belong to a game in
progress; :func:`rename_players` then writes the chosen names where the simulator wrote its
own. Only the names the simulator chose (``Ann``, ``Ben``, ...) are replaced, as object keys
and as whole strings, so a name can never change a tile or a card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorer.core.values import Json


def player_names(record: Json) -> list[str]:
    """The names of a record's players, in seat order."""
    return [str(p["name"]) for p in record["players"]]


def check_names(players: Sequence[str], counts: tuple[int, int]) -> None:
    """Raise ValueError unless ``players`` are distinct names, as many as the game seats."""
    low, high = counts
    if not low <= len(players) <= high:
        raise ValueError(f"this game seats {low} to {high} players, not {len(players)}")
    if len(set(players)) != len(players):
        raise ValueError("player names must differ")


def rename_players(value: object, names: Mapping[str, str]) -> object:
    """``value`` with every object key and whole string equal to an old name replaced."""
    if isinstance(value, dict):
        return {names.get(k, k): rename_players(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [rename_players(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def renamed(doc: dict[str, object], record: Json, players: Sequence[str]) -> dict[str, object]:
    """``doc`` (exported from ``record``'s set-up) with the record's names → ``players``."""
    names = dict(zip(player_names(record), players, strict=True))
    out = rename_players(doc, names)
    assert isinstance(out, dict)
    return out
