# `make check` is what CI runs (inside .ci/run, after a fresh install).
PY ?= python
.PHONY: fmt lint typecheck test check wheel-smoke bench

fmt:
	$(PY) -m ruff format scorer tests bench
	$(PY) -m ruff check --fix scorer tests bench

lint:
	$(PY) -m ruff check scorer tests bench
	$(PY) -m ruff format --check scorer tests bench

typecheck:
	$(PY) -m mypy

test:
	$(PY) -m pytest

check: lint typecheck test

bench:
	$(PY) bench/verify_bench.py
