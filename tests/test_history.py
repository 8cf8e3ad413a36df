"""The undo history: undo/redo any number of turns, no way to
lose a turn, a SIGKILL at any moment leaves the old pair (snapshot, history) or the new one,
concurrent writers never lose a turn silently, ``-o`` onto the input is ``-i``, a terminal
gets no YAML.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contrarius.cli import app
from contrarius.errors import InputFileError
from contrarius.store.history import history, redo, undo
from test_reveal import _unknown  # italia-setup with display positions 6 and 7 shown as ?
from contrarius.store.snapshot_text import load_snapshot

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable


def fresh(tmp_path: Path, runner: CliRunner, name: str = "g.yaml") -> Path:
    """A solo italia game with no hand recorded (any card may be played), seed 8."""
    path = tmp_path / name
    r = runner.invoke(app, ["new", "--board", "italia", "--seed", "8", "--no-hand", "-o", str(path)])
    assert r.exit_code == 0, r.stderr
    return path


def play_i(runner: CliRunner, path: Path, card: str = "mercator") -> None:
    r = runner.invoke(app, ["play", card, str(path), "-i"])
    assert r.exit_code == 0, r.stderr


def test_ten_turns_undo_4_redo_2_undo_1(runner, tmp_path):
    # every state is compared with the snapshot saved after each turn
    path = fresh(tmp_path, runner)
    saved = [path.read_text(encoding="utf-8")]  # saved[n]: after n turns
    for _ in range(10):
        play_i(runner, path)
        saved.append(path.read_text(encoding="utf-8"))
    assert len(set(saved)) == 11
    r = runner.invoke(app, ["undo", str(path), "--turns", "4"])
    assert r.exit_code == 0, r.stderr
    assert path.read_text(encoding="utf-8") == saved[6]
    assert "undid 4 steps" in r.stderr and "after 6 turns" in r.stderr
    r = runner.invoke(app, ["redo", str(path), "--turns", "2"])
    assert r.exit_code == 0, r.stderr
    assert path.read_text(encoding="utf-8") == saved[8]
    r = runner.invoke(app, ["undo", str(path)])
    assert r.exit_code == 0, r.stderr
    assert path.read_text(encoding="utf-8") == saved[7]
    # the whole timeline is still there: back to the start, forward to the end
    assert history(str(path)) == (saved, 7)
    undo(str(path), 7)
    assert path.read_text(encoding="utf-8") == saved[0]
    redo(str(path), 10)
    assert path.read_text(encoding="utf-8") == saved[10]
    # more than there is: refused, nothing changed
    r = runner.invoke(app, ["redo", str(path)])
    assert r.exit_code == 3 and "nothing to redo" in r.stderr
    r = runner.invoke(app, ["undo", str(path), "--turns", "11"])
    assert r.exit_code == 3 and "only 10 steps can be undone" in r.stderr
    assert path.read_text(encoding="utf-8") == saved[10]


def test_a_turn_after_an_undo_drops_the_undone_turns_only(runner, tmp_path):
    path = fresh(tmp_path, runner)
    saved = [path.read_text(encoding="utf-8")]
    for _ in range(3):
        play_i(runner, path)
        saved.append(path.read_text(encoding="utf-8"))
    undo(str(path), 2)
    play_i(runner, path, "senator")
    states, at = history(str(path))
    assert states[:2] == saved[:2] and at == 2 and len(states) == 3
    assert "Senator" in states[2]


def test_output_onto_the_input_file_is_in_place(runner, tmp_path):
    # -o onto the input is -i: the turn is kept to undo
    path = fresh(tmp_path, runner)
    before = path.read_text(encoding="utf-8")
    os.chdir(tmp_path)
    r = runner.invoke(app, ["play", "mercator", str(path), "-o", "./g.yaml"])
    assert r.exit_code == 0, r.stderr
    assert r.stdout == ""  # the snapshot went to the file, not to stdout
    after = path.read_text(encoding="utf-8")
    assert history(str(path)) == ([before, after], 1)
    assert runner.invoke(app, ["undo", str(path)]).exit_code == 0
    assert path.read_text(encoding="utf-8") == before
    # -i together with -o naming the same file is no contradiction
    r = runner.invoke(app, ["play", "mercator", str(path), "-i", "-o", str(path)])
    assert r.exit_code == 0, r.stderr


def test_corrupt_histories_are_refused_not_installed(runner, tmp_path):
    path = fresh(tmp_path, runner)
    play_i(runner, path)
    now = path.read_bytes()
    hist = tmp_path / "g.yaml.history"
    good = json.loads(hist.read_text(encoding="utf-8"))

    def damaged(data) -> None:
        hist.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        r = runner.invoke(app, ["undo", str(path)])
        assert r.exit_code == 3, r.stderr
        assert r.stderr.startswith("contrarius: ") and r.stderr.count("\n") == 1
        assert path.read_bytes() == now

    damaged("{not json")
    damaged(good | {"format": "something else"})
    # a state whose text does not match its hash (edited or truncated)
    key = next(k for k in good["states"] if good["states"][k] != now.decode())
    damaged(good | {"states": {**good["states"], key: good["states"][key][:40]}})
    # a state whose hash matches but which is no snapshot
    import hashlib

    bad = "format: 1\nboard: nowhere\n"
    h = hashlib.sha256(bad.encode()).hexdigest()
    rec = good["records"][0]
    damaged({**good, "states": {**good["states"], h: bad},
             "records": [{**rec, "timeline": [h, *rec["timeline"][1:]]}]})
    # the legacy PATH.prev of earlier versions: checked the same way
    hist.unlink()
    (tmp_path / "g.yaml.prev").write_text("format: 1\nboard: [\n", encoding="utf-8")
    r = runner.invoke(app, ["undo", str(path)])
    assert r.exit_code == 3 and path.read_bytes() == now


def test_a_legacy_prev_file_is_one_step_back(runner, tmp_path):
    path = fresh(tmp_path, runner)
    first = path.read_text(encoding="utf-8")
    r = runner.invoke(app, ["play", "mercator", str(path)])
    path.write_text(r.stdout, encoding="utf-8")
    (tmp_path / "g.yaml.prev").write_text(first, encoding="utf-8")
    assert runner.invoke(app, ["undo", str(path)]).exit_code == 0
    assert path.read_text(encoding="utf-8") == first


def test_a_hand_edited_snapshot_becomes_a_state_of_its_own(runner, tmp_path):
    path = fresh(tmp_path, runner)
    play_i(runner, path)
    played = path.read_text(encoding="utf-8")
    edited = played.replace("seed: 8", "seed: 9")
    path.write_text(edited, encoding="utf-8")
    play_i(runner, path)
    undo(str(path))
    assert path.read_text(encoding="utf-8") == edited
    undo(str(path))
    assert path.read_text(encoding="utf-8") == played


def test_undo_on_a_read_only_file_a_folder_or_a_long_name(runner, tmp_path):
    for arg in (".", "/", "x" * 300, str(tmp_path / "missing.yaml")):
        r = runner.invoke(app, ["undo", arg])
        assert r.exit_code == 3 and r.stderr.count("\n") == 1, (arg, r.stderr)
    with pytest.raises(InputFileError, match="folder"):
        undo(str(tmp_path))


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to switch to the nobody user")
def test_in_place_on_a_read_only_file_is_refused():
    # as a normal user: root may write any file (os.access says so), a normal user may not
    import tempfile

    runner = CliRunner()
    tmp_path = Path(tempfile.mkdtemp())  # pytest's own folders are closed to other users
    tmp_path.chmod(0o755)
    path = fresh(tmp_path, runner)
    shutil.chown(tmp_path, "nobody")
    shutil.chown(path, "nobody")
    path.chmod(0o444)
    before = path.read_bytes()
    proc = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", PY, "-m", "contrarius",
                           "play", "mercator", str(path), "-i"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 3, proc.stderr
    assert "read-only" in proc.stderr and path.read_bytes() == before
    assert not (tmp_path / "g.yaml.history").exists()
    shutil.rmtree(tmp_path)


def test_a_terminal_gets_no_yaml(tmp_path):
    # forgetting -i at a terminal printed 100+ lines of YAML and saved nothing
    import pty

    path = fresh(tmp_path, CliRunner())
    before = path.read_bytes()
    for args, hint in ((["play", "mercator", str(path)], "add -i"), (["new", "--board", "italia"], "-o PATH")):
        master, slave = pty.openpty()
        proc = subprocess.run([PY, "-m", "contrarius", *args], stdout=slave, stderr=subprocess.PIPE, text=True,
                              cwd=ROOT, timeout=60)
        os.close(slave)
        os.close(master)
        assert proc.returncode == 2, proc.stderr
        assert proc.stderr.count("\n") == 1 and hint in proc.stderr and "terminal" in proc.stderr
    assert path.read_bytes() == before
    # -o - prints it anyway (and a pipe is no terminal)
    proc = subprocess.run([PY, "-m", "contrarius", "play", "mercator", str(path)], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and proc.stdout.startswith("format: 1")


# ----- SIGKILL at every commit step and at random moments ------------------------------------
KILLER = textwrap.dedent("""
    import os, signal, sys
    n, name, args = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    real = getattr(os, name)
    calls = [0]
    def hook(*a, **k):
        calls[0] += 1
        if calls[0] == n:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*a, **k)
    setattr(os, name, hook)
    sys.argv = ["contrarius", *args]
    from contrarius.__main__ import run
    run()
