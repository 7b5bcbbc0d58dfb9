"""``python -m scorer``."""

from scorer.cli import main

main()
