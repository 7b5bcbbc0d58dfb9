"""Text output of standings: a table per event, then warnings, excluded records and a summary.

The table has the place (``2=`` when shared), the player, the standing points, the tie-break
values in the order they apply, the number of games and the points of each round.
"""

from __future__ import annotations

import io
from typing import Any

from scorer.core.printable import printable
from scorer.standings.data import number_text
from scorer.standings.model import (
    TIEBREAK_TEXT,
    Document,
    EventStandings,
    Excluded,
    Round,
    Standing,
)

SYSTEM_TEXT = {
    "beaten": "1 point per opponent finishing below, 0.5 per opponent tied",
    "rank-points": "points by place at the table",
    "percent": "score as a percentage of the table winner's score",
}


def place_text(s: Standing) -> str:
    return f"{s.place}=" if s.shared else str(s.place)


def shown_tiebreaks(event: EventStandings, doc: Document) -> tuple[str, ...]:
    """The tie-break columns of an event's table: every step in use, except head-to-head
    when no player was still tied when it applied (the column would hold only dashes)."""
    return tuple(
        t
        for t in doc.options.tiebreak
        if t != "h2h" or any(s.tiebreaks.get("h2h") is not None for s in event.standings)
    )


def round_cell(s: Standing, round_: Round) -> str:
    """The points a player earned in one round (``—`` for none; ``2+1`` for two tables)."""
    points = [number_text(r.points) for r in s.results if r.round == round_]
    return "+".join(points) if points else "—"


def system_line(doc: Document) -> str:
    options = doc.options
    text = f"{options.system}: {SYSTEM_TEXT[options.system]}"
    if options.points:
        text += f" ({', '.join(number_text(p) for p in options.points)})"
    steps = ", then ".join(TIEBREAK_TEXT[t] for t in options.tiebreak) or "none"
    return f"{text}; tie-breaks: {steps}"


def render_text(doc: Document, color: bool = False, width: int = 120) -> str:
    """The whole document as text."""
    blocks = [_event_table(e, doc, color, width) for e in doc.events]
    if doc.events:
        blocks.append(system_line(doc))
    if doc.warnings:
        blocks.append("\n".join(printable(f"warning: {w.message}") for w in doc.warnings))
    if doc.excluded:
        blocks.append("\n".join(printable(excluded_line(x)) for x in doc.excluded))
    blocks.append(summary_line(doc))
    text = "\n\n".join(b.rstrip("\n") for b in blocks)
    return "\n".join(line.rstrip() for line in text.split("\n")) + "\n"


def excluded_line(x: Excluded) -> str:
    """``excluded: FILE — REASON; /pointer: RULE message``."""
    line = f"excluded: {x.source} — {x.reason}"
    if x.finding is not None:
        where = f"{x.finding.pointer}: " if x.finding.pointer else ""
        line += f"; {where}{x.finding.rule} {x.finding.message}"
    return line


def summary_line(doc: Document) -> str:
    counted = sum(e.games for e in doc.events)
    parts = [
        f"{len(doc.events)} event{'s' if len(doc.events) != 1 else ''}",
        f"{counted} game{'s' if counted != 1 else ''} counted",
        f"{len(doc.excluded)} excluded",
        f"{len(doc.warnings)} warning{'s' if len(doc.warnings) != 1 else ''}",
    ]
    return ", ".join(parts)


def _event_table(event: EventStandings, doc: Document, color: bool, width: int) -> str:
    """The event's table; the per-round columns only when they fit in ``width`` (the place,
    player, points, tie-break and games columns are never squeezed)."""
    from rich.console import Console

    buffer = io.StringIO()
    console = Console(
        file=buffer,
        width=width,
        color_system="standard" if color else None,
        force_terminal=color,
        no_color=not color,
        highlight=False,
    )
    table = _rich_table(event, doc, rounds=True)
    natural = Console(width=10_000).measure(table).maximum  # unclamped by ``width``
    if natural > width:
        table = _rich_table(event, doc, rounds=False)
        table.caption = "(points per round: --format html, json)"
        table.caption_justify = "left"
    console.print(table)
    return buffer.getvalue()


def _rich_table(event: EventStandings, doc: Document, rounds: bool) -> Any:
    from rich.table import Table
    from rich.text import Text

    n_rounds = len(event.rounds)
    title = (
        f"{event.name} — {event.games} game{'s' if event.games != 1 else ''}, "
        f"{n_rounds} round{'s' if n_rounds != 1 else ''}"
    )
    # Text, not str: names from records are shown as written (no markup), one line each
    table = Table(title=Text(printable(title), style="table.title"), title_justify="left")
    table.add_column("place", justify="right", no_wrap=True)
    table.add_column("player", no_wrap=True)
    table.add_column("points", justify="right", style="bold", no_wrap=True)
    steps = shown_tiebreaks(event, doc)
    for step in steps:
        table.add_column(step, justify="right", no_wrap=True)
    table.add_column("games", justify="right", no_wrap=True)
    shown = event.rounds if rounds else ()
    for round_ in shown:
        table.add_column(
            Text(printable(f"R{round_}" if isinstance(round_, int) else str(round_))),
            justify="right",
            no_wrap=True,
        )
    for s in event.standings:
        table.add_row(
            place_text(s),
            Text(printable(s.player)),
            number_text(s.points),
            *(number_text(s.tiebreaks[t]) for t in steps),
            str(s.games),
            *(round_cell(s, r) for r in shown),
        )
    if not event.standings:
        table.caption = "no counted game"
    return table
