"""Tournament standings from verified records (``scorer standings``, issue 14).

``Collector`` takes verification results one at a time and keeps the counted games of each
event (``meta.event``, ``meta.round``, ``meta.table``), the excluded records and the
duplicates (the same content, or with ``track_games`` the same game apart from ``meta``);
``build`` ranks every event under the chosen system and tie-breaks and adds the organiser
warnings; ``render`` writes the document as text, JSON (``scorer-standings/1``), CSV or HTML.
Nothing here prints or exits.
"""

from __future__ import annotations

from scorer.standings.build import build
from scorer.standings.collect import Collector
from scorer.standings.games import track_games
from scorer.standings.model import SYSTEMS, TIEBREAKS, Document, Options, StandingsError
from scorer.standings.options import parse_options

FORMATS: tuple[str, ...] = ("text", "json", "csv", "html")


def render(doc: Document, fmt: str, color: bool = False, title: str | None = None) -> bytes:
    """``doc`` in output format ``fmt`` (one of FORMATS), as bytes to write."""
    if fmt == "json":
        from scorer.standings.data import render_json

        return render_json(doc)
    if fmt == "csv":
        from scorer.standings.csvfile import render_csv

        return render_csv(doc).encode("utf-8")
    if fmt == "html":
        from scorer.standings.page import render_html

        names = ", ".join(e.name for e in doc.events)
        return render_html(doc, title or (f"Standings — {names}" if names else "Standings")).encode(
            "utf-8"
        )
    from scorer.standings.text import render_text

    return render_text(doc, color).encode("utf-8")


__all__ = [
    "FORMATS",
    "SYSTEMS",
    "TIEBREAKS",
    "Collector",
    "Document",
    "Options",
    "StandingsError",
    "build",
    "parse_options",
    "render",
    "track_games",
]
