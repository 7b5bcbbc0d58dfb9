"""Saved games of other programs read as positions: ``--from NAME`` and detection by shape.

A game offers position importers in its Catalogue (``IMPORTERS`` entries with
``makes == "position"``, e.g. Harmonies' ``bga``). ``convert`` turns a parsed document into the
importer's :class:`~scorer.core.values.Imported` when the user names the source
(``--from bga``) or when a document without ``format`` has an importer's shape; a document that
has some of that shape but not enough gets a finding saying so, never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from scorer.core.findings import Finding
from scorer.core.pointer import split, to_pointer
from scorer.core.roles import CATALOGUE
from scorer.core.values import Imported, Importer
from scorer.registry import game_names, get


@dataclass(frozen=True, slots=True)
class Conversion:
    """A document read through an importer (``imported``) of ``game``, or, when it only
    looked like one (``imported`` None), the finding that says so."""

    game: str
    name: str
    imported: Imported | None
    unsure: Finding | None = None


def position_importers() -> list[tuple[str, str, Importer]]:
    """Every position importer: (game, name, importer), by game then name."""
    found = []
    for game in game_names():
        for name, importer in sorted(get(game, CATALOGUE).IMPORTERS.items()):
            if importer.makes == "position":
                found.append((game, name, importer))
    return found


def source_names() -> list[str]:
    """The names ``--from`` accepts."""
    return sorted({name for _, name, _ in position_importers()})


def convert(doc: Any, source: str | None) -> Conversion | None:
    """``doc`` through the importer ``source`` names (or the one whose shape it has); None
    for a document that is not an import."""
    candidates = [c for c in position_importers() if source is None or c[1] == source]
    if source is None and (not isinstance(doc, dict) or "format" in doc):
        return None
    verdicts = [(c, c[2].detect(doc) if c[2].detect is not None else "no") for c in candidates]
    sure = [c for c, v in verdicts if v == "yes"]
    if source is not None:
        game, name, importer = (sure or candidates)[0]
        return Conversion(game, name, importer.convert(doc))
    if sure:
        game, name, importer = sure[0]
        return Conversion(game, name, importer.convert(doc))
    maybe = [c for c, v in verdicts if v == "unsure"]
    if not maybe:
        return None
    game, name, importer = maybe[0]
    rule = next((r for r in get(game, CATALOGUE).RULE_IDS if r.startswith("IMP-")), "REC-SCHEMA-1")
    unsure = Finding(
        rule,
        "",
        f"the document has no 'format' and some members of a {importer.title}, not enough to "
        f"be sure it is one: to read it as one, use --from {name}",
        details={"source": name},
    )
    return Conversion(game, name, None, unsure)


def to_origin(finding: Finding, origins: dict[str, str] | Any) -> Finding:
    """A finding on the imported position, pointed at the member of the imported file it came
    from (the longest prefix ``origins`` knows; the file's root otherwise); its pointer in the
    position stays in ``details.position_pointer``."""
    parts = split(finding.pointer) if finding.pointer else []
    for depth in range(len(parts), 0, -1):
        origin = origins.get(to_pointer(parts[:depth]))
        if origin is not None:
            break
    else:
        origin = ""
    details = {**finding.details, "position_pointer": finding.pointer}
    return replace(finding, pointer=origin, details=details)
