"""Headless Debian Chromium for the page tests: the flags this closed machine needs, one run
per call with its own profile folder, and a fixture that skips (or, in CI, fails) without it.

Import both ``chromium`` (the fixture) and ``run_chromium`` into a test module."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]


def run_chromium(*args: str) -> subprocess.CompletedProcess[str]:
    """One headless Chromium run (``--dump-dom``, ``--screenshot``...) in the test's profile."""
    assert CHROMIUM is not None
    return subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={os.environ['CHROME_DIR']}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def chromium(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if CHROMIUM is None:
        if os.environ.get("CI"):
            pytest.fail("CI must install chromium (see .ci/run)")
        pytest.skip("chromium is not installed")
    monkeypatch.setenv("CHROME_DIR", str(tmp_path / "profile"))
