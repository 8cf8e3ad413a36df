"""Naming display cards shown as ``?`` (issue 16, point 2).

Table: ``examples/italia-setup.yaml`` (display Mercator, Mason, Prefect, Colonist, Farmer,
Architect, Diplomat) with positions 6 and 7 not recorded (``?``) and the stack's order not
known. A Prefect takes no card ("Solo Personality Cards": Prefect: VP only), so a reveal is
not needed by the reaction, yet it is recorded. An Architect with the blue die on 3 takes
the Prefect; the display slides left and the card drawn into position 7 is unknown.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from contrarius.cli import app
from contrarius.store.files import load_snapshot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "italia-setup.yaml"


def _unknown(tmp_path) -> Path:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["display"][5] = "?"
    data["display"][6] = "?"
    data["stack"] = {"remaining": 7}
    g = tmp_path / "g.yaml"
    g.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return g


def test_a_reveal_is_applied_when_the_reaction_does_not_need_it(runner, tmp_path):
    g = _unknown(tmp_path)
    r = runner.invoke(app, ["play", "prefect", str(g), "-i", "--produce", "Campania", "--reveal", "7=Consul"])
    assert r.exit_code == 0, r.stderr
    assert "display position 7 is Consul" in r.stderr
    assert load_snapshot(str(g)).display[5:] == ["?", "Consul"]


def test_several_reveals_in_one_command(runner, tmp_path):
    g = _unknown(tmp_path)
    r = runner.invoke(app, ["play", "prefect", str(g), "-i", "--produce", "Campania", "--reveal", "6=Weaver,7=cons"])
    assert r.exit_code == 0, r.stderr
    assert load_snapshot(str(g)).display[5:] == ["Weaver", "Consul"]


def test_a_drawn_unknown_card_says_how_to_name_it(runner, tmp_path):
    g = _unknown(tmp_path)
    r = runner.invoke(app, ["play", "architect", str(g), "-i", "--die", "3"])
    assert r.exit_code == 0, r.stderr
    assert "Contrarius takes Prefect from display position 3" in r.stderr
    assert "--reveal 7=CARD on your next command, or 'contrarius reveal SNAPSHOT 7=CARD -i'" in r.stderr
    # the display slid left: Colonist, Farmer, ?, ? and the new ?
    assert load_snapshot(str(g)).display == ["Mercator", "Mason", "Colonist", "Farmer", "?", "?", "?"]
    r = runner.invoke(app, ["reveal", str(g), "5=Smith", "7=Vintner", "-i"])
    assert r.exit_code == 0, r.stderr
    assert "display position 5 is Smith" in r.stderr and "display position 7 is Vintner" in r.stderr
    assert load_snapshot(str(g)).display[4:] == ["Smith", "?", "Vintner"]
    assert len(load_snapshot(str(g)).log) == 1  # naming cards plays no turn


def test_reveal_refuses_a_known_position(runner, tmp_path):
    g = _unknown(tmp_path)
    before = g.read_bytes()
    r = runner.invoke(app, ["reveal", str(g), "1=Consul", "-i"])
    assert r.exit_code == 2 and "position 1 shows Mercator, not ?" in r.stderr
    assert g.read_bytes() == before
