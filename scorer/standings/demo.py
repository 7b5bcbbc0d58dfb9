"""A small demo event for ``scorer simulate --event NAME --rounds R --roster A,B,...``.

Each round seats the roster at tables of at most ``table_size`` players (``--players``) and at
least 2: as few tables as that allows, sizes as equal as possible (7 players at tables of up
to 4 → 4 + 3). Only when that cannot seat everyone (tables of 2 and an odd roster) one player
sits the round out, in roster order round after round. Who sits where is drawn from the seed;
game ``k`` of the event (counted over rounds and tables) is the game ``simulate`` writes for
seed ``seed + k``, with the roster names in place of the simulator's and ``meta.event``,
``meta.round`` and ``meta.table`` filled in. Every game is verified before it is written.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from scorer.core.roles import Moves
from scorer.core.words import plural
from scorer.standings.model import StandingsError

MIN_TABLE = 2


def demo_records(
    moves: Moves[object],
    event: str | None,
    rounds: int | None,
    roster: str | None,
    table_size: int,
    seed: int,
    count: int | None,
    options: Mapping[str, Any],
) -> list[dict[str, Any]]:
    """``simulate --event/--rounds/--roster [--count]``: check the options, then write the
    event. Raises StandingsError (bad options) or ValueError (the game refuses a table)."""
    if event is None:
        raise StandingsError("--rounds and --roster describe a demo event and need --event NAME")
    if roster is None:
        raise StandingsError(
            "--event needs --roster with the players, e.g. --roster Ann,Ben,Cid,Dee"
        )
    names = parse_roster(roster)
    rounds = 1 if rounds is None else rounds
    size = event_size(names, rounds, table_size, seed)
    if count is not None and count != size:
        raise StandingsError(
            f"the event has {plural(size, 'game')} ({plural(rounds, 'round')} "
            f"of {len(names)} players at tables of up to {table_size}); "
            f"--count {count} disagrees (leave --count out)"
        )
    return list(demo_event(moves, event, rounds, names, table_size, seed, options))


def parse_roster(text: str) -> tuple[str, ...]:
    """``Ann,Ben,Cid`` → the names. Raises StandingsError (empty, repeated, too long)."""
    names = tuple(name.strip() for name in text.split(","))
    if any(not name for name in names):
        raise StandingsError(f"--roster needs names separated by commas, got {text!r}")
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise StandingsError(
            f"--roster names must be unique: {', '.join(repeated)} appears more than once"
        )
    too_long = [n for n in names if len(n) > 100]
    if too_long:
        raise StandingsError(
            f"--roster: a player name has at most 100 characters ({too_long[0][:20]}... is longer)"
        )
    if len(names) < MIN_TABLE:
        raise StandingsError(
            f"--roster needs at least {MIN_TABLE} players for a table, got {len(names)}"
        )
    return names


def seatings(
    roster: Sequence[str], rounds: int, table_size: int, seed: int
) -> list[list[list[str]]]:
    """Per round, the tables and who sits at each (seat order = turn order)."""
    if table_size < MIN_TABLE:
        raise StandingsError(
            f"an event needs tables of at least {MIN_TABLE} players; --players is {table_size}"
        )
    out = []
    for round_ in range(1, rounds + 1):
        present = list(roster)
        tables = -(-len(present) // table_size)
        if MIN_TABLE * tables > len(present):  # tables of 2 and an odd roster: one bye
            present.pop((round_ - 1) % len(roster))
            tables = -(-len(present) // table_size)
        random.Random(f"scorer demo event {seed} round {round_}").shuffle(present)
        sizes = [len(present) // tables + (i < len(present) % tables) for i in range(tables)]
        seats, start = [], 0
        for size in sizes:
            seats.append(present[start : start + size])
            start += size
        out.append(seats)
    return out


def demo_event(
    moves: Moves[object],
    event: str,
    rounds: int,
    roster: Sequence[str],
    table_size: int,
    seed: int,
    options: Mapping[str, Any],
) -> Iterator[dict[str, Any]]:
    """The records of the demo event, round by round and table by table.

    Raises StandingsError for bad arguments and ValueError when the game refuses a table
    (its own message, e.g. too many players for the game).
    """
    from scorer.referee.pipeline import verify_document

    if not event.strip():
        raise StandingsError("--event needs a non-empty name")
    if rounds < 1:
        raise StandingsError(f"--rounds must be at least 1, got {rounds}")
    k = 0
    for round_, tables in enumerate(seatings(roster, rounds, table_size, seed), start=1):
        for number, players in enumerate(tables, start=1):
            record: Any = moves.simulate(len(players), seed + k, options)
            names = {p["name"]: new for p, new in zip(record["players"], players, strict=True)}
            record = rename(record, names)
            meta = dict(record.get("meta") or {})
            meta.update({"event": event, "round": round_, "table": number})
            record["meta"] = meta
            result = verify_document(record, f"round {round_} table {number}")
            if not result.ok:
                first = result.findings[0] if result.findings else None
                raise ValueError(
                    f"the game of round {round_}, table {number} does not "
                    f"verify after seating ({first.rule if first else result.status})"
                )
            yield record
            k += 1


def event_size(roster: Sequence[str], rounds: int, table_size: int, seed: int) -> int:
    """How many games the demo event holds."""
    return sum(len(tables) for tables in seatings(roster, rounds, table_size, seed))


def rename(doc: Any, names: Mapping[str, str]) -> Any:
    """``doc`` with every key and every text equal to a simulated player's name replaced by
    that player's roster name (all at once, so a roster may reuse the simulator's names)."""
    if isinstance(doc, dict):
        return {names.get(k, k): rename(v, names) for k, v in doc.items()}
    if isinstance(doc, list):
        return [rename(v, names) for v in doc]
    if isinstance(doc, str):
        return names.get(doc, doc)
    return doc
