"""The standings page of ``scorer report --html``, for the records that carry ``meta.event``.

It ranks with the default system and tie-breaks (``beaten``; score, wins, head-to-head),
lists the excluded records and warnings of those events, and links each record to its page.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableMapping, Sequence
from html import escape
from typing import TYPE_CHECKING

from scorer.standings.build import build
from scorer.standings.collect import Collector
from scorer.standings.model import Options, StandingsError
from scorer.standings.page import render_html

if TYPE_CHECKING:
    from scorer.reading.items import Item
    from scorer.writing.html import Page

PAGE = "standings.html"


def track_duplicates(items: Iterable[Item], sink: MutableMapping[str, str]) -> Iterator[Item]:
    """Pass ``items`` through, noting in ``sink`` each copy's label → the first one's."""
    from scorer.reading.items import mark_duplicates

    for item in mark_duplicates(items):
        if item.duplicate_of is not None:
            sink[item.label] = item.duplicate_of
        yield item


def standings_page(
    pages: Sequence[Page],
    duplicates: MutableMapping[str, str],
    options: Options | None = None,
    games: MutableMapping[str, bytes] | None = None,
) -> list[tuple[str, str, str]]:
    """``[(file name, link text, HTML)]`` for the site, or ``[]`` when no record names an
    event. ``games`` holds the game key of each record read (``track_games``): the same game
    under two rounds or tables counts once, as in ``scorer standings``."""
    collector = Collector(duplicates=duplicates, games=games)
    links: dict[str, str] = {}
    for page in pages:
        meta = page.result.meta
        if meta is not None and meta.get("event") is not None:
            collector.add(page.result)
            links[page.result.source] = f"records/{page.slug}.html"
    if not collector.tables:
        return []
    try:
        doc = build(collector, options or Options())
    except StandingsError as exc:  # rank-points with too few points: say so on the page
        text = f'<!DOCTYPE html><html lang="en"><body><p>{escape(exc.message)}</p></body></html>\n'
        return [(PAGE, "Standings", text)]
    names = ", ".join(e.name for e in doc.events)
    return [
        (
            PAGE,
            f"Standings ({names})",
            render_html(doc, f"Standings — {names}", links.get, ("index.html", "← all records")),
        )
    ]
