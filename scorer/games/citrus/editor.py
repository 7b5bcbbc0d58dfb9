"""What the web app's Citrus editor chooses from (the Pictures role's ``editor_data``): the
boards, the plantation kinds and the action tiles."""

from __future__ import annotations


def editor_data() -> dict[str, object]:
    """The editor's boards and palette, as plain data for ``GET /api/catalog``."""
    from scorer.games.citrus.data import ACTION_TYPES, BOARDS, KINDS, PRINTED_IDS

    return {"boards": [*BOARDS, *PRINTED_IDS], "kinds": list(KINDS), "actions": list(ACTION_TYPES)}
