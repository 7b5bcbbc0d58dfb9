"""`scorer report --html OUT/`: a static site (index + one page per record), no external assets."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scorer.core.findings import Finding
from scorer.core.values import ScoreItem, ScoreSheet, VerifyResult
from scorer.core.words import plural
from scorer.writing.report import finding_line
from scorer.writing.reportpages import (
    RESPONSIVE_CSS,
    Cell,
    board_box,
    claims_table,
    explanation,
    slugs,
    two_ways,
)
from scorer.writing.verdict import STATUS_TEXT, offending_mark

if TYPE_CHECKING:
    from scorer.reading.items import Item
    from scorer.referee.profile import Profile

CSS = (
    """
body{font-family:system-ui,sans-serif;margin:2em;color:#222;background:#fff}
h1{font-size:1.4em}table{border-collapse:collapse;margin:1em 0}
th,td{border:1px solid #bbb;padding:.3em .6em;text-align:right}
th:first-child,td:first-child{text-align:left}
.wide{overflow-x:auto}.ok{color:#1a7f37}.bad{color:#c62828}
.board{margin:1em 0;max-width:100%;overflow:auto}
code{font-size:.9em}.fingerprint code{overflow-wrap:anywhere}
ul.findings li{font-family:monospace;margin:.2em 0}
ul.findings .legal{color:#1a5f9f;padding-left:2ch;display:inline-block}
"""
    + RESPONSIVE_CSS
)


@dataclass(frozen=True, slots=True)
class Page:
    """One record's page: the verification result and its board picture (SVG text or '')."""

    result: VerifyResult
    svg: str
    slug: str
    claimed: Any = None  # the document's ``claimed`` member, if any
    items: tuple[ScoreItem, ...] = ()  # the scoring items, shown as text


def _doc(title: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        f"{body}\n</body>\n</html>\n"
    )


def score_table(sheet: ScoreSheet, table_id: str = "scores") -> str:
    """The score table, a row per player (and turned, a row per category, for phones)."""
    header = ["player", *(escape(c) for c in (*sheet.categories, "total", *sheet.extra_columns))]
    rows: list[list[Cell]] = []
    for line in sheet.players:
        cells: list[Cell] = [(escape(line.name), "")]
        cells += [(escape(line.shown(c)), "") for c in sheet.categories]
        cells.append((f"<b>{line.total}</b>", ""))
        cells += [(escape(_text(line.extras.get(c, ""))), "") for c in sheet.extra_columns]
        rows.append(cells)
    return two_ways(table_id, "scores", header, rows)


def _text(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _status(result: VerifyResult) -> str:
    cls = "ok" if result.ok else "bad"
    return f'<span class="{cls}">{escape(STATUS_TEXT[result.status])}</span>'


def record_page(page: Page) -> str:
    r = page.result
    parts = [
        '<p><a href="../index.html">← all records</a></p>',
        f"<h1>{escape(r.source)}</h1>",
        f"<p>{escape(r.game or 'unknown game')} · {escape(', '.join(r.players))} · "
        f"{_status(r)}</p>",
    ]
    if r.fingerprint is not None:
        parts.append(
            f'<p class="fingerprint">Component data: <code>{escape(r.fingerprint)}</code></p>'
        )
    if page.svg:
        parts.append(board_box(_inline(page.svg)))
    if r.scores is not None:
        for name, stage in r.scores.stages:
            parts.append(
                f"<h2>{escape(name.capitalize())} scoring</h2>"
                + score_table(stage, f"scores-{escape(name)}")
            )
        parts.append("<h2>Scores</h2>" + score_table(r.scores))
        if r.scores.winners and len(r.scores.players) > 1:
            parts.append(f"<p>Winner: {escape(', '.join(r.scores.winners))}</p>")
        if r.scores.end_reason is not None:
            words = f" ({r.scores.end_text})" if r.scores.end_text else ""
            parts.append(
                f'<p class="ended">Game ended: <code>{escape(r.scores.end_reason)}</code>'
                f"{escape(words)}</p>"
            )
        parts.append(claims_table(r.scores, page.claimed))
        parts.append(explanation(r.scores, page.items))
    if r.findings:
        items = "".join(_finding_item(r.source, f) for f in r.findings)
        parts.append(f'<h2>Findings</h2><ul class="findings">{items}</ul>')
    return _doc(r.source, "\n".join(parts))


def _finding_item(source: str, finding: Finding) -> str:
    """A finding as a list item; what was legal instead on a line of its own."""
    first, *rest = finding_line(source, finding).split("\n")
    legal = "".join(f'<br><span class="legal">{escape(line.strip())}</span>' for line in rest)
    return f"<li>{escape(first)}{legal}</li>"


def _inline(svg: str) -> str:
    """An SVG document without its XML declaration, for inlining in HTML."""
    return svg.split("?>", 1)[1].strip() if svg.startswith("<?xml") else svg


def index_page(pages: Iterable[Page], title: str, links: Sequence[tuple[str, str]] = ()) -> str:
    """The index: how many records are verified, rejected, incomplete (at the top), then a
    row per record (on a phone a card, its status beside its name)."""
    rows = []
    statuses: list[str] = []
    for page in pages:
        r = page.result
        statuses.append(r.status)
        scores = ", ".join(f"{p.name} {p.total}" for p in r.scores.players) if r.scores else ""
        shown = r.ok or r.status == "mismatch"  # claims differ: the computed winner
        winner = ", ".join(r.scores.winners) if r.scores and shown else ""
        beside = f'<span class="beside">{_status(r)}</span>'
        rows.append(
            f'<tr><td><a href="records/{page.slug}.html">{escape(r.source)}</a>{beside}</td>'
            f"<td>{escape(r.game or '')}</td><td>{escape(', '.join(r.players))}</td>"
            f'<td class="status">{_status(r)}</td><td>{escape(scores)}</td>'
            f"<td>{escape(winner)}</td></tr>"
        )
    table = (
        '<table id="records"><thead><tr><th>record</th><th>game</th><th>players</th>'
        '<th class="status">status</th><th>scores</th><th>winner</th></tr></thead><tbody>'
        + "".join(rows)
        + "</tbody></table>"
    )
    nav = "".join(f'<p><a href="{escape(href)}">{escape(text)}</a></p>\n' for href, text in links)
    return _doc(title, f"<h1>{escape(title)}</h1>\n{counts_line(statuses)}\n{nav}{table}")


#: The index's counts: (class, words, the statuses counted); claims that differ only if any.
COUNTED = (
    ("ok", "verified", ("ok",)),
    ("bad", "rejected", ("illegal", "malformed", "impossible", "ineligible", "error")),
    ("bad", "incomplete", ("incomplete",)),
    ("bad", "with claims that differ", ("mismatch",)),
)


def counts_line(statuses: Sequence[str]) -> str:
    """``12 records: 9 verified · 2 rejected · 1 incomplete`` (and claims that differ)."""
    parts = [f"<span>{plural(len(statuses), 'record')}:</span>"]
    for klass, words, counted in COUNTED:
        n = sum(s in counted for s in statuses)
        if n or counted != ("mismatch",):
            parts.append(f'<span class="{klass if n else "muted"}">{n} {words}</span>')
    return f'<p class="counts" id="counts">{" ".join(parts)}</p>'


def build_pages(items: Iterable[Item], profile: Profile | None = None) -> list[Page]:
    """Verify each item and draw its board (the state reached, with an illegal move's cell
    marked). A picture that cannot be drawn leaves the page without one; it never stops the
    report."""
    from scorer.core.roles import PICTURES
    from scorer.reading.loading import parse
    from scorer.reading.positions import as_written
    from scorer.referee.pipeline import verify_bytes, verify_document
    from scorer.referee.settings import VerifyOptions
    from scorer.registry import get

    pages = []
    lines: list[int | None] = []
    for item in items:
        lines.append(item.line)
        slug = ""  # named from the file names once all are known (reportpages.slugs)
        if item.data is None:
            rule, message = item.error or ("REC-IO-1", "no data")
            result = VerifyResult(
                item.label, "unknown", None, "malformed", (Finding(rule, "", message),)
            )
            pages.append(Page(result, "", slug))
            continue
        doc: Any = None
        try:
            doc = parse(item.data)
        except Exception:
            result = verify_bytes(item.data, item.label)  # reports the JSON error
        else:
            result = verify_document(doc, item.label, VerifyOptions(profile=profile))
            result = as_written(result, item.data, doc)
        picture = ""
        scored: tuple[ScoreItem, ...] = ()
        if result.state is not None and result.game is not None:
            pictures = get(result.game, PICTURES)
            try:
                mark = offending_mark(doc, result) if isinstance(doc, dict) else None
                explained = pictures.explain(result.state)
                scored = tuple(explained) if result.scores else ()
                picture = pictures.draw_svg(result.state, explained, mark)
            except Exception as exc:  # a drawing bug must not lose the page: say so on it
                picture = (
                    f'<p class="bad">The board picture could not be drawn '
                    f"(internal error {escape(type(exc).__name__)}).</p>"
                )
        claimed = doc.get("claimed") if isinstance(doc, dict) else None
        pages.append(
            Page(result, picture, slug, claimed if isinstance(claimed, dict) else None, scored)
        )
    names = slugs(
        (page.result.source, item_line) for page, item_line in zip(pages, lines, strict=True)
    )
    return [replace(page, slug=name) for page, name in zip(pages, names, strict=True)]


def write_site(
    pages: list[Page],
    out: Path,
    title: str = "scorer report",
    extra: Sequence[tuple[str, str, str]] = (),
) -> None:
    """Write ``index.html`` and ``records/<slug>.html`` under ``out``; ``extra`` pages
    (file name, link text, HTML) go beside the index, which links to them."""
    (out / "records").mkdir(parents=True, exist_ok=True)
    for page in pages:
        (out / "records" / f"{page.slug}.html").write_text(record_page(page), encoding="utf-8")
    for name, _, text in extra:
        (out / name).write_text(text, encoding="utf-8")
    links = [(name, link) for name, link, _ in extra]
    (out / "index.html").write_text(index_page(pages, title, links), encoding="utf-8")
