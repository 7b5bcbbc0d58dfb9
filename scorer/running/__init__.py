"""Running many records: batches, settings and the simulate request.

``batch`` (folders, NDJSON, worker processes, Dask), ``runtime`` (process-wide settings of
the CLI and the workers), ``config`` (``[tool.scorer]`` / ``scorer.toml``), ``selection``
(include / exclude patterns), ``simulation`` (the checked ``simulate`` request).
"""