""")


def pair(path: Path) -> tuple[str, tuple[list[str], int]]:
    return path.read_text(encoding="utf-8"), history(str(path))


@pytest.mark.parametrize("command", [["play", "mercator", "{g}", "-i"], ["undo", "{g}"], ["redo", "{g}", "--turns", "2"]])
def test_sigkill_at_every_commit_step_leaves_the_old_pair_or_the_new(tmp_path, command):
    runner = CliRunner()
    base = tmp_path / "base"
    base.mkdir()
    path = fresh(base, runner)
    for _ in range(3):
        play_i(runner, path)
    undo(str(path), 2)  # something to undo and to redo
    old = pair(path)
    done = tmp_path / "done"
    shutil.copytree(base, done)
    argv = [a.format(g=done / "g.yaml") for a in command]
    assert runner.invoke(app, argv).exit_code == 0
    new = pair(done / "g.yaml")
    assert new != old
    for name, count in (("replace", 2), ("fsync", 3)):
        for n in range(1, count + 1):
            work = tmp_path / f"{name}{n}"
            shutil.copytree(base, work)
            target = work / "g.yaml"
            argv = [a.format(g=target) for a in command]
            proc = subprocess.run([PY, "-c", KILLER, str(n), name, *argv], capture_output=True, text=True,
                                  cwd=ROOT, timeout=60)
            assert proc.returncode == -9, (name, n, proc.stderr)
            got = pair(target)
            assert got in (old, new), (name, n)
            # and the next command goes on from there, leaving no temporary file behind
            assert CliRunner().invoke(app, ["play", "senator", str(target), "-i"]).exit_code == 0
            assert [p.name for p in work.iterdir() if p.name.endswith(".tmp")] == []


def test_sigkill_at_random_moments_of_play_in_place(tmp_path):
    import random
    import time

    runner = CliRunner()
    path = fresh(tmp_path, runner)
    rng = random.Random(18)
    for _ in range(4):
        old = pair(path)
        proc = subprocess.Popen([PY, "-m", "contrarius", "play", "mercator", str(path), "-i"], cwd=ROOT,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.05, 0.6))
        proc.kill()
        proc.wait(timeout=60)
        got = pair(path)
        if got != old:  # the turn was committed: one more state, the old one just before it
            assert got[0] != old[0] and got[1][0][: len(old[1][0])] == old[1][0] and got[1][1] == old[1][1] + 1


# ----- concurrent writers -----------------------------------------------------------------------
def test_concurrent_play_in_place_never_loses_a_turn(tmp_path):
    path = fresh(tmp_path, CliRunner())
    cards = ["mercator", "senator", "tribune", "mercator", "senator"]
    procs = [subprocess.Popen([PY, "-m", "contrarius", "play", card, str(path), "-i"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for card in cards]
    results = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
    ok = [r for r in results if r[0] == 0]
    refused = [r for r in results if r[0] != 0]
    assert ok, results
    for code, err in refused:  # refused with one line, exit 3
        assert code == 3 and "contrarius:" in err and "nothing was written" in err, err
    states, at = history(str(path))
    # every exit 0 is one turn in the file, and the history holds each state it was made from
    from contrarius.store.snapshot_text import load_snapshot

    assert len(load_snapshot(str(path)).log) == len(ok)
    assert at == len(ok) and len(states) == len(ok) + 1
    for n, text in enumerate(states):
        assert text.count("- turn:") == n


def _ok(r):
    assert r.exit_code == 0, r.stderr
    return r


# ----- no turn lost to a command that plays no turn--- ---------------------------------------
def test_reveal_in_place_after_undo_keeps_the_undone_turn(runner, tmp_path):
    # The tester's sequence: an Architect turn with -i, undo, reveal -i, redo. The Architect
    # turn is kept: redo brings it back.
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
