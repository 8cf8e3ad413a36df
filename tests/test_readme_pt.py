"""README.pt-BR.md, the first game in Portuguese: every command shown still works and still
prints what it shows, checked exactly as ``tests/test_readme.py`` checks README.md (its
``console`` blocks are one session, run in order in a folder holding a copy of ``examples/``)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README_PT = ROOT / "README.pt-BR.md"

_spec = importlib.util.spec_from_file_location("readme_checks", Path(__file__).with_name("test_readme.py"))
readme = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(readme)
session = readme.session  # the fixture: a folder with examples/ and this checkout's contrarius on PATH


def test_readme_links_the_portuguese_readme():
    assert "(README.pt-BR.md)" in readme.README.read_text(encoding="utf-8")
    assert "(README.md)" in README_PT.read_text(encoding="utf-8")


def test_the_portuguese_readme_plays_the_first_game_in_portuguese():
    commands = _commands()
    assert len(commands) >= 10
    assert all(c.startswith("contrarius --lang pt_BR ") for c, _, _ in commands)
    assert {c.split()[3] for c, _, _ in commands} >= {"new", "play", "undo", "redo", "show"}


def _commands() -> list[tuple[str, int, list[str]]]:
    original = readme.README
    readme.README = README_PT
    try:
        return readme.console_commands()
    finally:
        readme.README = original


def test_every_portuguese_readme_command_runs_as_shown(session, monkeypatch):
    monkeypatch.setattr(readme, "COMMANDS", _commands())
    readme.test_every_readme_command_runs_as_shown(session)
    assert re.search(r"PV de Contrarius: 3 -> 3", README_PT.read_text(encoding="utf-8"))
