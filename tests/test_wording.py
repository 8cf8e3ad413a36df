"""Small wording of the reports (issue 16, point 11): counts agree with their nouns, team
``new`` does not say both "hands not recorded" and "hand recorded as given"."""

from __future__ import annotations

from pathlib import Path

import yaml

from contrarius.cli import app
from contrarius.store.files import load_snapshot

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
