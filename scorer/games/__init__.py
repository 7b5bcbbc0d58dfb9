"""One package per game: five role modules each (scorer.core.roles), asked for by the registry."""
