"""Regression tests for the fixes3 findings (breaker and new-user sessions), on real boards."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from contrarius.cli import app


def _new(runner: CliRunner, path: Path, *args: str) -> None:
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", *args, "-o", str(path)])
    assert r.exit_code == 0, r.output


# ----- breaker 9: an option of a solo variant the game does not use is refused in every mode -----
VARIANT_OPTIONS = [["--fish", "7"], ["--forum", "Julius"], ["--forum-refill", "Victoria"], ["--forum-reveal", "1=Julius"]]


@pytest.mark.parametrize("mode", ["solo", "team", "third-player"])
@pytest.mark.parametrize("option", VARIANT_OPTIONS, ids=lambda o: o[0])
def test_a_solo_variant_option_the_game_does_not_use_is_refused_in_every_mode(tmp_path, runner, mode, option):
    # Italia, no --salsa / --fish-market: "Solo Variants" are not in play, so --fish (fish
    # paid at the fish market) and the forum options have nothing to record. A solo game
    # refused --fish with exit 2; team and third-player games ignored it with exit 0 and
    # wrote the same snapshot as without it.
    game = tmp_path / "g.yaml"
    _new(runner, game, "--mode", mode)
    before = game.read_bytes()
    out = tmp_path / "out.yaml"
    r = runner.invoke(app, ["play", "mercator", str(game), *option, "-o", str(out)])
    assert r.exit_code == 2, r.output
    assert "this game does not use" in r.stderr and option[0] in r.stderr
    assert not out.exists() and game.read_bytes() == before
