"""The HAR-POS-13 warning of a position (section 12.2): the boards look like whole turns.

Each board's token count is a multiple of 3; in seat order the counts never increase and the
first seat's exceeds the last seat's by at most 3; no player holds more Animal cards than a
third of their token count. Run by ``position.load_position`` only when no error was found.
"""

from __future__ import annotations

from scorer.core.findings import Findings
from scorer.core.values import Record
from scorer.core.words import plural
from scorer.games.harmonies.position_checks import Board


def check_turns(doc: Record, boards: list[tuple[str, Board]], checks: Findings) -> None:
    counts = [sum(len(e["tokens"]) for e in b.get("cells", [])) for _, b in boards]

    def cells_path(name: str, board: Board) -> tuple[str, ...]:
        return ("boards", name, "cells") if "cells" in board else ("boards", name)

    # HAR-POS-13 (warning): whole turns, seat order, one card per turn
    for (name, board), count in zip(boards, counts, strict=True):
        if count % 3:
            checks.add(
                "HAR-POS-13",
                cells_path(name, board),
                f"{name}: {plural(count, 'token')} is not a whole number of turns",
                severity="warning",
                found=count,
            )
    for i in range(1, len(boards)):
        if counts[i] > counts[i - 1] or counts[0] - counts[i] > 3:
            name, board = boards[i]
            checks.add(
                "HAR-POS-13",
                cells_path(name, board),
                f"{name}: {plural(counts[i], 'token')} does not fit the seat order",
                severity="warning",
                found=counts[i],
            )
            break
    for (name, board), count in zip(boards, counts, strict=True):
        if len(board.get("cards", [])) * 3 > count:
            checks.add(
                "HAR-POS-13",
                ("boards", name, "cards"),
                f"{name}: more Animal cards than turns played",
                severity="warning",
                found=len(board.get("cards", [])),
            )
