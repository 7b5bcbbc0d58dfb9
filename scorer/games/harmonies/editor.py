"""What the web app's Harmonies editor chooses from (the Pictures role's ``editor_data``):
token colours, the stacks a tap can place, Animal and spirit cards."""

from __future__ import annotations


def editor_data() -> dict[str, object]:
    """The editor's palette and card lists, as plain data for ``GET /api/catalog``."""
    from scorer.games.harmonies.board import COLOURS, LEGAL_STACKS, TRACKS
    from scorer.games.harmonies.cards import SPIRIT_DATA
    from scorer.games.harmonies.explain import card_name
    from scorer.reading.schemas import load_all

    board = load_all()["harmonies.schema.json"]["$defs"]["board"]
    return {
        # cubes as seen on the table: a board-level list, matched to the cards by the scorer
        "board_cubes": "cubes" in board.get("properties", {}),
        "colours": list(COLOURS),
        "stacks": sorted(("-".join(s) for s in LEGAL_STACKS), key=lambda s: (s.count("-"), s)),
        "animal_cards": [
            {"id": c, "name": card_name(c), "track": list(t)} for c, t in TRACKS.items()
        ],
        "spirit_cards": [{"id": c, "name": card_name(c)} for c in SPIRIT_DATA],
    }
