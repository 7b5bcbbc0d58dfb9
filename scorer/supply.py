"""An immutable multiset of components (tokens in a pouch, tiles in a bag, cards in a deck)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pyrsistent import PMap, pmap

from scorer.errors import PathPart, RuleViolation


class Supply:
    """Counts by kind. ``take`` returns a new supply or raises RuleViolation if absent."""

    __slots__ = ("_counts",)

    def __init__(self, counts: Mapping[str, int] | PMap[str, int]) -> None:
        self._counts: PMap[str, int] = pmap({k: v for k, v in counts.items() if v > 0})

    def __getitem__(self, kind: str) -> int:
        return self._counts.get(kind, 0)

    def __len__(self) -> int:
        return sum(self._counts.values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Supply) and self._counts == other._counts

    def __hash__(self) -> int:
        return hash(self._counts)

    def __repr__(self) -> str:
        return f"Supply({dict(sorted(self._counts.items()))})"

    def counts(self) -> dict[str, int]:
        return dict(self._counts)

    def can_take(self, kinds: Iterable[str]) -> bool:
        need: dict[str, int] = {}
        for k in kinds:
            need[k] = need.get(k, 0) + 1
        return all(self[k] >= n for k, n in need.items())

    def take(
        self, kinds: Iterable[str], rule: str, path: tuple[PathPart, ...] = (), what: str = "supply"
    ) -> Supply:
        """Remove ``kinds`` one by one. Raises RuleViolation at ``path + (index,)`` of the first
        kind that is no longer available."""
        counts = dict(self._counts)
        for i, k in enumerate(kinds):
            if counts.get(k, 0) <= 0:
                raise RuleViolation(
                    rule,
                    f"no {k} left in the {what} (it holds {self._describe(counts)})",
                    (*path, i),
                    {"expected": f"a {k} in the {what}", "found": counts.get(k, 0)},
                )
            counts[k] -= 1
        return Supply(counts)

    def add(self, kinds: Iterable[str]) -> Supply:
        counts = dict(self._counts)
        for k in kinds:
            counts[k] = counts.get(k, 0) + 1
        return Supply(counts)

    @staticmethod
    def _describe(counts: Mapping[str, int]) -> str:
        parts = [f"{n} {k}" for k, n in sorted(counts.items()) if n > 0]
        return ", ".join(parts) or "nothing"
