"""Which files count as records: ``include`` / ``exclude`` patterns of the configuration and
``--exclude`` of the command line.

A pattern without ``/`` matches a file or folder name anywhere (``drafts``, ``*.tmp``,
``package.json``); a pattern with ``/`` is a glob anchored at its base folder (the
configuration file's folder, or the working directory for ``--exclude``), where ``**``
matches any number of folders (``records/2025/**``, ``archive/*.ndjson``). A path matches
when it or one of its folders does. Folders are still searched for ``*.json``, ``*.ndjson``
and ``*.jsonl``; ``include`` narrows that (and, when given, applies to files named on the
command line too), ``exclude`` removes files wherever they come from.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scorer.reading.items import Item


@dataclass(frozen=True, slots=True)
class Pattern:
    """One glob pattern and the folder it is relative to."""

    text: str
    base: Path

    def matches(self, path: str) -> bool:
        """True if ``path`` (as named, relative to the working directory) or one of its
        folders matches."""
        text = self.text.strip("/")
        try:
            parts = Path(path).resolve().relative_to(self.base.resolve()).parts
        except ValueError:  # outside the base folder: only name patterns apply
            if "/" in text:
                return False
            parts = Path(path).parts
        if "/" not in text:
            return any(fnmatch.fnmatchcase(part, text) for part in parts)
        regex = _compile(text)
        return any(regex.fullmatch("/".join(parts[:k])) for k in range(1, len(parts) + 1))


@dataclass(frozen=True, slots=True)
class Filters:
    """Include and exclude patterns (no include patterns: every file counts)."""

    include: tuple[Pattern, ...] = ()
    exclude: tuple[Pattern, ...] = ()

    def keeps(self, path: str) -> bool:
        """True for standard input and for a path that names no file (it must reach the
        reader, which reports it: REC-IO-1), else as the patterns say."""
        if path == "-" or not Path(path).is_file():
            return True
        if self.include and not any(p.matches(path) for p in self.include):
            return False
        return not any(p.matches(path) for p in self.exclude)

    def __bool__(self) -> bool:
        return bool(self.include or self.exclude)


def patterns(texts: Iterable[str], base: Path) -> tuple[Pattern, ...]:
    return tuple(Pattern(t, base) for t in texts)


def select(paths: Iterable[str], filters: Filters, expand: bool = True) -> Iterator[str | Item]:
    """The files of ``paths`` that ``filters`` keep: folders and globs expanded (as ``scorer
    batch`` does) when ``expand``, every file named tested (what a folder holds that cannot be
    read, an item with its REC-IO-1 error, likewise)."""
    if not filters:
        yield from paths
        return
    if not expand:
        yield from (p for p in paths if filters.keeps(p))
        return
    from scorer.reading.items import expand as expand_paths

    for path in paths:
        files = list(expand_paths([path]))
        if not files:  # an empty folder or a glob matching nothing: the reader says so
            yield path
        for found in files:
            if filters.keeps(found if isinstance(found, str) else found.source):
                yield found


@cache
def _compile(pattern: str) -> re.Pattern[str]:
    """A glob with ``**`` (any folders), ``*`` and ``?`` (within one name) as a regex."""
    out = []
    parts = pattern.split("/")
    for k, part in enumerate(parts):
        last = k == len(parts) - 1
        if part == "**":
            out.append("(?:[^/]+/)*[^/]+" if last else "(?:[^/]+/)*")
        else:
            out.append(_part(part) + ("" if last else "/"))
    return re.compile("".join(out))


def _part(glob: str) -> str:
    out = []
    i = 0
    while i < len(glob):
        ch = glob[i]
        end = glob.find("]", i + 2) if ch == "[" else -1
        if ch == "*":
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif end > 0:
            body = glob[i + 1 : end]
            out.append("[" + ("^" + body[1:] if body.startswith("!") else body) + "]")
            i = end
        else:
            out.append(re.escape(ch))
        i += 1
    return "".join(out)
