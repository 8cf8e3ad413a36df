"""The game record (``contrarius log``), ``show``'s hand, and reports in pipes.

Game: ``examples/italia-setup.yaml`` (Italia). Turn 1: Mercator with the black die on wine
-> Contrarius builds in Ancona (see tests/test_play_cli.py for the hand-worked ruling).
Turn 2: Prefect in Campania, where nobody has a house: Contrarius scores 1 VP ("Solo
Personality Cards", Prefect: 1 VP per house in the province, at least 1).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from contrarius.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "italia-setup.yaml"


def _two_turns(runner, tmp_path) -> Path:
    g = tmp_path / "g.yaml"
    g.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert runner.invoke(app, ["play", "mercator", str(g), "-i", "--die", "wine"]).exit_code == 0
    r = runner.invoke(app, ["play", "prefect", str(g), "-i", "--produce", "Campania"])
    assert r.exit_code == 0, r.stderr
    return g


def test_log_table(runner, tmp_path):
    g = _two_turns(runner, tmp_path)
    r = runner.invoke(app, ["log", str(g)])
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    assert "2 turns" in out
    row1 = next(line for line in out.splitlines() if "Mercator" in line)
    assert "black wine" in row1 and "builds in Ancona (Vmbria, wine)" in row1 and "0->0" in row1
    row2 = next(line for line in out.splitlines() if "Prefect" in line and "Campania" in line)
    assert "produce Campania" in row2 and "0->1" in row2


def test_log_json(runner, tmp_path):
    g = _two_turns(runner, tmp_path)
    r = runner.invoke(app, ["log", str(g), "--json"])
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    turns = data["turns"]
    assert [t["turn"] for t in turns] == [1, 2]
    assert [t["card"] for t in turns] == ["Mercator", "Prefect"]
    assert turns[0]["dice"] == "black wine"
    assert turns[0]["record"]["dice"] == [{"die": "mercator", "face": "wine", "source": "table"}]
    assert (turns[1]["vp_before"], turns[1]["vp_after"]) == (0, 1)
    assert turns[1]["action"] == "produce Campania"


def test_log_marks_rolled_dice(runner, tmp_path):
    g = tmp_path / "g.yaml"
    g.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert runner.invoke(app, ["play", "mercator", str(g), "-i"]).exit_code == 0  # seeded: contrarius rolls
    r = runner.invoke(app, ["log", str(g), "--json"])
    assert json.loads(r.stdout)["turns"][0]["dice"].endswith("(rolled)")


def test_log_of_a_new_game(runner):
    r = runner.invoke(app, ["log", str(EXAMPLE)])
    assert r.exit_code == 0 and "No turn played yet" in r.stdout


def test_show_lists_the_hand_and_the_played_pile(runner, tmp_path):
    # the solo starting hand (README, known data gaps): after a Mercator, it is no longer in the hand
    g = _two_turns(runner, tmp_path)
    r = runner.invoke(app, ["show", str(g)])
    assert r.exit_code == 0, r.stderr
    hand = next(line for line in r.stdout.splitlines() if line.startswith("your hand"))
    assert "Mercator" not in hand and "Architect" in hand
    played = next(line for line in r.stdout.splitlines() if line.startswith("played"))
    assert "Mercator" in played and "Prefect" in played


def test_reports_in_a_pipe_are_not_hard_wrapped(tmp_path):
    # stdout is a pipe: the whole reason of the ruling stays on one line, even at COLUMNS=60
    env = {**os.environ, "COLUMNS": "60", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "contrarius", "where", "food", str(ROOT / "examples" / "rulebook-where-example.yaml")],
                         capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode == 0, run.stderr
    assert any("ruled out: Bavzanvm - step 1 (reach, no house of its own): out of reach: 5 steps to a free line next to it, Contrarius has 2"
               in line for line in run.stdout.splitlines())


def _at_80(render, *args) -> str:
    """What a terminal 80 columns wide shows of ``render(*args, console)``."""
    import io

    from rich.console import Console

    buf = io.StringIO()
    render(*args, Console(file=buf, width=80, highlight=False, soft_wrap=False, color_system=None))
    return buf.getvalue()


def test_show_at_80_columns_cuts_no_line_label(tmp_path):
    # the colonists' places are what --move needs typed: each stays whole (no '…', not folded)
    from contrarius.cli.commands.game import render_show
    from contrarius.store.snapshot_text import load_snapshot

    snap = load_snapshot(str(ROOT / "examples" / "imperium-expert-midgame.yaml"))
    out = _at_80(render_show, snap)
    assert "…" not in out and all(len(line) <= 80 for line in out.splitlines())
    for col in snap.colonists:
        assert col.where in out, col.where  # Olisipo-Valentia, Antiochia-Attalia, Roma


def test_team_score_at_80_columns_names_every_god():
    from contrarius.cli.commands.score import render_score
    from contrarius.rules.scoring import score
    from contrarius.rules.game import new_game
    from contrarius.rules.setup import SetupOptions

    snap, _ = new_game(SetupOptions(board="italia", mode="team", seed=3))
    out = _at_80(render_score, score(snap), None)
    assert "…" not in out
    for god in ("Vesta", "Jupiter", "Saturnus", "Mercurius", "Mars", "Minerva", "Concordia card"):
        assert god in out


def test_preview_summary_fits_a_screen_at_80_columns():
    from contrarius.cli.commands.preview import render_summary
    from contrarius.rules.preview import summary
    from contrarius.store.snapshot_text import load_snapshot

    sm = summary(load_snapshot(str(EXAMPLE)))
    out = _at_80(render_summary, sm)
    assert "…" not in out and len(out.splitlines()) <= 45  # was 117 lines
    full = _at_80(lambda s, con: render_summary(s, con, full=True), sm)
    assert len(full.splitlines()) > len(out.splitlines())


def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r


def _actions(runner, path: Path) -> list[str]:
    return [t["action"] for t in json.loads(_ok(runner.invoke(app, ["log", str(path), "--json"])).stdout)["turns"]]


# ----- the log's action text--- -----------------------------------------------------------------
def test_log_says_a_colonists_place_once(runner, tmp_path):
    """A Colonist's action is recorded as choice 'place' and the places; the log read
    "place; place land:Elevtherna" (the choice and the list, both). Now as the command:
    'copy Colonist; place land:Elevtherna' (Creta: the Diplomat copies Contrarius's face-up
    Colonist and places a land colonist in Elevtherna, where the player has a house)."""
    g = tmp_path / "g.yaml"
    _ok(runner.invoke(app, ["new", "--board", "creta", "--seed", "8", "-o", str(g)]))
    _ok(runner.invoke(app, ["play", "arch", str(g), "-i", "--move", "land:Knossos:Elevtherna-Knossos", "--build", "Elevtherna", "--die", "1"]))
    _ok(runner.invoke(app, ["play", "diplomat", str(g), "-i", "--copy", "colonist", "--place", "land:Elevtherna", "--die", "red=land"]))
    assert _actions(runner, g) == ["move land Knossos -> Elevtherna-Knossos; build Elevtherna", "copy Colonist; place land:Elevtherna"]


def test_log_texts_of_colonist_and_prefect_choices_in_team_play(runner, tmp_path):
    """Team play at a table (Italia, every colonist in Roma; the display as dealt; the hands
    are not recorded, so any card): a Colonist placing for both players (red die: land),
    then one taking money for both (player2's turn), then a Prefect; the choice word is
    said once for each player ('money', 'reactivate' stay: no list says them)."""
    t = tmp_path / "t.yaml"
    _ok(runner.invoke(app, ["new", "--board", "italia", "--mode", "team", "--seed", "3",
                            "--display", "Mercator,Mason,Prefect,Colonist,Farmer,Architect,Consul", "-o", str(t)]))
    _ok(runner.invoke(app, ["play", "colonist", str(t), "-i", "--place", "land:Roma", "--partner-place", "sea:Roma", "--die", "red=land"]))
    _ok(runner.invoke(app, ["play", "colonist", str(t), "-i", "--money", "--partner-money"]))
    _ok(runner.invoke(app, ["play", "prefect", str(t), "-i", "--produce", "Campania", "--partner-reactivate"]))
    assert _actions(runner, t) == ["place land:Roma; player2: place sea:Roma", "money; player1: money",
                                   "produce Campania; player2: reactivate"]
