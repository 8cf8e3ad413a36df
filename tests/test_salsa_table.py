"""Salsa at a real table, hispania boards (README "How the rules are read", Salsa): salt in
the storehouse for Vesta, and the two S rows of ``where``'s all-faces table."""

from __future__ import annotations

import shutil
from pathlib import Path

from contrarius.cli import app

DATA = Path(__file__).parent / "data" / "table"


def test_salt_counts_for_vesta_at_cloths_price_and_is_said(runner, tmp_path):
    """vesta-salsa.yaml: hispania with Salsa; the player's Senator bears Vesta (1 card).
    "Final scoring", Vesta: the goods at their prices plus the sestertii, 1 VP per full 10.
    1 salt read at cloth's price 7 (reading) + 3 sestertii = 10 -> Vesta 1 x 1 = 1 point,
    and the human output says the salt was valued so."""
    path = tmp_path / "s.yaml"
    shutil.copy(DATA / "vesta-salsa.yaml", path)
    r = runner.invoke(app, ["score", str(path), "--goods", "salt=1", "--sestertii", "3"])
    assert r.exit_code == 0, r.output
    row = next(line for line in r.stdout.splitlines() if line.startswith("│ Vesta"))
    assert row.split("│")[-2].strip() == "1"
    assert "Vesta: 3 sestertii + 1 salt (salt at cloth's price, 7" in r.stdout and "= 10, per full 10" in r.stdout


def test_salt_is_refused_in_a_game_without_salsa(runner, tmp_path):
    """vesta-no-salsa.yaml: no Salsa, so no salt token is in the game: ``--goods salt=1``
    is a usage error (exit 2) naming the option."""
    path = tmp_path / "n.yaml"
    shutil.copy(DATA / "vesta-no-salsa.yaml", path)
    r = runner.invoke(app, ["score", str(path), "--goods", "salt=1", "--sestertii", "3"])
    assert r.exit_code == 2
    assert "--goods salt=1: this game does not use Salsa" in r.stderr


def test_where_shows_both_s_rows_in_a_salsa_game(runner, tmp_path):
    """vesta-salsa.yaml: Contrarius's best specialist is its Smith (tool). The white die's
    S (and the Tribune) tries the salt cities first: Salamantica, the only empty salt city
    it reaches. The black Mercator die's S has no salt step: tool, whose only reachable city
    is Tingis (as the tool row)."""
    path = tmp_path / "s.yaml"
    shutil.copy(DATA / "vesta-salsa.yaml", path)
    r = runner.invoke(app, ["where", str(path)])
    assert r.exit_code == 0, r.output
    rows = {line.split("│")[1].strip(): line.split("│")[2].strip() for line in r.stdout.splitlines()
            if line.startswith("│ S") or line.startswith("│ tool")}
    assert rows == {"S, white die or Tribune (salt first, else Smith: tool)": "Salamantica",
                    "S, black die (Smith: tool)": "Tingis", "tool": "Tingis"}
