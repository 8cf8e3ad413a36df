"""A snapshot on disk is never lost, never silently replaced: the game identity.

1. A ``.history`` from another game: when the snapshot is in none of its records (a hand
   edit), it is attached after the latest record only if that is the same game (else
   ``undo`` would swap in the other game and ``play -i`` drop this one from the history):
   ``undo``, ``redo`` and ``play -i`` refuse it (exit 3, one line, nothing written)
   unless the latest state is the same game: same board, mode, level, city tokens and start
   city (the keys ``new`` sets and no turn changes; the seed deals the city tokens, and an
   edited seed stays the same game: test_history's hand-edit test).
2. ``-o PATH`` onto an existing file (another game, a plain text file) replaces it only when it holds a snapshot of the same game (the same
   command run again), or with ``--force``; else exit 3, nothing written.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import yaml

from contrarius.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "italia-setup.yaml"


def _new(runner, path: Path, board: str, seed: int) -> Path:
    r = runner.invoke(app, ["new", "--board", board, "--seed", str(seed), "--no-hand", "-o", str(path)])
    assert r.exit_code == 0, r.stderr
    return path


def _play_i(runner, path: Path, card: str = "mercator") -> None:
    r = runner.invoke(app, ["play", card, str(path), "-i"])
    assert r.exit_code == 0, r.stderr


def _pair(runner, tmp_path: Path, board_b: str = "creta", seed_b: int = 2) -> tuple[Path, Path]:
    """a.yaml (italia, seed 1) and b.yaml (``board_b``, ``seed_b``), one turn each, with
    their histories; then b's history copied over a's."""
    a = _new(runner, tmp_path / "a.yaml", "italia", 1)
    b = _new(runner, tmp_path / "b.yaml", board_b, seed_b)
    _play_i(runner, a)
    _play_i(runner, b)
    shutil.copyfile(tmp_path / "b.yaml.history", tmp_path / "a.yaml.history")
    return a, b


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_history_of_another_game_is_refused_by_undo_redo_and_play_i(runner, tmp_path):
    a, _ = _pair(runner, tmp_path)
    before = _files(tmp_path)
    for args in (["undo", str(a)], ["redo", str(a)], ["undo", str(a), "--turns", "2"], ["play", "senator", str(a), "-i"]):
        r = runner.invoke(app, args)
        assert r.exit_code == 3, (args, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1, r.stderr
        assert f"{a}.history belongs to another game (board creta" in lines[0] and "move it away" in lines[0]
        assert "the snapshot is board italia" in lines[0]
        assert _files(tmp_path) == before, args  # nothing written: a.yaml is still italia, both histories intact
    assert yaml.safe_load(a.read_text(encoding="utf-8"))["board"] == "italia"


def test_the_same_board_with_another_seed_is_another_game(runner, tmp_path):
    # two italia games, seeds 1 and 2: the seed dealt other city tokens, so another game
    a, _ = _pair(runner, tmp_path, board_b="italia", seed_b=2)
    before = _files(tmp_path)
    r = runner.invoke(app, ["undo", str(a)])
    assert r.exit_code == 3 and "belongs to another game (board italia, solo, standard, seed 2" in r.stderr
    assert _files(tmp_path) == before


def test_moving_the_foreign_history_away_lets_the_game_go_on(runner, tmp_path):
    a, _ = _pair(runner, tmp_path)
    os.rename(f"{a}.history", f"{a}.history.other")
    _play_i(runner, a, "senator")  # a new history starts with the snapshot as it is
    r = runner.invoke(app, ["undo", str(a)])
    assert r.exit_code == 0, r.stderr
    assert yaml.safe_load(a.read_text(encoding="utf-8"))["board"] == "italia"


def test_a_hand_edit_of_the_same_game_is_still_attached(runner, tmp_path):
    # the snapshot edited by hand (the player's VP corrected) is in no record, but it is the
    # same game: it becomes a new state after the latest position, as before this fix
    a = _new(runner, tmp_path / "a.yaml", "italia", 1)
    _play_i(runner, a)
    after_1 = a.read_text(encoding="utf-8")
    data = yaml.safe_load(after_1)
    data["players"][0]["vp"] += 1
    a.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    r = runner.invoke(app, ["undo", str(a)])
    assert r.exit_code == 0, r.stderr
    assert a.read_text(encoding="utf-8") == after_1  # one step back: the state before the edit


def test_a_legacy_prev_file_of_another_game_is_refused(runner, tmp_path):
    a = _new(runner, tmp_path / "a.yaml", "italia", 1)
    b = _new(runner, tmp_path / "b.yaml", "creta", 2)
    shutil.copyfile(b, tmp_path / "a.yaml.prev")
    before = _files(tmp_path)
    r = runner.invoke(app, ["undo", str(a)])
    assert r.exit_code == 3 and f"{a}.prev belongs to another game (board creta" in r.stderr
    assert _files(tmp_path) == before


def test_o_refuses_another_game_and_a_plain_file(runner, tmp_path):
    # play mercator a.yaml -o c.yaml where c.yaml is a creta game
    a = _new(runner, tmp_path / "a.yaml", "italia", 1)
    c = _new(runner, tmp_path / "c.yaml", "creta", 2)
    other = tmp_path / "other.yaml"
    other.write_text("keep\n", encoding="utf-8")
    before = _files(tmp_path)
    r = runner.invoke(app, ["play", "mercator", str(a), "-o", str(c)])
    assert r.exit_code == 3
    assert r.stderr.strip() == (f"contrarius: {c} already exists and holds another game (board creta, solo, standard, "
                                "seed 2); nothing was written; give another -o path, or --force to replace it")
    r = runner.invoke(app, ["play", "mercator", str(a), "-o", str(other)])
    assert r.exit_code == 3 and "holds a file that is no snapshot" in r.stderr
    assert "Contrarius" not in r.stderr  # refused before the report is printed
    assert _files(tmp_path) == before
    # --force replaces it
    r = runner.invoke(app, ["play", "mercator", str(a), "-o", str(other), "--force"])
    assert r.exit_code == 0, r.stderr
    assert yaml.safe_load(other.read_text(encoding="utf-8"))["board"] == "italia"


def test_o_onto_a_snapshot_of_the_same_game_is_a_rerun(runner, tmp_path):
    a = _new(runner, tmp_path / "a.yaml", "italia", 1)
    nxt = tmp_path / "next.yaml"
    outs = []
    for _ in range(2):
        r = runner.invoke(app, ["play", "mercator", str(a), "-o", str(nxt)])
        assert r.exit_code == 0, r.stderr
        outs.append(nxt.read_text(encoding="utf-8"))
    assert outs[0] == outs[1]  # the same command twice: the same snapshot
    # another card of the same game onto the same file: the same game, allowed
    r = runner.invoke(app, ["play", "senator", str(a), "-o", str(nxt)])
    assert r.exit_code == 0, r.stderr
    assert yaml.safe_load(nxt.read_text(encoding="utf-8"))["log"][-1]["card"] == "Senator"


def test_o_onto_the_input_still_acts_as_i(runner, tmp_path):
    a = _new(runner, tmp_path / "a.yaml", "italia", 1)
    start = a.read_text(encoding="utf-8")
    r = runner.invoke(app, ["play", "mercator", str(a), "-o", str(a)])
    assert r.exit_code == 0, r.stderr
    r = runner.invoke(app, ["undo", str(a)])
    assert r.exit_code == 0, r.stderr
    assert a.read_text(encoding="utf-8") == start


def test_reveal_o_refuses_another_game(runner, tmp_path):
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["display"][6] = "?"
    data["stack"] = {"remaining": 7}
    g = tmp_path / "g.yaml"
    g.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    c = _new(runner, tmp_path / "c.yaml", "creta", 2)
    before = _files(tmp_path)
    r = runner.invoke(app, ["reveal", str(g), "7=Consul", "-o", str(c)])
    assert r.exit_code == 3 and "holds another game (board creta" in r.stderr
    assert _files(tmp_path) == before
    out = tmp_path / "out.yaml"
    for _ in range(2):  # run twice: the second run replaces a snapshot of the same game
        r = runner.invoke(app, ["reveal", str(g), "7=Consul", "-o", str(out)])
        assert r.exit_code == 0, r.stderr
    assert yaml.safe_load(out.read_text(encoding="utf-8"))["display"][6] == "Consul"
    r = runner.invoke(app, ["reveal", str(g), "7=Consul", "-o", str(c), "--force"])
    assert r.exit_code == 0, r.stderr


def test_readme_first_command_runs_twice(runner, tmp_path, monkeypatch):
    # README's first command: 'contrarius play mercator --die wine examples/italia-setup.yaml -o next.yaml'
    monkeypatch.chdir(tmp_path)
    for _ in range(2):
        r = runner.invoke(app, ["play", "mercator", "--die", "wine", str(EXAMPLE), "-o", "next.yaml"])
        assert r.exit_code == 0, r.stderr
    assert yaml.safe_load((tmp_path / "next.yaml").read_text(encoding="utf-8"))["board"] == "italia"
