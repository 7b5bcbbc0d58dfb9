"""Countdown's Catalogue role."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorer.core.components import Components, keyed
from scorer.core.values import Importer

NAME = "countdown"
TITLE = "Countdown"
RULE_IDS: Mapping[str, str] = {"HAR-FAKE-1": "take 1 to 3 per turn"}
CATEGORIES: tuple[str, ...] = ("last",)
PLAYER_COUNTS = (1, 9)
END_REASONS: Mapping[str, str] = {"pile_empty": "the last item was taken"}
IMPORTERS: Mapping[str, Importer] = {}


def effective_options(variant: Mapping[str, Any]) -> dict[str, object]:
    return {"fast": False, **variant}


def component_data(doc: Mapping[str, Any]) -> Components:
    pile = doc.get("setup", {}).get("pile", 5)
    return {"pile": keyed("/setup", {"pile": pile}, "/setup")}
