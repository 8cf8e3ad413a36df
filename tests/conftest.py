"""Shared fixtures. Keep this file small and additive: helpers used by one test file
belong in that file."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


#: The variables that choose the language (contrarius.words.language): cleared for every
#: test, so that no machine's locale changes what the English tests read.
LANGUAGE_VARIABLES = ("CONTRARIUS_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """Every test runs in English with the language variables cleared (for its own
    process and the processes it starts), the language chosen afresh."""
    from contrarius.words import language

    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    language.set_language()
    yield
    language.set_language()


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
