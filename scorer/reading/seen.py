"""Which records a batch has seen: a compact table of content digests (REC-DUP-1).

A Python dict of digests costs more than 100 bytes per record; a batch of millions of records
would grow by hundreds of MiB. This open-addressing table keeps two 64-bit machine words per
slot in ``array`` buffers (at most half full, so at most 32 bytes per record), and a record's
first occurrence as a number (which input, which line) rather than as a string.
"""

from __future__ import annotations

from array import array

_EMPTY = 0
_MASK64 = (1 << 64) - 1


def _zeros(count: int) -> array[int]:
    return array("Q", [0]) * count


class DigestTable:
    """A map from non-zero 64-bit digests to 64-bit values that only grows."""

    def __init__(self, capacity: int = 1 << 12) -> None:
        self._keys = _zeros(capacity)
        self._values = _zeros(capacity)
        self._mask = capacity - 1
        self.size = 0

    def setdefault(self, digest: int, value: int) -> int:
        """The value stored for ``digest``, storing ``value`` first if there is none."""
        digest = (digest & _MASK64) or 1
        keys = self._keys
        slot = digest & self._mask
        while True:
            key = keys[slot]
            if key == digest:
                return int(self._values[slot])
            if key == _EMPTY:
                break
            slot = (slot + 1) & self._mask
        keys[slot] = digest
        self._values[slot] = value
        self.size += 1
        if 2 * self.size > self._mask:
            self._grow()
        return value

    def _grow(self) -> None:
        keys, values = self._keys, self._values
        capacity = 2 * (self._mask + 1)
        self._keys = _zeros(capacity)
        self._values = _zeros(capacity)
        self._mask = capacity - 1
        for key, value in zip(keys, values, strict=True):
            if key != _EMPTY:
                slot = key & self._mask
                while self._keys[slot] != _EMPTY:
                    slot = (slot + 1) & self._mask
                self._keys[slot] = key
                self._values[slot] = value

    @property
    def nbytes(self) -> int:
        return 16 * (self._mask + 1)
