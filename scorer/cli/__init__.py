"""The command line (Typer): options, the file loop, the renderer and the exit code; no rules.

``app`` builds the Typer app from the commands of ``check``, ``show``, ``making``, ``runs``
and ``sites``; ``options`` holds the options they share, ``settings`` the configuration and
``output`` what they print and the exit codes.
"""

from scorer.cli.app import app, main

__all__ = ["app", "main"]
