"""Small wording of the reports: counts agree with their nouns, team
``new`` does not say both "hands not recorded" and "hand recorded as given"."""

from __future__ import annotations

from pathlib import Path

import yaml

from contrarius.cli import app
from contrarius.store.snapshot_text import load_snapshot
import os
import subprocess
import sys
from test_reveal import _unknown  # italia-setup with display positions 6 and 7 shown as ?

ROOT = Path(__file__).resolve().parent.parent


def test_one_card_left_is_singular(runner, tmp_path):
    # a display holding one card and an empty stack: "1 card left", never "1 cards left"
    data = yaml.safe_load((ROOT / "examples" / "italia-setup.yaml").read_text(encoding="utf-8"))
    data["display"] = ["Mercator", None, None, None, None, None, None]
    data["stack"] = {"remaining": 0, "order": []}
    g = tmp_path / "g.yaml"
    g.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    r = runner.invoke(app, ["show", str(g)])
    assert r.exit_code == 0, r.stdout + r.stderr
    assert "1 card left" in r.stdout and "1 cards" not in r.stdout


def test_team_reactivation_of_one_marker(runner, tmp_path):
    # "Prefect" (base rules): reactivating turns every coin marker back; here one shows coins
    t = tmp_path / "t.yaml"
    assert runner.invoke(app, ["new", "--board", "italia", "--mode", "team", "--seed", "3", "-o", str(t)]).exit_code == 0
    data = yaml.safe_load(t.read_text(encoding="utf-8"))
    data["bonus_markers"]["Venetia"] = "coins"
    t.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    r = runner.invoke(app, ["play", "prefect", str(t), "--reactivate", "--partner-reactivate", "-o", str(tmp_path / "n.yaml")])
    assert r.exit_code == 0, r.stderr
    assert "player1 reactivates: 1 bonus marker turns back to goods and player1 receives 1 sestertius" in r.stderr
    assert "0 bonus markers turn back" in r.stderr


def test_team_new_with_hands_given(runner, tmp_path):
    t = tmp_path / "t.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--mode", "team", "--seed", "3", "--hand", "player1=pref,arch",
                            "-o", str(t)])
    assert r.exit_code == 0, r.stderr
    assert "player1's hand recorded as given" in r.stderr
    assert "player2's hand not recorded" in r.stderr and "hands not recorded" not in r.stderr
    assert [c.name for c in load_snapshot(str(t)).player("player1").hand] == ["Prefect", "Architect"]
    r = runner.invoke(app, ["new", "--board", "italia", "--mode", "team", "--seed", "3", "--hand", "player1=Prefect",
                            "--hand", "player2=Architect", "-o", str(tmp_path / "u.yaml")])
    assert r.exit_code == 0, r.stderr
    assert "not recorded" not in r.stderr




def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r

# ----- wording -----------------------------------------------------------------------------------
def test_the_terminal_refusal_names_each_way_once(tmp_path):
    import pty

    g = _unknown(tmp_path)
    for args in (["play", "prefect", str(g), "--produce", "Campania"], ["new", "--board", "italia"]):
        master, slave = pty.openpty()
        proc = subprocess.run([sys.executable, "-m", "contrarius", *args], stdout=slave, stderr=subprocess.PIPE,
                              text=True, cwd=ROOT, timeout=60)
        os.close(slave)
        os.close(master)
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.count("-o PATH") == 1 and proc.stderr.count("-o -") == 1, proc.stderr


def test_log_writes_moves_without_the_shorthand_arrow(runner, tmp_path):
    g = _unknown(tmp_path)
    _ok(runner.invoke(app, ["play", "architect", str(g), "-i", "--die", "3", "--move", "land:Roma>Casinvm", "--build", "Casinvm"]))
    r = _ok(runner.invoke(app, ["log", str(g)]))
    assert "move land Roma -> Casinvm-Roma; build Casinvm" in r.stdout
    assert ">Casinvm-Roma" not in r.stdout


def test_third_player_log_shows_the_vetoed_roll(runner, tmp_path):
    p = tmp_path / "p.yaml"
    _ok(runner.invoke(app, ["new", "--board", "italia", "--mode", "third-player", "--seed", "4", "-o", str(p)]))
    _ok(runner.invoke(app, ["play", "senator", str(p), "-i"]))
    _ok(runner.invoke(app, ["play", "mercator", str(p), "-i", "--veto", "player2"]))
    veto = load_snapshot(str(p)).log[-1]["veto"]
    assert veto["die"] == "mercator" and veto["player"] == "player2"
    r = _ok(runner.invoke(app, ["log", str(p), "--json"]))
    import json

    dice = json.loads(r.stdout)["turns"][-1]["dice"]
    # the black die's first result and the re-rolled one, in that order
    assert dice == f"black {veto['vetoed']}, vetoed by player2 -> black {veto['face']} (rolled)"


def test_fish_market_reports_say_what_happens_to_the_fish_tile(runner, tmp_path):
    # README's fish market game: the black die on cloth makes Contrarius build in Aleria
    # (Corsica); Corsica produces ("If Contrarius lets a province produce as a reaction to your
    # Mercator, it also takes the bonus good fish"): no bonus marker lies there but a fish
    # tile, turned over as the marker would be (README reading "Fish market").
    f = tmp_path / "fish.yaml"
    _ok(runner.invoke(app, ["new", "--board", "italia", "--seed", "11", "--fish-market", "-o", str(f)]))
    # preview words it as play does
    r = _ok(runner.invoke(app, ["preview", "mercator", str(f)]))
    assert "Corsica produces" in r.stdout and "its fish tile is turned over" in r.stdout
    assert "its bonus marker turns to coins" not in r.stdout
    r = _ok(runner.invoke(app, ["play", "mercator", str(f), "-i", "--die", "black=cloth"]))
    assert "Corsica produces" in r.stderr and "bonus marker turns to coins" not in r.stderr.replace("as a bonus marker turns", "")
    assert "its fish tile is turned over, as a bonus marker turns to coins (fish market reading)" in r.stderr
    assert load_snapshot(str(f)).bonus_markers["Corsica"] == "coins"
    r = _ok(runner.invoke(app, ["play", "prefect", str(f), "-i", "--produce", "Campania"]))
    assert "bonus 1 fish (fish market: the fish tile there gives it and is turned over" in r.stderr
