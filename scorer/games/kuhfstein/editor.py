"""What the web app's Kuhfstein editor chooses from (the Pictures role's ``editor_data``): the
kinds of landscape tile."""

from __future__ import annotations


def editor_data() -> dict[str, object]:
    """The editor's palette, as plain data for ``GET /api/catalog``."""
    from scorer.games.kuhfstein.state import KINDS

    return {"kinds": list(KINDS)}
