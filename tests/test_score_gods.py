"""The score report's rows of gods: a god no card bears (team Venus, solo gods without cards)
shows its value by the same rule as every other god, on real boards."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from contrarius.cli import app


def _row(output: str, god: str) -> list[list[str]]:
    """The cells of every table row named ``god`` (one list per table printed)."""
    rows = []
    for line in output.splitlines():
        cells = [c.strip() for c in line.split("│")[1:-1]]
        if cells and cells[0] == god:
            rows.append(cells[1:])
    return rows


# ----- score: a god no card bears shows its value like any other (team Venus) ---------------------
def test_team_score_shows_contrarius_venus_value_with_no_venus_card(tmp_path: Path, runner: CliRunner):
    # Hellas, team play, seed 6. Houses written by hand: Contrarius in Nicopolis and player1 in
    # Kephallenia, both cities of Epirvs (boards/hellas.yaml); player2 has none.
    # "Cooperative Final Scoring", Venus goddess: "Contrarius scores 1 victory point for each
    # province in which it and one of you has a house" -> Epirvs only: value 1. Its cards (5
    # scarlet team cards + the Mason, none bearing Venus) -> 0 Venus cards x 1 = 0 VP.
    # player1: "each province in which you and your partner have each at least 1 house" ->
    # player2 has no house: value 0 (shown 0, not "-", as before).
    # The value cell showed "-" (any god with 0 cards did), hiding the shared province.
    game = tmp_path / "t.yaml"
    r = runner.invoke(app, ["new", "--board", "hellas", "--mode", "team", "--seed", "6", "-o", str(game)])
    assert r.exit_code == 0, r.output
    text = game.read_text()
    assert "houses: {}\n" in text
    game.write_text(text.replace("houses: {}\n", "houses: {Nicopolis: [contrarius], Kephallenia: [player1]}\n"))
    r = runner.invoke(app, ["score", str(game), "--goods", "player1:none", "--goods", "player2:none",
                            "--sestertii", "player1:5", "--sestertii", "player2:5"])
    assert r.exit_code == 0, r.output
    (venus,) = [row for row in _row(r.stdout, "Venus")]
    # Contrarius: cards, value, points; player1: cards (not recorded), value, points; player2 likewise
    assert venus[:3] == ["0", "1", "0"], r.stdout
    assert venus[4] == "0" and venus[7] == "0", r.stdout
    # the same value is what --json gives
    r = runner.invoke(app, ["score", str(game), "--json", "--goods", "player1:none", "--goods", "player2:none",
                            "--sestertii", "player1:5", "--sestertii", "player2:5"])
    assert r.exit_code == 0, r.output
    assert re.search(r'"god": "Venus",\s*"cards": 0,\s*"value": 1,\s*"points": 0', r.stdout), r.stdout


def test_solo_score_zero_card_gods_render_by_the_same_rule(tmp_path: Path, runner: CliRunner):
    # Hellas solo, seed 6, you in Kephallenia (Epirvs, wine) and Contrarius in Nicopolis
    # (Epirvs, food). Your cards: one Mercator (Mercurius) only. Jupiter (1 per non-brick city
    # with a house): Kephallenia -> value 1; no Jupiter card -> shown 1, 0 VP (was "-").
    # Minerva: no specialist, nothing to value -> "-"; Vesta without a card likewise "-".
    game = tmp_path / "s.yaml"
    r = runner.invoke(app, ["new", "--board", "hellas", "--seed", "6", "-o", str(game)])
    assert r.exit_code == 0, r.output
    text = game.read_text()
    game.write_text(text.replace("houses: {}\n", "houses: {Nicopolis: [contrarius], Kephallenia: [player]}\n"))
    r = runner.invoke(app, ["score", str(game), "--goods", "none", "--sestertii", "5", "--player-cards", "Mercator"])
    assert r.exit_code == 0, r.output
    (jupiter,) = _row(r.stdout, "Jupiter")
    assert jupiter[3:] == ["0", "1", "0"], r.stdout
    (minerva,) = _row(r.stdout, "Minerva")
    assert minerva[3:] == ["0", "-", "0"], r.stdout
    (vesta,) = _row(r.stdout, "Vesta")
    assert vesta[3:] == ["0", "-", "0"], r.stdout
