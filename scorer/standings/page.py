"""HTML output of standings: one self-contained page (inline CSS, no script, no external asset)
that reads on a phone and on a desktop: the standings tables scroll sideways inside their box
on narrow screens, with the place, player and points columns first (the player's name stays
in view on a phone while the table scrolls).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from scorer.standings.data import number_text
from scorer.standings.model import Document, EventStandings, Excluded
from scorer.standings.text import (
    place_text,
    round_cell,
    shown_tiebreaks,
    summary_line,
    system_line,
)

CSS = """
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0 auto;padding:1em;
max-width:70em;color:#1f2328;background:#fff;line-height:1.4}
h1{font-size:1.5em;margin:.3em 0}h2{font-size:1.2em;margin:1.4em 0 .4em}
p.sub{color:#59636e;margin:.2em 0 1em}
.wide{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:.5em 0 1em}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.35em .6em;border-bottom:1px solid #d1d9e0;text-align:right;white-space:nowrap}
th{background:#f6f8fa;font-weight:600;border-bottom:2px solid #d1d9e0}
td.player,th.player{text-align:left}td.points{font-weight:700}
tr.first td{background:#fff8c5}
ul{padding-left:1.2em}li{margin:.3em 0}
ul.warnings li{color:#9a6700}ul.excluded li{color:#b42318}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace,monospace;font-size:.9em;
overflow-wrap:anywhere}code.rule{white-space:nowrap}
.muted{color:#59636e}
@media (max-width:600px){body{padding:.6em;font-size:15px}th,td{padding:.3em .3em}
table.standings{font-size:.82em}
h1{font-size:1.25em;overflow-wrap:anywhere}
td.player,th.player{position:sticky;left:0;background:#fff;box-shadow:2px 0 0 #d1d9e0}
th.player{background:#f6f8fa}tr.first td.player{background:#fff8c5}}
"""


def render_html(
    doc: Document,
    title: str = "Standings",
    href: Callable[[str], str | None] | None = None,
    back: tuple[str, str] | None = None,
) -> str:
    """The page. ``href(file)`` links a record's file to its page (``scorer report``);
    ``back`` is a (link, text) pair shown above the title."""
    parts = []
    if back is not None:
        parts.append(f'<p><a href="{escape(back[0])}">{escape(back[1])}</a></p>')
    parts.append(f"<h1>{escape(title)}</h1>")
    parts.append(f'<p class="sub">{escape(system_line(doc))}</p>')
    for event in doc.events:
        parts.append(_event(event, doc))
    if doc.warnings:
        items = "".join(f"<li>{escape(w.message)}</li>" for w in doc.warnings)
        parts.append(f'<h2>Warnings</h2><ul class="warnings">{items}</ul>')
    if doc.excluded:
        items = "".join(f"<li>{_excluded(x, href)}</li>" for x in doc.excluded)
        parts.append(f'<h2>Not counted</h2><ul class="excluded">{items}</ul>')
    parts.append(f'<p class="muted">{escape(summary_line(doc))}</p>')
    body = "\n".join(parts)
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"{body}\n</body>\n</html>\n"
    )


def _event(event: EventStandings, doc: Document) -> str:
    steps = shown_tiebreaks(event, doc)
    rounds = [f"R{r}" if isinstance(r, int) else str(r) for r in event.rounds]
    head = (
        '<tr><th>place</th><th class="player">player</th><th>points</th>'
        + "".join(f"<th>{escape(s)}</th>" for s in steps)
        + "<th>games</th>"
        + "".join(f"<th>{escape(r)}</th>" for r in rounds)
        + "</tr>"
    )
    rows = []
    for s in event.standings:
        cells = [
            f"<td>{escape(place_text(s))}</td>",
            f'<td class="player">{escape(s.player)}</td>',
            f'<td class="points">{number_text(s.points)}</td>',
        ]
        cells += [f"<td>{number_text(s.tiebreaks[t])}</td>" for t in steps]
        cells.append(f"<td>{s.games}</td>")
        cells += [f"<td>{escape(round_cell(s, r))}</td>" for r in event.rounds]
        first = ' class="first"' if s.place == 1 else ""
        rows.append(f"<tr{first}>{''.join(cells)}</tr>")
    games = f"{event.games} game{'s' if event.games != 1 else ''}"
    n = len(event.rounds)
    table = (
        f'<div class="wide"><table class="standings"><thead>{head}</thead><tbody>'
        f"{''.join(rows)}</tbody></table></div>"
        if rows
        else '<p class="muted">No counted game.</p>'
    )
    return (
        f'<section><h2>{escape(event.name)}</h2><p class="sub">{games}, {n} '
        f"round{'s' if n != 1 else ''}</p>{table}</section>"
    )


def _excluded(x: Excluded, href: Callable[[str], str | None] | None) -> str:
    link = href(x.source) if href is not None else None
    name = f"<code>{escape(x.source)}</code>"
    if link is not None:
        name = f'<a href="{escape(link)}">{name}</a>'
    text = f"{name} — {escape(x.reason)}"
    if x.finding is not None:
        where = f"{x.finding.pointer}: " if x.finding.pointer else ""
        text += (
            f'; {f"<code>{escape(where)}</code>" if where else ""}<code class="rule">'
            f"{escape(x.finding.rule)}</code> {escape(x.finding.message)}"
        )
    return text
