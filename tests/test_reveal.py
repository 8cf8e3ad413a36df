"""Naming display cards shown as ``?``.

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
from contrarius.store.snapshot_text import load_snapshot

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


def _new_italia(runner, path, *args: str) -> None:
    """``new --board italia --seed 1`` with ``args``, written to ``path``."""
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", *args, "-o", str(path)])
    assert r.exit_code == 0, r.output


# ----- a Senator's two buys slide the display once ------------------------------------
def test_two_buys_with_unrecorded_stack_cards_name_their_final_positions(tmp_path, runner):
    # Italia seed 1, a table game (--display as dealt: the stack is not recorded, so the cards
    # drawn are ?). The Senator buys positions 2 and 5 (base rules: "up to two cards";
    # "Afterwards cards slide left into empty positions and the display refills"): 5 cards
    # slide left, the two drawn lie in positions 6 and 7 - each printed once, with the
    # --reveal position it really has (before, the first was said to lie in position 7).
    game = tmp_path / "t.yaml"
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "1", "--display",
                            "Mercator,Mason,Prefect,Colonist,Farmer,Architect,Diplomat", "-o", str(game)])
    assert r.exit_code == 0, r.output
    out = tmp_path / "o.yaml"
    r = runner.invoke(app, ["play", "senator", str(game), "--buy", "2", "--buy", "5", "--die", "white=wine", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = " ".join(r.stderr.replace("│", " ").split())
    assert text.count("slides left") == 1
    assert "--reveal 6=CARD" in text and "--reveal 7=CARD" in text
    import yaml

    display = yaml.safe_load(out.read_text(encoding="utf-8"))["display"]
    # dealt display after setup (Contrarius took Mason as its sixth card; the refill is ?):
    # Mercator, Prefect, Colonist, Farmer, Architect, Diplomat, ?; positions 2 (Prefect) and
    # 5 (Architect) bought: Mercator, Colonist, Farmer, Diplomat, ? slide left, two ? drawn
    assert display == ["Mercator", "Colonist", "Farmer", "Diplomat", "?", "?", "?"]
