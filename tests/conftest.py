"""Shared fixtures. Keep this file small and additive: helpers used by one test file
belong in that file."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@pytest.fixture
def runner() -> CliRunner:
    """A CliRunner with a wide terminal, so rich tables do not wrap cells.

    ``result.stdout`` and ``result.stderr`` are kept apart.
    """
    return CliRunner(env={"COLUMNS": "200"})


@pytest.fixture
def examples_dir() -> Path:
    """The repository's ``examples/`` folder."""
    return EXAMPLES
