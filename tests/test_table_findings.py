"""Findings of a tester at the table (fixmisc): a lost turn, exit codes, the partner's move
shorthand, README's Gallia account, and report wording (terminal hint, log, fish tiles).

Tables used:
- ``examples/italia-setup.yaml`` with display positions 6 and 7 not recorded (``?``), as in
  tests/test_reveal.py: display Mercator, Mason, Prefect, Colonist, Farmer, ?, ?.
- ``new --board italia --seed 11 --fish-market`` (README's fish market example).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from contrarius.cli import app
from contrarius.store.files import history, load_snapshot
from test_reveal import _unknown  # italia-setup with display positions 6 and 7 shown as ?

ROOT = Path(__file__).resolve().parent.parent


def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r


# ----- 1. no turn lost to a command that plays no turn ---------------------------------------
def test_reveal_in_place_after_undo_keeps_the_undone_turn(runner, tmp_path):
    # The tester's sequence: an Architect turn with -i, undo, reveal -i, redo. The Architect
    # turn used to be dropped by the reveal (redo: "nothing to redo"), with no warning.
    g = _unknown(tmp_path)
    _ok(runner.invoke(app, ["play", "architect", str(g), "-i", "--die", "3", "--move", "land:Roma>Casinvm", "--build", "Casinvm"]))
    after_turn = g.read_text(encoding="utf-8")
    r = _ok(runner.invoke(app, ["undo", str(g)]))
    assert "(0 more can be undone, 1 can be redone)" in r.stderr
    before = (g.read_bytes(), Path(str(g) + ".history").read_bytes())
    r = runner.invoke(app, ["reveal", str(g), "6=Consul", "-i"])
    # refused (exit 3: the history's state, README "Exit codes"), one line, with the way out
    assert r.exit_code == 3, r.stderr
    assert r.stderr.count("\n") == 1
    assert "1 step undone" in r.stderr and f"contrarius redo {g}" in r.stderr and "--reveal 6=Consul" in r.stderr
    assert (g.read_bytes(), Path(str(g) + ".history").read_bytes()) == before
    # the Architect turn is still there
    _ok(runner.invoke(app, ["redo", str(g)]))
    assert g.read_text(encoding="utf-8") == after_turn
    # with nothing waiting for redo the reveal is written as before: the card at position 6
    # slid to 5 when Contrarius took the Prefect from position 3
    r = _ok(runner.invoke(app, ["reveal", str(g), "5=Consul", "-i"]))
    assert load_snapshot(str(g)).display[4] == "Consul"
    assert len(load_snapshot(str(g)).log) == 1
    # -o elsewhere drops nothing, so it is not refused either
    _ok(runner.invoke(app, ["undo", str(g), "--turns", "2"]))
    _ok(runner.invoke(app, ["reveal", str(g), "6=Consul", "-o", str(tmp_path / "other.yaml")]))
    assert history(str(g))[1] == 0 and len(history(str(g))[0]) == 3


def _virtual(tmp_path: Path, runner) -> Path:
    """A virtual solo italia game, seed 8, no hand recorded (any card may be played)."""
    g = tmp_path / "g.yaml"
    _ok(runner.invoke(app, ["new", "--board", "italia", "--seed", "8", "--no-hand", "-o", str(g)]))
    return g


def test_a_new_turn_after_undo_says_it_drops_the_undone_turns(runner, tmp_path):
    g = _virtual(tmp_path, runner)
    for _ in range(2):
        _ok(runner.invoke(app, ["play", "mercator", str(g), "-i"]))
    r = _ok(runner.invoke(app, ["play", "mercator", str(g), "-i"]))
    assert "can no longer be redone" not in r.stderr  # nothing was undone
    _ok(runner.invoke(app, ["undo", str(g), "--turns", "2"]))
    r = _ok(runner.invoke(app, ["play", "senator", str(g), "-i"]))
    assert f"{g}: the 2 steps undone before this turn can no longer be redone" in r.stderr
    r = runner.invoke(app, ["redo", str(g)])
    assert r.exit_code == 3 and "nothing to redo" in r.stderr


def test_new_force_over_a_game_keeps_it_in_the_history_and_says_so(runner, tmp_path):
    g = _virtual(tmp_path, runner)
    for _ in range(2):
        _ok(runner.invoke(app, ["play", "mercator", str(g), "-i"]))
    _ok(runner.invoke(app, ["undo", str(g)]))
    old_game = g.read_text(encoding="utf-8")
    r = _ok(runner.invoke(app, ["new", "--board", "italia", "--seed", "3", "-o", str(g), "--force"]))
    assert f"'contrarius undo {g}' brings it back; the 1 step undone there can no longer be redone" in r.stderr
    assert len(load_snapshot(str(g)).log) == 0
    _ok(runner.invoke(app, ["undo", str(g)]))
    assert g.read_text(encoding="utf-8") == old_game
    # a new file (no history) gets no such note
    r = _ok(runner.invoke(app, ["new", "--board", "italia", "--seed", "3", "-o", str(tmp_path / "fresh.yaml")]))
    assert "history" not in r.stderr


# ----- 2. a missing option the card needs is a usage error (2), not a rule error (4) -----------
def test_missing_forum_and_missing_produce_are_both_exit_2(runner, tmp_path):
    salsa = tmp_path / "salsa.yaml"
    _ok(runner.invoke(app, ["new", "--board", "italia", "--seed", "11", "--salsa", "--forum-card", "Annaeus Arcadius",
                            "--forum-row", "Mamilius,Julius,Donatus Pompeius,Lucius Flavius", "-o", str(salsa)]))
    before = salsa.read_bytes()
    r = runner.invoke(app, ["play", "tribune", str(salsa), "-i", "--die", "red=land"])
    assert r.exit_code == 2 and "add --forum NAME" in r.stderr
    r = runner.invoke(app, ["play", "prefect", str(salsa), "-i"])
    assert r.exit_code == 2 and "--produce" in r.stderr
    assert salsa.read_bytes() == before


# ----- 3. the partner's moves take the shorthand too ------------------------------------------
def test_partner_move_shorthand_and_its_messages(runner, tmp_path):
    # Italia, team game: every colonist starts in Roma. Land lines from Roma: Roma-Casinvm,
    # Roma-Cosa, Roma-Spoletvm (tests/test_variants.py's table), so "land:Roma>Cosa" is the
    # one-step move Roma -> Cosa-Roma; for player2 (the partner of player1) as for player1.
    t = tmp_path / "t.yaml"
    _ok(runner.invoke(app, ["new", "--board", "italia", "--mode", "team", "--seed", "3", "-o", str(t)]))
    r = _ok(runner.invoke(app, ["play", "architect", str(t), "-o", str(tmp_path / "t1.yaml"), "--move", "land:Roma>Casinvm",
                                "--build", "Casinvm", "--partner-move", "land:Roma>Cosa", "--partner-build", "Cosa",
                                "--reveal", "5=Consul", "--die", "5"]))
    assert "player2's land colonist moves Roma -> Cosa-Roma (1 step)" in r.stderr
    assert "player1's land colonist moves Roma -> Casinvm-Roma (1 step)" in r.stderr
    t1 = load_snapshot(str(tmp_path / "t1.yaml"))
    assert t1.houses["Cosa"] == ["player2"] and t1.houses["Casinvm"] == ["player1"]
    # a bad partner shorthand names --partner-move and the partner, not --move and "you"
    r = runner.invoke(app, ["play", "architect", str(t), "-o", str(tmp_path / "t2.yaml"), "--move", "land:Roma>Casinvm",
                            "--partner-move", "land:Cosa>Roma", "--reveal", "5=Consul", "--die", "5"])
    assert r.exit_code == 2
    assert "--partner-move land:Cosa>Roma: player2 has no land colonist at Cosa; theirs stand at Roma" in r.stderr
    # the log shows the partner's part too, moves as "KIND FROM -> TO"
    r = _ok(runner.invoke(app, ["log", str(tmp_path / "t1.yaml"), "--json"]))
    import json

    action = json.loads(r.stdout)["turns"][0]["action"]
    assert action == "move land Roma -> Casinvm-Roma; build Casinvm; player2: move land Roma -> Cosa-Roma; build Cosa"


# ----- 4. README: one account of Gallia ----------------------------------------------------------
def test_readme_gallia_sections_agree_and_the_variant_is_solo_only(runner, tmp_path):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "are not applied here" not in text
    board_part = text[text.index("- **Gallia**: the starting sea colonists"):text.index("- **Aegyptus**: the Nile")]
    assert "A solo game on this board also plays the Gallia solo" in board_part
    # what the text says: solo games on gallia get the variant, team games do not
    for mode, has in (("solo", True), ("team", False)):
        path = tmp_path / f"{mode}.yaml"
        _ok(runner.invoke(app, ["new", "--board", "gallia", "--mode", mode, "--seed", "2", "-o", str(path)]))
        assert bool(load_snapshot(str(path)).variants.gallia) is has


# ----- 5. wording --------------------------------------------------------------------------------
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
