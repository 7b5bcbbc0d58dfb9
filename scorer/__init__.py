"""scorer: verify recorded games of Hacienda, Kuhfstein, Citrus and Harmonies and settle scores.

Public API: :func:`verify_file`, :func:`verify_document`, :class:`VerifyResult`.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["VerifyResult", "__version__", "verify_document", "verify_file"]


def __getattr__(name: str) -> object:  # lazy: keep `scorer --help` fast
    if name in ("verify_file", "verify_document"):
        from scorer.referee import pipeline

        return getattr(pipeline, name)
    if name == "VerifyResult":
        from scorer.core.values import VerifyResult

        return VerifyResult
    raise AttributeError(name)
