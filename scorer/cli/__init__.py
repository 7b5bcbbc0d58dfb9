"""The command line (Typer): options, the file loop, the renderer and the exit code; no rules.

``common`` holds the app and what every command shares; each other module registers its
commands on the app when imported.
"""

from scorer.cli import check, runs, sites  # noqa: F401 - registers the commands
from scorer.cli.common import app, main

__all__ = ["app", "main"]
